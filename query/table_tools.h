// The slidedb-query modes that answer about a whole table rather than a
// STATE: --at-distance, --sample, --export and --heuristics. Each writes its
// answer to `out`, any message to `err`, and returns the exit status
// (cli/exit_codes.h).
#ifndef SLIDEDB_QUERY_TABLE_TOOLS_H_
#define SLIDEDB_QUERY_TABLE_TOOLS_H_

#include <cstdint>
#include <iosfwd>
#include <string>

#include "lib/puzzle/problem.h"
#include "lib/storage/table.h"

namespace slidedb {

struct TableToolContext {
  Table* table = nullptr;
  // The goal posed as a problem from itself: label[t] is the user's label
  // of table tile t, which is how states are written on output.
  Problem goal;
  std::string goal_text;  // the goal as written on output
  std::string blank_out;  // the blank's label on output
};

// Every state at `distance` from the goal, in index order: one per line, or
// JSON Lines {"state","distance"}.
int RunAtDistance(const TableToolContext& ctx, int distance, bool json,
                  std::ostream& out, std::ostream& err);

// `n` distinct uniform random states (lib/analysis/sample.h), at `distance` when it
// is not -1: one per line, or JSON Lines {"state","distance"}.
int RunSample(const TableToolContext& ctx, uint64_t n, int distance,
              uint64_t seed, bool json, std::ostream& out, std::ostream& err);

// The whole table: CSV "state,distance,move" (move empty for the goal), or
// JSON Lines {"state","distance","move"}.
int RunExport(const TableToolContext& ctx, bool json, std::ostream& out,
              std::ostream& err);

// lib/analysis/heuristic_report.h as a text table, one JSON object, or CSV
// "heuristic,error,count". REQUIRES: format is text, json or csv.
int RunHeuristics(const TableToolContext& ctx, const std::string& format,
                  std::ostream& out, std::ostream& err);

}  // namespace slidedb

#endif  // SLIDEDB_QUERY_TABLE_TOOLS_H_
