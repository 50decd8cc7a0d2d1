#include "lib/search/pdb_values.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>
#include <utility>

namespace slidedb {

namespace {

// `size` zeroed bytes (at least one) on a page boundary, committed as they
// are written: a page of the database is then one page of memory (with
// calloc's header before them, each page read took two, and two faults).
uint64_t MappedSize(uint64_t size) {
  const uint64_t page = static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
  return std::max<uint64_t>(page, (size + page - 1) / page * page);
}

uint8_t* Zeroed(uint64_t size) {
  void* p = mmap(nullptr, MappedSize(size), PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  return static_cast<uint8_t*>(p);
}

}  // namespace

void PdbValues::Free::operator()(uint8_t* p) const {
  munmap(p, MappedSize(size));
}

struct PdbValues::Pages {
  uint32_t page_entries = 0;
  PageReader reader;
  std::mutex mutex;  // guards error, read, and reading a page
  Status error;
  std::atomic<bool> failed{false};
  uint64_t read = 0;
};

PdbValues::PdbValues(const std::vector<uint8_t>& all)
    : entries_(all.size()),
      region_(Zeroed(all.size()), Free{all.size()}),
      stored_(region_.get()) {
  for (uint64_t i = 0; i < entries_; ++i) {
    stored_[i] = static_cast<uint8_t>(all[i] + 1);
  }
}

Status PdbValues::InMemory(uint64_t entries,
                           const std::function<Status(const Put& put)>& fill,
                           PdbValues* out) {
  PdbValues v;
  v.entries_ = entries;
  v.region_ = std::unique_ptr<uint8_t, Free>(Zeroed(entries), Free{entries});
  v.stored_ = v.region_.get();
  uint8_t* stored = v.stored_;
  bool bad = false;
  uint64_t next = 0;  // pages come in order, each after the last
  Status s = fill([&](uint64_t first, std::string_view bytes) {
    if (first != next || bytes.size() > entries - first) {
      bad = true;
      return;
    }
    next += bytes.size();
    const auto* from = reinterpret_cast<const uint8_t*>(bytes.data());
    uint8_t* to = stored + first;
    uint8_t zero = 1;  // 0 once an entry of 255 wraps
    for (size_t k = 0; k < bytes.size(); ++k) {
      to[k] = static_cast<uint8_t>(from[k] + 1);
      zero = std::min(zero, to[k]);
    }
    if (zero == 0) bad = true;
  });
  if (!s.ok()) return s;
  if (bad || next != entries) {
    return Status::Corruption(
        "a pattern database has an entry of 255, or one missing");
  }
  *out = std::move(v);
  return Status::OK();
}

PdbValues::PdbValues(uint64_t entries, uint32_t page_entries,
                     PageReader reader)
    : entries_(entries),
      region_(Zeroed(entries), Free{entries}),
      stored_(region_.get()),
      pages_(std::make_unique<Pages>()) {
  pages_->page_entries = page_entries;
  pages_->reader = std::move(reader);
}

PdbValues::PdbValues() = default;
PdbValues::PdbValues(PdbValues&&) noexcept = default;
PdbValues& PdbValues::operator=(PdbValues&&) noexcept = default;
PdbValues::~PdbValues() = default;

uint8_t PdbValues::Paged(uint64_t i) const {
  if (pages_ == nullptr) return 0;  // entries in memory are never 0
  Pages& pages = *pages_;
  std::lock_guard<std::mutex> lock(pages.mutex);
  const uint8_t again = __atomic_load_n(stored_ + i, __ATOMIC_RELAXED);
  if (again != 0) return static_cast<uint8_t>(again - 1);  // read meanwhile
  if (pages.failed) return 0;
  const uint64_t p = i / pages.page_entries;
  std::string bytes;
  const Status s = pages.reader(static_cast<uint32_t>(p), &bytes);
  const uint64_t first = p * pages.page_entries;
  const uint64_t want = std::min<uint64_t>(pages.page_entries, entries_ - first);
  Status bad = s;
  if (s.ok() && bytes.size() != want) {
    bad = Status::Corruption("pattern database page " + std::to_string(p) +
                             " has " + std::to_string(bytes.size()) +
                             " entries, not " + std::to_string(want));
  }
  if (bad.ok()) {
    for (char& b : bytes) b = static_cast<char>(static_cast<uint8_t>(b) + 1);
    if (std::memchr(bytes.data(), 0, bytes.size()) != nullptr) {
      bad = Status::Corruption("pattern database page " + std::to_string(p) +
                               " has an entry of 255");
    }
  }
  if (!bad.ok()) {
    pages.error = bad;
    pages.failed = true;
    return 0;
  }
  // Searches on other threads may read these entries as they are written:
  // each is 0 (they come here, and wait) or its value + 1. Eight at a time
  // where they are aligned.
  uint8_t* to = stored_ + first;
  const char* from = bytes.data();
  uint64_t k = 0;
  for (; k < want && (reinterpret_cast<uintptr_t>(to + k) & 7) != 0; ++k) {
    __atomic_store_n(to + k, static_cast<uint8_t>(from[k]), __ATOMIC_RELAXED);
  }
  for (; k + 8 <= want; k += 8) {
    uint64_t word;
    std::memcpy(&word, from + k, 8);
    __atomic_store_n(reinterpret_cast<uint64_t*>(to + k), word,
                     __ATOMIC_RELAXED);
  }
  for (; k < want; ++k) {
    __atomic_store_n(to + k, static_cast<uint8_t>(from[k]), __ATOMIC_RELAXED);
  }
  ++pages.read;
  return static_cast<uint8_t>(static_cast<uint8_t>(bytes[i - first]) - 1);
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
