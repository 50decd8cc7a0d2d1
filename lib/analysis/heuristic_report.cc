#include "lib/analysis/heuristic_report.h"

#include <cstdlib>

#include "lib/analysis/distance_scan.h"

namespace slidedb {

Status MeasureHeuristics(Table* table, HeuristicReport* report) {
  const Indexer& ix = table->indexer();
  const Board& board = ix.board();
  const Heuristics heuristics(board, ix.goal_blank());
  constexpr int kCount = static_cast<int>(kAllHeuristics.size());
  HeuristicReport r;
  r.heuristics.resize(kCount);
  double ratio_sum[kCount] = {};
  uint64_t non_goal = 0;
  for (int k = 0; k < kCount; ++k) r.heuristics[k].kind = kAllHeuristics[k];
  Status s = ScanDistances(
      table,
      [&](Index i, int d, uint8_t) {
        const State st = ix.StateAt(i);
        ++r.states;
        if (d > 0) ++non_goal;
        for (int k = 0; k < kCount; ++k) {
          HeuristicStats& hs = r.heuristics[k];
          const int h = heuristics.Value(hs.kind, st);
          if (h > d) hs.admissible = false;
          if (h == d) ++hs.exact;
          ++hs.error_counts[d - h];
          if (d > 0) {
            ratio_sum[k] += static_cast<double>(h) / d;
          } else if (h != 0) {
            hs.consistent = false;
          }
          for (Move m : {Move::kDown, Move::kRight}) {
            State t = st;
            if (!ApplyMove(board, m, &t)) continue;
            if (std::abs(h - heuristics.Value(hs.kind, t)) > 1) {
              hs.consistent = false;
            }
          }
        }
      },
      ScanOptions{/*moves=*/false});
  if (!s.ok()) return s;
  for (int k = 0; k < kCount; ++k) {
    r.heuristics[k].mean_ratio =
        non_goal > 0 ? ratio_sum[k] / static_cast<double>(non_goal) : 0;
  }
  *report = std::move(r);
  return Status::OK();
}

}  // namespace slidedb
