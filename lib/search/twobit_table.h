// TwoBitTable: a full table at two bits a state (issue 23). Each state holds
// its distance to the goal modulo 3, or kTwoBitUnreached while a search is
// filling the table. Sliding-tile graphs are bipartite, so a neighbour of a
// state at distance d is at d-1 or d+1, and the residues tell which: the
// neighbours one step nearer the goal are those whose residue is (r+2)%3
// (lib/solve/twobit_walk.h follows them to the goal).
#ifndef SLIDEDB_LIB_SEARCH_TWOBIT_TABLE_H_
#define SLIDEDB_LIB_SEARCH_TWOBIT_TABLE_H_

#include <cstddef>
#include <cstdint>
#include <cstdlib>

#include "lib/base/status.h"
#include "lib/search/bfs_memory.h"

namespace slidedb {

// The value of a state no search has reached (yet).
inline constexpr uint8_t kTwoBitUnreached = 3;

class TwoBitTable {
 public:
  TwoBitTable() = default;
  // `size` states, all kTwoBitUnreached: a small table (TwoBitFromRecords,
  // tests), whose memory refused aborts; a search calls Reset instead.
  explicit TwoBitTable(uint64_t size) {
    if (!Reset(size).ok()) std::abort();
  }

  // Makes the table `size` states long, all kTwoBitUnreached, and forgets
  // max_distance. A large table gets 2 MB pages (a search reads it at
  // random), faulted in on `threads` threads. ResourceExhausted, the table
  // left empty, when the memory is refused.
  Status Reset(uint64_t size, int threads = 1);

  uint64_t size() const { return size_; }
  // The bytes the values take: four states a byte, rounded up to 64 states
  // (16 bytes), which the search reads at once.
  size_t bytes() const { return bytes_.size(); }

  // State i's value: 0..2 (its distance modulo 3) or kTwoBitUnreached.
  // REQUIRES: i < size().
  uint8_t Get(uint64_t i) const { return (bytes_[i >> 2] >> Shift(i)) & 3; }
  // REQUIRES: i < size(), v <= 3. Not safe against other writers of the
  // same byte (the search writes through data() with atomic operations).
  void Set(uint64_t i, uint8_t v) {
    uint8_t& b = bytes_[i >> 2];
    b = static_cast<uint8_t>((b & ~(3u << Shift(i))) | (v & 3u) << Shift(i));
  }

  // The greatest distance of a state in the table, or -1 if not known. The
  // walk (lib/solve/twobit_walk.h) takes no more steps than this.
  int max_distance() const { return max_distance_; }
  void set_max_distance(int d) { max_distance_ = d; }

  // The packed bytes: state i is bits 2*(i%4)+1..2*(i%4) of byte i/4.
  uint8_t* data() { return bytes_.data(); }
  const uint8_t* data() const { return bytes_.data(); }

  static int Shift(uint64_t i) { return static_cast<int>(i & 3) * 2; }

 private:
  uint64_t size_ = 0;
  bfs::FreshArray<uint8_t> bytes_;
  int max_distance_ = -1;
};

// The residues of a byte table of RunBfs (lib/search/bfs.h,
// lib/puzzle/record.h): each state's distance modulo 3, and max_distance the
// greatest distance. REQUIRES: no record is saturated (kDistanceSaturated),
// as on every board up to 3x4 (2x6 and 6x2 go past it); a saturated record's
// residue would need a walk.
TwoBitTable TwoBitFromRecords(const std::vector<uint8_t>& records);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_TWOBIT_TABLE_H_
