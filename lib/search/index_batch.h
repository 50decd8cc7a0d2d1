// A batch of state indexes as the distributed search (lib/search/mpi_bfs.h)
// sends them from one rank to another: sorted, duplicates dropped, and each
// written as its difference from the one before (the first from 0) in LEB128
// varints, seven bits a byte, low bits first, the high bit set on every byte
// but a number's last. Neighbours of nearby states are nearby states, so
// most differences take one or two bytes instead of eight.
#ifndef SLIDEDB_LIB_SEARCH_INDEX_BATCH_H_
#define SLIDEDB_LIB_SEARCH_INDEX_BATCH_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace slidedb {

// Sorts `indexes` and drops its duplicates.
inline void SortUnique(std::vector<uint64_t>* indexes) {
  std::sort(indexes->begin(), indexes->end());
  indexes->erase(std::unique(indexes->begin(), indexes->end()), indexes->end());
}

// Appends the encoding of `sorted` (ascending, no duplicates) to *out.
inline void EncodeIndexBatch(const std::vector<uint64_t>& sorted,
                             std::vector<uint8_t>* out) {
  uint64_t previous = 0;
  for (const uint64_t v : sorted) {
    uint64_t delta = v - previous;
    previous = v;
    while (delta >= 0x80) {
      out->push_back(static_cast<uint8_t>(delta | 0x80));
      delta >>= 7;
    }
    out->push_back(static_cast<uint8_t>(delta));
  }
}

// The most bytes EncodeIndexBatch writes for one index.
inline constexpr size_t kMaxIndexBatchBytes = 10;

// Calls visit(index) for each index of an encoding, in order. Returns false
// (having visited the indexes before it) if the bytes end inside a number
// or a number overflows 64 bits.
template <typename Visit>
bool DecodeIndexBatch(const uint8_t* bytes, size_t n, const Visit& visit) {
  uint64_t previous = 0;
  size_t i = 0;
  while (i < n) {
    uint64_t delta = 0;
    int shift = 0;
    for (;;) {
      if (i == n || shift > 63) return false;
      const uint8_t b = bytes[i++];
      delta |= static_cast<uint64_t>(b & 0x7F) << shift;
      shift += 7;
      if ((b & 0x80) == 0) break;
    }
    previous += delta;
    visit(previous);
  }
  return true;
}

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_INDEX_BATCH_H_
