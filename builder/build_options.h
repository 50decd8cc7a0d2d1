// slidedb-build's command line: its options read and checked, each usage
// error said once here (exit 64), and what they ask for.
#ifndef SLIDEDB_BUILDER_BUILD_OPTIONS_H_
#define SLIDEDB_BUILDER_BUILD_OPTIONS_H_

#include <iosfwd>
#include <set>
#include <string>
#include <vector>

#include "lib/puzzle/board.h"
#include "lib/puzzle/metric.h"
#include "lib/puzzle/pattern.h"
#include "lib/puzzle/region_pattern.h"
#include "lib/storage/format.h"

namespace slidedb {

struct BuildOptions {
  std::string db_dir;
  Board board;
  bool board_given = false;  // --board, not its default
  Metric metric = Metric::kStm;
  bool metric_given = false;
  RecordKind records = RecordKind::kByte;
  bool two_bit = false;  // a two-bit table (--records, or 2x7's default)
  bool pdb = false;      // pattern databases (--pdb, or the board's default)
  std::string pdb_text;  // --pdb as given
  Partition partition;   // --pdb's groups, for every goal; empty: default
  // --pdb strong: the default groups, numbered by placement and the
  // blank's region.
  PdbIndexKind pdb_index = PdbIndexKind::kPlacement;
  // With them (only), each entry's successor words
  // (lib/search/pdb_words.h): --words, --no-words, else on boards of more
  // than 16 cells.
  bool pdb_words = false;
  // The goal blanks of --goal: stored goal blanks for tables, the goals'
  // own for pattern databases. Empty without --goal.
  std::set<int> blanks;
  int threads = 1;  // 1 to 256 (--threads 0: one per core)
  bool quiet = false;
  bool force = false;
  bool rebuild = false;
  bool verify = false;
  bool json = false;  // --verify --format json
};

// Reads `args` (without the program's name) into *options. Returns -1 to go
// on; otherwise the exit status, with --help or --version written on `out`
// or a usage error said on `err`.
int ParseBuildOptions(const std::vector<std::string>& args, std::ostream& out,
                      std::ostream& err, BuildOptions* options);

}  // namespace slidedb

#endif  // SLIDEDB_BUILDER_BUILD_OPTIONS_H_
