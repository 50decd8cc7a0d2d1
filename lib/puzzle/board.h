// Board: the shape of a sliding-tile puzzle (rows x cols) and the moves of
// its blank. Cells are numbered 0..cells()-1 in reading order (left to right,
// top to bottom).
#ifndef SLIDEDB_LIB_PUZZLE_BOARD_H_
#define SLIDEDB_LIB_PUZZLE_BOARD_H_

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "lib/base/status.h"

namespace slidedb {

// The largest board the library handles: 25 cells (5x5).
inline constexpr int kMaxCells = 25;
// The largest board with full tables (3x4, 4x3, 2x6, 6x2): 12!/2 records.
// Boards of 13 to 25 cells are answered through pattern databases
// (lib/storage/pdb_meta.h) and a search (lib/search/ida_search.h).
inline constexpr int kMaxTableCells = 12;
// The largest board with a full table of two bits a state
// (lib/storage/format.h, RecordKind::kTwoBit): 2x7 and 7x2, 14!/2 states.
inline constexpr int kMaxTwoBitTableCells = 14;

// A move names the direction the blank travels. The numeric values are part
// of the on-disk format (docs/FORMAT.md): a move and its inverse differ only
// in the lowest bit.
enum class Move : uint8_t { kUp = 0, kDown = 1, kLeft = 2, kRight = 3 };
inline constexpr std::array<Move, 4> kAllMoves = {Move::kUp, Move::kDown,
                                                  Move::kLeft, Move::kRight};

inline Move Inverse(Move m) {
  return static_cast<Move>(static_cast<uint8_t>(m) ^ 1);
}
// 'U', 'D', 'L' or 'R'.
char MoveLetter(Move m);
// Parses 'U', 'D', 'L', 'R' (either case). Returns false for anything else.
bool ParseMoveLetter(char c, Move* m);

class Board {
 public:
  // The 3x3 board of the 8-puzzle.
  Board() : Board(3, 3) {}
  // REQUIRES: IsValidShape(rows, cols).
  Board(int rows, int cols);

  static bool IsValidShape(int rows, int cols);
  // Parses "RxC" (for example "3x3" or "2x6").
  static Status Parse(std::string_view text, Board* board);

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  int cells() const { return rows_ * cols_; }
  std::string Name() const;  // "3x3"

  int Row(int cell) const { return cell / cols_; }
  int Col(int cell) const { return cell % cols_; }

  // The cell the blank reaches from `cell` by `m`, or -1 off the board.
  int Neighbor(int cell, Move m) const {
    return next_[cell][static_cast<int>(m)];
  }

  bool operator==(const Board& o) const {
    return rows_ == o.rows_ && cols_ == o.cols_;
  }
  bool operator!=(const Board& o) const { return !(*this == o); }

 private:
  int rows_;
  int cols_;
  std::array<std::array<int8_t, 4>, kMaxCells> next_;
};

}  // namespace slidedb

#endif  // SLIDEDB_LIB_PUZZLE_BOARD_H_
