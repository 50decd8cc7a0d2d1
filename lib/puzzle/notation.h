// Notation: how people write an arrangement of tiles, and how slidedb writes
// one back.
//
// Accepted forms, for a 3x3 board: "123456780", "1 2 3 4 5 6 7 8 0",
// "1,2,3,4,5,6,7,8,0", "123/456/780", "1 2 3/4 5 6/7 8 0", "12345678_".
// Without separators every character is one label; with spaces or commas the
// labels are the words between them (boards of more than 9 cells need that:
// "1,2,3,4,5,6,7,8,9,10,11,0"). A '/' ends a row; so does a space between
// rows of one character a cell ("123 456 780": as many words as rows, each
// as long as a row, and no commas). The blank is written 0,
// '_', '.' or '-', or with NotationOptions::blank any one label of the
// user's choosing (for example "9" for tiles 1-9 with 9 as the blank).
// Tiles may carry any labels, all different; a goal must use the same ones.
#ifndef SLIDEDB_LIB_PUZZLE_NOTATION_H_
#define SLIDEDB_LIB_PUZZLE_NOTATION_H_

#include <bit>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "lib/base/status.h"
#include "lib/puzzle/board.h"

namespace slidedb {

// Whether `c` separates labels: a space, tab, comma or line end.
inline bool IsLabelSeparator(char c) {
  return c == ' ' || c == '\t' || c == ',' || c == '\r' || c == '\n';
}

struct NotationOptions {
  // The label that stands for the blank; empty means any of 0 _ . -
  std::string blank;
};

// An arrangement in the user's labels.
struct Arrangement {
  std::vector<std::string> labels;  // labels[cell], as written
  int blank = -1;                   // the cell of the blank
};

// The longest text ParseArrangement reads; longer input is malformed.
inline constexpr size_t kMaxStateLength = 1000;

Status ParseArrangement(std::string_view text, const Board& board,
                        const NotationOptions& options, Arrangement* out);

// Whether `label` can stand for the blank: it must not hold a separator
// (space, comma), a '/', a quote or a control character, nor be longer
// than kMaxBlankLabelBytes (a state holding it must be readable).
inline constexpr size_t kMaxBlankLabelBytes = 100;
Status CheckBlankLabel(const std::string& label);

// The goal a start is solved to when none is given: the start's tiles in
// ascending order (numerically when every label is a number), blank last.
Arrangement DefaultGoal(const Board& board, const Arrangement& start);
// InvalidArgument when that order is not clear: labels of more than one
// character, some numbers and some not ("1,...,14,l5" typed for 15, whose
// order as text would put 10 before 2); numbers from 0 or 1 with exactly
// one missing ("1,...,14,16": the goal in order would hold the typo, and
// the start be solved); two labels of one number ("01", "1"); a number too
// large to read. One character each, numbers otherwise (a 15-puzzle's last
// 3x3: 6,7,8,10,11,12,14,15), or no numbers, is OK.
Status CheckDefaultGoal(const Arrangement& start);
// The typo rule of CheckDefaultGoal on distinct numbers of 0 to 63, given
// as bits: from 0 or 1, with exactly one missing between the least and the
// greatest. The compact 3x3 path (lib/answer/answerer_compact.cc) reads it
// too.
inline bool NumbersMissOne(uint64_t numbers) {
  if (numbers == 0) return false;
  const int least = std::countr_zero(numbers);
  const int most = 63 - std::countl_zero(numbers);
  return least <= 1 && most - least == std::popcount(numbers);
}

// The label the blank is written with on output: options.blank, or "0".
std::string OutputBlankLabel(const NotationOptions& options);

// One line: "123456780" on boards of up to 9 cells whose labels are all one
// character, else the labels joined by commas ("1,2,3,4,5,6,7,8,9,0"). The blank is written as `blank_label`.
std::string FormatArrangement(const Arrangement& a,
                              const std::string& blank_label);

// The board drawn as rows of right-aligned labels, the blank as '_', each
// row indented by `indent` spaces and ended by '\n'.
std::string DrawArrangement(const Board& board, const Arrangement& a,
                            int indent);

// Labels sorted into their natural order: numerically when all are integers,
// else as strings.
void SortLabels(std::vector<std::string>* labels);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_PUZZLE_NOTATION_H_
