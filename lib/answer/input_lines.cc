#include "lib/answer/input_lines.h"

#include <cerrno>
#include <cstring>
#include <limits>
#include <memory>

namespace slidedb {

namespace {

// The stream's slot for the errno of its failed read (0: none known).
int ErrnoSlot() {
  static const int slot = std::ios_base::xalloc();
  return slot;
}

void DropReturn(std::string* line) {
  if (!line->empty() && line->back() == '\r') line->pop_back();
}

// The UTF-8 byte-order mark some editors write first: never part of a
// state, and invisible in a message about one.
constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

template <typename Line>  // std::string or std::string_view
void DropByteOrderMark(Line* line) {
  if (std::string_view(*line).starts_with(kByteOrderMark)) {
    *line = line->substr(kByteOrderMark.size());
  }
}

// The errno slot's mark of a line that ran past kMaxSkippedBytes without
// an end (not a list of states: /dev/zero, a binary file).
constexpr long kEndlessLine = -1;
constexpr std::streamsize kMaxSkippedBytes = std::streamsize{64} << 20;

// Reads the next line of `in` into *line, without its '\n': at most
// kMaxLineBytes of it, the rest skipped (a state is far shorter, and is
// refused as too long); a line whose rest passes kMaxSkippedBytes stops the
// input (badbit, kEndlessLine). False at the end with nothing read.
bool ReadBoundedLine(std::istream& in, std::string* line) {
  thread_local std::unique_ptr<char[]> buffer(new char[kMaxLineBytes + 1]);
  in.getline(buffer.get(), kMaxLineBytes + 1);
  std::streamsize n = in.gcount();
  if (in.fail() && !in.bad() && n == kMaxLineBytes) {
    // The buffer filled before the line's end: skip the rest of it.
    in.clear();
    in.ignore(kMaxSkippedBytes, '\n');
    if (in.gcount() == kMaxSkippedBytes) {
      in.iword(ErrnoSlot()) = kEndlessLine;
      in.setstate(std::ios_base::badbit);
      return false;
    }
  } else if (in.fail()) {
    return false;  // at the end (nothing read), or a read error
  } else if (!in.eof()) {
    --n;  // the '\n' read
  }
  line->assign(buffer.get(), static_cast<size_t>(n));
  return true;
}

}  // namespace

bool IsInputLine(std::string_view line) {
  const size_t first = line.find_first_not_of(" \t\r");
  return first != std::string_view::npos && line[first] != '#';
}

bool NextInputLine(std::istream& in, std::string* line) {
  // A read that fails sets badbit (libstdc++'s file buffers throw, and the
  // stream catches): errno then says why.
  errno = 0;
  while (ReadBoundedLine(in, line)) {
    DropByteOrderMark(line);
    if (!IsInputLine(*line)) continue;
    DropReturn(line);
    return true;
  }
  if (in.bad() && in.iword(ErrnoSlot()) != kEndlessLine) {
    in.iword(ErrnoSlot()) = errno;
  }
  return false;
}

std::string InputError(std::istream& in) {
  if (!in.bad()) return "";
  const long e = in.iword(ErrnoSlot());
  if (e == kEndlessLine) {
    return "cannot read the input: a line runs past 64 MiB without an end "
           "(not one state a line)";
  }
  return std::string("cannot read the input: ") +
         (e != 0 ? std::strerror(static_cast<int>(e)) : "read error");
}

bool SplitInputLines(std::string_view text, size_t max,
                     std::vector<std::string>* lines) {
  size_t n = 0;
  while (!text.empty()) {
    const size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view()
                                         : text.substr(end + 1);
    DropByteOrderMark(&line);
    if (!IsInputLine(line)) continue;
    if (++n > max) return false;
    lines->emplace_back(line);
    DropReturn(&lines->back());
  }
  return true;
}

}  // namespace slidedb
