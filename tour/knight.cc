#include "tour/knight.h"

namespace slidedb::tour {

std::string DescribeSquare(Square s) {
  return "row " + std::to_string(s.row + 1) + ", column " +
         std::to_string(s.col + 1);
}

bool ParseMoveOrder(const std::string& name, MoveOrder* order) {
  if (name == "wirth") {
    *order = kKnightMoves;
  } else if (name == "mirrored") {
    *order = kMirroredMoves;
  } else {
    return false;
  }
  return true;
}

std::string NoTourReason(int n, Square start, bool closed) {
  const std::string board = std::to_string(n) + "x" + std::to_string(n);
  if (n == 1) {
    if (!closed) return "";
    return "the 1x1 board has no closed tour: the knight has no move at all";
  }
  if (n < 5) {
    return "no knight's tour exists on a " + board +
           " board from any square, open or closed (an exhaustive search of "
           "every move sequence finds none; see docs/TOUR.md)";
  }
  if (n % 2 == 1) {
    const int squares = n * n;
    if (closed) {
      return "no closed tour exists on a " + board +
             " board: every knight "
             "move changes the colour of the square, so a closed tour needs "
             "as many light as dark squares, and " +
             std::to_string(squares) + " squares cannot be split evenly";
    }
    // 1-based coordinates: (row + col) even is the colour of the corners.
    if ((start.row + start.col) % 2 == 1) {
      return "no tour starts at " + DescribeSquare(start) + " on a " + board +
             " board: every knight move changes the colour of the square, so "
             "a tour alternates colours and, with " +
             std::to_string(squares) +
             " squares, starts and ends on the "
             "colour of the corners (" +
             std::to_string((squares + 1) / 2) + " squares, against " +
             std::to_string((squares - 1) / 2) +
             "); this square's row + column is odd, the other colour";
    }
  }
  return "";
}

}  // namespace slidedb::tour
