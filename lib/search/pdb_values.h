// PdbValues: the entries of one pattern database as a search reads them:
// all in memory (batches, the server), or read a page at a time the first
// time one of its entries is asked for (a one-shot question: a search
// touches a few thousand of the 8-tile database's 126,000 pages).
//
// Either way the entries live in one region of memory, at their index,
// with a byte a page that says whether the page is read. A read is two
// independent loads (the flags, 31 KB for a 6-tile database of 5x5, stay
// in the cache) and a branch taken only on a page's first use; Prefetch
// works for pages on demand too. Memory is committed only for the pages read (a page of the
// region is not even looked at before).
// With a PageBudget, pages read on demand are given back to the system
// once the budget's pages are over it, oldest first, and read again when
// asked for; a read meanwhile may give 0 (a lower bound: searches stay
// optimal).
// Entries take a byte or four bits each (lib/search/pdb_encoding.h): a
// four-bit entry is read as (entry - md), which the search adds its md to.
// A table of 32-bit entries holds a pattern database's successor words
// (lib/search/pdb_words.h), read by Word(): always whole, in memory or
// mapped from their file (MapFile), never a page at a time (a word read
// as 0, as a page not read or given back reads, would be no bound).
// Thread-safe: any number of searches read at once.
#ifndef SLIDEDB_LIB_SEARCH_PDB_VALUES_H_
#define SLIDEDB_LIB_SEARCH_PDB_VALUES_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "lib/base/coding.h"
#include "lib/base/status.h"
#include "lib/search/page_budget.h"

namespace slidedb {

class PdbValues {
 public:
  // Reads page `page` (entries [page * page_entries, ...), the last page
  // shorter) into *out: the bytes they are stored in.
  using PageReader = std::function<Status(uint32_t page, std::string* out)>;

  // No entries.
  PdbValues();
  // Every entry in memory, a byte each.
  explicit PdbValues(const std::vector<uint8_t>& all);
  // Every entry in memory, 32 bits each.
  explicit PdbValues(const std::vector<uint32_t>& all);
  // Every entry in memory, of `entry_bits` (8, 4 or 32) bits each, written by
  // `fill`, which hands put() runs of consecutive bytes (the database's
  // pages, at the offset of their first byte) in order until every byte is
  // set; Corruption when one is left unset, ResourceExhausted when the
  // system refuses the memory.
  using Put = std::function<void(uint64_t first, std::string_view bytes)>;
  static Status InMemory(uint64_t entries, int entry_bits,
                         const std::function<Status(const Put& put)>& fill,
                         PdbValues* out);
  // Every entry, of `entry_bits` bits (32, or 8 for a cross table,
  // lib/search/pdb_cross.h), from the file at `path` mapped into memory:
  // the system's page cache, shared with every process that maps it, no
  // copy and no fresh memory (2.9 GB for the successor words of 5x5).
  // NotFound when there is no such file, Corruption when it is not
  // entries * entry_bits / 8 bytes, ResourceExhausted when the system has
  // no room to map it (ENOMEM: ulimit -v), IOError when it cannot be
  // mapped otherwise.
  static Status MapFile(const std::string& path, uint64_t entries,
                        PdbValues* out, int entry_bits = 32);
  // `entries` entries of `entry_bits` (8 or 4) bits each, read
  // `page_entries` at a time by `reader`, which threads may call at once;
  // the pages held count against `budget` when one is given. When the
  // system refuses the region, failed() at once (error() says
  // ResourceExhausted) and every entry reads 0.
  // REQUIRES: page_entries is a power of two, and even.
  PdbValues(uint64_t entries, int entry_bits, uint32_t page_entries,
            PageReader reader, std::shared_ptr<PageBudget> budget = nullptr);

  PdbValues(PdbValues&&) noexcept;
  PdbValues& operator=(PdbValues&&) noexcept;
  ~PdbValues();

  uint64_t size() const { return entries_; }
  // Whether entries are read less their md: four bits each.
  bool less_md() const { return entry_bits_ == 4; }
  int entry_bits() const { return entry_bits_; }
  // Asks the processor to fetch entry i into its caches (all levels: a
  // hint to bypass them, as for data read once, makes searches slower, the
  // entries being read again and again). Always inlined: GCC takes a
  // function that only prefetches for one without effects and deletes the
  // calls that it has not inlined yet (it did in every search's loop).
  [[gnu::always_inline]] void Prefetch(uint64_t i) const {
    __builtin_prefetch(stored_ + (i >> byte_shift_), 0, 3);
  }
  // The same for a table of 32-bit entries.
  [[gnu::always_inline]] void PrefetchWord(uint64_t i) const {
    __builtin_prefetch(stored_ + (i << 2), 0, 3);
  }

  // Entry i (less its md when less_md()). A page that cannot be read gives
  // 0 (a lower bound still: the search stays correct) and records the
  // error for error().
  // REQUIRES: i < size().
  uint8_t operator[](uint64_t i) const {
    if (__builtin_expect(__atomic_load_n(ready_.get() + (i >> page_shift_),
                                         __ATOMIC_ACQUIRE) == kReady,
                         1)) {
      // Atomic (relaxed: a plain load on x86): with a PageBudget a page
      // may be put in again while another thread reads it.
      return Load(i);
    }
    return Paged(i);
  }
  // The entries' bytes, for a search that indexes a mapped table of bytes
  // itself. REQUIRES: whole().
  const uint8_t* data() const { return stored_; }
  // Entry i of a table of 32-bit entries (always whole).
  // REQUIRES: entry_bits() == 32, i < size().
  uint32_t Word(uint64_t i) const {
    return reinterpret_cast<const uint32_t*>(stored_)[i];
  }

  // The share of the entries' bytes in memory (for a mapped file, the
  // system's page cache), from `samples` pages spread evenly over them
  // (mincore: no I/O); 1 for no entries. A guess, 0 to 1.
  double ResidentShare(int samples) const;
  // Reads the bytes [from, to) of the entries into memory (for a mapped
  // file, from the disk into the page cache), as a search's reads would
  // but in order: far faster than scattered reads. Clamped to bytes().
  void ReadIn(uint64_t from, uint64_t to) const;
  // The bytes the entries take.
  uint64_t bytes() const { return bytes_; }

  // Whether every entry was read whole (InMemory, or the vector): none
  // is ever read on demand or given back, so Whole() may read them.
  bool whole() const { return pages_ == nullptr; }
  // Entry i as operator[] gives it, without looking at its page's flag:
  // the search's loop when every group is whole().
  // REQUIRES: whole(), i < size().
  uint8_t Whole(uint64_t i) const { return Load(i); }

  // The first page that could not be read, or OK; failed() says whether
  // there is one, cheaply (a search asks now and then, and stops).
  Status error() const;
  bool failed() const;
  // Pages read so far, again after being given back too (0 for entries
  // all in memory).
  uint64_t pages_read() const;

 private:
  struct Free {
    uint64_t size;  // as mapped (a file's, or anonymous memory)
    void operator()(uint8_t* p) const;
  };
  struct Pages;
  // A page's flag (ready_): not in memory; in; in, and looked at by the
  // budget since its last use (PageBudget).
  static constexpr uint8_t kAbsent = 0, kReady = 1, kLookedAt = 2;
  // An empty region of `entries` of `entry_bits` each, and page flags all
  // `ready`. When the system refuses the region: ResourceExhausted, and
  // the values are failed (no region; one page flag, absent, for every
  // entry, so that each reads 0).
  Status Allocate(uint64_t entries, int entry_bits, int page_shift,
                  bool ready);
  uint8_t Paged(uint64_t i) const;
  uint8_t Load(uint64_t i) const {
    const uint8_t byte =
        __atomic_load_n(stored_ + (i >> byte_shift_), __ATOMIC_RELAXED);
    // Four bits: the low ones for an even entry; twice them, the excess
    // over the md.
    return byte_shift_ == 0 ? byte
                            : static_cast<uint8_t>(NibbleOf(byte, i) << 1);
  }
  // Tells pages_ (a budget may hold it) that the region goes.
  void Release();

  uint64_t entries_ = 0;
  uint64_t bytes_ = 0;     // the region's, as stored
  int entry_bits_ = 8;
  int byte_shift_ = 0;  // entry i in byte i >> byte_shift_ (4, 8 bits)
  int page_shift_ = 0;
  std::unique_ptr<uint8_t, Free> region_;  // the entries
  uint8_t* stored_ = nullptr;              // region_.get()
  std::unique_ptr<uint8_t[]> ready_;       // a page's entries are in
  std::shared_ptr<Pages> pages_;           // when read on demand
};

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_PDB_VALUES_H_
