// WalkingDistance: the walking distance of a state in the multi-tile metric
// (MTM, lib/search/mtm_bfs.h), one axis at a time.
//
// Seen along the rows, a state is reduced to a table: for each row, how many
// of its tiles belong, in the goal, to each row; and the row of the blank.
// A vertical MTM move of k cells takes the blank k rows up or down and k
// tiles one row each the other way, which in the table is k single steps in
// the same direction: the blank goes one row, and a tile of some goal row
// comes from the row it enters into the row it left (any tile of that row:
// the table forgets columns, so it may pick tiles a real move could not).
// The rows' walking distance is the fewest such moves, of any length, from
// a state's table to the goal's, found by a breadth-first search over all
// tables. Sideways moves leave the table alone, so it is a lower bound on
// the vertical moves of any MTM solution; the columns' table, the same for
// sideways moves, bounds the sideways ones, and the sum of the two bounds
// the MTM distance. Each MTM move changes one of the two by at most one:
// the sum is consistent too.
//
// The tables of a 4x4 board have 24,964 states and take milliseconds; those
// of 5x5 are larger and slower to make. Immutable once made.
#ifndef SLIDEDB_LIB_SEARCH_WALKING_DISTANCE_H_
#define SLIDEDB_LIB_SEARCH_WALKING_DISTANCE_H_

#include <cstdint>
#include <utility>
#include <vector>

#include "lib/puzzle/board.h"
#include "lib/puzzle/state.h"
#include "lib/search/ida_search.h"

namespace slidedb {

// Whether work under `limits` must stop now: its deadline or answer_by
// passed, or its cancel flag set. (The tables' preparation, not the
// search, which keeps its own count of states.)
inline bool PastLimits(const SearchLimits& limits) {
  const auto now = SearchLimits::Clock::now();
  return now >= limits.deadline || now >= limits.answer_by ||
         (limits.cancel != nullptr && limits.cancel->load());
}

class WalkingDistance {
 public:
  // The most lines (rows or columns) a table handles.
  static constexpr int kMaxLines = 8;
  // A table state's number; kNone for a step that leaves the board or has no
  // tile of the class asked for.
  using Id = int32_t;
  static constexpr Id kNone = -1;

  // Whether the tables of `board` are small enough to make: each axis has
  // at most 4 lines, or 5 of at most 4 cells, or 6 of 2 (4x5's columns: 6
  // million states, 25 s here; 3x6's and 5x5's take far longer). So 2x2 to
  // 4x4, 3x5, 4x5, 2x6 and their turns, not 5x5.
  static bool Supports(const Board& board);

  // The number of table states of the table of the rows (or, with
  // `columns`, of the columns) of the canonical goal of `board` with the
  // blank on `goal_blank`, counted (every count matrix with the lines'
  // and the goal lines' sizes, for each line of the blank) without making
  // it: microseconds. REQUIRES: Supports(board), 0 <= goal_blank <
  // board.cells().
  static uint64_t States(const Board& board, int goal_blank, bool columns);
  // The most bytes making that table holds at once (its keys, steps and
  // the map of keys to numbers, from States), and the bytes the made
  // table holds (memory_bytes()), for a budget's reservation before it is
  // made (lib/search/page_budget.h). 4x5's columns: 6 million states,
  // 703 MiB to make, 416 MiB made. REQUIRES: as States.
  static uint64_t MakingBytes(const Board& board, int goal_blank,
                              bool columns);
  static uint64_t MadeBytes(const Board& board, int goal_blank, bool columns);

  // The table of the rows (or, with `columns`, of the columns) for the
  // canonical goal of `board` with the blank on `goal_blank`. Past `limits`
  // (deadline, answer_by, cancel, looked at every 4,096 table states) it
  // stops unfinished: complete() false, and the table unusable.
  // REQUIRES: Supports(board), 0 <= goal_blank < board.cells().
  WalkingDistance(const Board& board, int goal_blank, bool columns,
                  const SearchLimits& limits = {});

  // Whether the table was made whole (not stopped at its limits).
  bool complete() const { return complete_; }
  // The bytes it holds.
  size_t memory_bytes() const {
    return sorted_.capacity() * sizeof(sorted_[0]) +
           next_.capacity() * sizeof(Id) + distance_.capacity();
  }

  bool columns() const { return columns_; }
  // Rows (or columns) of the board, and table states.
  int lines() const { return lines_; }
  size_t size() const { return distance_.size(); }
  // The largest distance of any table state.
  int max_distance() const { return max_distance_; }

  // The line (row or column) of `cell`, and the goal line of `tile`.
  int LineOf(int cell) const { return line_of_cell_[cell]; }
  int GoalLineOf(int tile) const { return goal_line_of_tile_[tile]; }

  // The table state of `s`. REQUIRES: IsWellFormed(board, s).
  Id IdOf(const State& s) const;
  // The MTM walking distance of table state `id`.
  int Distance(Id id) const { return distance_[id]; }
  // The table state after the blank goes one line towards the lower line
  // numbers (`towards_higher` false: up or left) or the higher ones, and a
  // tile whose goal line is `goal_line` comes the other way; kNone when
  // there is no such line or no such tile in it.
  Id Step(Id id, bool towards_higher, int goal_line) const {
    return next_[(static_cast<size_t>(id) * 2 + towards_higher) * lines_ +
                 goal_line];
  }

 private:
  using Key = unsigned __int128;
  using Counts = uint8_t[kMaxLines][kMaxLines];  // [line][goal line]
  // A table state packed in 128 bits: the blank's line in 4 bits, then
  // count_bits_ for each count of line l and goal line g < lines - 1 (the
  // last goal line's count follows from the line's size).
  Key Pack(const Counts& counts, int blank_line) const;
  void Unpack(Key key, Counts* counts, int* blank_line) const;
  // Fills next_ and keys_ from the goal's table state, by single steps,
  // with room for `states` of them; false past limits.
  bool Enumerate(Key goal, uint64_t states, const SearchLimits& limits);
  // Fills distance_ by a breadth-first search over MTM moves; false past
  // limits.
  bool FindDistances(const SearchLimits& limits);

  bool columns_;
  int lines_;     // lines of the table
  int per_line_;  // cells of each line
  int count_bits_;
  std::vector<int8_t> line_of_cell_;
  std::vector<int8_t> goal_line_of_tile_;
  std::vector<Key> keys_;  // keys_[id], while the tables are made
  std::vector<std::pair<Key, Id>> sorted_;  // by key, for IdOf
  std::vector<Id> next_;           // next_[(id * 2 + direction) * lines + g]
  std::vector<uint8_t> distance_;  // distance_[id]
  int max_distance_ = 0;
  bool complete_ = false;
};

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_WALKING_DISTANCE_H_
