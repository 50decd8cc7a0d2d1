#include "lib/search/pdb_words.h"

#include <algorithm>
#include <atomic>
#include <string>

#include "lib/base/threads.h"
#include "lib/puzzle/region_pattern.h"
#include "lib/search/pdb_build.h"

namespace slidedb {

namespace {

// The words of entries [begin, end); false when a move changes an entry by
// other than one (its index in *bad).
bool FillWords(const Board& board, const RegionIndexer& indexer,
               const std::vector<uint8_t>& values, uint64_t begin, uint64_t end,
               uint32_t* words, uint64_t* bad) {
  const int k = indexer.tiles();
  uint8_t cell[kMaxPatternTiles], moved[kMaxPatternTiles];
  uint32_t region = 0;
  for (uint64_t i = begin; i < end; ++i) {
    // Each entry's cells from the last's, as the indexes run in order.
    if (i == begin) {
      indexer.CellsAt(i, cell, &region);
    } else {
      indexer.CellsAfter(i - 1, cell, &region);
    }
    const int value = values[i];
    uint32_t word = 0;
    if (value != kPdbUnreached) {
      std::copy(cell, cell + k, moved);
      for (int slot = 0; slot < k; ++slot) {
        for (Move d : kAllMoves) {
          const int to = board.Neighbor(cell[slot], d);
          if (to < 0 || (region >> to & 1u) == 0) continue;
          moved[slot] = static_cast<uint8_t>(to);
          const int child = values[indexer.IndexOf(moved, cell[slot])];
          moved[slot] = cell[slot];
          if (child == value - 1) {
            word |= 1u << PdbWordBit(slot, d);
          } else if (child != value + 1) {
            *bad = i;
            return false;
          }
        }
      }
    }
    words[i] = word;
  }
  return true;
}

}  // namespace

Status ComputePdbWords(const Board& board, int tiles,
                       const std::vector<uint8_t>& values, int threads,
                       std::vector<uint32_t>* words) {
  const RegionIndexer indexer(board, tiles);
  words->assign(values.size(), 0);
  // Chunks taken in turn: the entries of low indexes have more regions.
  constexpr uint64_t kChunk = 1 << 16;
  std::atomic<uint64_t> next{0};
  std::atomic<bool> failed{false};
  std::atomic<uint64_t> bad_entry{0};
  const auto work = [&] {
    for (uint64_t begin;
         !failed && (begin = next.fetch_add(kChunk)) < values.size();) {
      const uint64_t end = std::min<uint64_t>(begin + kChunk, values.size());
      uint64_t bad = 0;
      if (!FillWords(board, indexer, values, begin, end, words->data(), &bad)) {
        bad_entry = bad;
        failed = true;
      }
    }
  };
  RunOnThreads(threads, work);
  if (failed) {
    return Status::Corruption(
        "a tile move changes pattern database entry " +
        std::to_string(bad_entry.load()) +
        " by other than one: not a table by blank region");
  }
  return Status::OK();
}

}  // namespace slidedb
