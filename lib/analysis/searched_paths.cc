#include "lib/analysis/searched_paths.h"

#include <chrono>
#include <string>
#include <utility>

namespace slidedb {

SearchedPaths::SearchedPaths(const Board& board, int goal_blank,
                             LowerBound bound, const SearchLimits& limits)
    : board_(board),
      goal_(CanonicalGoal(board, goal_blank)),
      bound_(std::move(bound)),
      limits_(limits) {}

SearchedPaths::Key SearchedPaths::Pack(const State& s) const {
  Key k;
  for (int c = 0; c < board_.cells(); ++c) {
    const uint64_t t = s.tile[c];
    if (c < 12) {
      k.lo |= t << (5 * c);
    } else {
      k.hi |= t << (5 * (c - 12));
    }
  }
  return k;
}

Status SearchedPaths::Counted() {
  ++nodes_;
  if ((nodes_ & 0xFFF) != 0) return Status::OK();
  if (limits_.generated != nullptr) limits_.generated->fetch_add(0x1000);
  if (limits_.Cancelled() || nodes_ >= limits_.max_nodes ||
      std::chrono::steady_clock::now() >= limits_.deadline) {
    return Status::DeadlineExceeded(
        "the optimal solutions were not all found in the time given (" +
        std::to_string(nodes_) + " states searched)");
  }
  return Status::OK();
}

Status SearchedPaths::CountFrom(State* s, int left, int prev,
                                PathCount* count) {
  *count = 0;
  if (left == 0) {
    *count = *s == goal_ ? 1 : 0;
    return Status::OK();
  }
  if (bound_(*s) > left) return Status::OK();
  const Key key = Pack(*s);
  if (auto it = memo_.find(key); it != memo_.end()) {
    // Every state met is at least `left` from the goal (the start is at
    // its distance): one with paths is at that distance, and one without
    // is farther than the `left` it was searched with.
    const Known& k = it->second;
    if (k.count > 0 || left <= k.left) {
      *count = left == k.left ? k.count : 0;
      return Status::OK();
    }
  }
  PathCount sum = 0;
  const int from = s->blank;
  for (Move m : kAllMoves) {
    if (static_cast<int>(m) == (prev ^ 1)) continue;  // the way back
    const int to = board_.Neighbor(from, m);
    if (to < 0) continue;
    Status st = Counted();
    if (!st.ok()) return st;
    std::swap(s->tile[from], s->tile[to]);
    s->blank = static_cast<uint8_t>(to);
    PathCount c;
    st = CountFrom(s, left - 1, static_cast<int>(m), &c);
    std::swap(s->tile[from], s->tile[to]);
    s->blank = static_cast<uint8_t>(from);
    if (!st.ok()) return st;
    if (__builtin_add_overflow(sum, c, &sum)) {
      return Status::NotSupported(
          "more than 2^128 - 1 optimal solutions: too many to count");
    }
  }
  if (memo_.size() >= kMaxMemo) memo_.clear();
  memo_[key] = Known{left, sum};
  *count = sum;
  return Status::OK();
}

Status SearchedPaths::Count(const State& start, int distance,
                            PathCount* count) {
  State s = start;
  return CountFrom(&s, distance, -1, count);
}

Status SearchedPaths::ListFrom(State* s, int left, int prev, size_t limit,
                               std::vector<Move>* prefix,
                               std::vector<std::vector<Move>>* paths) {
  if (left == 0) {
    paths->push_back(*prefix);
    return Status::OK();
  }
  const int from = s->blank;
  for (Move m : kAllMoves) {
    if (paths->size() >= limit) break;
    if (static_cast<int>(m) == (prev ^ 1)) continue;
    const int to = board_.Neighbor(from, m);
    if (to < 0) continue;
    std::swap(s->tile[from], s->tile[to]);
    s->blank = static_cast<uint8_t>(to);
    // Only the moves with a path on: the counts are memoized.
    PathCount c;
    Status st = CountFrom(s, left - 1, static_cast<int>(m), &c);
    if (st.ok() && c > 0) {
      prefix->push_back(m);
      st = ListFrom(s, left - 1, static_cast<int>(m), limit, prefix, paths);
      prefix->pop_back();
    }
    std::swap(s->tile[from], s->tile[to]);
    s->blank = static_cast<uint8_t>(from);
    if (!st.ok()) return st;
  }
  return Status::OK();
}

Status SearchedPaths::List(const State& start, int distance, size_t limit,
                           std::vector<std::vector<Move>>* paths,
                           bool* complete) {
  paths->clear();
  PathCount total;
  Status st = Count(start, distance, &total);
  if (!st.ok()) return st;
  State s = start;
  std::vector<Move> prefix;
  prefix.reserve(distance);
  if (total > 0 && limit > 0) {
    st = ListFrom(&s, distance, -1, limit, &prefix, paths);
    if (!st.ok()) return st;
  }
  *complete = total == static_cast<PathCount>(paths->size());
  return Status::OK();
}

}  // namespace slidedb
