// The parallel IDA* driver (lib/search/ida_driver.h) on a metric of its
// own: a tree where each state has three children (steps 0, 1, 2) and a
// made-up heuristic, so that the driver's split is tested apart from any
// board. A full iteration generates each state within its bound once,
// however it is split and on however many threads.
#include "lib/search/ida_driver.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <new>
#include <optional>
#include <set>
#include <thread>
#include <utility>
#include <vector>

#include "tests/test_util.h"

namespace slidedb {
namespace {

struct ToyTree {
  explicit ToyTree(std::vector<int> g) : goal(std::move(g)) {}
  std::vector<int> goal;  // the path that reaches the goal
  std::function<void()> on_search;  // called as each subtree's search starts
  // The runs the driver made and the moves it made them take from the
  // start or a subtree's root (not the search's own).
  mutable std::atomic<int> runs{0};
  mutable std::atomic<int> pushes{0};
};

// Search visits children in step order, as Collect lists them.
class ToyRun : public IdaRunBase {
 public:
  using Step = int;
  using Answer = std::vector<int>;
  static constexpr int kMaxDepth = 40;
  static constexpr const char* kMetricName = "";

  ToyRun(const ToyTree& tree, const State&, IdaShared* shared)
      : IdaRunBase(shared), tree_(tree) {
    ++tree_.runs;
  }

  void Push(int step) {
    ++tree_.pushes;
    path_.push_back(step);
  }
  bool Search(int bound) {
    if (tree_.on_search) tree_.on_search();
    return Dfs(bound, -1, nullptr);
  }
  bool Collect(int bound, int split, std::vector<IdaSubtree<int>>* out) {
    return Dfs(bound, split, out);
  }
  void TakeAnswer(Answer* answer) const { *answer = path_; }

 private:
  bool AtGoal() const { return path_ == tree_.goal; }
  // 0 at the goal, else 1 or 2 by the path's steps: pruning that varies
  // from branch to branch, so that the tree is not uniform.
  int Heuristic() const {
    if (AtGoal()) return 0;
    uint32_t h = 7;
    for (int s : path_) h = h * 31 + static_cast<uint32_t>(s);
    return 1 + static_cast<int>((h >> 3) % 2);
  }
  void AddSubtree(bool goal, std::vector<IdaSubtree<int>>* out) const {
    out->emplace_back();
    out->back().length = static_cast<uint8_t>(path_.size());
    out->back().goal = goal;
    std::copy(path_.begin(), path_.end(), out->back().moves);
  }

  bool Dfs(int bound, int split, std::vector<IdaSubtree<int>>* out) {
    const int depth = static_cast<int>(path_.size());
    if (out != nullptr && depth == split) {
      AddSubtree(false, out);
      return false;
    }
    for (int step = 0; step < 3; ++step) {
      path_.push_back(step);
      ++nodes_;
      if (out == nullptr && PastLimits()) return true;
      const int f = depth + 1 + Heuristic();
      if (f > bound) {
        next_bound_ = std::min(next_bound_, f);
      } else if (AtGoal()) {
        if (out != nullptr) AddSubtree(true, out);
        return true;
      } else if (Dfs(bound, split, out)) {
        return true;
      }
      path_.pop_back();
    }
    return false;
  }

  const ToyTree& tree_;

 protected:
  std::vector<int> path_;
};

// A ToyRun that takes a move back, as PdbSearch's runs do: the driver then
// walks one run from subtree to subtree (lib/search/ida_walk.h).
class ToyRunTakingBack : public ToyRun {
 public:
  struct Undo {
    int step = -1;
  };
  using ToyRun::Push;
  using ToyRun::ToyRun;
  void Push(int step, Undo* undo) {
    undo->step = step;
    Push(step);
  }
  void Pop(const Undo& undo) {
    EXPECT_EQ(path_.back(), undo.step);
    path_.pop_back();
  }
};
static_assert(!IdaWalk<ToyRun, ToyTree>::kTakesBack);
static_assert(IdaWalk<ToyRunTakingBack, ToyTree>::kTakesBack);

template <class Run = ToyRun>
IdaIteration<std::vector<int>> Iterate(const ToyTree& tree, int bound,
                                       int threads, bool split,
                                       SearchHelpers* helpers = nullptr) {
  SearchLimits limits;
  limits.threads = threads;
  limits.helpers = helpers;
  IdaIteration<std::vector<int>> it;
  EXPECT_TRUE(
      IdaIterate<Run>(tree, State{}, bound, limits, nullptr, &it, split).ok());
  return it;
}

TEST(IdaDriverTest, AnIterationCountsEachStateOnceHoweverSplit) {
  const ToyTree tree{{2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2}};
  // Bounds whose trees split at several depths, and deep, narrow ones.
  for (int bound = 2; bound <= 12; ++bound) {
    const auto whole = Iterate(tree, bound, 1, false);
    ASSERT_FALSE(whole.found);
    for (int threads : {1, 3}) {
      const auto split = Iterate(tree, bound, threads, true);
      EXPECT_FALSE(split.found);
      EXPECT_EQ(split.nodes, whole.nodes) << bound << " " << threads;
      EXPECT_EQ(split.next_bound, whole.next_bound) << bound;
    }
  }
}

TEST(IdaDriverTest, TheAnswerDoesNotDependOnTheSplit) {
  const ToyTree tree{{1, 0, 2, 1, 1, 0, 2}};
  const auto whole = Iterate(tree, 9, 1, false);
  ASSERT_TRUE(whole.found);
  EXPECT_EQ(whole.answer, tree.goal);
  for (int threads : {1, 2, 4}) {
    const auto split = Iterate(tree, 9, threads, true);
    ASSERT_TRUE(split.found) << threads;
    EXPECT_EQ(split.answer, tree.goal);
    // The states past the goal's subtree that the split generated count
    // too, on one thread as on several.
    if (threads > 1) {
      EXPECT_EQ(split.nodes, Iterate(tree, 9, 1, true).nodes) << threads;
    }
  }
  // A goal met while the tree is split (above the subtrees' roots).
  const ToyTree near{{2}};
  const auto found = Iterate(near, 4, 2, true);
  ASSERT_TRUE(found.found);
  EXPECT_EQ(found.answer, near.goal);
}

// A run that takes moves back is walked from subtree to subtree: the same
// states, bound and answer as new runs give, from one run for the split
// and one a thread, each subtree reached by the moves it does not share
// with the last.
TEST(IdaDriverTest, ARunThatTakesMovesBackIsWalkedFromSubtreeToSubtree) {
  const ToyTree far{std::vector<int>(18, 2)};
  for (int bound = 2; bound <= 12; ++bound) {
    for (int threads : {1, 3}) {
      const ToyTree fresh{far.goal}, walked{far.goal};
      const auto a = Iterate(fresh, bound, threads, true);
      const auto b = Iterate<ToyRunTakingBack>(walked, bound, threads, true);
      EXPECT_FALSE(b.found);
      EXPECT_EQ(b.nodes, a.nodes) << bound << " " << threads;
      EXPECT_EQ(b.next_bound, a.next_bound) << bound;
      EXPECT_LE(walked.runs.load(), 1 + threads) << bound;
      if (fresh.pushes.load() > 100) {
        EXPECT_LT(walked.pushes.load() * 2, fresh.pushes.load())
            << bound << " " << threads;
      }
    }
  }
  const ToyTree goal{{1, 0, 2, 1, 1, 0, 2}};
  for (int threads : {1, 2, 4}) {
    const auto found = Iterate<ToyRunTakingBack>(goal, 9, threads, true);
    ASSERT_TRUE(found.found) << threads;
    EXPECT_EQ(found.answer, goal.goal);
    EXPECT_EQ(found.nodes, Iterate(goal, 9, 1, true).nodes) << threads;
  }
}

// A search on one thread in a batch splits its iteration as it would on
// several, so that the batch's idle threads (SearchHelpers) take subtrees:
// here the first subtree's search waits until another thread has started
// one (or ten seconds have passed).
TEST(IdaDriverTest, ABatchsIdleThreadsHelpASearchOnOneThread) {
  std::mutex mu;
  std::condition_variable seen;
  std::set<std::thread::id> searchers;
  ToyTree tree{{2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2}};
  tree.on_search = [&] {
    std::unique_lock<std::mutex> lock(mu);
    searchers.insert(std::this_thread::get_id());
    seen.notify_all();
    if (searchers.size() == 1) {
      seen.wait_for(lock, std::chrono::seconds(10),
                    [&] { return searchers.size() > 1; });
    }
  };
  SearchHelpers helpers;
  IdaIteration<std::vector<int>> it;
  {
    testing::IdleHelper helper(&helpers);
    it = Iterate(tree, 10, 1, true, &helpers);
  }
  EXPECT_FALSE(it.found);
  EXPECT_EQ(searchers.size(), 2u);
  tree.on_search = nullptr;
  EXPECT_EQ(it.nodes, Iterate(tree, 10, 1, false).nodes);
}

// Memory that runs out on another thread of an iteration (one of its own,
// or a batch's helper) is the iteration's ResourceExhausted: the exception
// would end the process if it left the thread. Here each subtree's search
// off the calling thread throws, and the caller's first waits until one
// has (or ten seconds have passed).
TEST(IdaDriverTest, MemoryThatRunsOutOnAnotherThreadIsResourceExhausted) {
  const std::thread::id caller = std::this_thread::get_id();
  for (const bool by_helper : {false, true}) {
    std::mutex mu;
    std::condition_variable thrown;
    bool any = false;
    ToyTree tree{{2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2}};
    tree.on_search = [&] {
      std::unique_lock<std::mutex> lock(mu);
      if (std::this_thread::get_id() != caller) {
        any = true;
        thrown.notify_all();
        throw std::bad_alloc();
      }
      thrown.wait_for(lock, std::chrono::seconds(10), [&] { return any; });
    };
    SearchHelpers helpers;
    SearchLimits limits;
    limits.threads = by_helper ? 1 : 2;
    IdaIteration<std::vector<int>> it;
    Status s;
    {
      std::optional<testing::IdleHelper> helper;
      if (by_helper) {
        limits.helpers = &helpers;
        helper.emplace(&helpers);
      }
      s = IdaIterate<ToyRun>(tree, State{}, 10, limits, nullptr, &it, true);
    }
    EXPECT_TRUE(s.IsResourceExhausted()) << by_helper << " " << s.ToString();
    EXPECT_NE(s.message().find("out of memory"), std::string::npos);
    EXPECT_TRUE(any) << by_helper;
  }
}

// A search stopped in a later iteration says how many states it searched
// in all, as its progress and its answer count them, not the states of
// the iteration it stopped in.
// What IdaDeepen made of the toy tree from bound 2 up to `stop_at`.
struct Deepened {
  Status status;
  int proven = 0;
  uint64_t nodes = 0;
  bool found = false;
};
Deepened DeepenToy(const ToyTree& tree, const SearchLimits& limits,
                   int stop_at) {
  Deepened d;
  std::vector<int> answer;
  d.status = IdaDeepen<ToyRun>(tree, State{}, 2, limits, nullptr, stop_at,
                               &d.proven, &d.nodes, &answer, &d.found);
  return d;
}

TEST(IdaDriverTest, AStopCountsTheStatesOfEveryIteration) {
  ToyTree tree{std::vector<int>(30, 2)};  // far: many iterations
  std::atomic<bool> cancel{false};
  int searches = 0;
  tree.on_search = [&] {
    if (++searches == 200) cancel = true;
  };
  SearchLimits limits;
  limits.cancel = &cancel;
  const Deepened d = DeepenToy(tree, limits, 40);
  ASSERT_TRUE(d.status.IsDeadlineExceeded()) << d.status.ToString();
  EXPECT_FALSE(d.found);
  EXPECT_GT(d.proven, 3);  // stopped past the first iterations
  EXPECT_EQ(d.status.message(), "the search stopped at its limit after " +
                                    std::to_string(d.nodes) + " states");
}

// With progress_every, progress is told within an iteration too (the
// bound under way again, the states so far growing), not only as each
// begins; without it, once an iteration.
TEST(IdaDriverTest, ProgressIsToldWithinAnIterationWhenAsked) {
  for (const double every : {0.0, 0.001}) {
    ToyTree tree{std::vector<int>(30, 2)};  // far: iterations that grow
    std::mutex mu;
    std::vector<SearchProgress> told;
    SearchLimits limits;
    limits.threads = 2;
    limits.progress_every = every;
    limits.progress = [&](const SearchProgress& p) {
      std::lock_guard<std::mutex> lock(mu);
      told.push_back(p);
    };
    const Deepened d = DeepenToy(tree, limits, 15);
    ASSERT_TRUE(d.status.ok()) << d.status.ToString();
    ASSERT_FALSE(d.found);
    int within = 0;
    for (size_t i = 1; i < told.size(); ++i) {
      EXPECT_GE(told[i].bound, told[i - 1].bound);
      EXPECT_GE(told[i].nodes, told[i - 1].nodes);
      EXPECT_GE(told[i].seconds, told[i - 1].seconds);
      if (told[i].bound == told[i - 1].bound) ++within;
    }
    if (every == 0) {
      EXPECT_EQ(within, 0);
    } else {
      EXPECT_GT(within, 0) << told.size() << " reports";
    }
    EXPECT_LE(told.back().nodes, d.nodes);
  }
}

}  // namespace
}  // namespace slidedb
