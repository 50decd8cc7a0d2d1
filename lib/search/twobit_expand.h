// Expanding a level of the two-bit search (lib/search/twobit_bfs.cc), a
// block of states at a time, in either direction:
//
//  - forwards (ExpandForwards): each state of the level (residue d % 3, not
//    yet expanded) claims its unreached neighbours for the next level;
//  - backwards (ExpandBackwards), once fewer states are left unreached than
//    the level holds: each unreached state looks for a neighbour of residue
//    d % 3 and, if it has one, joins the next level. Such a neighbour is at
//    depth d exactly: it was reached, so it is at most d deep, and it is a
//    neighbour of a state deeper than d. A worker writes only the states of
//    its own blocks then, and the expanded bits are not needed.
//
// The neighbours' indexes come from the byte search's rank arithmetic
// (lib/search/bfs_ranks.h): a rank's tile order is decoded once for all its
// states, and a vertical move's rank is a few multiply-adds away. Ranks fit
// 32 bits up to 14 cells (13!/2); indexes (rank * cells + blank) need 64.
// The vertical neighbours lie anywhere in the table, so each is fetched
// ahead of its turn, as the byte search does.
#ifndef SLIDEDB_LIB_SEARCH_TWOBIT_EXPAND_H_
#define SLIDEDB_LIB_SEARCH_TWOBIT_EXPAND_H_

#include <atomic>
#include <cstdint>
#include <vector>

#include "lib/search/bfs_expand.h"  // kAhead
#include "lib/search/bfs_ranks.h"
#include "lib/search/bfs_scan.h"  // LoadByte, StoreByte
#include "lib/search/twobit_table.h"

namespace slidedb {
namespace bfs {

// The search works on units of 64 ranks: 64 * cells states, whose pairs
// fill 2 * cells words of the table and whose expanded bits fill cells
// words, so that a worker that owns a unit owns whole words. A worker
// takes kUnitsPerChunk units at a time; a flag per unit says whether it
// may hold a state the level works on.
constexpr uint64_t kUnitRanks = 64;
constexpr uint64_t kUnitsPerChunk = 16;

struct TwoBitContext {
  Context ranks;    // the decoding tables (PrepareDecoding); no records
  uint64_t* words;  // the table's bytes, as words
  uint64_t size;
  uint64_t ranks_total;
  uint64_t* expanded;  // one bit a state, set once expanded (forwards)
  // Per unit: forwards, whether it holds a state of the level (active) or
  // of the next (next_active); backwards, whether it holds an unreached one.
  uint8_t* active;
  uint8_t* next_active;
};

inline uint64_t LoadWord(const uint64_t* p) {
  return std::atomic_ref<uint64_t>(*const_cast<uint64_t*>(p))
      .load(std::memory_order_relaxed);
}
inline void StoreWord(uint64_t* p, uint64_t v) {
  std::atomic_ref<uint64_t>(*p).store(v, std::memory_order_relaxed);
}
// The `n` bits (n <= 32) of `words` from bit `at` on, read with relaxed
// atomic loads (other workers may be claiming states in those words).
inline uint64_t LoadBits(const uint64_t* words, uint64_t at, int n) {
  const uint64_t w = at >> 6;
  const int off = static_cast<int>(at & 63);
  uint64_t x = LoadWord(words + w) >> off;
  if (off + n > 64) x |= LoadWord(words + w + 1) << (64 - off);
  return x & ((uint64_t{1} << n) - 1);
}
inline uint8_t LoadPair(const uint64_t* words, uint64_t i) {
  return static_cast<uint8_t>((LoadWord(words + (i >> 5)) >> ((i & 31) * 2)) &
                              3);
}
// Bit 2k of the result is set where pair k of `x` is `v`.
inline uint64_t PairsEqual(uint64_t x, uint8_t v) {
  const uint64_t y = x ^ (0x5555555555555555ull * v);
  return ~(y | y >> 1) & 0x5555555555555555ull;
}
// Bits 0, 2, 4 ... 62 of x gathered into bits 0 ... 31.
inline uint64_t EvenBits(uint64_t x) {
  x &= 0x5555555555555555ull;
  x = (x | x >> 1) & 0x3333333333333333ull;
  x = (x | x >> 2) & 0x0f0f0f0f0f0f0f0full;
  x = (x | x >> 4) & 0x00ff00ff00ff00ffull;
  x = (x | x >> 8) & 0x0000ffff0000ffffull;
  return (x | x >> 16) & 0x00000000ffffffffull;
}
// Bits 0 ... 31 of x spread to bits 0, 2, 4 ... 62.
inline uint64_t SpreadBits(uint64_t x) {
  x &= 0x00000000ffffffffull;
  x = (x | x << 16) & 0x0000ffff0000ffffull;
  x = (x | x << 8) & 0x00ff00ff00ff00ffull;
  x = (x | x << 4) & 0x0f0f0f0f0f0f0f0full;
  x = (x | x << 2) & 0x3333333333333333ull;
  return (x | x << 1) & 0x5555555555555555ull;
}

// Clears `mask`'s bits of the table from bit `at` on (mask of at most 32
// pairs), atomically against the other workers.
inline void ClearBits(uint64_t* words, uint64_t at, uint64_t mask) {
  const uint64_t w = at >> 6;
  const int off = static_cast<int>(at & 63);
  std::atomic_ref<uint64_t>(words[w]).fetch_and(~(mask << off),
                                                std::memory_order_relaxed);
  if (off != 0 && (mask >> (64 - off)) != 0) {
    std::atomic_ref<uint64_t>(words[w + 1])
        .fetch_and(~(mask >> (64 - off)), std::memory_order_relaxed);
  }
}

// The vertical neighbours of the state of `rank` with the blank on `b`
// (tile order o): j[0..n).
template <typename S>
inline int VerticalNeighbours(const Order& o, Index rank, int b,
                              uint64_t j[2]) {
  constexpr int kCols = S::kCols;
  int n = 0;
  if (b >= kCols) {
    j[n++] = uint64_t{Step<S>(o, rank, b - kCols, 1)} * S::kCells +
             static_cast<uint64_t>(b - kCols);
  }
  if (b + kCols < S::kCells) {
    j[n++] = uint64_t{Step<S>(o, rank, b, 0)} * S::kCells +
             static_cast<uint64_t>(b + kCols);
  }
  return n;
}

// The cells from which the blank can move left, and right, as bits.
template <typename S>
struct SidewaysCells {
  static constexpr unsigned Where(int dc) {
    unsigned mask = 0;
    for (int b = 0; b < S::kCells; ++b) {
      const int col = b % S::kCols + dc;
      if (col >= 0 && col < S::kCols) mask |= 1u << b;
    }
    return mask;
  }
  static constexpr unsigned kLeft = Where(-1);
  static constexpr unsigned kRight = Where(1);
  // The cells beside those of `m` (one step left or right).
  static unsigned Beside(unsigned m) {
    return (m & kRight) << 1 | (m & kLeft) >> 1;
  }
};

// The states of unit `unit` whose pair is `v` (and, with `expanded`, whose
// expanded bit is clear), as bits: bit k of out[e] for state unit's first
// + 64 e + k, e < cells; out[cells] is 0. Whole words at a time: most words
// of most levels hold no such state. Returns whether any does.
template <typename S>
inline bool UnitStates(const TwoBitContext& c, uint64_t unit, uint8_t v,
                       bool expanded, uint64_t out[S::kCells + 1]) {
  constexpr int kC = S::kCells;
  // The unit's first state is unit * 64 * kC: table word 2 * kC * unit,
  // expanded word kC * unit.
  const uint64_t* t = c.words + 2 * kC * unit;
  const uint64_t* x = c.expanded + kC * unit;
  const uint64_t words = (c.size + 31) / 32;  // of the table
  uint64_t any = 0;
  for (int e = 0; e < kC; ++e) {
    const uint64_t w = 2 * kC * unit + 2 * static_cast<uint64_t>(e);
    const uint64_t lo = w < words ? PairsEqual(LoadWord(t + 2 * e), v) : 0;
    const uint64_t hi =
        w + 1 < words ? PairsEqual(LoadWord(t + 2 * e + 1), v) : 0;
    uint64_t bits = 0;
    if ((lo | hi) != 0) {
      bits = EvenBits(lo) | EvenBits(hi) << 32;
      if (expanded) bits &= ~x[e];
    }
    out[e] = bits;
    any |= bits;
  }
  out[kC] = 0;
  return any != 0;
}
// Bits from bit `at` on of a unit's out[] of UnitStates, cells() of them.
template <typename S>
inline unsigned RankStates(const uint64_t* bits, unsigned at) {
  const unsigned w = at >> 6, off = at & 63;
  uint64_t x = bits[w] >> off;
  if (off + S::kCells > 64) x |= bits[w + 1] << (64 - off);
  return static_cast<unsigned>(x & ((uint64_t{1} << S::kCells) - 1));
}

// Claims fetched ahead of their turn: a level's vertical neighbours lie
// anywhere in the table (2x7's is 10.9 GB).
constexpr unsigned kTwoBitAhead = 32;
// The forward search puts the vertical neighbours it claims in buckets by
// where they lie, 2^kBucketShift states (32 MB of table) a bucket, and
// claims a bucket's kBucketClaims at once: claims spread over the whole
// table missed the TLB on nearly every one (a page walk is dear in a
// virtual machine), claims within 32 MB mostly hit it and the caches.
constexpr int kBucketShift = 27;
constexpr unsigned kBucketClaims = 2048;

// One worker's forward expansion of a level: each state of residue r not
// expanded yet claims its unreached neighbours with residue `next`. With
// `mark`, flags the units it claims states in (c.next_active): for a level
// that leaves the next one sparse.
template <typename S>
class Forwards {
 public:
  Forwards(const TwoBitContext& c, uint8_t r, uint8_t next, bool mark)
      : c_(c),
        r_(r),
        next_(next),
        mark_(mark),
        buckets_((c.size >> kBucketShift) + 1),
        held_(buckets_, 0),
        waiting_(buckets_ * kBucketClaims) {}

  // Expands the unit's states of the level; returns how many.
  uint64_t Unit(uint64_t unit) {
    constexpr int kC = S::kCells;
    constexpr uint64_t kGroup = (uint64_t{1} << kC) - 1;
    uint64_t front_bits[kC + 1];
    if (!UnitStates<S>(c_, unit, r_, /*expanded=*/true, front_bits)) return 0;
    // Only this worker writes the unit's expanded bits.
    for (int e = 0; e < kC; ++e) {
      uint64_t* x = c_.expanded + kC * unit + e;
      if (front_bits[e] != 0) StoreWord(x, LoadWord(x) | front_bits[e]);
    }
    uint64_t expanded = 0;
    const uint64_t first = unit * kUnitRanks;
    const uint64_t last = std::min(first + kUnitRanks, c_.ranks_total);
    Order orders[2];
    for (uint64_t rank = first; rank < last; ++rank) {
      const unsigned front =
          RankStates<S>(front_bits, static_cast<unsigned>((rank - first) * kC));
      if (front == 0) continue;
      const uint64_t i0 = rank * kC;
      expanded += static_cast<unsigned>(__builtin_popcount(front));
      const uint64_t pairs = LoadBits(c_.words, 2 * i0, 2 * kC);
      // The unreached cells beside the level's states, claimed together.
      const unsigned unreached = static_cast<unsigned>(
          EvenBits(PairsEqual(pairs, kTwoBitUnreached)) & kGroup);
      const unsigned side = SidewaysCells<S>::Beside(front) & unreached;
      if (side != 0) {
        ClearBits(c_.words, 2 * i0, SpreadBits(side) * (3u ^ next_));
        if (mark_) Mark(i0);
        claimed_ += static_cast<unsigned>(__builtin_popcount(side));
      }
      Decode<S>(c_.ranks, static_cast<Index>(rank), orders);
      for (unsigned m = front; m != 0; m &= m - 1) {
        const int b = __builtin_ctz(m);
        uint64_t j[2];
        const int v = VerticalNeighbours<S>(orders[c_.ranks.parity[b]],
                                            static_cast<Index>(rank), b, j);
        for (int k = 0; k < v; ++k) Push(j[k]);
      }
    }
    return expanded;
  }

  // Claims what is still waiting; returns the states claimed (an estimate:
  // see Claim).
  uint64_t Finish() {
    for (uint64_t b = 0; b < buckets_; ++b) Flush(b);
    return claimed_;
  }

 private:
  // Gives state j the residue next_ if it is unreached. Every claim of a
  // level writes the same residue, so clearing the bits next_ lacks is
  // right whether or not another worker claimed j meanwhile, and the
  // other states of the word are untouched: one atomic AND, no
  // compare-and-swap loop. Two workers may both count j: claimed_ is an
  // estimate.
  void Claim(uint64_t j) {
    uint64_t* p = c_.words + (j >> 5);
    const int shift = static_cast<int>(j & 31) * 2;
    if (((LoadWord(p) >> shift) & 3) != kTwoBitUnreached) return;
    std::atomic_ref<uint64_t>(*p).fetch_and(~(uint64_t{3u ^ next_} << shift),
                                            std::memory_order_relaxed);
    ++claimed_;
    if (mark_) Mark(j);
  }
  // (Read first: a store each time would bounce the flag's cache line
  // between the workers.)
  void Mark(uint64_t j) {
    uint8_t* flag = &c_.next_active[j / (S::kCells * kUnitRanks)];
    if (LoadByte(flag) == 0) StoreByte(flag, 1);
  }
  void Push(uint64_t j) {
    const uint64_t b = j >> kBucketShift;
    waiting_[b * kBucketClaims + held_[b]] = j;
    if (++held_[b] == kBucketClaims) Flush(b);
  }
  // Claims bucket b's states, each fetched kTwoBitAhead claims ahead.
  void Flush(uint64_t b) {
    const uint64_t* q = waiting_.data() + b * kBucketClaims;
    const unsigned n = held_[b];
    for (unsigned k = 0; k < n; ++k) {
      if (k + kTwoBitAhead < n) {
        __builtin_prefetch(c_.words + (q[k + kTwoBitAhead] >> 5), 1);
      }
      Claim(q[k]);
    }
    held_[b] = 0;
  }

  const TwoBitContext& c_;
  const uint8_t r_, next_;
  const bool mark_;
  const uint64_t buckets_;
  std::vector<unsigned> held_;     // claims waiting, by bucket
  std::vector<uint64_t> waiting_;  // bucket b's from b * kBucketClaims on
  uint64_t claimed_ = 0;
};

// One worker's backward expansion of a level: every unreached state of its
// units with a neighbour of residue r gets residue `next`. Only the
// worker that owns a unit writes its words during such a level.
template <typename S>
class Backwards {
 public:
  Backwards(const TwoBitContext& c, uint8_t r, uint8_t next)
      : c_(c), r_(r), next_(next) {}

  // Looks at the unit's unreached states; returns how many it reached (or
  // left waiting for their vertical neighbours: Finish). Clears the unit's
  // flag in c.active when none is unreached.
  uint64_t Unit(uint64_t unit) {
    constexpr int kC = S::kCells;
    constexpr uint64_t kGroup = (uint64_t{1} << kC) - 1;
    uint64_t open_bits[kC + 1];
    if (!UnitStates<S>(c_, unit, kTwoBitUnreached, /*expanded=*/false,
                       open_bits)) {
      StoreByte(&c_.active[unit], 0);
      return 0;
    }
    const uint64_t before = reached_;
    const uint64_t first = unit * kUnitRanks;
    const uint64_t last = std::min(first + kUnitRanks, c_.ranks_total);
    Order orders[2];
    for (uint64_t rank = first; rank < last; ++rank) {
      const unsigned open =
          RankStates<S>(open_bits, static_cast<unsigned>((rank - first) * kC));
      if (open == 0) continue;
      const uint64_t i0 = rank * kC;
      const uint64_t pairs = LoadBits(c_.words, 2 * i0, 2 * kC);
      seen_ += static_cast<unsigned>(__builtin_popcount(open));
      const unsigned level =
          static_cast<unsigned>(EvenBits(PairsEqual(pairs, r_)) & kGroup);
      const unsigned side = SidewaysCells<S>::Beside(level) & open;
      if (side != 0) {
        Set(i0, side);
        reached_ += static_cast<unsigned>(__builtin_popcount(side));
      }
      const unsigned rest = open & ~side;
      if (rest == 0) continue;
      Decode<S>(c_.ranks, static_cast<Index>(rank), orders);
      for (unsigned m = rest; m != 0; m &= m - 1) {
        const int b = __builtin_ctz(m);
        Pending p;
        p.i = i0 + static_cast<uint64_t>(b);
        p.n = VerticalNeighbours<S>(orders[c_.ranks.parity[b]],
                                    static_cast<Index>(rank), b, p.j);
        for (int k = 0; k < p.n; ++k) {
          __builtin_prefetch(c_.words + (p.j[k] >> 5));
        }
        if (held_ == kTwoBitAhead) {
          Settle(ring_[head_]);
        } else {
          ++held_;
        }
        ring_[head_] = p;
        head_ = (head_ + 1) % kTwoBitAhead;
      }
    }
    return reached_ - before;
  }

  // Settles what is still waiting. *unreached: the unreached states it
  // looked at; returns how many of them it reached.
  uint64_t Finish(uint64_t* unreached) {
    for (unsigned k = 0; k < held_; ++k) Settle(ring_[k]);
    held_ = head_ = 0;
    *unreached = seen_;
    return reached_;
  }

 private:
  struct Pending {
    uint64_t i;
    uint64_t j[2];
    int n;
  };
  // Gives the cells of `cells` (bits) from state i on the residue next_.
  void Set(uint64_t i, uint64_t cells) {
    const uint64_t mask = SpreadBits(cells) * (3u ^ next_);
    const uint64_t at = 2 * i;
    const uint64_t w = at >> 6;
    const int off = static_cast<int>(at & 63);
    StoreWord(c_.words + w, LoadWord(c_.words + w) & ~(mask << off));
    if (off != 0 && (mask >> (64 - off)) != 0) {
      StoreWord(c_.words + w + 1,
                LoadWord(c_.words + w + 1) & ~(mask >> (64 - off)));
    }
  }
  void Settle(const Pending& p) {
    bool near = false;
    for (int m = 0; m < p.n; ++m) near |= LoadPair(c_.words, p.j[m]) == r_;
    if (near) {
      Set(p.i, 1);
      ++reached_;
    }
  }

  const TwoBitContext& c_;
  const uint8_t r_, next_;
  Pending ring_[kTwoBitAhead];
  unsigned head_ = 0, held_ = 0;
  uint64_t reached_ = 0, seen_ = 0;
};

}  // namespace bfs
}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_TWOBIT_EXPAND_H_
