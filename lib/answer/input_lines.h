// How a batch of states is read, the same on standard input
// (slidedb-query) and in a request's body (POST /api/solve): one state a
// line; blank lines and lines whose first character other than a space or
// a tab is '#' are skipped; a final '\r' is dropped.
#ifndef SLIDEDB_LIB_ANSWER_INPUT_LINES_H_
#define SLIDEDB_LIB_ANSWER_INPUT_LINES_H_

#include <cstddef>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

namespace slidedb {

// Whether a line holds a state rather than nothing or a comment.
bool IsInputLine(std::string_view line);

// The most bytes of a line NextInputLine keeps (a state has at most
// kMaxStateLength characters): the rest of a longer one is skipped, so
// that a line with no end (/dev/zero's) cannot take all memory; past 64
// MiB more the input stops (InputError says why).
inline constexpr std::streamsize kMaxLineBytes = 1 << 20;

// The next line of `in` that holds a state, in *line, without a final
// '\r' or a leading UTF-8 byte-order mark (as a Windows editor writes
// them): at most its first kMaxLineBytes. False at the end, or when `in`
// cannot be read (then InputError says why).
bool NextInputLine(std::istream& in, std::string* line);

// Why NextInputLine stopped short of the end of `in` (a read error: a
// directory, a closed descriptor): "cannot read the input: " and the
// system's reason. "" when it did not.
std::string InputError(std::istream& in);

// The lines of `text` that hold states, appended to *lines as
// NextInputLine gives them. False, having stopped, when there are more
// than `max`.
bool SplitInputLines(std::string_view text, size_t max,
                     std::vector<std::string>* lines);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_ANSWER_INPUT_LINES_H_
