// TwoBitWalk: an optimal path read off a two-bit table
// (lib/search/twobit_table.h) by stepping, each time, to the neighbour of
// lowest index whose residue is one less modulo 3, that is one step nearer
// the goal: the neighbour RunBfs's best move leads to
// (lib/puzzle/residue_walk.h).
#ifndef SLIDEDB_LIB_SOLVE_TWOBIT_WALK_H_
#define SLIDEDB_LIB_SOLVE_TWOBIT_WALK_H_

#include <vector>

#include "lib/base/status.h"
#include "lib/puzzle/board.h"
#include "lib/puzzle/index.h"
#include "lib/puzzle/state.h"
#include "lib/search/twobit_table.h"

namespace slidedb {

// Sets *moves to the optimal path from `start` to `indexer`'s goal; its
// length is the distance. Returns InvalidArgument if `start` is not a state
// of the table and Corruption if the table cannot be right: an unreached
// state, a state with no neighbour nearer the goal, or a walk longer than
// table.max_distance() (or than the table, if that is not known).
// REQUIRES: table.size() == indexer.size().
Status TwoBitWalk(const TwoBitTable& table, const Indexer& indexer,
                  const State& start, std::vector<Move>* moves);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SOLVE_TWOBIT_WALK_H_
