#include "lib/search/pdb_values.h"

#include <algorithm>
#include <deque>
#include <utility>

namespace slidedb {

struct PdbValues::Pages {
  uint32_t page_entries = 0;
  PageReader reader;
  // Each page's entries once read; null until then.
  std::unique_ptr<std::atomic<const uint8_t*>[]> page;
  std::mutex mutex;  // guards owned, error, read, and reading a page
  std::deque<std::string> owned;
  Status error;
  std::atomic<bool> failed{false};
  uint64_t read = 0;
};

PdbValues::PdbValues(std::vector<uint8_t> all)
    : entries_(all.size()), owned_(std::move(all)), all_(owned_.data()) {}

PdbValues::PdbValues(uint64_t entries, uint32_t page_entries,
                     PageReader reader)
    : entries_(entries), pages_(std::make_unique<Pages>()) {
  const uint64_t n = (entries + page_entries - 1) / page_entries;
  pages_->page_entries = page_entries;
  pages_->reader = std::move(reader);
  pages_->page = std::make_unique<std::atomic<const uint8_t*>[]>(n);
  for (uint64_t p = 0; p < n; ++p) pages_->page[p] = nullptr;
}

PdbValues::PdbValues(PdbValues&&) noexcept = default;
PdbValues& PdbValues::operator=(PdbValues&&) noexcept = default;
PdbValues::~PdbValues() = default;

uint8_t PdbValues::Paged(uint64_t i) const {
  Pages& pages = *pages_;
  const uint64_t p = i / pages.page_entries;
  const uint64_t at = i % pages.page_entries;
  const uint8_t* data = pages.page[p].load(std::memory_order_acquire);
  if (data != nullptr) return data[at];
  std::lock_guard<std::mutex> lock(pages.mutex);
  data = pages.page[p].load(std::memory_order_relaxed);
  if (data != nullptr) return data[at];  // another search read it meanwhile
  std::string bytes;
  const Status s = pages.reader(static_cast<uint32_t>(p), &bytes);
  const uint64_t want =
      std::min<uint64_t>(pages.page_entries, entries_ - p * pages.page_entries);
  if (!s.ok() || bytes.size() != want) {
    if (pages.error.ok()) {
      pages.error = s.ok() ? Status::Corruption(
                                 "pattern database page " + std::to_string(p) +
                                 " has " + std::to_string(bytes.size()) +
                                 " entries, not " + std::to_string(want))
                           : s;
      pages.failed = true;
    }
    return 0;
  }
  pages.owned.push_back(std::move(bytes));
  data = reinterpret_cast<const uint8_t*>(pages.owned.back().data());
  ++pages.read;
  pages.page[p].store(data, std::memory_order_release);
  return data[at];
}

Status PdbValues::error() const {
  if (pages_ == nullptr) return Status::OK();
  std::lock_guard<std::mutex> lock(pages_->mutex);
  return pages_->error;
}

bool PdbValues::failed() const {
  return pages_ != nullptr && pages_->failed.load(std::memory_order_relaxed);
}

uint64_t PdbValues::pages_read() const {
  if (pages_ == nullptr) return 0;
  std::lock_guard<std::mutex> lock(pages_->mutex);
  return pages_->read;
}

}  // namespace slidedb
