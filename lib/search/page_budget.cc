#include "lib/search/page_budget.h"

#include <utility>

namespace slidedb {

uint64_t PageBudget::held() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return held_;
}

uint64_t PageBudget::given_back() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return given_back_;
}

void PageBudget::Read(const std::shared_ptr<Holder>& holder, uint32_t page,
                      uint64_t bytes) {
  std::unique_lock<std::mutex> lock(mutex_);
  read_.push_back(Entry{holder, page, bytes});
  held_ += bytes;
  // Two turns of the clock at most: the first marks the pages used since
  // they were last looked at, the second gives them back.
  size_t turn = 2 * read_.size();
  while (held_ > bytes_ && !read_.empty() && turn-- > 0) {
    Entry e = std::move(read_.front());
    read_.pop_front();
    // The holder's lock is taken outside the budget's: a holder calls Read
    // with none of its own held, so no two locks are ever taken the other
    // way round.
    lock.unlock();
    const std::shared_ptr<Holder> h = e.holder.lock();
    const bool gone = h == nullptr || h->GiveBackUnlessUsed(e.page);
    lock.lock();
    if (gone) {
      held_ -= e.bytes;
      ++given_back_;
    } else {
      read_.push_back(std::move(e));
    }
  }
}

}  // namespace slidedb
