#include "lib/puzzle/metric.h"

#include <string>

#include "lib/base/ascii.h"

namespace slidedb {

const char* MetricName(Metric m) { return m == Metric::kMtm ? "mtm" : "stm"; }

bool ParseMetric(std::string_view name, Metric* m) {
  // In any case: "MTM" is how speedsolvers write it.
  const std::string lower = AsciiLower(name);
  if (lower == "stm") {
    *m = Metric::kStm;
  } else if (lower == "mtm") {
    *m = Metric::kMtm;
  } else {
    return false;
  }
  return true;
}

int MoveCount(const std::vector<Move>& moves, Metric m) {
  if (m == Metric::kStm) return static_cast<int>(moves.size());
  int runs = 0;
  for (size_t i = 0; i < moves.size(); ++i) {
    runs += i == 0 || moves[i] != moves[i - 1];
  }
  return runs;
}

size_t MoveEnd(const std::vector<Move>& moves, size_t begin, Metric m) {
  size_t end = begin + 1;
  if (m == Metric::kMtm) {
    while (end < moves.size() && moves[end] == moves[begin]) ++end;
  }
  return end;
}

}  // namespace slidedb
