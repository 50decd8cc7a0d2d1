// One piece of work run on several threads at once: the pattern of every
// parallel pass that shares out its pieces itself (an atomic counter of
// chunks, frames, groups...).
#ifndef SLIDEDB_LIB_BASE_THREADS_H_
#define SLIDEDB_LIB_BASE_THREADS_H_

#include <algorithm>
#include <functional>
#include <thread>
#include <vector>

namespace slidedb {

// The threads the machine runs at once (at least 1).
inline int Cores() {
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

// Runs `work` on `threads` threads, the caller's one of them, and returns
// once every one has returned. threads < 2: on the caller's alone.
template <typename Work>
void RunOnThreads(int threads, const Work& work) {
  std::vector<std::thread> others;
  for (int t = 1; t < threads; ++t) others.emplace_back(std::cref(work));
  work();
  for (std::thread& t : others) t.join();
}

}  // namespace slidedb

#endif  // SLIDEDB_LIB_BASE_THREADS_H_
