// PdbSearch: optimal answers by IDA* (Korf 1985) over the sum of additive
// pattern databases (lib/search/pdb_build.h), for boards too big for a full
// table. When the goal maps onto itself under the reflection about the main
// diagonal (a square board with the goal's blank on the diagonal), the
// heuristic is the larger of the sum for the state and the sum for its
// reflection (Korf & Felner 2002). The search never undoes the previous move
// and skips the move sequences of lib/search/move_fsm.h of up to 14 moves
// (about 35% fewer states on 5x5, 20% on 4x4).
// A PdbSearch is immutable once made: any number of threads may Solve at once.
#ifndef SLIDEDB_LIB_SEARCH_IDA_SEARCH_H_
#define SLIDEDB_LIB_SEARCH_IDA_SEARCH_H_

#include <atomic>
#include <chrono>
#include <climits>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "lib/base/status.h"
#include "lib/puzzle/board.h"
#include "lib/puzzle/path.h"
#include "lib/puzzle/pattern.h"
#include "lib/puzzle/state.h"
#include "lib/search/move_fsm.h"
#include "lib/search/pdb_values.h"

namespace slidedb {

// Threads that help the searches of a batch (slidedb-query's standard
// input): a thread with no state of its own left joins an iteration of
// another state's search in progress and takes its subtrees, so that no
// thread idles while the batch's last states run. Thread-safe.
class SearchHelpers {
 public:
  // An iteration's work: `run` takes subtrees until none is left.
  struct Offer {
    std::function<void()> run;
    int inside = 0;        // helpers in run; guarded by mutex_
    bool drained = false;  // a helper's run returned: nothing left to take
  };

  // How many times Wake was called: read before a caller checks its own
  // work, then handed to HelpOrWait, so that no wake is missed.
  uint64_t generation();
  // Wakes the threads in HelpOrWait (say, new work of the caller's own).
  void Wake();
  // Helps the earliest offer not drained, if any; else waits for one, or
  // for a Wake after `generation`. Returns after one offer's help or a
  // wake.
  void HelpOrWait(uint64_t generation);

  // An iteration offers its work until it withdraws it; Withdraw returns
  // once no helper is inside it.
  void Post(Offer* offer);
  void Withdraw(Offer* offer);

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  uint64_t generation_ = 0;     // guarded by mutex_
  std::deque<Offer*> offers_;   // guarded by mutex_
};

// Bounds on one search and how it runs. Past `deadline` or `max_nodes`, or
// once *cancel is set, it stops with DeadlineExceeded and no answer (a
// server's deadline). They are looked at every 4,096 states of each thread.
//
// `answer_by` is a user's budget (--max-seconds): a search still running
// then answers with the best path it has found, which may not be optimal
// (Path::optimal false, Path::lower_bound the distance proven so far).
struct SearchLimits {
  using Clock = std::chrono::steady_clock;
  Clock::time_point deadline = Clock::time_point::max();
  uint64_t max_nodes = UINT64_MAX;
  const std::atomic<bool>* cancel = nullptr;
  Clock::time_point answer_by = Clock::time_point::max();
  // Threads one search uses: each iteration's tree is split into subtrees
  // taken in order, so the answer is the one a single thread finds.
  int threads = 1;
  // Where a search of a batch offers each iteration's subtrees to the
  // threads of the batch that have nothing else to do; none by default.
  SearchHelpers* helpers = nullptr;
};

class PdbSearch {
 public:
  // `values[g]` is the pattern database of group g of `partition`
  // for the canonical goal with the blank on `goal_blank`,
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
  // the search with its error. With limits.answer_by set, a path that may
  // not be optimal when the budget runs out (see SearchLimits).
  // REQUIRES: start reaches the goal (lib/puzzle/parity.h).
  Status Solve(const State& start, Path* path,
               const SearchLimits& limits = {}) const;

  // Solve without a budget (limits.answer_by is ignored), telling as it
  // goes the distance proven: *proven is at most the distance of `start`
  // and grows with each iteration, also when the search stops at a limit.
  // Once *proven reaches `stop_at`, returns OK with no moves.
  Status SolveOptimally(const State& start, Path* path,
                        const SearchLimits& limits, int* proven,
                        int stop_at = INT_MAX) const;

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
  // One depth-first search in single-tile moves, the metric of the IDA*
  // driver (lib/search/ida_driver.h); in lib/search/ida_run.h.
  class Run;
  // The first error of a page read on demand, or OK; whether there is one,
  // and that question as the driver asks it.
  Status PagesError() const;
  bool PagesFailed() const;
  std::function<bool()> PagesFailedCheck() const;

  Board board_;
  int goal_blank_;
  Partition partition_;
  const MoveFsm* fsm_;  // the move sequences skipped
  std::vector<Group> groups_;
  bool reflects_ = false;
  int group_of_[kMaxCells] = {};         // group_of_[tile]
  int mirror_group_of_[kMaxCells] = {};  // the group tile's mirror image is in
  uint8_t mirror_cell_[kMaxCells] = {};  // the reflection of each cell
  // What a tile on a cell adds to its group's md, and to the md of the
  // reflection's group it stands for: its Manhattan distance from home
  // when the group's entries are read less their md (PdbValues::less_md),
  // else 0 (lib/search/pdb_encoding.h).
  uint8_t home_md_[kMaxCells][kMaxCells] = {};
  uint8_t mirror_home_md_[kMaxCells][kMaxCells] = {};
};

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_IDA_SEARCH_H_
