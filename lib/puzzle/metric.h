// How moves are counted. In the single-tile metric (STM) each tile slid is
// a move; in the multi-tile metric (MTM), as speedsolvers count on a real
// puzzle, sliding one to all of the tiles between the blank and an edge of
// its row or column towards the blank is one move. A path is the blank's
// single steps in either metric; its MTM length is its number of runs of
// one direction (an optimal MTM path never goes the same way twice in a
// row, since the two moves would be one).
#ifndef SLIDEDB_LIB_PUZZLE_METRIC_H_
#define SLIDEDB_LIB_PUZZLE_METRIC_H_

#include <cstddef>
#include <string_view>
#include <vector>

#include "lib/puzzle/board.h"

namespace slidedb {

enum class Metric { kStm, kMtm };

// "stm" or "mtm", as options, JSON and table ids name them.
const char* MetricName(Metric m);
// The metric named `name` ("stm" or "mtm", in any case: "MTM"); false for
// anything else.
bool ParseMetric(std::string_view name, Metric* m);

// The length of the blank's steps `moves` in metric `m`.
int MoveCount(const std::vector<Move>& moves, Metric m);

// The end of the move that starts with step `begin` of `moves`: begin + 1
// in STM, the end of its run of one direction in MTM.
size_t MoveEnd(const std::vector<Move>& moves, size_t begin, Metric m);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_PUZZLE_METRIC_H_
