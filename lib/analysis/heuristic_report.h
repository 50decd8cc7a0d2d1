// Heuristic report: how good each heuristic of lib/search/heuristics.h is over
// every state of one table, measured against the exact distances h*.
#ifndef SLIDEDB_LIB_ANALYSIS_HEURISTIC_REPORT_H_
#define SLIDEDB_LIB_ANALYSIS_HEURISTIC_REPORT_H_

#include <cstdint>
#include <map>
#include <vector>

#include "lib/base/status.h"
#include "lib/search/heuristics.h"
#include "lib/storage/table.h"

namespace slidedb {

struct HeuristicStats {
  HeuristicKind kind = HeuristicKind::kMisplaced;
  // h(s) <= h*(s) for every state s.
  bool admissible = true;
  // h(goal) == 0 and |h(s) - h(t)| <= 1 for every pair of states s, t one
  // move apart (every move costs 1 and is reversible).
  bool consistent = true;
  // The mean of h(s) / h*(s) over every state but the goal.
  double mean_ratio = 0;
  // States with h(s) == h*(s), the goal included.
  uint64_t exact = 0;
  // error_counts[e]: states with h*(s) - h(s) == e (negative only where the
  // heuristic is not admissible).
  std::map<int, uint64_t> error_counts;
};

struct HeuristicReport {
  uint64_t states = 0;
  std::vector<HeuristicStats> heuristics;  // in kAllHeuristics order
};

// Measures every heuristic over every state of the table: one scan of the
// table, each state and each of its moves down or right (every edge once).
// REQUIRES: table != nullptr.
Status MeasureHeuristics(Table* table, HeuristicReport* report);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_ANALYSIS_HEURISTIC_REPORT_H_
