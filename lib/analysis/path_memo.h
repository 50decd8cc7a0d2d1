// PathMemo: what a count of optimal paths (SearchedPaths) knows of the
// states it met, each by a 128-bit key: the moves left it was counted with
// and its count of paths. One open-addressed table (linear probing, 40
// bytes a slot), not a node a state: a lookup is about one read from
// memory where std::unordered_map took two and an allocation an insert.
// It grows by doubling to kMaxSlots (holding the old slots and the new,
// up to 120 MiB, while it does) and is emptied at once (a new stamp) past
// half of that. Not thread-safe: one a thread.
#ifndef SLIDEDB_LIB_ANALYSIS_PATH_MEMO_H_
#define SLIDEDB_LIB_ANALYSIS_PATH_MEMO_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <utility>

#include "lib/analysis/optimal_paths.h"

namespace slidedb {

class PathMemo {
 public:
  // A state's entry: `left` moves, `count` paths of that many to the goal.
  struct Entry {
    uint64_t lo, hi;              // the key
    uint64_t count_lo, count_hi;  // the count's low and high 64 bits
    int32_t left;
    uint32_t stamp;  // the memo's stamp when written: else an empty slot
    PathCount count() const {
      return static_cast<PathCount>(count_hi) << 64 | count_lo;
    }
  };

  // Slots at most (2^21: 80 MiB); past half of them the memo is emptied.
  static constexpr size_t kMaxSlots = size_t{1} << 21;

  PathMemo() = default;
  // The moved-from memo is empty, as a new one.
  PathMemo(PathMemo&& other) noexcept { *this = std::move(other); }
  PathMemo& operator=(PathMemo&& other) noexcept {
    slots_ = std::move(other.slots_);
    capacity_ = std::exchange(other.capacity_, 0);
    shift_ = std::exchange(other.shift_, 64);
    size_ = std::exchange(other.size_, 0);
    stamp_ = std::exchange(other.stamp_, 1);
    return *this;
  }

  // The entry of key (lo, hi), or null.
  const Entry* Find(uint64_t lo, uint64_t hi) const {
    if (slots_ == nullptr) return nullptr;
    for (size_t i = Home(lo, hi);; i = (i + 1) & (capacity_ - 1)) {
      const Entry& e = slots_[i];
      if (e.stamp != stamp_) return nullptr;
      if (e.lo == lo && e.hi == hi) return &e;
    }
  }

  // Sets the entry of key (lo, hi), added or replaced.
  void Put(uint64_t lo, uint64_t hi, int left, PathCount count) {
    if (size_ + 1 > capacity_ / 2) Grow();
    size_t i = Home(lo, hi);
    while (slots_[i].stamp == stamp_ &&
           (slots_[i].lo != lo || slots_[i].hi != hi)) {
      i = (i + 1) & (capacity_ - 1);
    }
    Entry& e = slots_[i];
    if (e.stamp != stamp_) ++size_;
    e = Entry{lo,
              hi,
              static_cast<uint64_t>(count),
              static_cast<uint64_t>(count >> 64),
              left,
              stamp_};
  }

  size_t size() const { return size_; }

 private:
  size_t Home(uint64_t lo, uint64_t hi) const {
    const uint64_t h =
        (lo ^ (hi * 0x9E3779B97F4A7C15ull)) * 0xBF58476D1CE4E5B9ull;
    return static_cast<size_t>(h >> shift_);
  }

  // Twice the slots, or at kMaxSlots a new stamp: every entry gone.
  void Grow() {
    if (capacity_ == kMaxSlots) {
      size_ = 0;
      if (++stamp_ == 0) {  // the stamp wrapped: empty every slot anew
        std::memset(static_cast<void*>(slots_.get()), 0,
                    capacity_ * sizeof(Entry));
        stamp_ = 1;
      }
      return;
    }
    // Allocated first: memory that runs out leaves the memo as it was.
    const size_t old_capacity = capacity_;
    const size_t capacity = slots_ == nullptr ? kFirstSlots : 2 * old_capacity;
    std::unique_ptr<Entry[]> fresh(new Entry[capacity]());  // stamps 0
    std::unique_ptr<Entry[]> old = std::exchange(slots_, std::move(fresh));
    capacity_ = capacity;
    shift_ = 64 - __builtin_ctzll(capacity_);
    const uint32_t old_stamp = stamp_;
    stamp_ = 1;
    size_ = 0;
    for (size_t k = 0; k < old_capacity; ++k) {
      const Entry& e = old[k];
      if (e.stamp == old_stamp) Put(e.lo, e.hi, e.left, e.count());
    }
  }

  static constexpr size_t kFirstSlots = size_t{1} << 12;

  std::unique_ptr<Entry[]> slots_;
  size_t capacity_ = 0;
  int shift_ = 64;
  size_t size_ = 0;
  uint32_t stamp_ = 1;
};

}  // namespace slidedb

#endif  // SLIDEDB_LIB_ANALYSIS_PATH_MEMO_H_
