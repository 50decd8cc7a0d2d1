#include "lib/search/pdb_values.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstring>
#include <utility>

#include "lib/search/bfs_memory.h"

namespace slidedb {

namespace {

// Entries in memory are flagged by pages of this many (any will do).
constexpr int kInMemoryShift = 12;

// A region of `size` bytes (at least one) mapped on a page boundary,
// committed as it is written: a page of the database is then one page of
// memory (with calloc's header before them, each page read took two).
uint64_t MappedSize(uint64_t size) {
  const uint64_t page = static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
  return std::max<uint64_t>(page, (size + page - 1) / page * page);
}

// The bytes `entries` entries of `entry_bits` bits take.
uint64_t EntryBytes(uint64_t entries, int entry_bits) {
  return (entries * static_cast<uint64_t>(entry_bits) + 7) / 8;
}

}  // namespace

void PdbValues::Free::operator()(uint8_t* p) const {
  munmap(p, MappedSize(size));
}

struct PdbValues::Pages : PageBudget::Holder {
  uint32_t page_entries = 0;
  PageReader reader;
  std::shared_ptr<PageBudget> budget;  // may be null
  // The PdbValues' entries and flags while it lives; guarded by mutex
  // (null once it is gone: a budget may still hold this).
  uint8_t* stored = nullptr;
  uint8_t* ready = nullptr;
  uint64_t bytes = 0;  // stored's
  int page_shift = 0;  // in entries
  int entry_bits = 8;
  std::mutex mutex;  // guards error, read, stored, and putting a page in
  Status error;
  std::atomic<bool> failed{false};
  uint64_t read = 0;

  bool GiveBackUnlessUsed(uint32_t page) override {
    std::lock_guard<std::mutex> lock(mutex);
    if (stored == nullptr) return true;
    uint8_t flag = kReady;
    if (__atomic_compare_exchange_n(ready + page, &flag, kLookedAt, false,
                                    __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
      return false;  // used since: marked, and kept
    }
    // Looked at and not used since (unless a read takes the mark off
    // first), or not held.
    if (flag != kLookedAt ||
        !__atomic_compare_exchange_n(ready + page, &flag, kAbsent, false,
                                     __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
      return flag == kAbsent;
    }
    const uint64_t page_bytes = EntryBytes(page_entries, entry_bits);
    const uint64_t first = EntryBytes(uint64_t{page} << page_shift, entry_bits);
    const uint64_t length = std::min<uint64_t>(page_bytes, bytes - first);
    const uint64_t system_page = static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
    if (page_bytes % system_page == 0) {
      // The region is mapped to whole system pages: the last one too.
      madvise(stored + first, MappedSize(length), MADV_DONTNEED);
    } else {
      // Pages smaller (in tests): cleared as searches may read them.
      for (uint64_t i = first; i < first + length; ++i) {
        __atomic_store_n(stored + i, uint8_t{0}, __ATOMIC_RELAXED);
      }
    }
    return true;
  }
};

Status PdbValues::Allocate(uint64_t entries, int entry_bits, int page_shift,
                           bool ready) {
  entries_ = entries;
  entry_bits_ = entry_bits;
  byte_shift_ = entry_bits == 4 ? 1 : 0;
  bytes_ = EntryBytes(entries, entry_bits);
  page_shift_ = page_shift;
  void* p = MemoryRefusedForTesting(MappedSize(bytes_))
                ? MAP_FAILED
                : mmap(nullptr, MappedSize(bytes_), PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) {
    const Status refused = Status::ResourceExhausted(
        "not enough memory for a pattern database of " +
        std::to_string(entries) + " entries (" + std::to_string(bytes_) +
        " bytes)");
    if (pages_ == nullptr) pages_ = std::make_shared<Pages>();
    pages_->error = refused;
    pages_->failed = true;
    bytes_ = 0;
    page_shift_ = 63;
    ready_ = std::make_unique<uint8_t[]>(1);
    ready_[0] = kAbsent;
    return refused;
  }
  region_ =
      std::unique_ptr<uint8_t, Free>(static_cast<uint8_t*>(p), Free{bytes_});
  stored_ = region_.get();
  // Entries read whole on huge pages where the system has them: a search's
  // lookups land anywhere in the region, and on small pages nearly each
  // one is a miss in the translation buffer too.
  if (ready) madvise(p, MappedSize(bytes_), MADV_HUGEPAGE);
  const uint64_t pages = (entries >> page_shift) + 1;
  ready_ = std::make_unique<uint8_t[]>(pages);
  std::fill(ready_.get(), ready_.get() + pages, ready ? kReady : kAbsent);
  return Status::OK();
}

// A refused region leaves these failed (Allocate), as documented.
PdbValues::PdbValues() { (void)Allocate(0, 8, kInMemoryShift, true); }

PdbValues::PdbValues(const std::vector<uint8_t>& all) {
  if (Allocate(all.size(), 8, kInMemoryShift, true).ok()) {
    std::copy(all.begin(), all.end(), stored_);
  }
}

PdbValues::PdbValues(const std::vector<uint32_t>& all) {
  if (Allocate(all.size(), 32, kInMemoryShift, true).ok()) {
    std::memcpy(stored_, all.data(), all.size() * sizeof(uint32_t));
  }
}

Status PdbValues::MapFile(const std::string& path, uint64_t entries,
                          PdbValues* out, int entry_bits) {
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    const int e = errno;
    const std::string why = path + ": " + std::strerror(e);
    return e == ENOENT ? Status::NotFound(why) : Status::IOError(why);
  }
  struct stat st;
  const uint64_t bytes = entries * (entry_bits / 8);
  Status s;
  void* p = MAP_FAILED;
  if (fstat(fd, &st) != 0) {
    s = Status::IOError(path + ": " + std::strerror(errno));
  } else if (static_cast<uint64_t>(st.st_size) != bytes) {
    s = Status::Corruption(path + " holds " + std::to_string(st.st_size) +
                           " bytes, not " + std::to_string(bytes));
  } else {
    const bool refused = bytes != 0 && MemoryRefusedForTesting(bytes);
    p = bytes == 0 || refused
            ? MAP_FAILED
            : mmap(nullptr, bytes, PROT_READ, MAP_SHARED, fd, 0);
    if (bytes != 0 && p == MAP_FAILED) {
      // Out of address space (ulimit -v) or of maps is too little memory,
      // not a bad file.
      const int e = refused ? ENOMEM : errno;
      const std::string why = "mapping " + path + ": " + std::strerror(e);
      s = e == ENOMEM ? Status::ResourceExhausted(why) : Status::IOError(why);
    } else if (p != MAP_FAILED) {
      // As entries read whole (Allocate): the pages the file is read into
      // from the disk are huge ones where the system has them, and mapped
      // so, whoever maps the file next (pages cached small stay small).
      madvise(p, bytes, MADV_HUGEPAGE);
    }
  }
  close(fd);
  if (!s.ok()) return s;
  PdbValues v;
  v.entries_ = entries;
  v.entry_bits_ = entry_bits;
  v.byte_shift_ = 0;
  v.bytes_ = bytes;
  v.page_shift_ = kInMemoryShift;
  if (p != MAP_FAILED) {
    v.region_ =
        std::unique_ptr<uint8_t, Free>(static_cast<uint8_t*>(p), Free{bytes});
    v.stored_ = v.region_.get();
  }
  const uint64_t pages = (entries >> kInMemoryShift) + 1;
  v.ready_ = std::make_unique<uint8_t[]>(pages);
  std::fill(v.ready_.get(), v.ready_.get() + pages, kReady);
  *out = std::move(v);
  return Status::OK();
}

double PdbValues::ResidentShare(int samples) const {
  if (bytes_ == 0 || stored_ == nullptr || samples <= 0) return 1.0;
  const uint64_t page = static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
  const uint64_t pages = (bytes_ + page - 1) / page;
  int held = 0;
  for (int i = 0; i < samples; ++i) {
    // Page i of `samples` evenly spread, from the first to the last.
    const uint64_t at = (pages - 1) * static_cast<uint64_t>(i) /
                        static_cast<uint64_t>(std::max(samples - 1, 1));
    // A page the system cannot tell about counts as held (as if warm:
    // the searches then read the words as they always did).
    unsigned char in = 0;
    if (mincore(stored_ + at * page, page, &in) != 0 || (in & 1) != 0) ++held;
  }
  return static_cast<double>(held) / samples;
}

void PdbValues::ReadIn(uint64_t from, uint64_t to) const {
  to = std::min(to, bytes_);
  if (stored_ == nullptr || from >= to) return;
  const uint64_t page = static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
  from = from / page * page;
#if defined(MADV_POPULATE_READ)
  if (madvise(stored_ + from, to - from, MADV_POPULATE_READ) == 0) return;
#endif
  // Older kernels: a read of each page.
  for (uint64_t i = from; i < to; i += page) {
    (void)__atomic_load_n(stored_ + i, __ATOMIC_RELAXED);
  }
}

Status PdbValues::InMemory(uint64_t entries, int entry_bits,
                           const std::function<Status(const Put& put)>& fill,
                           PdbValues* out) {
  PdbValues v;
  Status refused = v.Allocate(entries, entry_bits, kInMemoryShift, true);
  if (!refused.ok()) return refused;
  bool bad = false;
  uint64_t next = 0;  // pages come in order, each after the last
  Status s = fill([&](uint64_t first, std::string_view bytes) {
    if (first != next || bytes.size() > v.bytes_ - first) {
      bad = true;
      return;
    }
    std::memcpy(v.stored_ + first, bytes.data(), bytes.size());
    next += bytes.size();
  });
  if (!s.ok()) return s;
  if (bad || next != v.bytes_) {
    return Status::Corruption("a pattern database has entries missing");
  }
  *out = std::move(v);
  return Status::OK();
}

PdbValues::PdbValues(uint64_t entries, int entry_bits, uint32_t page_entries,
                     PageReader reader, std::shared_ptr<PageBudget> budget)
    : pages_(std::make_shared<Pages>()) {
  // A refused region: failed() at once, as documented.
  (void)Allocate(entries, entry_bits, std::countr_zero(page_entries), false);
  pages_->page_entries = page_entries;
  pages_->reader = std::move(reader);
  pages_->budget = std::move(budget);
  pages_->stored = stored_;
  pages_->ready = ready_.get();
  pages_->bytes = bytes_;
  pages_->page_shift = page_shift_;
  pages_->entry_bits = entry_bits_;
}

PdbValues::PdbValues(PdbValues&&) noexcept = default;

PdbValues& PdbValues::operator=(PdbValues&& other) noexcept {
  Release();
  entries_ = other.entries_;
  bytes_ = other.bytes_;
  entry_bits_ = other.entry_bits_;
  byte_shift_ = other.byte_shift_;
  page_shift_ = other.page_shift_;
  region_ = std::move(other.region_);
  stored_ = std::exchange(other.stored_, nullptr);
  ready_ = std::move(other.ready_);
  pages_ = std::move(other.pages_);
  return *this;
}

PdbValues::~PdbValues() { Release(); }

void PdbValues::Release() {
  // A budget may hold the pages past this: it must not touch the region.
  if (pages_ == nullptr) return;
  std::lock_guard<std::mutex> lock(pages_->mutex);
  pages_->stored = nullptr;
}

uint8_t PdbValues::Paged(uint64_t i) const {
  if (pages_ == nullptr) return 0;  // not reached: entries in memory
  Pages& pages = *pages_;
  const uint64_t p = i >> page_shift_;
  uint8_t flag = kLookedAt;
  if (__atomic_compare_exchange_n(ready_.get() + p, &flag, kReady, false,
                                  __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE) ||
      flag == kReady) {
    return Load(i);  // used again while looked at: kept
  }
  if (pages.failed) return 0;
  // Read without the lock: threads that miss other pages meanwhile read
  // theirs at the same time (two that miss this one both read it, and the
  // first to finish puts it in).
  std::string bytes;
  const Status s = pages.reader(static_cast<uint32_t>(p), &bytes);
  std::unique_lock<std::mutex> lock(pages.mutex);
  if (__atomic_load_n(ready_.get() + p, __ATOMIC_ACQUIRE) != kAbsent) {
    return Load(i);  // another search read it meanwhile
  }
  if (pages.failed) return 0;
  const uint64_t first = EntryBytes(p << page_shift_, entry_bits_);
  const uint64_t want = std::min<uint64_t>(
      EntryBytes(pages.page_entries, entry_bits_), bytes_ - first);
  if (!s.ok() || bytes.size() != want) {
    pages.error =
        s.ok()
            ? Status::Corruption("pattern database page " + std::to_string(p) +
                                 " has " + std::to_string(bytes.size()) +
                                 " bytes, not " + std::to_string(want))
            : s;
    pages.failed = true;
    return 0;
  }
  // Atomically, eight bytes at a time where they are aligned (the region
  // is, and pages of the databases): a search may still read the page as
  // it was given back (zeros) meanwhile.
  uint64_t k = 0;
  for (; k < want && (first + k) % 8 != 0; ++k) {
    __atomic_store_n(stored_ + first + k, static_cast<uint8_t>(bytes[k]),
                     __ATOMIC_RELAXED);
  }
  for (; k + 8 <= want; k += 8) {
    uint64_t word;
    std::memcpy(&word, bytes.data() + k, 8);
    __atomic_store_n(reinterpret_cast<uint64_t*>(stored_ + first + k), word,
                     __ATOMIC_RELAXED);
  }
  for (; k < want; ++k) {
    __atomic_store_n(stored_ + first + k, static_cast<uint8_t>(bytes[k]),
                     __ATOMIC_RELAXED);
  }
  // In, and as if looked at by the budget already: a page not used again
  // after the read that brought it is the first to go; one used again
  // (most: a search reads a page's entries in runs) gets the mark off.
  __atomic_store_n(ready_.get() + p,
                   pages.budget != nullptr ? kLookedAt : kReady,
                   __ATOMIC_RELEASE);
  ++pages.read;
  const uint8_t value = Load(i);
  lock.unlock();
  if (pages.budget != nullptr) {
    pages.budget->Read(pages_, static_cast<uint32_t>(p), want);
  }
  return value;
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
