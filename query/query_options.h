// slidedb-query's command line, read and checked in one step: what to
// answer and how, before the database is opened (query_cli.cc runs it).
#ifndef SLIDEDB_QUERY_QUERY_OPTIONS_H_
#define SLIDEDB_QUERY_QUERY_OPTIONS_H_

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "lib/answer/goal.h"
#include "query/search_progress.h"

namespace slidedb {

// What slidedb-query is asked to do.
enum class QueryMode {
  kStates,      // answer each STATE (the default)
  kMoves,       // --moves: every move from each STATE
  kTables,      // --tables
  kHistogram,   // --histogram
  kAtDistance,  // --at-distance D
  kSample,      // --sample N
  kExport,      // --export FORMAT
  kHeuristics,  // --heuristics
  kAnalyse,     // --analyse --start S --moves M
};

struct QueryArgs {
  QueryConfig config;
  QueryMode mode = QueryMode::kStates;
  std::string format = "text";  // text, json or (histogram, heuristics) csv
  std::vector<std::string> states;  // named on the command line
  int at_distance = 0;
  uint64_t sample_n = 0;
  int sample_distance = -1;  // --distance; -1: any
  uint64_t seed = 0;
  bool export_json = false;  // --export json (else csv)
  std::string analyse_start;  // --analyse: the solve's start
  std::string analyse_moves;  // and its moves
  std::string tables_board;   // --tables --board: that board's goals only
  // A long search's lines on standard error (--progress, --quiet), from
  // `progress_after` seconds into it (--progress-after).
  ProgressMode progress = ProgressMode::kAuto;
  double progress_after = 1;

  // Whether the answers are few: STATEs named on the command line, or
  // --analyse's one solve. They read only the pages of tables and pattern
  // databases they touch (tens of MB on 4x4), where a batch from the input
  // reads the pattern databases whole first.
  bool FewAnswers() const {
    return !states.empty() || mode == QueryMode::kAnalyse;
  }
};

// Reads the arguments (without the program name) into *args. Returns the
// exit status when the run ends here: 0 after --help or --version (printed
// to `out`), 64 for bad usage (said on `err`); nullopt to go on.
std::optional<int> ParseQueryArgs(const std::vector<std::string>& argv,
                                  QueryArgs* args, std::ostream& out,
                                  std::ostream& err);

}  // namespace slidedb

#endif  // SLIDEDB_QUERY_QUERY_OPTIONS_H_
