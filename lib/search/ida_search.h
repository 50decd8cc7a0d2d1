// PdbSearch: optimal answers by IDA* (Korf 1985) over the sum of additive
// pattern databases (lib/search/pdb_build.h), for boards too big for a full table.
// When the goal maps onto itself under the reflection about the main
// diagonal (a square board with the goal's blank on the diagonal), the
// heuristic is the larger of the sum for the state and the sum for its
// reflection (Korf & Felner 2002). The search never undoes the previous move.
// A PdbSearch is immutable once made: any number of threads may Solve at once.
#ifndef SLIDEDB_LIB_SEARCH_IDA_SEARCH_H_
#define SLIDEDB_LIB_SEARCH_IDA_SEARCH_H_

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <vector>

#include "lib/base/status.h"
#include "lib/puzzle/board.h"
#include "lib/puzzle/path.h"
#include "lib/puzzle/pattern.h"
#include "lib/puzzle/state.h"
#include "lib/search/pdb_values.h"

namespace slidedb {

// Bounds on one search (a server's deadline): past one, or once *cancel
// is set, it stops with DeadlineExceeded and no answer. They are looked at
// every 65,536 states.
struct SearchLimits {
  std::chrono::steady_clock::time_point deadline =
      std::chrono::steady_clock::time_point::max();
  uint64_t max_nodes = UINT64_MAX;
  const std::atomic<bool>* cancel = nullptr;
};

class PdbSearch {
 public:
  // `values[g]` is the pattern database of group g of `partition`
  // (PartitionGroups) for the canonical goal with the blank on `goal_blank`,
  // in memory or read a page at a time (lib/search/pdb_values.h).
  // REQUIRES: values[g].size() == PatternIndexer(cells, group size).size().
  PdbSearch(const Board& board, int goal_blank, const Partition& partition,
            std::vector<PdbValues> values);
  PdbSearch(const Board& board, int goal_blank, const Partition& partition,
            std::vector<std::vector<uint8_t>> values);

  const Board& board() const { return board_; }
  int goal_blank() const { return goal_blank_; }
  const Partition& partition() const { return partition_; }
  bool reflects() const { return reflects_; }

  // The heuristic of `s`: a lower bound of its distance.
  // REQUIRES: IsWellFormed(board(), s).
  int Heuristic(const State& s) const;

  // An optimal path from `start` to the goal; path->nodes counts the states
  // generated. With pages read on demand, a page that cannot be read fails
  // the search with its error.
  // REQUIRES: start reaches the goal (lib/puzzle/parity.h).
  Status Solve(const State& start, Path* path,
               const SearchLimits& limits = {}) const;

  // Whether `start` reaches the goal within `bound` moves: one iteration
  // of the search, cheaper than Solve when the distance is known to be
  // `bound` or bound + 2 (a neighbour of a state whose distance is known).
  // REQUIRES: start reaches the goal.
  Status Within(const State& start, int bound, bool* within,
                const SearchLimits& limits = {}) const;

 private:
  struct Group {
    std::vector<int> tiles;          // canonical tiles
    std::vector<int> mirror_tiles;   // the tiles whose reflections they are
    PatternIndexer indexer;
    PdbValues values;
  };
  class Run;
  // The first error of a page read on demand, or OK; whether there is one.
  Status PagesError() const;
  bool PagesFailed() const;

  Board board_;
  int goal_blank_;
  Partition partition_;
  std::vector<Group> groups_;
  bool reflects_ = false;
  int group_of_[kMaxCells] = {};         // group_of_[tile]
  int mirror_group_of_[kMaxCells] = {};  // the group tile's mirror image is in
  uint8_t mirror_cell_[kMaxCells] = {};  // the reflection of each cell
};

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_IDA_SEARCH_H_
