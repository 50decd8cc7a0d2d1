// Walk: an optimal path read off a table by following the stored best moves,
// with no search; in a two-bit table, by stepping to the nearer neighbour of
// lowest index (lib/puzzle/residue_walk.h), a page read at most per
// neighbour looked at.
#ifndef SLIDEDB_LIB_SOLVE_WALK_H_
#define SLIDEDB_LIB_SOLVE_WALK_H_

#include <vector>

#include "lib/base/status.h"
#include "lib/puzzle/path.h"
#include "lib/puzzle/state.h"
#include "lib/storage/table.h"

namespace slidedb {

// The optimal path from `start` to the table's goal.
// REQUIRES: table->indexer().Reachable(start).
Status WalkToGoal(Table* table, const State& start, Path* path);

// WalkToGoal from each of starts[0..n), into paths[k] and statuses[k]: on
// a two-bit table several walks at once, so that their reads, at random
// in a table of up to 10.9 GB (2x7), overlap rather than wait in turn.
// REQUIRES: each start reachable, as WalkToGoal's.
void WalkManyToGoal(Table* table, const State* starts, size_t n, Path* paths,
                    Status* statuses);

// The distance alone: one record, unless it is saturated
// (lib/storage/format.h); in a two-bit table, the length of the walk. REQUIRES:
// table->indexer().Reachable(start).
Status DistanceToGoal(Table* table, const State& start, int* distance);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SOLVE_WALK_H_
