// Solver::SolveMany: a batch's problems, the walks of a two-bit table
// taken together and the searches side by side; Solver::DistanceMany.
#include <algorithm>
#include <atomic>
#include <functional>
#include <vector>

#include "lib/base/out_of_memory.h"
#include "lib/base/threads.h"
#include "lib/puzzle/symmetry.h"
#include "lib/solve/solver.h"
#include "lib/solve/walk.h"

namespace slidedb {
namespace {

// Calls solve(k, limits) for each k in [0, n) on limits.threads threads
// (the calling one among them): one problem a thread, each searched on its
// thread, and a thread with no problem left to take helps the searches
// still running (SearchHelpers: it takes subtrees of their iterations), so
// that no core idles while the last ones run. With one thread (or one
// problem), one after another with `limits` as they are.
void SideBySide(size_t n, const SearchLimits& limits,
                const std::function<void(size_t k, const SearchLimits&)>& solve) {
  const size_t threads =
      std::min<size_t>(static_cast<size_t>(std::max(1, limits.threads)), n);
  if (threads <= 1 || limits.helpers != nullptr) {
    for (size_t k = 0; k < n; ++k) solve(k, limits);
    return;
  }
  SearchHelpers helpers;
  SearchLimits one = limits;
  one.threads = 1;
  one.helpers = &helpers;
  std::atomic<size_t> next{0}, done{0};
  auto work = [&] {
    for (;;) {
      const uint64_t generation = helpers.generation();
      const size_t k = next.fetch_add(1);
      if (k < n) {
        solve(k, one);
        if (done.fetch_add(1) + 1 == n) helpers.Wake();  // the last one
        continue;
      }
      if (done.load() == n) return;
      helpers.HelpOrWait(generation);
    }
  };
  RunOnThreads(static_cast<int>(threads), work);
}

// `time` cut to `seconds` from now when that is more than 0.
SearchLimits::Clock::time_point FromNow(SearchLimits::Clock::time_point time,
                                        double seconds) {
  if (seconds <= 0) return time;
  return std::min(time,
                  SearchLimits::Clock::now() + SearchLimits::Seconds(seconds));
}

}  // namespace

void Solver::SolveMany(const Problem* problems, size_t n, Path* paths,
                       Status* statuses, const SearchLimits& limits,
                       double answer_seconds) {
  // A problem's limits from its own start.
  auto own = [answer_seconds](const SearchLimits& l) {
    SearchLimits mine = l;
    mine.answer_by = FromNow(mine.answer_by, answer_seconds);
    return mine;
  };
  // The problems of the first two-bit table met, walked together
  // (WalkManyToGoal); the searched ones side by side; every other one
  // alone.
  Table* shared = nullptr;
  int goal_blank = -1;
  std::vector<size_t> together, searched;
  std::vector<State> starts;
  for (size_t k = 0; k < n; ++k) {
    const Problem& p = problems[k];
    Table* table = nullptr;
    Status s = TableFor(p, &table);
    if (s.ok() && table != nullptr && table->two_bit() &&
        (shared == nullptr ||
         (table == shared && p.goal_blank == goal_blank))) {
      shared = table;
      goal_blank = p.goal_blank;
      together.push_back(k);
      continue;
    }
    if (s.ok() && table == nullptr) {
      searched.push_back(k);  // side by side, below
      continue;
    }
    statuses[k] = s.ok() ? Solve(p, &paths[k], own(limits)) : s;
  }
  SideBySide(searched.size(), limits, [&](size_t j, const SearchLimits& l) {
    const size_t k = searched[j];
    // On a thread of SideBySide's: memory that runs out (a search's
    // weighted pass within a budget) is this state's failure.
    statuses[k] = StatusIfOutOfMemory(
        [&] { return Solve(problems[k], &paths[k], own(l)); });
  });
  if (together.empty()) return;
  const GoalMap map(shared->indexer().board(), goal_blank);
  const bool mapped = !map.identity();
  for (size_t k : together) {
    starts.push_back(mapped ? map.ToStored(problems[k].start)
                            : problems[k].start);
  }
  if (together.size() == n) {
    // All of them (a batch's common case): walked into the caller's paths,
    // whose buffers a caller may keep from batch to batch.
    WalkManyToGoal(shared, starts.data(), n, paths, statuses);
  } else {
    std::vector<Path> walked(together.size());
    std::vector<Status> walked_status(together.size());
    WalkManyToGoal(shared, starts.data(), starts.size(), walked.data(),
                   walked_status.data());
    for (size_t j = 0; j < together.size(); ++j) {
      paths[together[j]] = std::move(walked[j]);
      statuses[together[j]] = std::move(walked_status[j]);
    }
  }
  for (size_t k : together) {
    Path& path = paths[k];
    path.metric = problems[k].metric;
    path.nodes = -1;
    path.optimal = true;
    path.lower_bound = -1;
    if (mapped) PathFromStored(map, &path);
  }
}

Status Solver::DistanceMany(const Problem& like, const State* starts, size_t n,
                            int* distances, const SearchLimits& limits,
                            double budget_seconds) {
  Table* table = nullptr;
  if (!Searches(like.board, like.goal_blank, like.metric)) {
    const int stored = StoredGoalBlank(like.board, like.goal_blank);
    Status s = GetTable(like.board, stored, &table, like.metric);
    if (!s.ok()) return s;
  }
  if (table == nullptr) {
    // Searched side by side, as SolveMany searches.
    std::vector<Status> statuses(n);
    SideBySide(n, limits, [&](size_t k, const SearchLimits& l) {
      Problem p = like;
      p.start = starts[k];
      SearchLimits own = l;
      own.deadline = FromNow(own.deadline, budget_seconds);
      // On a thread of SideBySide's, as in SolveMany.
      statuses[k] =
          StatusIfOutOfMemory([&] { return Distance(p, &distances[k], own); });
    });
    for (const Status& s : statuses) {
      if (!s.ok()) return s;
    }
    return Status::OK();
  }
  const GoalMap map(like.board, like.goal_blank);
  for (size_t k = 0; k < n; ++k) {
    Status s = DistanceToGoal(
        table, map.identity() ? starts[k] : map.ToStored(starts[k]),
        &distances[k]);
    if (!s.ok()) return s;
  }
  return Status::OK();
}

}  // namespace slidedb
