// Solvability by inversion parity. A move of the blank either keeps the order
// of the tiles read left to right, top to bottom (a sideways move) or lifts
// one tile over cols()-1 others (a vertical move). So on a board of odd width
// the parity of the number of inversions never changes, and on a board of
// even width the parity of (inversions + the blank's row) never changes.
// Two arrangements of the same tiles reach each other exactly when these
// parities agree.
#ifndef SLIDEDB_LIB_PUZZLE_PARITY_H_
#define SLIDEDB_LIB_PUZZLE_PARITY_H_

#include "lib/puzzle/board.h"
#include "lib/puzzle/state.h"

namespace slidedb {

// Pairs of tiles (the blank not counted) that stand in the wrong order,
// reading the board left to right, top to bottom.
int Inversions(const Board& board, const State& s);

// The invariant: inversions, plus the blank's row on boards of even width,
// modulo 2.
inline int ParityClass(const Board& board, int inversions, int blank_cell) {
  const int row_term = board.cols() % 2 == 0 ? board.Row(blank_cell) : 0;
  return (inversions + row_term) & 1;
}
inline int ParityClass(const Board& board, const State& s) {
  return ParityClass(board, Inversions(board, s), s.blank);
}

}  // namespace slidedb

#endif  // SLIDEDB_LIB_PUZZLE_PARITY_H_
