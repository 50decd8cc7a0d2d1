// A table's check telling where it is (slidedb-build --verify's progress:
// 2x7 has 182 times 3x4's states): its states shared out over threads, in
// order, with the count of those done told on the calling thread as they
// go, and its pages read.
#ifndef SLIDEDB_LIB_ANALYSIS_CHECK_PROGRESS_H_
#define SLIDEDB_LIB_ANALYSIS_CHECK_PROGRESS_H_

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "lib/analysis/check.h"
#include "lib/base/threads.h"

namespace slidedb {

// How often a check says how far it is, and the states it counts at once.
struct ShareProgress {
  // Called on the calling thread with the states done so far, once every
  // `every` (the first after `every`; when it is 0, with 0 before any work
  // and then whenever the count moved), and with all of them at the end if
  // it was called before; not at all when unset.
  std::function<void(uint64_t done)> told;
  std::chrono::milliseconds every{10000};
};

// Runs work(t, begin, end) over [0, n): share t, the t-th of `threads`
// consecutive shares, in chunks of 65,536 (states, or the caller's unit),
// in order, on a thread of its own (on the calling thread too when nothing
// is told). Once anything was told, the end is told too (n done).
template <typename Work>
void RunShares(uint64_t n, int threads, const ShareProgress& progress,
               const Work& work) {
  constexpr uint64_t kChunk = 1 << 16;
  const uint64_t share = (n + threads - 1) / threads;
  std::atomic<uint64_t> done{0};
  std::mutex mu;
  std::condition_variable cv;
  int finished = 0;
  auto run = [&](int t) {
    const uint64_t begin = std::min(n, share * t);
    const uint64_t end = std::min(n, begin + share);
    for (uint64_t b = begin; b < end; b += kChunk) {
      const uint64_t e = std::min(end, b + kChunk);
      work(t, b, e);
      done += e - b;
    }
    std::lock_guard<std::mutex> lock(mu);
    ++finished;
    cv.notify_one();
  };
  // Every 0: the start told before any work, so that the end is told too.
  const bool at_start = progress.told && progress.every.count() == 0;
  if (at_start) progress.told(0);
  std::vector<std::thread> workers;
  const int own = progress.told ? threads : threads - 1;
  workers.reserve(own);
  for (int t = 0; t < own; ++t) {
    // A share whose thread the system cannot start (ulimit -v) is the
    // calling thread's, before it tells anything more.
    if (!StartThread(&workers, [&run, t] { run(t); })) run(t);
  }
  if (!progress.told) {
    run(threads - 1);  // this thread works too
  } else {
    const auto poll = std::max(progress.every, std::chrono::milliseconds(1));
    auto last = std::chrono::steady_clock::now();
    uint64_t said = at_start ? 0 : UINT64_MAX;  // UINT64_MAX: nothing told
    std::unique_lock<std::mutex> lock(mu);
    while (finished < threads) {
      const auto now = std::chrono::steady_clock::now();
      const uint64_t count = done.load();
      if (now - last >= progress.every && count != said) {
        lock.unlock();
        progress.told(count);
        lock.lock();
        last = now;
        said = count;
      }
      cv.wait_for(lock, poll, [&] { return finished == threads; });
    }
    lock.unlock();
    // A check that said how far it was says when it is through.
    if (said != UINT64_MAX && said != n) progress.told(n);
  }
  for (auto& w : workers) w.join();
}

// What a table's check tells CheckOptions::progress of its pages read and
// its states checked, at most once every progress_every.
class TableProgress {
 public:
  TableProgress(const CheckOptions& options, const std::string& id)
      : options_(options),
        id_(id),
        t0_(std::chrono::steady_clock::now()),
        last_(t0_) {}

  // After `read` pages of `of`.
  void Pages(uint64_t read, uint64_t of) {
    if (!options_.progress) return;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_ < options_.progress_every) return;
    last_ = now;
    Tell(CheckProgress::Stage::kPages, read, of);
  }

  // The states' progress, `of` of them, for RunShares.
  ShareProgress States(uint64_t of) {
    if (!options_.progress) return {};
    return {.told =
                [this, of](uint64_t done) {
                  Tell(CheckProgress::Stage::kStates, done, of);
                },
            .every = options_.progress_every};
  }

 private:
  void Tell(CheckProgress::Stage stage, uint64_t total, uint64_t of) {
    options_.progress({.stage = stage,
                       .table = id_,
                       .total = total,
                       .of = of,
                       .seconds = std::chrono::duration<double>(
                                      std::chrono::steady_clock::now() - t0_)
                                      .count()});
  }

  const CheckOptions& options_;
  const std::string id_;
  const std::chrono::steady_clock::time_point t0_;
  std::chrono::steady_clock::time_point last_;
};

}  // namespace slidedb

#endif  // SLIDEDB_LIB_ANALYSIS_CHECK_PROGRESS_H_
