// PageBudget: the most memory that pattern databases read on demand
// (PdbValues' pages) may hold at once, over every database that shares it
// (a server's: slidedb-serve --memory-limit). Past it pages are given back
// to the system, and read again if a search asks for them: a stream of
// searches keeps the process's memory bounded whatever pages it touches.
//
// Which pages go is the clock's choice (second chance): the pages in the
// order they were read; the oldest, if used since it was last looked at,
// goes to the back of the line instead, and is looked at again later. A
// holder learns of a use without a write on every read: a page looked at
// is marked, and the next read of it (which then takes the slow way) takes
// the mark off. A page comes in marked: one not used again after the read
// that brought it goes first. Thread-safe.
#ifndef SLIDEDB_LIB_SEARCH_PAGE_BUDGET_H_
#define SLIDEDB_LIB_SEARCH_PAGE_BUDGET_H_

#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>

namespace slidedb {

class PageBudget {
 public:
  // What holds pages.
  class Holder {
   public:
    virtual ~Holder() = default;
    // Gives `page` back and returns true, unless it was used since the
    // last call for it (or since the read that brought it): then marks it
    // and returns false. True also for a page not held any more.
    virtual bool GiveBackUnlessUsed(uint32_t page) = 0;
  };

  // REQUIRES: bytes > 0.
  explicit PageBudget(uint64_t bytes) : bytes_(bytes) {}
  PageBudget(const PageBudget&) = delete;
  PageBudget& operator=(const PageBudget&) = delete;

  uint64_t bytes() const { return bytes_; }
  // Bytes of pages held now (counted as they are read, until given back).
  uint64_t held() const;
  // Pages given back so far.
  uint64_t given_back() const;

  // `holder` has read `page`, of `bytes` bytes: counted, and pages are
  // given back until the budget holds. Call with no lock of a holder held:
  // GiveBackUnlessUsed takes its holder's.
  void Read(const std::shared_ptr<Holder>& holder, uint32_t page,
            uint64_t bytes);

 private:
  struct Entry {
    std::weak_ptr<Holder> holder;
    uint32_t page;
    uint64_t bytes;
  };
  const uint64_t bytes_;
  mutable std::mutex mutex_;
  std::deque<Entry> read_;  // guarded by mutex_: oldest first
  uint64_t held_ = 0;       // guarded by mutex_
  uint64_t given_back_ = 0;  // guarded by mutex_
};

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_PAGE_BUDGET_H_
