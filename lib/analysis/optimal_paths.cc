#include "lib/analysis/optimal_paths.h"

#include <algorithm>

#include "lib/puzzle/metric_moves.h"
#include "lib/solve/walk.h"
#include "lib/storage/format.h"

namespace slidedb {

std::string PathCountToString(PathCount n) {
  if (n == 0) return "0";
  std::string digits;
  while (n > 0) {
    digits.push_back(static_cast<char>('0' + static_cast<int>(n % 10)));
    n /= 10;
  }
  std::reverse(digits.begin(), digits.end());
  return digits;
}

Status OptimalPaths::Distance(Index i, const State& s, int* d) {
  if (table_->two_bit()) return DistanceToGoal(table_, s, d);  // a walk
  uint8_t rec;
  Status st = table_->Get(i, &rec);
  if (!st.ok()) return st;
  if (RecordDistance(rec) < kDistanceSaturated) {
    *d = RecordDistance(rec);
    return Status::OK();
  }
  auto it = saturated_.find(i);
  if (it != saturated_.end()) {
    *d = it->second;
    return Status::OK();
  }
  st = DistanceToGoal(table_, s, d);
  if (st.ok()) saturated_.emplace(i, *d);
  return st;
}

template <typename OnNext>
Status OptimalPaths::ForEachNearer(Index i, const State& s, int d,
                                   OnNext on_next) {
  bool any = false;
  Status st;
  ForEachMetricMove(table_->indexer(), table_->meta().metric, i, s,
                    [&](Move m, int cells, const State& t, Index j) {
                      int dt;
                      if (table_->two_bit()) {
                        // A neighbour is one nearer or one farther, and its
                        // residue says which.
                        uint8_t r;
                        st = table_->GetResidue(j, &r);
                        dt = r == (d + 2) % 3 ? d - 1 : d + 1;
                      } else {
                        st = Distance(j, t, &dt);
                      }
                      if (!st.ok()) return false;
                      if (dt != d - 1) return true;
                      any = true;
                      st = on_next(m, cells, t, j);
                      return st.ok();
                    });
  if (!st.ok()) return st;
  if (!any) {
    return Status::Corruption("table " + table_->meta().Id() +
                              ": no neighbour of index " + std::to_string(i) +
                              " is one move nearer the goal");
  }
  return Status::OK();
}

Status OptimalPaths::CountAt(Index i, const State& s, int d, PathCount* count) {
  if (d == 0) {
    *count = 1;
    return Status::OK();
  }
  auto it = counts_.find(i);
  if (it != counts_.end()) {
    *count = it->second;
    return Status::OK();
  }
  PathCount sum = 0;
  Status st = ForEachNearer(i, s, d, [&](Move, int, const State& t, Index j) {
    PathCount c;
    Status r = CountAt(j, t, d - 1, &c);
    sum += c;
    return r;
  });
  if (!st.ok()) return st;
  counts_.emplace(i, sum);
  *count = sum;
  return Status::OK();
}

void OptimalPaths::TrimMemo() {
  if (counts_.size() > kMaxMemo) counts_.clear();
  if (saturated_.size() > kMaxMemo) saturated_.clear();
}

Status OptimalPaths::Count(const State& start, PathCount* count) {
  TrimMemo();
  const Index i = table_->indexer().IndexOf(start);
  int d;
  Status st = Distance(i, start, &d);
  if (!st.ok()) return st;
  return CountAt(i, start, d, count);
}

Status OptimalPaths::ListFrom(Index i, const State& s, int d, size_t limit,
                              std::vector<Move>* prefix,
                              std::vector<std::vector<Move>>* paths) {
  if (paths->size() >= limit) return Status::OK();
  if (d == 0) {
    paths->push_back(*prefix);
    return Status::OK();
  }
  return ForEachNearer(i, s, d,
                       [&](Move m, int cells, const State& t, Index j) {
                         if (paths->size() >= limit) return Status::OK();
                         prefix->insert(prefix->end(), cells, m);
                         Status r = ListFrom(j, t, d - 1, limit, prefix, paths);
                         prefix->resize(prefix->size() - cells);
                         return r;
                       });
}

Status OptimalPaths::List(const State& start, size_t limit,
                          std::vector<std::vector<Move>>* paths,
                          bool* complete) {
  TrimMemo();
  paths->clear();
  const Index i = table_->indexer().IndexOf(start);
  int d;
  Status st = Distance(i, start, &d);
  if (!st.ok()) return st;
  std::vector<Move> prefix;
  prefix.reserve(d);
  st = ListFrom(i, start, d, limit, &prefix, paths);
  if (!st.ok()) return st;
  PathCount total;
  st = CountAt(i, start, d, &total);
  if (!st.ok()) return st;
  *complete = total == static_cast<PathCount>(paths->size());
  return Status::OK();
}

}  // namespace slidedb
