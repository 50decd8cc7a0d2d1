// The scans of the search (lib/search/bfs.cc): which bytes of the records
// hold a state of a given depth, 16 at a time with SSE2, one at a time
// otherwise (and under ThreadSanitizer). Each vector scan has a scalar twin
// that tests/bfs_scan_test.cc holds it to.
#ifndef SLIDEDB_LIB_SEARCH_BFS_SCAN_H_
#define SLIDEDB_LIB_SEARCH_BFS_SCAN_H_

#include "lib/search/bfs_context.h"

namespace slidedb {
namespace bfs {

inline uint8_t LoadByte(const uint8_t* p) {
  return std::atomic_ref<uint8_t>(*const_cast<uint8_t*>(p))
      .load(std::memory_order_relaxed);
}
inline void StoreByte(uint8_t* p, uint8_t value) {
  std::atomic_ref<uint8_t>(*p).store(value, std::memory_order_relaxed);
}

// The cells of rank's group whose bytes hold a state of the current depth,
// of the one before it (none at depth 0) and unseen ones, as bit masks. The
// distance bits of a state of either depth do not change during a level; an
// unseen one may be claimed by another worker meanwhile, and claiming it
// again stores the same byte.
struct GroupMasks {
  unsigned cur;
  unsigned prev;
  unsigned unseen;
};

// Each scan comes in two: one byte at a time (relaxed atomic loads), and 16
// at a time with SSE2. The first answers for the second in the tests, and
// in builds without SSE2 or under ThreadSanitizer (SLIDEDB_SIMD_SCAN).

template <typename S>
inline GroupMasks MasksAtScalar(const uint8_t* records, Index rank,
                                const LevelKeys& keys) {
  const uint8_t* p = records + static_cast<size_t>(rank) * S::kCells;
  GroupMasks g{0, 0, 0};
  for (int b = 0; b < S::kCells; ++b) {
    const uint8_t x = LoadByte(p + b);
    const uint8_t dist = x & kDistanceBits;
    g.cur |= unsigned{dist == keys.cur} << b;
    g.prev |= unsigned{dist == keys.prev} << b;
    g.unseen |= unsigned{x == kUnseen} << b;
  }
  return g;
}

// Where among the 16 bytes at p the distance bits are `key`, as a bit mask.
inline unsigned Matches16Scalar(const uint8_t* p, uint8_t key) {
  unsigned mask = 0;
  for (int b = 0; b < 16; ++b) {
    mask |= unsigned{(LoadByte(p + b) & kDistanceBits) == key} << b;
  }
  return mask;
}

// Where among the 16 bytes at p the distance bits are below kKeptApart's,
// as a bit mask.
inline unsigned KeptApart16Scalar(const uint8_t* p) {
  constexpr uint8_t kLast = DepthKey(kKeptApart - 1);
  unsigned mask = 0;
  for (int b = 0; b < 16; ++b) {
    mask |= unsigned{(LoadByte(p + b) & kDistanceBits) <= kLast} << b;
  }
  return mask;
}

#if defined(__SSE2__)
template <typename S>
inline GroupMasks MasksAtSse2(const uint8_t* records, Index rank,
                              const LevelKeys& keys) {
  constexpr unsigned kGroup = (1u << S::kCells) - 1;
  const uint8_t* p = records + static_cast<size_t>(rank) * S::kCells;
  const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  const __m128i dist =
      _mm_and_si128(v, _mm_set1_epi8(static_cast<char>(kDistanceBits)));
  auto where = [&](__m128i x, uint8_t key) {
    return static_cast<unsigned>(_mm_movemask_epi8(
               _mm_cmpeq_epi8(x, _mm_set1_epi8(static_cast<char>(key))))) &
           kGroup;
  };
  return {where(dist, keys.cur),
          keys.prev <= 0xff ? where(dist, static_cast<uint8_t>(keys.prev)) : 0u,
          where(v, kUnseen)};
}

inline unsigned Matches16Sse2(const uint8_t* p, uint8_t key) {
  const __m128i v =
      _mm_and_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)),
                    _mm_set1_epi8(static_cast<char>(kDistanceBits)));
  return static_cast<unsigned>(_mm_movemask_epi8(
      _mm_cmpeq_epi8(v, _mm_set1_epi8(static_cast<char>(key)))));
}

inline unsigned KeptApart16Sse2(const uint8_t* p) {
  constexpr uint8_t kLast = DepthKey(kKeptApart - 1);
  const __m128i v =
      _mm_and_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)),
                    _mm_set1_epi8(static_cast<char>(kDistanceBits)));
  return static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(
      _mm_min_epu8(v, _mm_set1_epi8(static_cast<char>(kLast))), v)));
}
#endif  // __SSE2__

// The scans the search uses.
template <typename S>
inline GroupMasks MasksAt(const uint8_t* records, Index rank,
                          const LevelKeys& keys) {
#if defined(SLIDEDB_SIMD_SCAN)
  return MasksAtSse2<S>(records, rank, keys);
#else
  return MasksAtScalar<S>(records, rank, keys);
#endif
}
inline unsigned Matches16(const uint8_t* p, uint8_t key) {
#if defined(SLIDEDB_SIMD_SCAN)
  return Matches16Sse2(p, key);
#else
  return Matches16Scalar(p, key);
#endif
}
inline unsigned KeptApart16(const uint8_t* p) {
#if defined(SLIDEDB_SIMD_SCAN)
  return KeptApart16Sse2(p);
#else
  return KeptApart16Scalar(p);
#endif
}

// Calls f(i) for each byte i in [begin, end) whose distance bits are below
// kKeptApart's.
template <typename F>
void ForKeptApart(const uint8_t* records, size_t begin, size_t end, F f) {
  for (size_t pos = begin; pos < end; pos += 16) {
    unsigned hits = KeptApart16(records + pos);
    if (end - pos < 16) hits &= (1u << (end - pos)) - 1;
    for (; hits != 0; hits &= hits - 1) f(pos + __builtin_ctz(hits));
  }
}

}  // namespace bfs
}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_BFS_SCAN_H_
