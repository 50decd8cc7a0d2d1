// PdbValues: the entries of one pattern database as a search reads them:
// all in memory (batches, the server), or read a page at a time the first
// time one of its entries is asked for (a one-shot question: a search
// touches a few thousand of the 8-tile database's 126,000 pages).
// Thread-safe: any number of searches read at once.
#ifndef SLIDEDB_LIB_SEARCH_PDB_VALUES_H_
#define SLIDEDB_LIB_SEARCH_PDB_VALUES_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "lib/base/status.h"

namespace slidedb {

class PdbValues {
 public:
  // Reads page `page` (entries [page * page_entries, ...), the last page
  // shorter) into *out.
  using PageReader = std::function<Status(uint32_t page, std::string* out)>;

  // Every entry in memory.
  explicit PdbValues(std::vector<uint8_t> all);
  // `entries` entries read `page_entries` at a time by `reader`.
  PdbValues(uint64_t entries, uint32_t page_entries, PageReader reader);

  PdbValues(PdbValues&&) noexcept;
  PdbValues& operator=(PdbValues&&) noexcept;
  ~PdbValues();

  uint64_t size() const { return entries_; }
  // Asks the processor to fetch entry i into its cache, when every entry
  // is in memory.
  void Prefetch(uint64_t i) const {
    if (all_ != nullptr) __builtin_prefetch(all_ + i, 0, 0);
  }

  // Entry i. A page that cannot be read gives 0 (a lower bound still: the
  // search stays correct) and records the error for error().
  // REQUIRES: i < size().
  uint8_t operator[](uint64_t i) const {
    if (all_ != nullptr) return all_[i];
    return Paged(i);
  }

  // The first page that could not be read, or OK; failed() says whether
  // there is one, cheaply (a search asks now and then, and stops).
  Status error() const;
  bool failed() const;
  // Pages read so far (0 for entries all in memory).
  uint64_t pages_read() const;

 private:
  struct Pages;
  uint8_t Paged(uint64_t i) const;

  uint64_t entries_ = 0;
  std::vector<uint8_t> owned_;        // every entry, when in memory
  const uint8_t* all_ = nullptr;      // owned_.data(), or null when paged
  std::unique_ptr<Pages> pages_;      // when paged
};

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_PDB_VALUES_H_
