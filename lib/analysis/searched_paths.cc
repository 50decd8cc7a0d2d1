#include "lib/analysis/searched_paths.h"

#include <chrono>
#include <string>
#include <utility>

namespace slidedb {

SearchedPaths::SearchedPaths(const Board& board, int goal_blank,
                             const SearchLimits& limits)
    : board_(board), goal_(CanonicalGoal(board, goal_blank)), limits_(limits) {}

SearchedPaths::Key SearchedPaths::Pack(const State& s) const {
  unsigned __int128 bits = 0;
  for (int c = 0; c < board_.cells(); ++c) {
    bits |= static_cast<unsigned __int128>(s.tile[c]) << (5 * c);
  }
  return Key{static_cast<uint64_t>(bits), static_cast<uint64_t>(bits >> 64)};
}

Status SearchedPaths::Counted() {
  ++nodes_;
  if ((nodes_ & 0xFFF) != 0) return Status::OK();
  Told();
  Status s = bound_->error();
  if (!s.ok()) return s;
  // The budget (answer_by, --max-seconds) too: a count has no best answer
  // to give when it runs out.
  const auto now = std::chrono::steady_clock::now();
  if (now >= limits_.deadline || now >= limits_.answer_by) {
    return Status::DeadlineExceeded(
        "the optimal solutions were not all found in the time given "
        "after " +
        std::to_string(nodes_) + " states");
  }
  if (limits_.Cancelled() || nodes_ >= limits_.max_nodes) {
    return Status::DeadlineExceeded(
        "the search for the optimal solutions was stopped after " +
        std::to_string(nodes_) + " states");
  }
  return Status::OK();
}

void SearchedPaths::Told() {
  if (limits_.generated != nullptr) {
    limits_.generated->fetch_add(nodes_ - told_);
  }
  told_ = nodes_;
}

template <typename Done, typename OnMove>
Status SearchedPaths::EachMove(State* s, int prev, Done done, OnMove on_move) {
  const int from = s->blank;
  for (Move m : kAllMoves) {
    if (done()) break;
    if (static_cast<int>(m) == (prev ^ 1)) continue;  // the way back
    const int to = board_.Neighbor(from, m);
    if (to < 0) continue;
    Status st = Counted();
    if (!st.ok()) return st;
    std::swap(s->tile[from], s->tile[to]);
    s->blank = static_cast<uint8_t>(to);
    bound_->Push(m);
    st = on_move(m);
    bound_->Pop();
    std::swap(s->tile[from], s->tile[to]);
    s->blank = static_cast<uint8_t>(from);
    if (!st.ok()) return st;
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
  if (bound_->Value() > left) return Status::OK();
  const Key key = Pack(*s);
  if (auto it = memo_.find(key); it != memo_.end()) {
    // Every state met is at least `left` from the goal (the start is at
    // its distance): one with paths is at that distance, and one without
    // is farther than the `left` it was searched with.
    const Known& k = it->second;
    if (k.count() > 0 || left <= k.left) {
      *count = left == k.left ? k.count() : 0;
      return Status::OK();
    }
  }
  PathCount sum = 0;
  Status st = EachMove(
      s, prev, [] { return false; },
      [&](Move m) {
        PathCount c;
        Status r = CountFrom(s, left - 1, static_cast<int>(m), &c);
        if (r.ok() && __builtin_add_overflow(sum, c, &sum)) {
          r = Status::NotSupported(
              "more than 2^128 - 1 optimal solutions: too many to count");
        }
        return r;
      });
  if (!st.ok()) return st;
  if (memo_.size() >= kMaxMemo) memo_.clear();
  memo_[key] =
      Known{left, static_cast<uint64_t>(sum), static_cast<uint64_t>(sum >> 64)};
  *count = sum;
  return Status::OK();
}

Status SearchedPaths::Count(const State& start, int distance, Bound* bound,
                            PathCount* count) {
  State s = start;
  bound_ = bound;
  Status st = CountFrom(&s, distance, -1, count);
  Told();
  if (st.ok()) st = bound_->error();
  bound_ = nullptr;
  return st;
}

Status SearchedPaths::ListFrom(State* s, int left, int prev, size_t limit,
                               std::vector<Move>* prefix,
                               std::vector<std::vector<Move>>* paths) {
  if (left == 0) {
    paths->push_back(*prefix);
    return Status::OK();
  }
  return EachMove(
      s, prev, [&] { return paths->size() >= limit; },
      [&](Move m) {
        // Only the moves with a path on: the counts are memoized.
        PathCount c;
        Status r = CountFrom(s, left - 1, static_cast<int>(m), &c);
        if (r.ok() && c > 0) {
          prefix->push_back(m);
          r = ListFrom(s, left - 1, static_cast<int>(m), limit, prefix, paths);
          prefix->pop_back();
        }
        return r;
      });
}

Status SearchedPaths::List(const State& start, int distance, Bound* bound,
                           size_t limit, std::vector<std::vector<Move>>* paths,
                           bool* complete) {
  paths->clear();
  PathCount total;
  Status st = Count(start, distance, bound, &total);
  if (!st.ok()) return st;
  State s = start;
  std::vector<Move> prefix;
  prefix.reserve(distance);
  if (total > 0 && limit > 0) {
    bound_ = bound;
    st = ListFrom(&s, distance, -1, limit, &prefix, paths);
    Told();
    if (st.ok()) st = bound_->error();
    bound_ = nullptr;
    if (!st.ok()) return st;
  }
  *complete = total == static_cast<PathCount>(paths->size());
  return Status::OK();
}

}  // namespace slidedb
