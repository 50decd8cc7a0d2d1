// Symmetry: the rotations and reflections of a board, and how one goal's
// table answers every goal they relate it to (docs/FORMAT.md, "Goals served
// by symmetry").
//
// A symmetry is a permutation of the cells that keeps neighbours neighbours:
// on every board the identity, the mirror left-right, the mirror up-down and
// the turn by 180 degrees; on a square board also the two diagonal mirrors
// and the quarter turns. It carries the canonical goal with its blank on
// cell b to an arrangement with its blank on the image of b, and the state
// graph onto itself, so both goals have the same distances and, move for
// move, the same optimal paths. Of each class of goal blanks that the
// symmetries relate only the largest cell's table is stored (3 of 9 on 3x3).
// Boards with no table (over kMaxTableCells cells) store every goal blank.
#ifndef SLIDEDB_LIB_PUZZLE_SYMMETRY_H_
#define SLIDEDB_LIB_PUZZLE_SYMMETRY_H_

#include <array>
#include <cstdint>
#include <vector>

#include "lib/puzzle/board.h"
#include "lib/puzzle/path.h"
#include "lib/puzzle/state.h"

namespace slidedb {

// The symmetries of the board's shape, whatever its size: 8 on a square
// board, 4 on the others. Symmetry k (0 <= k < ShapeSymmetries(board), in
// the order of docs/FORMAT.md: 0 the identity, 3 the turn by 180 degrees)
// takes `cell` to ApplySymmetry(board, k, cell). Tables are shared only on
// boards of up to kMaxTableCells cells (StoredGoalBlank); the default
// pattern-database partition (lib/puzzle/pattern.h) uses them on any board.
int ShapeSymmetries(const Board& board);
// REQUIRES: 0 <= k < ShapeSymmetries(board); 0 <= cell < board.cells().
int ApplySymmetry(const Board& board, int k, int cell);

// The goal blank whose table serves goals of `board` with the blank on
// `goal_blank`: the largest cell a symmetry takes it to.
// REQUIRES: 0 <= goal_blank < board.cells().
int StoredGoalBlank(const Board& board, int goal_blank);

// Every goal blank the table of `stored_blank` serves, ascending (itself
// included): {0, 2, 6, 8} for the corner 8 on 3x3.
std::vector<int> ServedGoalBlanks(const Board& board, int stored_blank);

// The symmetries of every board's shape by which pattern databases built
// for one goal blank answer another, in the order a search tries them: the
// turn by 180 degrees, then the mirrors left-right and up-down (ApplySymmetry's
// 3, 1 and 2; each its own inverse). The four corners of any board are one
// class.
inline constexpr int kPdbSymmetries[] = {3, 1, 2};

// The symmetry (0 for none, else one of kPdbSymmetries, the first that
// serves) by which the pattern databases of goal blank
// ApplySymmetry(board, k, goal_blank) answer goals of `board` with the blank
// on `goal_blank`, where has_set(b) says whether databases for goal blank b
// are stored; -1 when none are. Tables are not looked at.
template <typename HasSet>
int PdbSymmetry(const Board& board, int goal_blank, HasSet&& has_set) {
  if (has_set(goal_blank)) return 0;
  for (int k : kPdbSymmetries) {
    const int b = ApplySymmetry(board, k, goal_blank);
    if (b != goal_blank && has_set(b)) return k;
  }
  return -1;
}
// How the goal of symmetry k of kPdbSymmetries is said: "turned by 180
// degrees", "mirrored left-right" or "mirrored up-down".
const char* PdbSymmetryName(int k);

// How a state asked about a goal maps to the stored table's goal and how
// the stored answer maps back. The symmetry used is the first, in the order
// of docs/FORMAT.md, that takes the stored goal blank to the asked one.
class GoalMap {
 public:
  // REQUIRES: 0 <= goal_blank < board.cells().
  GoalMap(const Board& board, int goal_blank);
  // The same through symmetry k (0 to 3: each its own inverse), whose
  // stored goal blank is ApplySymmetry(board, k, goal_blank): how a search
  // over that goal's pattern databases answers (PdbSymmetry).
  // REQUIRES: 0 <= goal_blank < board.cells(); 0 <= k < 4.
  GoalMap(const Board& board, int goal_blank, int k);

  int goal_blank() const { return goal_blank_; }
  int stored_blank() const { return stored_blank_; }
  // True when the goal's own table is stored: nothing to map.
  bool identity() const { return goal_blank_ == stored_blank_; }
  // The symmetry (ApplySymmetry's number) that takes the stored goal
  // blank to the asked one.
  int symmetry() const { return symmetry_; }

  // A state in the labels of the asked goal's table, as the stored table
  // sees it: the same distance, the moves mapped by FromStored.
  State ToStored(const State& s) const {
    State out;
    for (int c = 0; c < cells_; ++c) {
      out.tile[c] = tile_to_stored_[s.tile[cell_[c]]];
    }
    out.blank = cell_inverse_[s.blank];
    return out;
  }
  // The inverse of ToStored.
  State FromStored(const State& s) const {
    State out;
    for (int c = 0; c < cells_; ++c) {
      out.tile[cell_[c]] = tile_from_stored_[s.tile[c]];
    }
    out.blank = cell_[s.blank];
    return out;
  }
  // The asked goal's move for a move of the stored table's blank.
  Move MoveFromStored(Move m) const {
    return move_from_stored_[static_cast<int>(m)];
  }
  // The asked goal's tile for a tile of the stored table's labels.
  uint8_t TileFromStored(uint8_t t) const { return tile_from_stored_[t]; }

 private:
  // The rest of construction, symmetry k taking stored_blank_ to
  // goal_blank_.
  void Init(const Board& board, int k);

  int cells_;
  int symmetry_ = 0;
  int goal_blank_;
  int stored_blank_;
  // cell_[c]: the cell of the asked board that stored cell c comes from.
  std::array<uint8_t, kMaxCells> cell_{};
  std::array<uint8_t, kMaxCells> cell_inverse_{};
  // Tile labels of the asked goal's table to the stored one's and back; the
  // blank 0 stays 0.
  std::array<uint8_t, kMaxCells> tile_to_stored_{};
  std::array<uint8_t, kMaxCells> tile_from_stored_{};
  std::array<Move, 4> move_from_stored_{};
};

// A path read off the stored table, in the asked goal's moves and tiles.
inline void PathFromStored(const GoalMap& map, Path* path) {
  for (Move& m : path->moves) m = map.MoveFromStored(m);
  for (uint8_t& t : path->tiles) t = map.TileFromStored(t);
}

}  // namespace slidedb

#endif  // SLIDEDB_LIB_PUZZLE_SYMMETRY_H_
