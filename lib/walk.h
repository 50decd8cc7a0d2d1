// Walk: an optimal path read off a table by following the stored best moves,
// with no search.
#ifndef SLIDEDB_LIB_WALK_H_
#define SLIDEDB_LIB_WALK_H_

#include <vector>

#include "lib/state.h"
#include "lib/status.h"
#include "lib/table.h"

namespace slidedb {

struct Path {
  std::vector<Move> moves;     // the blank's moves
  std::vector<uint8_t> tiles;  // the tile each move slides, in table labels
  int64_t nodes = -1;  // states a search generated; -1 when read off a table
  int distance() const { return static_cast<int>(moves.size()); }
};

// The optimal path from `start` to the table's goal.
// REQUIRES: table->indexer().Reachable(start).
Status WalkToGoal(Table* table, const State& start, Path* path);

// The distance alone: one record, unless it is saturated (lib/format.h).
// REQUIRES: table->indexer().Reachable(start).
Status DistanceToGoal(Table* table, const State& start, int* distance);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_WALK_H_
