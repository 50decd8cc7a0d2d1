// MtmSearch: optimal answers in the multi-tile metric (MTM,
// lib/search/mtm_bfs.h), where a move slides one or more tiles of the
// blank's row or column at once and costs 1, for boards too big for the
// full MTM table (the 15-puzzle and up).
//
// IDA* (Korf 1985) over MTM moves. Two moves on the same axis in a row are
// never needed (they merge into one move or cancel out), so after the first
// move the search only turns: on 4x4 each state has 3 children. It also
// skips the move sequences of lib/search/mtm_search_fsm.h.
//
// The heuristic is the walking distance in MTM (lib/search/walking_distance.h,
// or the finer lib/search/walking_distance_ordered.h, see MtmHeuristic):
// v, the fewest vertical moves the rows' table needs, and h, the fewest
// sideways ones. Since an optimal solution alternates axes, its vertical
// and sideways moves differ in number by at most one, and so it has at
// least max(v + h, 2 max(v, h) - 1) moves; after a vertical move the rest
// starts with a sideways one and has at least max(v + h, 2v, 2h - 1).
//
// An MtmSearch is immutable once made: any number of threads may Solve at
// once.
#ifndef SLIDEDB_LIB_SEARCH_MTM_SEARCH_H_
#define SLIDEDB_LIB_SEARCH_MTM_SEARCH_H_

#include <cstdint>
#include <memory>
#include <vector>

#include "lib/base/status.h"
#include "lib/puzzle/board.h"
#include "lib/puzzle/metric.h"
#include "lib/puzzle/path.h"
#include "lib/puzzle/state.h"
#include "lib/search/ida_search.h"
#include "lib/search/mtm_search_fsm.h"
#include "lib/search/walking_distance.h"
#include "lib/search/walking_distance_ordered.h"

namespace slidedb {

// The walking distance MtmSearch uses.
enum class MtmHeuristic : uint8_t {
  // lib/search/walking_distance.h: tables made in milliseconds on 4x4.
  kWalkingDistance = 0,
  // lib/search/walking_distance_ordered.h, boards of up to 4 rows and 4
  // columns: larger by 5.8 on average on random 4x4 states, the search
  // far faster; 4x4's tables are prepared at build time
  // (lib/search/mtm_prepared.h), other boards' made on first use.
  kOrderedWalkingDistance = 1,
};

class MtmSearch {
 public:
  // Whether MtmSearch handles `board` (WalkingDistance::Supports: 2x2 to
  // 4x4, 3x5, 4x5, 2x6 and their turns; not 5x5, whose tables are too
  // large).
  static bool Supports(const Board& board) {
    return WalkingDistance::Supports(board);
  }

  // Whether `heuristic` is available on `board`.
  static bool Supports(const Board& board, MtmHeuristic heuristic) {
    return Supports(board) &&
           (heuristic != MtmHeuristic::kOrderedWalkingDistance ||
            OrderedWalkingDistance::Supports(board));
  }

  // The search for the canonical goal of `board` with the blank on
  // `goal_blank`. Makes the walking-distance tables of `heuristic`:
  // milliseconds on 4x4, 25 s and 900 MB on 4x5 (see MtmHeuristic for the
  // ordered ones), and stops with DeadlineExceeded past `limits`
  // (deadline, answer_by, cancel) meanwhile.
  // REQUIRES: Supports(board, heuristic), 0 <= goal_blank < board.cells().
  static Status Make(const Board& board, int goal_blank, MtmHeuristic heuristic,
                     const SearchLimits& limits,
                     std::shared_ptr<const MtmSearch>* out);
  // The same without limits.
  MtmSearch(const Board& board, int goal_blank,
            MtmHeuristic heuristic = MtmHeuristic::kWalkingDistance);
  // The most bytes Make holds of its own while it makes the tables of
  // `heuristic` (an estimate, for a budget's reservation before; then
  // memory_bytes()): the plain tables' (WalkingDistance::MakingBytes), or
  // none with the ordered ones, which the process shares.
  static uint64_t MakingBytes(const Board& board, int goal_blank,
                              MtmHeuristic heuristic) {
    return heuristic != MtmHeuristic::kWalkingDistance
               ? 0
               : WalkingDistance::MakingBytes(board, goal_blank, false) +
                     WalkingDistance::MakingBytes(board, goal_blank, true);
  }

  const Board& board() const { return board_; }
  // The bytes of the tables it holds of its own: the plain walking
  // distance's (the ordered tables, their ranks and the move automaton are
  // shared by every search of the process).
  size_t memory_bytes() const {
    return rows_ == nullptr ? 0
                            : rows_->memory_bytes() + columns_->memory_bytes();
  }
  int goal_blank() const { return goal_blank_; }
  MtmHeuristic heuristic() const { return heuristic_; }

  // A lower bound of the MTM distance of `s`:
  // max(v + h, 2 max(v, h) - 1) (see above). REQUIRES: IsWellFormed.
  int Heuristic(const State& s) const;
  // The walking distance v + h, a consistent lower bound: one move changes
  // it by at most 1.
  int WalkingDistanceSum(const State& s) const;

  // An MTM-optimal path from `start` to the goal: path->moves are single
  // steps of the blank (a k-cell move is k equal steps in a row),
  // path->tiles the tiles they slide, path->nodes the states generated;
  // *mtm_length is the path's MTM length (MoveCount(path->moves, Metric::kMtm),
  // lib/puzzle/metric.h). Stops with DeadlineExceeded past limits.deadline or
  // limits.max_nodes or once *limits.cancel is set (looked at every 4,096
  // states of a thread). limits.threads threads share each iteration
  // (lib/search/ida_driver.h); the path is the one a single thread finds.
  // limits.answer_by is not used: the answer is always optimal. REQUIRES:
  // IsWellFormed(board(), start), and start reaches the goal
  // (lib/puzzle/parity.h).
  Status Solve(const State& start, Path* path, int* mtm_length,
               const SearchLimits& limits = {}) const;

  // Whether `start` reaches the goal within `bound` MTM moves: one
  // iteration of the search (none when the heuristic is over `bound`),
  // cheaper than Solve when the distance is known to be near `bound` (a
  // neighbour of a state whose distance is known is one less, the same or
  // one more). Limits as Solve's. `off_axis` (0 the blank's column, 1
  // its row, -1 neither): the first move need not be on that line, as
  // none of the states one move along it from `start` is within bound - 1
  // (each is one move from `start` and from the others, so a path through
  // one of them would be); the root then skips those moves and is bounded
  // by the next move's turn: about half the work. REQUIRES: as Solve's.
  Status Within(const State& start, int bound, bool* within,
                const SearchLimits& limits = {}, int off_axis = -1) const;

 private:
  MtmSearch(const Board& board, int goal_blank, MtmHeuristic heuristic,
            const SearchLimits& limits);

  // One depth-first search in MTM moves, the metric of the IDA* driver
  // (lib/search/ida_driver.h).
  class Run;

  Board board_;
  int goal_blank_;
  MtmHeuristic heuristic_;
  // With kWalkingDistance, the vertical moves' table and the sideways
  // moves'; else none.
  std::unique_ptr<WalkingDistance> rows_, columns_;
  std::shared_ptr<const MtmMoveFsm> fsm_;  // the move sequences skipped
  // With kOrderedWalkingDistance, the tables in use; else none.
  std::unique_ptr<OrderedWalkingDistance> ordered_rows_, ordered_columns_;
  Status made_;  // whether the tables were made within the limits
};

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_MTM_SEARCH_H_
