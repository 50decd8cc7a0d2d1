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

uint64_t PageBudget::reserved() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return reserved_;
}

namespace {

std::string MiB(uint64_t bytes) {
  return std::to_string((bytes + (1 << 20) - 1) >> 20) + " MiB";
}

}  // namespace

Status PageBudget::Reserve(const std::shared_ptr<PageBudget>& budget,
                           uint64_t bytes, const std::string& what,
                           std::unique_ptr<Reservation>* out) {
  out->reset();
  if (budget == nullptr) return Status::OK();
  const uint64_t limit = budget->bytes_;
  if (bytes > limit) {
    // Never, whatever is given back: asking again cannot help.
    return Status::NotSupported(
        what + " would need about " + MiB(bytes) +
        ", more than the memory limit allows in all: " + MiB(limit) +
        " (slidedb-serve --memory-limit); it cannot be answered under it");
  }
  std::unique_lock<std::mutex> lock(budget->mutex_);
  // Pages are given back only when that can make room enough.
  if (budget->reserved_ <= limit - bytes) budget->MakeRoom(lock, bytes);
  const uint64_t used = budget->held_ + budget->reserved_;
  if (used > limit - bytes) {
    return Status::ResourceExhausted(
        what + " would need about " + MiB(bytes) +
        ", more than the memory limit leaves: " + MiB(limit) +
        " in all (slidedb-serve --memory-limit), " + MiB(used) +
        " held by other tables and searches");
  }
  budget->reserved_ += bytes;
  out->reset(new Reservation(budget, bytes));
  return Status::OK();
}

PageBudget::Reservation::~Reservation() { Shrink(0); }

void PageBudget::Reservation::Shrink(uint64_t bytes) {
  if (bytes >= bytes_) return;
  std::lock_guard<std::mutex> lock(budget_->mutex_);
  budget_->reserved_ -= bytes_ - bytes;
  bytes_ = bytes;
}

void PageBudget::Read(const std::shared_ptr<Holder>& holder, uint32_t page,
                      uint64_t bytes) {
  std::unique_lock<std::mutex> lock(mutex_);
  read_.push_back(Entry{holder, page, bytes});
  held_ += bytes;
  MakeRoom(lock, 0);
}

void PageBudget::MakeRoom(std::unique_lock<std::mutex>& lock, uint64_t more) {
  // Two turns of the clock at most: the first marks the pages used since
  // they were last looked at, the second gives them back.
  size_t turn = 2 * read_.size();
  while (held_ + reserved_ + more > bytes_ && !read_.empty() && turn-- > 0) {
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
