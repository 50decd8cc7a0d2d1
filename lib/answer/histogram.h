// The histogram of a goal: how many states lie at each distance, read off
// its full table's metadata (no page is read). A goal that a search answers
// (Solver::Searches: no table, and a board past tables or pattern
// databases built for it) has no such histogram; its pattern databases'
// histograms are given instead (slidedb-query --histogram, /api/histogram).
#ifndef SLIDEDB_LIB_ANSWER_HISTOGRAM_H_
#define SLIDEDB_LIB_ANSWER_HISTOGRAM_H_

#include <string>

#include "lib/answer/goal.h"
#include "lib/base/status.h"
#include "lib/storage/database.h"
#include "lib/storage/table_meta.h"

namespace slidedb {

// The metadata of the goal's full table. NotFound, naming the table, when
// it was not built.
Status FindGoalTable(const QueryConfig& config, const Database& db,
                     const TableMeta** meta);

// Appends the histogram of the config's goal to *out as `format` says:
// "json" (one line: {"board", "goal", "total", "max_distance", "counts"};
// for pattern databases {"board", "pattern_databases": [...]}), "csv" or
// "text". NotFound when neither a table nor pattern databases answer the
// goal. REQUIRES: format is json, csv or text.
Status AppendHistogram(const QueryConfig& config, const Database& db,
                       const std::string& format, std::string* out);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_ANSWER_HISTOGRAM_H_
