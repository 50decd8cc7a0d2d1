// PageBudget: the most memory that pattern databases read on demand
// (PdbValues' pages) and the tables a request makes for itself (a
// multi-tile search's walking-distance tables, Reserve) may hold at once,
// over every database that shares it (a server's: slidedb-serve
// --memory-limit). Past it pages are given back to the system, and read
// again if a search asks for them: a stream of searches keeps the
// process's memory bounded whatever pages it touches. A reservation that
// pages given back cannot make room for is refused: the work that wanted
// it is not done.
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
#include <string>

#include "lib/base/status.h"

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

  // Memory counted against the budget while it lives: what a request made
  // for itself (Reserve). Thread-safe.
  class Reservation {
   public:
    Reservation(const Reservation&) = delete;
    Reservation& operator=(const Reservation&) = delete;
    ~Reservation();  // the bytes are free again
    uint64_t bytes() const { return bytes_; }
    // Now `bytes`, no more than before: what was made, where the estimate
    // reserved more.
    void Shrink(uint64_t bytes);

   private:
    friend class PageBudget;
    Reservation(std::shared_ptr<PageBudget> budget, uint64_t bytes)
        : budget_(std::move(budget)), bytes_(bytes) {}
    const std::shared_ptr<PageBudget> budget_;
    uint64_t bytes_;
  };

  // Room for `bytes` more, for `what` ("the walking-distance tables of
  // ..."): pages are given back to make it (those in use stay). Then
  // *out holds it until dropped; ResourceExhausted, naming `what`, the
  // bytes and the budget, when the other reservations and the pages that
  // stay leave too little (asked again later, it may fit); NotSupported
  // when `bytes` is more than the whole budget (it never will). `budget`
  // may be null: no limit, *out null.
  static Status Reserve(const std::shared_ptr<PageBudget>& budget,
                        uint64_t bytes, const std::string& what,
                        std::unique_ptr<Reservation>* out);

  // REQUIRES: bytes > 0.
  explicit PageBudget(uint64_t bytes) : bytes_(bytes) {}
  PageBudget(const PageBudget&) = delete;
  PageBudget& operator=(const PageBudget&) = delete;

  uint64_t bytes() const { return bytes_; }
  // Bytes of pages held now (counted as they are read, until given back).
  uint64_t held() const;
  // Pages given back so far.
  uint64_t given_back() const;
  // Bytes reserved now (Reserve).
  uint64_t reserved() const;

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
  // Gives pages back, in the clock's order, until pages and reservations
  // plus `more` fit the budget or two turns of the clock found none to
  // give. REQUIRES: `lock` holds mutex_ (released while a holder is asked).
  void MakeRoom(std::unique_lock<std::mutex>& lock, uint64_t more);

  const uint64_t bytes_;
  mutable std::mutex mutex_;
  uint64_t reserved_ = 0;   // guarded by mutex_
  std::deque<Entry> read_;  // guarded by mutex_: oldest first
  uint64_t held_ = 0;       // guarded by mutex_
  uint64_t given_back_ = 0;  // guarded by mutex_
};

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_PAGE_BUDGET_H_
