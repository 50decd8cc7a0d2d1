// Answers within a budget (SearchLimits::answer_by, a user's --max-seconds):
// a path found quickly by weighted A* (Pohl 1970), then IDA* for an optimal
// one while the budget lasts. The answer is the optimal path when the
// search finishes, else the weighted path with the distance IDA* proved.
#ifndef SLIDEDB_LIB_SEARCH_WEIGHTED_SEARCH_H_
#define SLIDEDB_LIB_SEARCH_WEIGHTED_SEARCH_H_

#include "lib/base/status.h"
#include "lib/puzzle/path.h"
#include "lib/puzzle/state.h"

namespace slidedb {

class PdbSearch;
struct SearchLimits;
class MoveOrder;

// A path from `start` to the goal by weighted A*: best first by
// g + weight * h with h the search's heuristic, so at most `weight` times
// the optimal length. `weight_tenths` is the weight times ten (at least 10).
// DeadlineExceeded when limits.deadline, limits.cancel or `max_states`
// stored states come first. path->nodes counts the states expanded.
// REQUIRES: start reaches the goal.
Status WeightedSolve(const PdbSearch& search, const State& start,
                     int weight_tenths, const SearchLimits& limits,
                     uint64_t max_states, Path* path);

// The answer within limits.answer_by (see the file comment). Up to two
// fifths of the budget go to weighted A* (weight 3, then lighter), the rest
// to IDA* on limits.threads threads, in `order`. A path that may not be optimal
// has path->optimal false and path->lower_bound the distance proven. Stops with
// DeadlineExceeded at limits.deadline or limits.cancel, or when the budget ends
// before any path is found. REQUIRES: start reaches the goal.
Status SolveWithinBudget(const PdbSearch& search, const State& start,
                         const SearchLimits& limits, Path* path,
                         MoveOrder order);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_WEIGHTED_SEARCH_H_
