// The tools that answer about a whole table rather than a STATE
// (slidedb-query --at-distance, --sample, --export and --heuristics;
// /api/sample). Each writes its answer to `out` and returns the database's
// error, if any; a note for people (fewer states than asked for) goes to
// *note.
#ifndef SLIDEDB_LIB_ANSWER_TABLE_TOOLS_H_
#define SLIDEDB_LIB_ANSWER_TABLE_TOOLS_H_

#include <cstdint>
#include <iosfwd>
#include <string>

#include "lib/analysis/distance_scan.h"
#include "lib/answer/goal.h"
#include "lib/base/status.h"
#include "lib/puzzle/move_notation.h"
#include "lib/puzzle/problem.h"
#include "lib/solve/solver.h"
#include "lib/storage/table.h"

namespace slidedb {

struct TableToolContext {
  Table* table = nullptr;
  // The goal posed as a problem from itself: label[t] is the user's label
  // of table tile t, which is how states are written on output.
  Problem goal;
  std::string goal_text;  // the goal as written on output
  std::string blank_out;  // the blank's label on output
  // How moves are written on output (--notation).
  MoveConvention convention = MoveConvention::kBlank;
  // When a scan of the whole table stops: config.limits' deadline and
  // cancel (a server's request, Python's Ctrl-C).
  ScanOptions scan;
};

// The goal `tool` answers about, and its table. NotSupported when a search
// answers the goal (CheckWholeTable); InvalidArgument ("goal: ...") when
// the goal cannot be posed; the table's error (NotFound when missing)
// otherwise.
Status OpenTableTool(const QueryConfig& config, Solver* solver,
                     WholeTableTool tool, TableToolContext* ctx);

// Every state at `distance` from the goal, in index order: one per line, or
// JSON Lines {"state","distance"}.
Status RunAtDistance(const TableToolContext& ctx, int distance, bool json,
                     std::ostream& out, std::string* note);

// `n` distinct uniform random states (lib/analysis/sample.h), at `distance`
// when it is not -1: one per line, or JSON Lines {"state","distance"}.
Status RunSample(const TableToolContext& ctx, uint64_t n, int distance,
                 uint64_t seed, bool json, std::ostream& out,
                 std::string* note);

// The whole table: CSV "state,distance,move" (move empty for the goal), or
// JSON Lines {"state","distance","move","notation"} (move null for the
// goal); the move is a letter in ctx.convention.
Status RunExport(const TableToolContext& ctx, bool json, std::ostream& out);

// lib/analysis/heuristic_report.h as a text table, one JSON object, or CSV
// "heuristic,error,count". REQUIRES: format is text, json or csv.
Status RunHeuristics(const TableToolContext& ctx, const std::string& format,
                     std::ostream& out);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_ANSWER_TABLE_TOOLS_H_
