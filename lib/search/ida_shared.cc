#include "lib/search/ida_shared.h"

#include <chrono>

#include "lib/search/iteration_share.h"

namespace slidedb {

bool IdaShared::PastLimits(uint64_t more) {
  const uint64_t total = nodes.fetch_add(more) + more;
  const SearchLimits& l = *limits;
  if (l.share != nullptr) {
    others_best.store(l.share->Best(), std::memory_order_relaxed);
  }
  const SearchLimits::Clock::time_point now = SearchLimits::Clock::now();
  if (stop.load(std::memory_order_relaxed) || total >= l.max_nodes ||
      (l.cancel != nullptr && l.cancel->load()) || now >= l.deadline ||
      (failed && failed())) {
    stop = true;
  }
  TellWithin(now);
  return stop;
}

void IdaShared::TellFrom(int bound, const IdaProgressAt& at) {
  if (!limits->progress || limits->progress_every <= 0) return;
  bound_ = bound;
  at_ = at;
  next_told_ = (SearchLimits::Clock::now() +
                SearchLimits::Seconds(limits->progress_every))
                   .time_since_epoch()
                   .count();
}

void IdaShared::TellWithin(SearchLimits::Clock::time_point now) {
  if (now.time_since_epoch().count() <
      next_told_.load(std::memory_order_relaxed)) {
    return;
  }
  std::unique_lock<std::mutex> lock(telling_, std::try_to_lock);
  if (!lock.owns_lock()) return;
  now = SearchLimits::Clock::now();
  if (now.time_since_epoch().count() < next_told_.load()) return;
  next_told_ = (now + SearchLimits::Seconds(limits->progress_every))
                   .time_since_epoch()
                   .count();
  const std::chrono::duration<double> seconds = now - at_.began;
  limits->progress(
      SearchProgress{bound_, at_.nodes_before + nodes.load(), seconds.count()});
}

}  // namespace slidedb
