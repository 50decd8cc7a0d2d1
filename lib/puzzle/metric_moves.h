// The moves of a state in a metric, with the indexes they lead to: in the
// single-tile metric each step of the blank, in the multi-tile metric each
// run of 1, 2, ... steps one way (lib/puzzle/metric.h). What the table
// tools share to look at a state's neighbours in either metric.
#ifndef SLIDEDB_LIB_PUZZLE_METRIC_MOVES_H_
#define SLIDEDB_LIB_PUZZLE_METRIC_MOVES_H_

#include "lib/puzzle/index.h"
#include "lib/puzzle/metric.h"
#include "lib/puzzle/state.h"

namespace slidedb {

// Calls visit(m, cells, t, j) for each move of the state `s` of index `i`
// in `metric`: the blank goes `cells` steps way m to state t of index j.
// Directions in U D L R order, each by 1, 2, ... cells. A visit returning
// false stops the walk (and ForEachMetricMove returns false).
template <typename Visit>
bool ForEachMetricMove(const Indexer& ix, Metric metric, Index i,
                       const State& s, Visit visit) {
  const int reach = metric == Metric::kMtm ? kMaxCells : 1;
  for (Move m : kAllMoves) {
    State t = s;
    Index j = i;
    for (int cells = 1; cells <= reach && ApplyMove(ix.board(), m, &t);
         ++cells) {
      j = ix.AfterMove(j, m, t);
      if (!visit(m, cells, static_cast<const State&>(t), j)) return false;
    }
  }
  return true;
}

}  // namespace slidedb

#endif  // SLIDEDB_LIB_PUZZLE_METRIC_MOVES_H_
