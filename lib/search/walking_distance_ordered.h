// OrderedWalkingDistance: a finer walking distance in the multi-tile metric
// (lib/search/walking_distance.h) that keeps, for each row, the goal rows of
// its tiles in the order they stand in, not just how many of each.
//
// Sideways moves never change the order of the tiles of a row, and the
// blank may stand anywhere in its row for free, so the rows' table is a
// state of its own: the goal row of each tile, row by row from left to
// right, and the row of the blank. A vertical MTM move with the blank in
// column c takes, from each of the k rows it crosses, the tile at place c
// of that row's order to place c of the next row's. The fewest such moves
// to the goal's table bounds the vertical moves of any MTM solution more
// tightly than the plain table (whose moves may take any tile of a row);
// the columns' table, the same turned, bounds the sideways ones, and the
// sum of the two is consistent as the plain one is.
//
// The tables are large: 4 x 15!/(4!4!4!3!) = 63 million states on 4x4
// (a byte each), made by a breadth-first search in one to two minutes here
// (one table when the goal's blank is on the diagonal, rows and columns
// alike; two otherwise), so boards of up to 4 rows and 4 columns only.
// Equal tables are made once per process and shared. Immutable once made.
#ifndef SLIDEDB_LIB_SEARCH_WALKING_DISTANCE_ORDERED_H_
#define SLIDEDB_LIB_SEARCH_WALKING_DISTANCE_ORDERED_H_

#include <cstdint>
#include <memory>
#include <vector>

#include "lib/puzzle/board.h"
#include "lib/puzzle/state.h"

namespace slidedb {

class OrderedWalkingDistance {
 public:
  static constexpr int kMaxLines = 4;
  // Boards of at most kMaxLines rows and columns.
  static bool Supports(const Board& board) {
    return board.rows() <= kMaxLines && board.cols() <= kMaxLines;
  }

  // The table of the rows (or, with `columns`, the columns) of the
  // canonical goal of `board` with the blank on `goal_blank`.
  // REQUIRES: Supports(board), 0 <= goal_blank < board.cells().
  OrderedWalkingDistance(const Board& board, int goal_blank, bool columns);

  size_t size() const { return distance_->size(); }
  int max_distance() const { return max_distance_; }
  // The fewest moves along the table's axis that any MTM solution of `s`
  // makes. REQUIRES: IsWellFormed(board, s).
  int Distance(const State& s) const { return (*distance_)[IdOf(s)]; }

 private:
  // Counts of each goal line, base 5, as an index into multinomial_.
  static constexpr int kBase = 5;

  uint64_t IdOf(const State& s) const;
  // The rank among the arrangements of the classes left, `counts` packed.
  uint64_t Rank(const uint8_t* classes, int n) const;
  void Unrank(uint64_t rank, uint8_t* classes) const;
  // The distances from the goal's table state, by breadth-first search.
  std::shared_ptr<const std::vector<uint8_t>> Search(uint64_t goal) const;

  int lines_;     // lines of the table
  int per_line_;  // cells of each
  int cells_;
  std::vector<uint8_t> order_;         // the board's cells, line by line
  std::vector<uint8_t> line_of_;       // line_of_[order position]
  std::vector<uint8_t> goal_line_;     // goal_line_[tile]
  int full_counts_;                    // every tile's goal line, packed
  std::vector<uint64_t> multinomial_;  // arrangements of packed counts
  uint64_t arrangements_;              // of all the tiles
  // [blank line * arrangements + rank], shared by equal tables.
  std::shared_ptr<const std::vector<uint8_t>> distance_;
  int max_distance_ = 0;
};

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_WALKING_DISTANCE_ORDERED_H_
