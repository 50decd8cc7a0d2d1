// slidedb-build --verify: checks a database (lib/analysis/check.h) and reports on it
// as text or JSON.
#ifndef SLIDEDB_BUILDER_CHECK_REPORT_H_
#define SLIDEDB_BUILDER_CHECK_REPORT_H_

#include <functional>
#include <iosfwd>
#include <string>

#include "lib/analysis/check.h"

namespace slidedb {

// Where a check is, as lines on `err` (slidedb-build --verify without
// --quiet): a line as each table or pattern database begins, and a
// pattern database's at each depth of its search run again.
std::function<void(const CheckProgress&)> ProgressLines(std::ostream& err);

// Checks the database at `dir` and writes the report to `out`. Returns the
// exit status: 0 all is well, 1 something is wrong, 66 there is no database
// (or no table the options select) or it cannot be opened.
int RunCheck(const std::string& dir, const CheckOptions& options, bool json,
             std::ostream& out, std::ostream& err);

}  // namespace slidedb

#endif  // SLIDEDB_BUILDER_CHECK_REPORT_H_
