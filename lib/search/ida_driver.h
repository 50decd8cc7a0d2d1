// The parallel IDA* driver every metric's search shares (PdbSearch,
// lib/search/ida_search.h, in single-tile moves; MtmSearch,
// lib/search/mtm_search.h, in multi-tile moves): each iteration's tree is
// split into subtrees taken in order by limits.threads threads and by the
// batch's idle threads (SearchHelpers), under the limits (nodes, deadline,
// cancel); the iterations deepen the bound until one finds the goal.
//
// A metric gives its depth-first search as a class `Run` (one depth-first
// search, deriving from IdaRun<Step, Answer, ...>, which declares the
// metric's types and constants and keeps the counters) with
//   void Push(Step);                 // makes a legal move the next
//   bool Search(int bound);          // below the moves pushed so far
//   // Below the moves pushed so far: the subtrees rooted `split` moves
//   // from the start within the bound; true if it met the goal (the last).
//   bool Collect(int bound, int split, std::vector<IdaSubtree<Step>>*);
//   void TakeAnswer(Answer*) const;
// and the driver, like Stockfish's search<NodeType>(), is instantiated once
// a metric. Included by the metrics' .cc files only.
#ifndef SLIDEDB_LIB_SEARCH_IDA_DRIVER_H_
#define SLIDEDB_LIB_SEARCH_IDA_DRIVER_H_

#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <cstdint>
#include <cstring>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#include "lib/base/out_of_memory.h"
#include "lib/base/status.h"
#include "lib/base/threads.h"
#include "lib/puzzle/path.h"
#include "lib/puzzle/state.h"
#include "lib/search/ida_search.h"
#include "lib/search/ida_shared.h"
#include "lib/search/ida_walk.h"
#include "lib/search/iteration_share.h"

namespace slidedb {

// The deepest point at which an iteration's tree is split into subtrees,
// and how many subtrees are enough: the same whatever the number of
// threads, so that the path and the count of states are those of one
// thread (kept from PdbSearch, whose path depends on the split; MtmSearch
// had 16 and 64 a thread).
inline constexpr int kMaxSplit = 32;
inline constexpr size_t kEnoughSubtrees = 256;
// An iteration after one of fewer states is searched whole by one thread:
// expected a few milliseconds, it would spend more on its split than two
// threads save. The count of states does not depend on the threads, so
// neither does the path.
inline constexpr uint64_t kSplitFrom = 10000;

// The owner of a run: its search, what its root does not take (`root`: a
// move in single-tile runs, an axis in multi-tile ones; -1 nothing), and
// the caller's move order (MoveOrder: the run takes each state's children
// in it when the start is the caller's mirrored or turned; single-tile runs
// only). A search converts to one that skips nothing, in its own order.
template <class Search>
struct IdaRooted {
  IdaRooted(const Search& s, int r = -1,  // NOLINT
            MoveOrder o = MoveOrder::kOwn)
      : search(s), root(r), order(o) {}
  const Search& search;
  int root;
  MoveOrder order;
};

// A subtree of an iteration: the moves that lead to its root, or to the
// goal when `goal`.
template <class Step>
struct IdaSubtree {
  uint8_t length = 0;
  bool goal = false;
  Step moves[kMaxSplit];
};

// One iteration's outcome.
template <class Answer>
struct IdaIteration {
  bool found = false;
  Answer answer;
  int next_bound = INT_MAX;  // the least f over the bound
  uint64_t nodes = 0;
};

// The counters of one depth-first search, and its look at the limits.
class IdaRunBase {
 public:
  explicit IdaRunBase(IdaShared* shared) : shared_(shared) {}

  uint64_t nodes() const { return nodes_; }
  int next_bound() const { return next_bound_; }
  bool stopped() const { return stopped_; }
  bool abandoned() const { return abandoned_; }
  void set_subtree(size_t i) { subtree_ = i; }
  // The counters of a new run, for the next subtree (IdaWalk).
  void Restart() {
    nodes_ = 0;
    next_bound_ = INT_MAX;
    stopped_ = abandoned_ = false;
  }

 protected:
  // Whether the search is past its limits, or its subtree comes after one
  // that holds a solution, here or in another process (then it unwinds, as if
  // found). Looks only when nodes_ is a multiple of 4,096.
  bool PastLimits() {
    if ((nodes_ & 0xFFF) != 0 || shared_ == nullptr) return false;
    if (subtree_ > shared_->FirstFound()) {
      abandoned_ = true;
      return true;
    }
    stopped_ = shared_->PastLimits(0x1000);
    return stopped_;
  }

  IdaShared* shared_;
  uint64_t nodes_ = 0;
  int next_bound_ = INT_MAX;
  size_t subtree_ = 0;
  bool stopped_ = false;
  bool abandoned_ = false;
};

// The base of a metric's Run: its move (Step), what a search that found
// the goal hands back (Answer), the depth past which searches give up and
// its name in messages ("" or "MTM ").
template <class StepT, class AnswerT, int kDepth, const char* kName>
class IdaRun : public IdaRunBase {
 public:
  using Step = StepT;
  using Answer = AnswerT;
  static constexpr int kMaxDepth = kDepth;
  static constexpr const char* kMetricName = kName;

  using IdaRunBase::IdaRunBase;
};

// Splits the tree of an iteration into subtrees: one move deeper at a
// time, each subtree of a level replaced by its children within the bound
// in order, until there are enough, or a goal is met on the way (then the
// last one is the goal). Each state above the split is generated once. The
// split is the same on one thread: a batch's idle threads (limits.helpers)
// then take its subtrees, and the count of states, which includes the
// states above the split past the goal's subtree, does not depend on the
// threads.
template <class Run, class Owner, class Answer>
std::vector<IdaSubtree<typename Run::Step>> IdaSplit(
    const Owner& owner, const State& start, int bound, bool split_it,
    IdaShared* shared, IdaIteration<Answer>* out) {
  std::vector<IdaSubtree<typename Run::Step>> level(1), deeper;  // the root
  if (!split_it) return level;
  IdaWalk<Run, Owner> walk(owner, start, shared);
  for (int split = 1;; ++split) {
    deeper.clear();
    bool goal = false;
    for (const auto& t : level) {
      Run& collect = walk.To(t);
      goal = collect.Collect(bound, split, &deeper);
      out->nodes += collect.nodes();
      out->next_bound = std::min(out->next_bound, collect.next_bound());
      if (goal) break;
    }
    level.swap(deeper);
    if (goal || level.empty() || split >= std::min(bound, kMaxSplit) ||
        level.size() >= kEnoughSubtrees) {
      return level;
    }
  }
}

// The moves of an answer: a single-tile path's, or the answer itself when
// it is its moves (the multi-tile search's).
inline const std::vector<Move>& AnswerSteps(const Path& path) {
  return path.moves;
}
template <class Step>
const std::vector<Step>& AnswerSteps(const std::vector<Step>& steps) {
  return steps;
}

// An answer's moves as bytes, for another process of the same program
// (IterationShare::ShareAnswer).
template <class Step>
std::string StepBytes(const std::vector<Step>& steps) {
  static_assert(std::is_trivially_copyable_v<Step>);
  return std::string(reinterpret_cast<const char*>(steps.data()),
                     steps.size() * sizeof(Step));
}

// The answer whose moves another process sent as `bytes`, played from
// `start` into *answer; false when they are no answer's.
template <class Run, class Owner, class Answer>
bool AnswerFromBytes(const Owner& owner, const State& start,
                     const std::string& bytes, Answer* answer) {
  using Step = typename Run::Step;
  if (bytes.size() % sizeof(Step) != 0 ||
      bytes.size() / sizeof(Step) > static_cast<size_t>(Run::kMaxDepth)) {
    return false;
  }
  std::vector<Step> steps(bytes.size() / sizeof(Step));
  std::memcpy(steps.data(), bytes.data(), bytes.size());
  Run run(owner, start, nullptr);
  for (const Step& step : steps) run.Push(step);
  run.TakeAnswer(answer);
  return true;
}

// Combines what the processes of limits.share found in one iteration (all
// of them call it, once an iteration): the first subtree with the goal,
// the least next bound, the states of each subtree, a stop of any. The
// process that found the first goal sends its path to the others; were
// none to, each would search that subtree again for it (the same path: a
// subtree's search does not depend on who runs it), as it did before:
// 1.26 s of #32's 9.4 s under mpirun -np 2 (BENCHMARKS.md). False, on
// every process alike and with no answer shared, when memory ran out in
// any (`out_of_memory`: in this one).
template <class Run, class Owner, class Answer>
bool IdaCombine(const Owner& owner, const State& start, int bound,
                const std::vector<IdaSubtree<typename Run::Step>>& subtrees,
                IterationShare* share, IdaShared* shared, bool out_of_memory,
                std::vector<uint64_t>* subtree_nodes,
                IdaIteration<Answer>* out) {
  IterationShare::Outcome o;
  o.best = shared->best;
  o.next_bound = out->next_bound;
  o.stopped = shared->stop;
  o.out_of_memory = out_of_memory;
  o.nodes = std::move(*subtree_nodes);
  share->End(&o);
  *subtree_nodes = std::move(o.nodes);
  out->next_bound = o.next_bound;
  shared->stop = o.stopped;
  // Every process returns here alike, before the collective ShareAnswer.
  if (o.out_of_memory) return false;
  if (o.best == SIZE_MAX) return true;
  const bool mine = o.best == shared->best;
  std::string bytes = mine ? StepBytes(AnswerSteps(out->answer)) : "";
  if (share->ShareAnswer(mine, &bytes) && !mine &&
      AnswerFromBytes<Run>(owner, start, bytes, &out->answer)) {
    out->found = true;
    shared->best = o.best;
    return true;
  }
  if (mine) return true;
  const auto& t = subtrees[o.best];
  Run run(owner, start, nullptr);  // no limits: it holds the goal
  for (int k = 0; k < t.length; ++k) run.Push(t.moves[k]);
  if (t.goal || run.Search(bound)) {
    run.TakeAnswer(&out->answer);
    out->found = true;
    shared->best = o.best;
  }
  return true;
}

// A search stopped at its limits (deadline, answer_by, cancel) with no
// answer, after `nodes` states.
template <class Run>
Status IdaStopped(uint64_t nodes) {
  return Status::DeadlineExceeded(std::string("the ") + Run::kMetricName +
                                  "search stopped at its limit after " +
                                  std::to_string(nodes) + " states");
}

// Runs `work` (an iteration's) on the calling thread, on limits.threads - 1
// threads more and on the helpers of limits.helpers, until none is in it.
// Memory that runs out on any of them (an exception leaving a thread would
// end the process) sets *stop, so that the others stop, and is returned as
// ResourceExhausted; anything else thrown on the calling thread passes, once
// the others have ended.
inline Status IdaRunThreads(const SearchLimits& limits, std::atomic<bool>* stop,
                            const std::function<void()>& work) {
  std::atomic<bool> ran_out{false};
  auto guarded_work = [&] {
    if (RanOutOfMemory(work)) {
      ran_out = true;
      *stop = true;
    }
  };
  // Made before any thread starts: memory that runs out here leaves none
  // running behind it.
  SearchHelpers::Offer offer{guarded_work};
  const int threads = std::max(1, limits.threads);
  std::vector<std::thread> pool;
  pool.reserve(threads - 1);
  for (int t = 1; t < threads; ++t) {
    // The others share the subtrees of a thread the system will not start.
    if (!StartThread(&pool, guarded_work)) break;
  }
  bool posted = false;
  // Neither the offer nor a thread outlives this frame.
  auto finish = [&] {
    if (posted) limits.helpers->Withdraw(&offer);
    for (auto& t : pool) t.join();
  };
  try {
    if (limits.helpers != nullptr) {
      limits.helpers->Post(&offer);
      posted = true;
    }
    guarded_work();
  } catch (...) {  // anything but memory here, or the offer's post: passed on
    *stop = true;  // the others stop first
    finish();
    throw;
  }
  finish();
  // Worded here, every thread joined: running out again passes on.
  return ran_out ? Status::ResourceExhausted(OutOfMemoryText(false))
                 : Status::OK();
}

// One iteration of IDA* with `bound` over limits.threads threads (and the
// helpers of limits.helpers, and the processes of limits.share), its tree
// split unless `split` is false; `failed` (may be empty) stops it as a
// limit does. A path found within the bound is optimal, even if a limit
// stopped the search of the subtrees before it.
template <class Run, class Owner>
Status IdaIterate(const Owner& owner, const State& start, int bound,
                  const SearchLimits& limits, std::function<bool()> failed,
                  IdaIteration<typename Run::Answer>* out, bool split = true,
                  const IdaProgressAt* at = nullptr) {
  IdaShared shared;
  shared.limits = &limits;
  shared.failed = std::move(failed);
  if (at != nullptr) shared.TellFrom(bound, *at);
  const auto subtrees = IdaSplit<Run>(owner, start, bound, split, &shared, out);
  std::vector<uint64_t> subtree_nodes(subtrees.size(), 0);
  std::atomic<size_t> next{0};
  std::mutex mu;
  IterationShare* share = limits.share;  // other processes take subtrees too
  if (share != nullptr) share->Begin(subtrees.size());
  auto work = [&] {
    IdaWalk<Run, Owner> walk(owner, start, &shared);
    for (;;) {
      const size_t i = share != nullptr ? share->Next() : next.fetch_add(1);
      // A subtree that is the goal costs nothing: it is taken past a limit
      // too (with a deadline of a millisecond, a state one move away).
      if (i >= subtrees.size() || i > shared.best.load() ||
          (share != nullptr && i > share->Best()) ||
          (!subtrees[i].goal && shared.PastLimits(0))) {
        return;
      }
      const auto& t = subtrees[i];
      Run& run = walk.To(t);
      run.set_subtree(i);
      const bool found = t.goal || run.Search(bound);
      shared.nodes += run.nodes() & 0xFFF;  // the rest were added on the way
      std::lock_guard<std::mutex> lock(mu);
      subtree_nodes[i] = run.nodes();
      out->next_bound = std::min(out->next_bound, run.next_bound());
      if (found && !run.stopped() && !run.abandoned() &&
          i < shared.best.load()) {
        shared.best = i;
        out->found = true;
        run.TakeAnswer(&out->answer);
        if (share != nullptr) share->Found(i);
      }
      if (found) walk.Lost();  // not back at the subtree's root
    }
  };
  const Status out_of_memory = IdaRunThreads(limits, &shared.stop, work);
  if (!out_of_memory.ok()) {  // its answer may be half taken: none
    shared.best = SIZE_MAX;
    out->found = false;
  }
  // The other processes wait for this one's end, memory out or not.
  if (share != nullptr &&
      !IdaCombine<Run>(owner, start, bound, subtrees, share, &shared,
                       !out_of_memory.ok(), &subtree_nodes, out) &&
      out_of_memory.ok()) {
    return Status::ResourceExhausted(
        "out of memory in another process of the search (mpirun); asked "
        "again with more memory free, it may answer");
  }
  if (!out_of_memory.ok()) return out_of_memory;
  for (size_t i = 0; i < subtrees.size() && i <= shared.best; ++i) {
    out->nodes += subtree_nodes[i];
  }
  if (limits.generated != nullptr) {
    limits.generated->fetch_add(out->nodes, std::memory_order_relaxed);
  }
  if (shared.stop && !out->found) return IdaStopped<Run>(out->nodes);
  return Status::OK();
}

// Empties *path for a search's answer: no moves, no states yet, optimal.
inline void StartPath(Path* path) {
  path->moves.clear();
  path->tiles.clear();
  path->nodes = 0;
  path->optimal = true;
  path->lower_bound = -1;
}

// IDA*: iterations from `bound` on, each with the least f its predecessor
// left over the bound, until one finds the goal (*answer), a limit stops
// one, or the bound reaches `stop_at` (OK, no answer). *nodes counts the
// states of every iteration so far and *proven the bound under way (at
// most the distance), also when a limit stops the search. Tells
// limits.progress before each iteration, and within one every
// limits.progress_every seconds.
template <class Run, class Owner>
Status IdaDeepen(const Owner& owner, const State& start, int bound,
                 const SearchLimits& limits,
                 const std::function<bool()>& failed, int stop_at, int* proven,
                 uint64_t* nodes, typename Run::Answer* answer, bool* found) {
  *found = false;
  *proven = bound;
  const auto began = SearchLimits::Clock::now();
  bool first = true;
  uint64_t last_nodes = 0;
  for (;;) {
    if (bound >= stop_at) return Status::OK();
    if (limits.progress) {
      const std::chrono::duration<double> seconds =
          SearchLimits::Clock::now() - began;
      limits.progress(SearchProgress{bound, *nodes, seconds.count()});
    }
    IdaIteration<typename Run::Answer> it;
    const IdaProgressAt at{*nodes, began};
    Status s = IdaIterate<Run>(owner, start, bound, limits, failed, &it,
                               first || last_nodes >= kSplitFrom, &at);
    first = false;
    last_nodes = it.nodes;
    *nodes += it.nodes;
    // Stopped: the states of every iteration, not of the last alone.
    if (s.IsDeadlineExceeded()) return IdaStopped<Run>(*nodes);
    if (!s.ok()) return s;
    if (it.found) {
      *answer = std::move(it.answer);
      *found = true;
      return Status::OK();
    }
    if (it.next_bound > Run::kMaxDepth) {
      return Status::InvalidArgument(std::string("no ") + Run::kMetricName +
                                     "solution within " +
                                     std::to_string(Run::kMaxDepth) + " moves");
    }
    bound = it.next_bound;
    *proven = bound;
  }
}

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_IDA_DRIVER_H_
