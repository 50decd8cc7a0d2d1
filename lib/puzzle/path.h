// Path: a solution as moves of the blank, with the tiles they slide, and
// the metric its length is counted in.
#ifndef SLIDEDB_LIB_PUZZLE_PATH_H_
#define SLIDEDB_LIB_PUZZLE_PATH_H_

#include <cstdint>
#include <vector>

#include "lib/puzzle/board.h"
#include "lib/puzzle/metric.h"

namespace slidedb {

struct Path {
  std::vector<Move> moves;     // the blank's moves
  std::vector<uint8_t> tiles;  // the tile each move slides, in table labels
  int64_t nodes = -1;  // states a search generated; -1 when read off a table
  // False only for a search's answer when its budget ran out first
  // (SearchLimits::answer_by): then the optimal length is known to be at
  // least lower_bound (and of the same parity as distance()).
  bool optimal = true;
  int lower_bound = -1;
  Metric metric = Metric::kStm;
  // Its length in `metric`: single steps, or runs of one direction in MTM.
  int distance() const { return MoveCount(moves, metric); }
};

}  // namespace slidedb

#endif  // SLIDEDB_LIB_PUZZLE_PATH_H_
