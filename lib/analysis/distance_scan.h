// Distance scan: every state of a table with its true distance to the goal.
// Records store distances of kDistanceSaturated (63) or more as 63
// (lib/storage/format.h); the scan resolves those by following best moves down to a
// record below 63, so boards whose distances pass 62 (2x6, 3x4, ...) are
// reported exactly.
#ifndef SLIDEDB_LIB_ANALYSIS_DISTANCE_SCAN_H_
#define SLIDEDB_LIB_ANALYSIS_DISTANCE_SCAN_H_

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>

#include "lib/base/status.h"
#include "lib/puzzle/index.h"
#include "lib/storage/table.h"

namespace slidedb {

// How a scan runs: what its visitor needs, and when it stops.
struct ScanOptions {
  // Whether the visitor reads each record's move. Without them, a two-bit
  // table's goal served by symmetry skips finding each state's move as the
  // stored goal's byte table would give it (ServedBestMove), and
  // `record`'s move is meaningless: a sample or --at-distance.
  bool moves = true;
  // Looked at every 65,536 states: past the deadline, or once *cancel is
  // set, the scan stops with DeadlineExceeded (a server's --work-timeout
  // or a client that left; Ctrl-C in Python).
  std::chrono::steady_clock::time_point deadline =
      std::chrono::steady_clock::time_point::max();
  const std::atomic<bool>* cancel = nullptr;
};

// Calls visit(index, distance, record) for every index of the table in
// increasing order, after reading every page. `record` is the stored byte
// (its move is the state's best move; meaningless for the goal); in a
// two-bit table, the byte a byte table would store, each distance found
// once by walking to a state whose distance is known (a byte a state
// meanwhile), and for a goal served by symmetry (its goal blank not
// StoredGoalBlank) the move the byte table of the stored goal gives it,
// mapped (lib/puzzle/symmetry.h), unless !options.moves. NotSupported
// (TwoBitScanRefusal) for a two-bit table of a board over kMaxTableCells
// cells (2x7: 43.6 GB).
// REQUIRES: table != nullptr.
Status ScanDistances(
    Table* table,
    const std::function<void(Index index, int distance, uint8_t record)>& visit,
    const ScanOptions& options = ScanOptions());

// Why a whole-table tool refuses a two-bit table too big to scan: a
// sentence that says what works instead.
std::string TwoBitScanRefusal(const TableMeta& meta);

// The true distance of the state at `index`, resolving a saturated record
// by walking (lib/solve/walk.h).
// REQUIRES: index < table->indexer().size().
Status TrueDistance(Table* table, Index index, int* distance);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_ANALYSIS_DISTANCE_SCAN_H_
