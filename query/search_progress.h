// How slidedb-query tells what a long search is doing: a line on standard
// error before each iteration of IDA*, and every few seconds within a long
// one, once the search has run a while (--progress, --quiet,
// --progress-after).
#ifndef SLIDEDB_QUERY_SEARCH_PROGRESS_H_
#define SLIDEDB_QUERY_SEARCH_PROGRESS_H_

#include <functional>
#include <iosfwd>
#include <string>

#include "lib/search/ida_search.h"

namespace slidedb {

// Whether progress lines are printed.
enum class ProgressMode {
  kAuto,   // when standard error is a terminal (the default)
  kForce,  // --progress: also when it is not
  kQuiet,  // --quiet: never
};

// One line, with its newline, for a person and a program alike:
// "searching: bound 88, 1.2e9 states, 41 M/s, 31.4 s" (the bound of the
// iteration starting, the states so far, their rate, the seconds so far).
std::string FormatSearchProgress(const SearchProgress& p);

// How often a line is written within a long iteration
// (SearchLimits::progress_every): a person sees the search go on.
inline constexpr double kProgressWithinSeconds = 5;

// A SearchLimits::progress that writes FormatSearchProgress lines to *err
// once the search has run `after_seconds`, whole, from any thread. For one
// search at a time.
std::function<void(const SearchProgress&)> SearchProgressPrinter(
    std::ostream* err, double after_seconds);

}  // namespace slidedb

#endif  // SLIDEDB_QUERY_SEARCH_PROGRESS_H_
