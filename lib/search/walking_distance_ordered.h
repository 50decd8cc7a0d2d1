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
// The tables are large: 4 x 15!/(4!4!4!3!) = 63 million states on 4x4,
// four bits each (no entry is over 15: 4x4's largest is 15), 32 MB. A
// table depends only on the board's lines and the line of the goal's
// blank, and the goal's blank on line l has the table of line L-1-l read
// upside down, so 4x4 has two tables (the goal's blank on an outer line,
// or an inner one); they are made when slidedb is built
// (mtm_prepared_gen.cc) and compiled in, compressed, so a process only
// unpacks them (lib/search/mtm_prepared.h). Other boards (of up to 4 rows
// and 4 columns) make theirs by a breadth-first search on first use, in
// milliseconds. Equal tables are made once per process and shared.
// Immutable once made.
#ifndef SLIDEDB_LIB_SEARCH_WALKING_DISTANCE_ORDERED_H_
#define SLIDEDB_LIB_SEARCH_WALKING_DISTANCE_ORDERED_H_

#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

#include "lib/base/coding.h"
#include "lib/base/status.h"
#include "lib/puzzle/board.h"
#include "lib/puzzle/state.h"
#include "lib/search/bfs_memory.h"
#include "lib/search/ida_search.h"

namespace slidedb {

class OrderedWalkingDistance {
 public:
  static constexpr int kMaxLines = 4;
  // Boards of at most kMaxLines rows and columns.
  static bool Supports(const Board& board) {
    return board.rows() <= kMaxLines && board.cols() <= kMaxLines;
  }

  // The table of the rows (or, with `columns`, the columns) of the
  // canonical goal of `board` with the blank on `goal_blank`: the prepared
  // one, or made by a search that stops with DeadlineExceeded past
  // `limits` (deadline, answer_by, cancel).
  // REQUIRES: Supports(board), 0 <= goal_blank < board.cells().
  static Status Make(const Board& board, int goal_blank, bool columns,
                     const SearchLimits& limits,
                     std::unique_ptr<OrderedWalkingDistance>* out);
  // The same without limits.
  OrderedWalkingDistance(const Board& board, int goal_blank, bool columns);

  // The table's entries.
  size_t size() const { return static_cast<size_t>(lines_) * arrangements_; }
  // The largest entry, found by a pass over the table (a fraction of a
  // second on 4x4: not made for a search, which never asks).
  int max_distance() const {
    int most = 0;
    for (size_t id = 0; id < size(); ++id)
      most = std::max(most, DistanceAt(id));
    return most;
  }
  // The fewest moves along the table's axis that any MTM solution of `s`
  // makes. REQUIRES: IsWellFormed(board, s).
  int Distance(const State& s) const { return DistanceAt(IdOf(s)); }
  // The same in two steps, so that a search can ask the memory for the
  // entries of several states before it reads the first: where the entry
  // of `s` is, fetching it into the caches, and the entry there.
  uint64_t Fetch(const State& s) const {
    const uint64_t id = IdOf(s);
    __builtin_prefetch(distance_->data() + id / 2, 0, 3);
    return id;
  }
  int DistanceAt(uint64_t id) const { return GetNibble(distance_->data(), id); }
  // The table itself, four bits an entry (lib/base/coding.h): entry [blank
  // line * arrangements + rank of the goal lines of the tiles, line by
  // line], in the space of the goal's blank on line min(l, L-1-l) (see
  // above).
  const bfs::FreshArray<uint8_t>& table() const { return *distance_; }

  // The table (as table() holds it) of `lines` lines of `per_line` cells
  // with the goal's blank on line `blank_line` made by the breadth-first
  // search, never the prepared one (the generator's, and the tests').
  // Nullptr past limits.
  // REQUIRES: blank_line <= (lines - 1) / 2.
  static std::shared_ptr<const bfs::FreshArray<uint8_t>> Search(
      int lines, int per_line, int blank_line, const SearchLimits& limits);

 private:
  // Counts of each goal line, base 5, as an index into multinomial_.
  static constexpr int kBase = 5;

  OrderedWalkingDistance(int lines, int per_line, int blank_line);
  // Sets order_, line_of_ and goal_line_ for `board`.
  void MapBoard(const Board& board, int goal_blank, bool columns);
  uint64_t IdOf(const State& s) const;
  void Unrank(uint64_t rank, uint8_t* classes) const;
  // Ranks an arrangement a line at a time (walking_distance_ordered.cc).
  class LineRanks;
  // The breadth-first search, a byte an entry; false past limits.
  bool Fill(bfs::FreshArray<uint8_t>* dist, const SearchLimits& limits) const;

  int lines_;       // lines of the table
  int per_line_;    // cells of each
  int blank_line_;  // the goal's blank's, in the table's space
  int cells_;
  std::vector<uint8_t> order_;         // the board's cells, line by line
  std::vector<uint8_t> line_of_;       // line_of_[cell], in the table's space
  std::vector<uint8_t> goal_line_;     // goal_line_[tile], likewise
  int full_counts_;                    // every tile's goal line, packed
  std::vector<uint64_t> multinomial_;  // arrangements of packed counts
  uint64_t arrangements_;              // of all the tiles
  // The ranks' tables (about 2 MB on 4x4), shared by equal shapes.
  std::shared_ptr<const LineRanks> ranks_;
  // [blank line * arrangements + rank], shared by equal tables.
  std::shared_ptr<const bfs::FreshArray<uint8_t>> distance_;
};

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_WALKING_DISTANCE_ORDERED_H_
