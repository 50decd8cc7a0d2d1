// What the threads of one iteration of the parallel IDA* driver
// (lib/search/ida_driver.h) share: its counters and limits, the first
// subtree with a solution, and its progress told from within.
#ifndef SLIDEDB_LIB_SEARCH_IDA_SHARED_H_
#define SLIDEDB_LIB_SEARCH_IDA_SHARED_H_

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>

#include "lib/search/ida_search.h"

namespace slidedb {

// Where an iteration stands in its search, for progress told within it:
// the states of the iterations before it, and when the search began.
struct IdaProgressAt {
  uint64_t nodes_before = 0;
  SearchLimits::Clock::time_point began;
};

struct IdaShared {
  const SearchLimits* limits = nullptr;
  std::function<bool()> failed;        // the metric's own stop (a page error)
  std::atomic<uint64_t> nodes{0};      // generated so far, roughly
  std::atomic<bool> stop{false};       // a limit was reached
  std::atomic<size_t> best{SIZE_MAX};  // the first subtree with a solution
  // The first subtree another process (limits->share) has found a
  // solution in, as last asked (SIZE_MAX: none known).
  std::atomic<size_t> others_best{SIZE_MAX};

  // The first subtree known to hold a solution, here or in another
  // process: the subtrees after it are abandoned.
  size_t FirstFound() const {
    return std::min(best.load(std::memory_order_relaxed),
                    others_best.load(std::memory_order_relaxed));
  }

  // Adds `more` states; whether a limit is reached (then `stop` is set).
  // Asks the other processes, if any, for their first solution, so that a
  // search past it stops within 4,096 states, as one past a solution of
  // this process's threads does (without, under mpirun -np 2 the rank
  // without the goal searched its subtree to the end: Korf and Felner's
  // #32 took 1.3-1.5x the time of one process on 2 threads). Tells the
  // progress within the iteration when its time has come. Out of line:
  // called every 4,096 states, kept out of the searches' loops.
  bool PastLimits(uint64_t more);

  // Progress is told within this iteration, of bound `bound`, every
  // limits->progress_every seconds (when it is above 0 and there is a
  // limits->progress), the first that long from now.
  void TellFrom(int bound, const IdaProgressAt& at);

 private:
  // Tells limits->progress, if its time has come, on this thread: one
  // thread a time takes the turn, the others go on searching, so that the
  // reports follow one another in time and in states.
  void TellWithin(SearchLimits::Clock::time_point now);

  int bound_ = 0;
  IdaProgressAt at_;
  // When progress is next told: the clock's ticks (max: never).
  std::atomic<SearchLimits::Clock::rep> next_told_{
      SearchLimits::Clock::time_point::max().time_since_epoch().count()};
  std::mutex telling_;  // held while progress is told within the iteration
};

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_IDA_SHARED_H_
