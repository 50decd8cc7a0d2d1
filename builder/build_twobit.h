// slidedb-build's two-bit tables (issue 23; lib/storage/format.h): whether
// the machine can hold one, checked before the search starts, and the
// search with a progress line per depth that estimates the time left.
#ifndef SLIDEDB_BUILDER_BUILD_TWOBIT_H_
#define SLIDEDB_BUILDER_BUILD_TWOBIT_H_

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "builder/machine_room.h"
#include "lib/base/status.h"
#include "lib/puzzle/board.h"
#include "lib/puzzle/index.h"
#include "lib/puzzle/metric.h"
#include "lib/search/twobit_table.h"
#include "lib/storage/database_writer.h"
#include "lib/storage/format.h"

namespace slidedb {

// What building one two-bit table of `board` takes: memory for the table
// (two bits a state) and the search's bit a state, plus a margin for the
// rest of the process; disk for its pages (a quarter of a byte a state)
// plus a margin for RocksDB's keys and index.
struct TwoBitNeeds {
  uint64_t memory = 0;
  uint64_t disk = 0;
};
TwoBitNeeds TwoBitTableNeeds(const Board& board);

// Why `tables` two-bit tables of `board` (built one after the other: the
// memory of one, the disk of all) do not fit `room`, with the figures
// ("building the two-bit table of 2x7 needs 16.6 GB of memory, ... 8.0 GB
// available ..."), or "" when they fit. A figure not known (0) is not
// checked.
std::string TwoBitRoomRefusal(const Board& board, int tables,
                              const MachineRoom& room);

// Why `--records` (parsed into `records`) does not apply, said for the
// user, or "": with --verify, with --pdb (`pdb`), two-bit records in the
// multi-tile metric, or a board too big for the kind.
std::string RecordsUsageError(const Board& board, RecordKind records,
                              bool verify, bool pdb, Metric metric);

// The search of one two-bit table (lib/search/twobit_bfs.h), printing a
// line per depth to `err` unless `quiet`, each with an estimate of the time
// left from the states still to reach and the rate so far.
struct TwoBitBuild {
  TwoBitTable table;
  std::vector<uint64_t> histogram;
  double seconds = 0;
};
Status SearchTwoBitTable(const Indexer& indexer, int threads, bool quiet,
                         const std::string& tag, std::ostream& err,
                         TwoBitBuild* out);

// Searches the two-bit table of one goal (`tag` names it in the lines),
// puts it in `writer` with its metadata (`built_at` the time to record)
// and says so on `out`. InvalidArgument when the search fails; the
// writer's error otherwise.
Status BuildTwoBitTable(const Board& board, int goal_blank, int threads,
                        bool quiet, const std::string& tag,
                        const std::string& built_at, DatabaseWriter* writer,
                        std::ostream& out, std::ostream& err);

}  // namespace slidedb

#endif  // SLIDEDB_BUILDER_BUILD_TWOBIT_H_
