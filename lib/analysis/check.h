// Check: an fsck for a slidedb database. Re-reads every table and checks all
// that can be checked (docs/FORMAT.md): the format key, every block's
// checksum, each table's metadata against its pages, the histogram against
// the records, and every record against its neighbours, so that the stored
// distances are proven to be the true distances; and every pattern
// database's entries against a fresh build (lib/analysis/pdb_check.h). (lib/analysis/verify.h checks a
// user's proposed solution instead.)
#ifndef SLIDEDB_LIB_ANALYSIS_CHECK_H_
#define SLIDEDB_LIB_ANALYSIS_CHECK_H_

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "lib/base/status.h"
#include "lib/puzzle/board.h"
#include "lib/puzzle/metric.h"

namespace slidedb {

struct CheckProgress;

struct CheckOptions {
  // Only the tables and pattern databases of this board, when set.
  std::optional<Board> board;
  // Only those with these goal blank cells, when not empty.
  std::vector<int> goal_blanks;
  // Only the tables of this metric, when set.
  std::optional<Metric> metric;
  // Threads for the record checks (at least 1).
  int threads = 1;
  // Problems described per table; the rest are only counted.
  int max_listed = 10;
  // Told where the check is, when set: as each table's or pattern
  // database's check begins, then a pattern database's at each depth of
  // its search run again, as its successor words are checked and as its
  // cross table's search runs again (then at each of its depths), and a
  // table's pages read and states checked at most once every
  // `progress_every` (2x7 has 182 times 3x4's states). Called on the
  // calling thread.
  std::function<void(const CheckProgress&)> progress;
  std::chrono::milliseconds progress_every{10000};
};

// Where a check is (CheckOptions::progress).
struct CheckProgress {
  enum class Stage { kBegins, kSearch, kWords, kCross, kPages, kStates };
  Stage stage = Stage::kBegins;
  std::string table;   // as TableCheck::table
  bool pdb = false;    // a pattern database, not a table
  // A pattern database's entries (kCross: its cross table's bytes); 0 for
  // a table.
  uint64_t size = 0;
  int depth = 0;  // kSearch: the depth just searched
  // kSearch: the states searched to that depth; kPages: the pages read;
  // kStates: the states checked.
  uint64_t total = 0;
  uint64_t of = 0;     // kPages: the table's pages; kStates: its states
  double seconds = 0;  // kSearch: since that search began; else the table's
};

// One thing found wrong.
struct CheckProblem {
  int64_t index = -1;  // the record's index, or -1 when not about a record
  std::string state;   // the state of that index, in the table's labels
  std::string what;    // a sentence
};

struct TableCheck {
  // "3x3/b8"; for a pattern database "<table>/<group>", "4x4/b15/0".
  std::string table;
  std::string kind = "table";  // or "pdb"
  uint64_t states = 0;  // a pattern database's: its entries
  uint64_t problems = 0;              // how many were found
  std::vector<CheckProblem> listed;   // the first CheckOptions::max_listed
  double seconds = 0;
  bool ok() const { return problems == 0; }
};

struct CheckReport {
  // Problems of the database as a whole: the format key, checksums, keys
  // that belong to no table.
  std::vector<std::string> problems;
  std::vector<TableCheck> tables;
  bool ok() const;
};

// Checks the database at `dir`, read-only. A problem in the data is reported
// in *report, not as an error (files of its own damaged or missing, so that
// it cannot be opened, too): the Status fails only when there is nothing
// to check (NotFound: no database at `dir`, or no table matches the
// options) or `dir` cannot be opened otherwise (IOError).
Status CheckDatabase(const std::string& dir, const CheckOptions& options,
                     CheckReport* report);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_ANALYSIS_CHECK_H_
