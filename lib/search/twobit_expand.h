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

#include "lib/search/bfs_expand.h"  // kAhead
#include "lib/search/bfs_ranks.h"
#include "lib/search/bfs_scan.h"  // LoadByte, StoreByte
#include "lib/search/twobit_table.h"

namespace slidedb {
namespace bfs {

// States a block holds: 64 words of the expanded bits, 1 KB of the table.
// A worker takes kBlocksPerChunk blocks at a time; a flag per block says
// whether it may hold a state the level works on.
constexpr uint64_t kTwoBitBlock = 4096;
constexpr uint64_t kWordsPerTwoBitBlock = kTwoBitBlock / 64;
constexpr uint64_t kBlocksPerChunk = 16;

struct TwoBitContext {
  Context ranks;  // the decoding tables (PrepareDecoding); no records
  uint8_t* bytes;
  uint64_t size;
  uint64_t* expanded;  // one bit a state, set once expanded (forwards)
  // Per block: forwards, whether it holds a state of the level (active) or
  // of the next (next_active); backwards, whether it holds an unreached one.
  uint8_t* active;
  uint8_t* next_active;
};

inline uint8_t LoadTwoBit(const uint8_t* bytes, uint64_t i) {
  return (LoadByte(bytes + (i >> 2)) >> TwoBitTable::Shift(i)) & 3;
}
inline uint64_t LoadWord(const uint8_t* p) {
  return std::atomic_ref<uint64_t>(
             *reinterpret_cast<uint64_t*>(const_cast<uint8_t*>(p)))
      .load(std::memory_order_relaxed);
}
// Bit 2k of the result is set where pair k of `x` is `v`.
inline uint64_t PairsEqual(uint64_t x, uint8_t v) {
  const uint64_t y = x ^ (0x5555555555555555ull * v);
  return ~(y | y >> 1) & 0x5555555555555555ull;
}

// Gives state j the residue `next` if it is unreached: the claim of the
// forward direction, against the other workers. Every claim of a level
// writes the same residue, so clearing the bits `next` lacks is right
// whether or not another worker claimed j meanwhile, and the other states
// of the byte are untouched: one atomic AND, no compare-and-swap loop.
// Returns whether j was unreached when looked at (two workers may both
// claim it: an estimate of the next level's states, not a count).
inline bool ClaimTwoBit(const TwoBitContext& c, uint64_t j, uint8_t next) {
  uint8_t* p = c.bytes + (j >> 2);
  const int shift = TwoBitTable::Shift(j);
  if (((LoadByte(p) >> shift) & 3) != kTwoBitUnreached) return false;
  std::atomic_ref<uint8_t>(*p).fetch_and(
      static_cast<uint8_t>(~((3u ^ next) << shift)), std::memory_order_relaxed);
  StoreByte(&c.next_active[j / kTwoBitBlock], 1);
  return true;
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

// Walks the states of block `block` whose pair is `v` (and, with
// `skip_expanded`, whose expanded bit is clear, setting it), calling
// f(i, b, order, rank) for each with the tile order of its rank decoded.
// Returns how many it visited.
template <typename S, typename F>
inline uint64_t ForStatesOf(const TwoBitContext& c, uint64_t block, uint8_t v,
                            bool skip_expanded, F f) {
  const uint64_t first = block * kWordsPerTwoBitBlock;
  const uint64_t words = (c.size + 63) / 64;
  const uint64_t end = first + kWordsPerTwoBitBlock < words
                           ? first + kWordsPerTwoBitBlock
                           : words;
  uint64_t visited = 0;
  uint64_t decoded = ~uint64_t{0};
  Order orders[2];
  for (uint64_t w = first; w < end; ++w) {
    uint64_t done = skip_expanded ? c.expanded[w] : 0;
    if (done == ~uint64_t{0}) continue;
    const uint64_t before = done;
    for (int half = 0; half < 2; ++half) {
      uint64_t match = PairsEqual(LoadWord(c.bytes + w * 16 + half * 8), v);
      while (match != 0) {
        const int k = half * 32 + __builtin_ctzll(match) / 2;
        match &= match - 1;
        if (done >> k & 1) continue;
        done |= uint64_t{1} << k;
        const uint64_t i = w * 64 + static_cast<uint64_t>(k);
        if (i >= c.size) break;
        const uint64_t rank = i / S::kCells;
        const int b = static_cast<int>(i - rank * S::kCells);
        if (rank != decoded) {
          Decode<S>(c.ranks, static_cast<Index>(rank), orders);
          decoded = rank;
        }
        f(i, b, orders[c.ranks.parity[b]], static_cast<Index>(rank));
        ++visited;
      }
    }
    if (skip_expanded && done != before) c.expanded[w] = done;
  }
  return visited;
}

// Expands the states of residue r not expanded yet in `block`, claiming
// their unreached neighbours with residue `next`. Returns how many it
// expanded: the states of the level in the block. Adds the states it
// claimed to *claims (see ClaimTwoBit).
template <typename S>
uint64_t ExpandForwards(const TwoBitContext& c, uint64_t block, uint8_t r,
                        uint8_t next, uint64_t* claims) {
  constexpr int kCols = S::kCols;
  // The vertical neighbours waiting for their claim, fetched meanwhile.
  uint64_t ring[kAhead];
  unsigned head = 0, held = 0;
  uint64_t claimed = 0;
  auto push = [&](uint64_t j) {
    __builtin_prefetch(c.bytes + (j >> 2), 1);
    if (held == kAhead)
      claimed += ClaimTwoBit(c, ring[head], next);
    else
      ++held;
    ring[head] = j;
    head = (head + 1) % kAhead;
  };
  const uint64_t n =
      ForStatesOf<S>(c, block, r, /*skip_expanded=*/true,
                     [&](uint64_t i, int b, const Order& o, Index rank) {
                       const int col = b % kCols;
                       if (col > 0) claimed += ClaimTwoBit(c, i - 1, next);
                       if (col < kCols - 1)
                         claimed += ClaimTwoBit(c, i + 1, next);
                       uint64_t j[2];
                       const int v = VerticalNeighbours<S>(o, rank, b, j);
                       for (int m = 0; m < v; ++m) push(j[m]);
                     });
  for (unsigned k = 0; k < held; ++k) claimed += ClaimTwoBit(c, ring[k], next);
  *claims += claimed;
  return n;
}

// The backward direction: every unreached state of `block` with a
// neighbour of residue r gets residue `next`. Adds the unreached states it
// looked at to *unreached and returns how many it reached. Clears the
// block's flag in c.active when none is left unreached.
template <typename S>
uint64_t ExpandBackwards(const TwoBitContext& c, uint64_t block, uint8_t r,
                         uint8_t next, uint64_t* unreached) {
  constexpr int kCols = S::kCols;
  struct Pending {
    uint64_t i;
    uint64_t j[2];
    int n;
  };
  Pending ring[kAhead];
  unsigned head = 0, held = 0;
  uint64_t reached = 0;
  // Only this worker writes the block's bytes during the level.
  auto set = [&](uint64_t i) {
    uint8_t* p = c.bytes + (i >> 2);
    const int shift = TwoBitTable::Shift(i);
    StoreByte(p, static_cast<uint8_t>(LoadByte(p) & ~((3u ^ next) << shift)));
    ++reached;
  };
  auto settle = [&](const Pending& p) {
    bool near = false;
    for (int m = 0; m < p.n; ++m) near |= LoadTwoBit(c.bytes, p.j[m]) == r;
    if (near) set(p.i);
  };
  const uint64_t seen = ForStatesOf<S>(
      c, block, kTwoBitUnreached, /*skip_expanded=*/false,
      [&](uint64_t i, int b, const Order& o, Index rank) {
        const int col = b % kCols;
        if ((col > 0 && LoadTwoBit(c.bytes, i - 1) == r) ||
            (col < kCols - 1 && LoadTwoBit(c.bytes, i + 1) == r)) {
          set(i);
          return;
        }
        Pending p;
        p.i = i;
        p.n = VerticalNeighbours<S>(o, rank, b, p.j);
        for (int m = 0; m < p.n; ++m) {
          __builtin_prefetch(c.bytes + (p.j[m] >> 2));
        }
        if (held == kAhead)
          settle(ring[head]);
        else
          ++held;
        ring[head] = p;
        head = (head + 1) % kAhead;
      });
  for (unsigned k = 0; k < held; ++k) settle(ring[k]);
  *unreached += seen;
  if (seen == reached) StoreByte(&c.active[block], 0);
  return reached;
}

}  // namespace bfs
}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_TWOBIT_EXPAND_H_
