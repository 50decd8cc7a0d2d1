#include "lib/analysis/searched_paths.h"

#include <algorithm>
#include <chrono>
#include <mutex>
#include <string>
#include <thread>
#include <utility>

#include "lib/search/ida_driver.h"

namespace slidedb {

struct SearchedPaths::Shared {
  std::atomic<bool> stop{false};
  std::atomic<uint64_t> nodes{0};  // every thread's, 4,096 at a time
  std::mutex mutex;
  Status first;  // the first thread's error that stopped the others
  void Stop(const Status& s) {
    std::lock_guard<std::mutex> lock(mutex);
    if (first.ok()) first = s;
    stop.store(true);
  }
};

namespace {

// The tasks a count on several threads is split into, at least: enough
// that a thread that draws a long one does not leave the others idle.
constexpr size_t kTasksPerThread = 64;
// The split goes this many moves deep at most.
constexpr int kMaxSplitDepth = 16;

}  // namespace

SearchedPaths::SearchedPaths(const Board& board, int goal_blank,
                             const SearchLimits& limits)
    : board_(board), goal_(CanonicalGoal(board, goal_blank)), limits_(limits) {}

SearchedPaths::SearchedPaths(const SearchedPaths& like, Shared* shared)
    : board_(like.board_),
      goal_(like.goal_),
      limits_(like.limits_),
      shared_(shared),
      reports_(false),
      counting_(like.counting_) {}

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
  // Another thread's error is the count's (Shared::first).
  if (shared_ != nullptr && shared_->stop.load()) {
    return Status::DeadlineExceeded("stopped by another thread");
  }
  const uint64_t all =
      shared_ != nullptr ? shared_->nodes.fetch_add(0x1000) + 0x1000 : nodes_;
  Status s = bound_->error();
  if (!s.ok()) return s;
  // The budget (answer_by, --max-seconds) too: a count has no best answer
  // to give when it runs out.
  const auto now = std::chrono::steady_clock::now();
  if (now >= limits_.deadline || now >= limits_.answer_by) {
    return Status::DeadlineExceeded(
        "the optimal solutions were not all found in the time given "
        "after " +
        std::to_string(all) + " states");
  }
  if (limits_.Cancelled() || all >= limits_.max_nodes) {
    return Status::DeadlineExceeded(
        "the search for the optimal solutions was stopped after " +
        std::to_string(all) + " states");
  }
  if (reports_ && now - reported_ >= progress_every_) Report();
  return Status::OK();
}

void SearchedPaths::Report() {
  reported_ = std::chrono::steady_clock::now();
  if (!limits_.progress) return;
  const std::chrono::duration<double> seconds = reported_ - began_;
  const uint64_t all =
      shared_ != nullptr ? shared_->nodes.load() + (nodes_ & 0xFFF) : nodes_;
  limits_.progress(SearchProgress{counting_, all, seconds.count(), true});
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

bool SearchedPaths::Recall(const Key& key, int left, PathCount* count) const {
  const PathMemo::Entry* k = memo_.Find(key.lo, key.hi);
  for (size_t m = 0; k == nullptr && m < kept_.size(); ++m) {
    k = kept_[m].Find(key.lo, key.hi);
  }
  // Every state met is at least `left` from the goal (the start is at its
  // distance): one with paths is at that distance, and one without is
  // farther than the `left` it was searched with.
  if (k == nullptr || (k->count() == 0 && left > k->left)) return false;
  *count = left == k->left ? k->count() : 0;
  return true;
}

template <typename Paths>
Status SearchedPaths::SumMoves(State* s, int prev, Paths paths,
                               PathCount* sum) {
  *sum = 0;
  return EachMove(
      s, prev, [] { return false; },
      [&](Move m) {
        PathCount c;
        Status r = paths(m, &c);
        if (r.ok() && __builtin_add_overflow(*sum, c, sum)) {
          r = Status::NotSupported(
              "more than 2^128 - 1 optimal solutions: too many to count");
        }
        return r;
      });
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
  if (Recall(key, left, count)) return Status::OK();
  PathCount sum;
  Status st = SumMoves(
      s, prev,
      [&](Move m, PathCount* c) {
        return CountFrom(s, left - 1, static_cast<int>(m), c);
      },
      &sum);
  if (!st.ok()) return st;
  Keep(key, left, sum);
  *count = sum;
  return Status::OK();
}

void SearchedPaths::Keep(const Key& key, int left, PathCount count) {
  memo_.Put(key.lo, key.hi, left, count);
  if (count == 0 || !on_path_complete_) return;
  if (on_path_.size() >= kMaxOnPath) {
    on_path_.clear();
    on_path_complete_ = false;
    return;
  }
  on_path_.emplace(key, left);
}

Status SearchedPaths::Count(const State& start, int distance,
                            const BoundMaker& make_bound, PathCount* count) {
  // Counted before (List after Count): nothing to search or tell.
  if (Recall(Pack(start), distance, count)) return Status::OK();
  counting_ = distance;
  began_ = std::chrono::steady_clock::now();
  Report();
  const std::unique_ptr<Bound> bound = make_bound();
  bound_ = bound.get();
  Status st;
  if (limits_.threads > 1 || limits_.helpers != nullptr) {
    st = CountOnThreads(start, distance, make_bound, count);
  } else {
    State s = start;
    st = CountFrom(&s, distance, -1, count);
  }
  Told();
  if (st.ok()) st = bound_->error();
  bound_ = nullptr;
  return st;
}

Status SearchedPaths::Split(State* s, int depth, int left, int prev,
                            std::vector<Move>* moves, std::vector<Task>* tasks,
                            TaskIndex* index) {
  if (bound_->Value() > left) return Status::OK();
  if (depth == 0) {
    // A state another sequence reached is counted once (the move back is
    // never on a path, so which sequence is kept does not matter).
    if (index->emplace(Pack(*s), tasks->size()).second) {
      tasks->push_back(Task{*s, *moves});
    }
    return Status::OK();
  }
  return EachMove(
      s, prev, [] { return false; },
      [&](Move m) {
        moves->push_back(m);
        Status r = Split(s, depth - 1, left - 1, static_cast<int>(m), moves,
                         tasks, index);
        moves->pop_back();
        return r;
      });
}

Status SearchedPaths::SumSplit(State* s, int depth, int left, int prev,
                               const TaskIndex& index,
                               const std::vector<PathCount>& counts,
                               PathCount* count) {
  *count = 0;
  if (bound_->Value() > left) return Status::OK();
  const Key key = Pack(*s);
  if (depth == 0) {
    // Not a task: the bound reads higher now than in the split (a page
    // given back to a memory limit reads as zeros), so a bound pruned it
    // then, and it has no paths.
    const auto it = index.find(key);
    *count = it == index.end() ? 0 : counts[it->second];
    return Status::OK();
  }
  PathCount sum;
  Status st = SumMoves(
      s, prev,
      [&](Move m, PathCount* c) {
        return SumSplit(s, depth - 1, left - 1, static_cast<int>(m), index,
                        counts, c);
      },
      &sum);
  if (!st.ok()) return st;
  Keep(key, left, sum);
  *count = sum;
  return Status::OK();
}

Status SearchedPaths::CountTasks(const std::vector<Task>& tasks, int distance,
                                 const BoundMaker& make_bound,
                                 std::atomic<size_t>* next,
                                 std::vector<PathCount>* counts) {
  const std::unique_ptr<Bound> own = bound_ == nullptr ? make_bound() : nullptr;
  if (own != nullptr) bound_ = own.get();
  Status st;
  for (size_t i; st.ok() && (i = next->fetch_add(1)) < tasks.size();) {
    const Task& t = tasks[i];
    for (Move m : t.moves) bound_->Push(m);
    State s = t.state;
    const int left = distance - static_cast<int>(t.moves.size());
    const int prev = t.moves.empty() ? -1 : static_cast<int>(t.moves.back());
    st = CountFrom(&s, left, prev, &(*counts)[i]);  // each i one thread's
    for (size_t k = 0; k < t.moves.size(); ++k) bound_->Pop();
  }
  Told();
  if (own != nullptr) bound_ = nullptr;
  return st;
}

Status SearchedPaths::CountOnThreads(const State& start, int distance,
                                     const BoundMaker& make_bound,
                                     PathCount* count) {
  // The shallowest split with enough tasks.
  std::vector<Task> tasks;
  TaskIndex index;
  const size_t enough = kTasksPerThread * std::max(limits_.threads, Cores());
  int depth = 0;
  for (;; ++depth) {
    tasks.clear();
    index.clear();
    std::vector<Move> moves;
    State s = start;
    Status st = Split(&s, depth, distance, -1, &moves, &tasks, &index);
    if (!st.ok()) return st;
    if (tasks.size() >= enough || depth == std::min(distance, kMaxSplitDepth)) {
      break;
    }
  }
  kept_.clear();
  Shared shared;
  shared.nodes = nodes_ & ~uint64_t{0xFFF};
  shared_ = &shared;
  std::mutex mutex;  // guards others
  std::vector<std::unique_ptr<SearchedPaths>> others;
  std::vector<PathCount> counts(tasks.size(), 0);
  std::atomic<size_t> next{0};
  const std::thread::id caller = std::this_thread::get_id();
  // Each thread's own search (this one the calling thread's: it tells the
  // progress).
  const Status ran = IdaRunThreads(limits_, &shared.stop, [&] {
    SearchedPaths* own = this;
    if (std::this_thread::get_id() != caller) {
      std::lock_guard<std::mutex> lock(mutex);
      others.push_back(
          std::unique_ptr<SearchedPaths>(new SearchedPaths(*this, &shared)));
      own = others.back().get();
    }
    const Status st =
        own->CountTasks(tasks, distance, make_bound, &next, &counts);
    if (!st.ok()) shared.Stop(st);
  });
  shared_ = nullptr;
  // The others' states are this search's, their memos are read after (a
  // list's counts: moved, not merged, which takes longer than the count),
  // and their states on paths are this search's.
  for (const auto& other : others) {
    nodes_ += other->nodes_;
    told_ += other->told_;
    kept_.push_back(std::move(other->memo_));
    on_path_complete_ = on_path_complete_ && other->on_path_complete_ &&
                        on_path_.size() + other->on_path_.size() <= kMaxOnPath;
    if (on_path_complete_) on_path_.merge(other->on_path_);
    other->on_path_.clear();
  }
  if (!on_path_complete_) on_path_.clear();
  if (!ran.ok()) return ran;
  if (!shared.first.ok()) return shared.first;
  // The start's count from the tasks', the states on the way kept.
  State s = start;
  return SumSplit(&s, depth, distance, -1, index, counts, count);
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
        // Only the moves with a path on.
        bool has;
        Status r = HasPaths(s, left - 1, static_cast<int>(m), &has);
        if (r.ok() && has) {
          prefix->push_back(m);
          r = ListFrom(s, left - 1, static_cast<int>(m), limit, prefix, paths);
          prefix->pop_back();
        }
        return r;
      });
}

Status SearchedPaths::HasPaths(State* s, int left, int prev, bool* has) {
  if (left == 0) {
    *has = *s == goal_;
    return Status::OK();
  }
  if (on_path_complete_) {
    const auto it = on_path_.find(Pack(*s));
    *has = it != on_path_.end() && it->second == left;
    return Status::OK();
  }
  PathCount c;
  const Status st = CountFrom(s, left, prev, &c);
  *has = c > 0;
  return st;
}

Status SearchedPaths::List(const State& start, int distance,
                           const BoundMaker& make_bound, size_t limit,
                           std::vector<std::vector<Move>>* paths,
                           bool* complete) {
  paths->clear();
  PathCount total;
  Status st = Count(start, distance, make_bound, &total);
  if (!st.ok()) return st;
  State s = start;
  std::vector<Move> prefix;
  prefix.reserve(distance);
  if (total > 0 && limit > 0) {
    const std::unique_ptr<Bound> bound = make_bound();
    bound_ = bound.get();
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
