// What a running request's search is doing, by an id its client chose
// (the `progress` parameter): the page asks GET /api/progress?id=ID while
// it waits for a searched answer (docs/SERVE.md). Each request registers
// its id while it runs; SearchLimits::progress fills in the bound and the
// states generated before the iteration under way.
#ifndef SLIDEDB_SERVE_PROGRESS_H_
#define SLIDEDB_SERVE_PROGRESS_H_

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "lib/search/ida_search.h"

namespace slidedb {

// An id is 1 to kMaxProgressIdLength of A-Z, a-z, 0-9, '_' and '-'.
inline constexpr size_t kMaxProgressIdLength = 64;
// Most requests registered at once (past them a 503).
inline constexpr size_t kMaxProgressEntries = 1024;

bool ValidProgressId(std::string_view id);

// One running request's progress, written by its search's threads and
// read by /api/progress.
class ProgressSlot {
 public:
  ProgressSlot() : began_(std::chrono::steady_clock::now()) {}

  // SearchLimits::progress: the iteration about to start.
  void Update(const SearchProgress& p) {
    nodes_.store(p.nodes, std::memory_order_relaxed);
    counting_.store(p.counting, std::memory_order_relaxed);
    bound_.store(p.bound, std::memory_order_relaxed);
  }
  // {"id","running","bound","states","counting","seconds"}: bound and
  // states null before the first iteration; counting true while the
  // optimal solutions are counted (bound: their length); seconds since
  // the request began.
  std::string Json(const std::string& id) const;

 private:
  const std::chrono::steady_clock::time_point began_;
  std::atomic<int> bound_{-1};  // -1: no iteration yet
  std::atomic<uint64_t> nodes_{0};
  std::atomic<bool> counting_{false};
};

// The running requests' slots by id. Thread-safe.
class ProgressRegistry {
 public:
  enum class Added { kAdded, kTaken, kFull };

  // Registers `id` (valid) for a request that starts: kTaken when a
  // running request has it, kFull past kMaxProgressEntries.
  Added Add(const std::string& id, std::shared_ptr<ProgressSlot>* slot);
  // The request of `id` ended: its slot leaves.
  void Remove(const std::string& id);
  // The slot of a running request, or null.
  std::shared_ptr<const ProgressSlot> Find(const std::string& id) const;

 private:
  mutable std::mutex mutex_;
  std::map<std::string, std::shared_ptr<ProgressSlot>> slots_;
};

}  // namespace slidedb

#endif  // SLIDEDB_SERVE_PROGRESS_H_
