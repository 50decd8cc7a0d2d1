// Knight moves on an n x n board, squares as (row, column) counted from 0 at
// the top-left corner (the CLI and the files speak 1-based, as the paper).
#ifndef SLIDEDB_TOUR_KNIGHT_H_
#define SLIDEDB_TOUR_KNIGHT_H_

#include <array>
#include <string>
#include <vector>

namespace slidedb::tour {

struct Square {
  int row = 0;
  int col = 0;
  bool operator==(const Square&) const = default;
};

// A tour: the squares in the order the knight visits them.
using Tour = std::vector<Square>;

// The eight knight moves as (row, column) deltas, in a tie order: when every
// key of a rule ties, the earlier move wins.
using MoveOrder = std::array<std::array<int, 2>, 8>;

// slidedb's tie order: Wirth's (Algorithms + Data Structures = Programs, the
// paper's reference [1]), counterclockwise from "two down, one right". The
// paper's Figure 3 is exactly the tour Warnsdorff's rule makes with it (see
// docs/TOUR.md).
inline constexpr MoveOrder kKnightMoves = {
    {{2, 1}, {1, 2}, {-1, 2}, {-2, 1}, {-2, -1}, {-1, -2}, {1, -2}, {2, -1}}};

// Wirth's order with the columns mirrored (clockwise from "two down, one
// left"): under Warnsdorff's rule it makes the starts that backtrack on 7x7
// exactly those of the paper's Figure 1.
inline constexpr MoveOrder kMirroredMoves = {
    {{2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}, {1, 2}, {2, 1}}};

// "wirth" or "mirrored" to the order; false for anything else.
bool ParseMoveOrder(const std::string& name, MoveOrder* order);

inline bool IsKnightMove(Square a, Square b) {
  const int dr = a.row > b.row ? a.row - b.row : b.row - a.row;
  const int dc = a.col > b.col ? a.col - b.col : b.col - a.col;
  return (dr == 1 && dc == 2) || (dr == 2 && dc == 1);
}

// "row 4, column 12" (1-based), for messages.
std::string DescribeSquare(Square s);

// Why no tour of the asked kind exists from `start` on an n x n board, in
// words a person can follow; "" when one exists. Exact for every n: n = 2, 3,
// 4 have none (exhaustive search, checked by the tests), odd n leaves the
// minority colour without an open tour and has no closed tour (colouring),
// and every other case has a tour (Schwenk 1991 for closed tours; slidedb
// finds or constructs an open one from every other start and the tests and
// the survey check it). n = 1 has the one-square open tour and no closed one.
// REQUIRES: n >= 1, start on the board.
std::string NoTourReason(int n, Square start, bool closed);

}  // namespace slidedb::tour

#endif  // SLIDEDB_TOUR_KNIGHT_H_
