// Work run on several threads at once: one piece on every thread, the
// pattern of each parallel pass that shares out its pieces itself (an
// atomic counter of chunks, frames, groups...), or two halves side by
// side; when the system starts fewer threads, the caller does the rest.
#ifndef SLIDEDB_LIB_BASE_THREADS_H_
#define SLIDEDB_LIB_BASE_THREADS_H_

#include <sched.h>

#include <algorithm>
#include <atomic>
#include <functional>
#include <new>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

namespace slidedb {

// The most threads a user may ask a tool for (--threads, --work-threads).
inline constexpr int kMaxThreads = 256;

// The CPUs this thread may run on: its affinity (taskset, a container's
// cpuset, mpirun binding each rank to a core), or when the system does not
// say, the machine's first ones, as many as it has (at least one).
inline cpu_set_t AllowedCpus() {
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  if (sched_getaffinity(0, sizeof(allowed), &allowed) == 0 &&
      CPU_COUNT(&allowed) > 0) {
    return allowed;
  }
  CPU_ZERO(&allowed);
  const int machine =
      static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  for (int cpu = 0; cpu < machine && cpu < CPU_SETSIZE; ++cpu) {
    CPU_SET(cpu, &allowed);
  }
  return allowed;
}

// The threads this process may run at once (at least 1): AllowedCpus, as
// `nproc` counts them.
inline int Cores() {
  const cpu_set_t allowed = AllowedCpus();
  return CPU_COUNT(&allowed);
}

// For tests: while set, StartThread starts nothing, as when the system
// refuses every thread.
inline std::atomic<bool> refuse_threads_for_testing{false};

// Starts a thread running `f` at the end of *threads; false, with nothing
// started, when the system has no room for another (std::system_error, or
// std::bad_alloc for the thread's state, as under ulimit -v): the caller
// does that share of the work itself. A thread that failed to start once
// made the vector unwind with threads still running, which ends the
// process.
// REQUIRES: threads->capacity() > threads->size() (reserve before the
// first: growing it may throw too).
template <typename F>
bool StartThread(std::vector<std::thread>* threads, F&& f) {
  if (refuse_threads_for_testing.load(std::memory_order_relaxed)) return false;
  try {
    threads->emplace_back(std::forward<F>(f));
    return true;
  } catch (const std::system_error&) {
    return false;
  } catch (const std::bad_alloc&) {
    return false;
  }
}

// Runs `work` on `threads` threads, the caller's one of them, and returns
// once every one has returned. threads < 2: on the caller's alone; fewer
// when the system cannot start them all (StartThread), the work sharing
// out its pieces itself.
template <typename Work>
void RunOnThreads(int threads, const Work& work) {
  std::vector<std::thread> others;
  others.reserve(std::max(threads - 1, 0));
  for (int t = 1; t < threads; ++t) {
    if (!StartThread(&others, std::cref(work))) break;
  }
  work();
  for (std::thread& t : others) t.join();
}

// Runs `first` on the caller and `second` on a thread of its own at the
// same time, or after `first` on the caller when the system cannot start
// one (StartThread); returns once both have returned.
template <typename First, typename Second>
void InHalves(const First& first, const Second& second) {
  std::vector<std::thread> other;
  bool started = false;
  try {
    other.reserve(1);
    started = StartThread(&other, std::cref(second));
  } catch (const std::bad_alloc&) {  // the vector's room: no thread
  }
  first();
  if (started) {
    other[0].join();
  } else {
    second();
  }
}

}  // namespace slidedb

#endif  // SLIDEDB_LIB_BASE_THREADS_H_
