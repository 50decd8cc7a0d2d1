// The heart of slidedb-build --verify for a full table: every record
// checked against its neighbours', which proves the stored distances true
// (lib/analysis/check.h reads the database and its keys and calls this).
#ifndef SLIDEDB_LIB_ANALYSIS_RECORD_CHECK_H_
#define SLIDEDB_LIB_ANALYSIS_RECORD_CHECK_H_

#include <cstdint>
#include <vector>

#include "lib/analysis/check.h"
#include "lib/analysis/check_progress.h"
#include "lib/puzzle/board.h"
#include "lib/puzzle/metric.h"

namespace slidedb {

// Checks one table's records (records[i]: the record of index i) against
// each other: the goal alone has distance 0, every other state's best move
// is on the board and leads one step nearer, and no state has a neighbour
// more than one step nearer, neighbours and steps in `metric`. Saturated
// records (lib/storage/format.h) are resolved by walking their best moves. Adds
// what it finds to *check, and sets *histogram[d] to the number of states at
// distance d. REQUIRES: records.size() == Indexer(board, goal_blank).size().
void CheckRecords(const Board& board, int goal_blank, Metric metric,
                  const std::vector<uint8_t>& records, int threads,
                  int max_listed, TableCheck* check,
                  std::vector<uint64_t>* histogram,
                  const ShareProgress& progress = {});

}  // namespace slidedb

#endif  // SLIDEDB_LIB_ANALYSIS_RECORD_CHECK_H_
