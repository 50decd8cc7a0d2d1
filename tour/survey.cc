#include "tour/survey.h"

#include <algorithm>

#include "tour/construction.h"
#include "tour/rule_search.h"
#include "tour/tour_grid.h"

namespace slidedb::tour {

Count StartRow::alternate() const {
  return warnsdorff.backtracks <= xiao.backtracks ? warnsdorff : xiao;
}

std::vector<StartRow> StartTable(int n, int64_t cap,
                                 const std::function<void(int)>& progress,
                                 const MoveOrder& order) {
  std::vector<StartRow> rows;
  rows.reserve(static_cast<size_t>(n) * n);
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      StartRow row;
      row.start = {r, c};
      row.has_tour = NoTourReason(n, row.start, false).empty();
      if (row.has_tour && n > 1) {
        for (Rule rule : {Rule::kWarnsdorff, Rule::kXiao}) {
          const SearchResult s =
              RuleSearch(n, row.start, rule, false, cap, order);
          Count& count = rule == Rule::kWarnsdorff ? row.warnsdorff : row.xiao;
          count.backtracks = s.backtracks;
          count.found = s.found;
          count.gave_up = s.gave_up;
        }
      }
      rows.push_back(row);
      if (progress) progress(static_cast<int>(rows.size()));
    }
  }
  return rows;
}

namespace {

void Add(const Count& count, RuleSummary* summary) {
  if (count.backtracks > 0) ++summary->with_backtracking;
  if (count.gave_up) ++summary->given_up;
  summary->worst = std::max(summary->worst, count.backtracks);
}

}  // namespace

SizeSummary Summarize(int n, const std::vector<StartRow>& rows) {
  SizeSummary s;
  s.size = n;
  s.starts = static_cast<int>(rows.size());
  for (const StartRow& row : rows) {
    if (!row.has_tour) continue;
    ++s.with_tour;
    Add(row.warnsdorff, &s.warnsdorff);
    Add(row.xiao, &s.xiao);
    Add(row.alternate(), &s.alternate);
    bool found = row.warnsdorff.found || row.xiao.found || n == 1;
    if (!found && CanConstruct(n)) {
      Tour tour;
      found = ConstructTour(n, row.start, false, &tour).ok() &&
              VerifyTour(n, tour, false).ok();
    }
    s.tours_found += found;
  }
  return s;
}

}  // namespace slidedb::tour
