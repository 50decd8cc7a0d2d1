// RegionIndexer: the dense numbering of a group's placements together with
// the region of free cells the blank is in: the index of a "blank-region"
// pattern database (docs/FORMAT.md), whose entry for a placement may differ
// between the regions its tiles split the other cells into ("zero-aware"
// in clausecker/24puzzle: the entry knows where the blank can go without
// moving a group tile).
//
// The group's cells form a set S of k cells; the free cells (the others)
// split into regions, connected through neighbouring cells. Region 0 is
// the largest (the one with the smallest cell among the largest), the
// others are numbered 1, 2, ... by their smallest cell. Most sets leave
// one region and the blank is mostly in the largest, so region 0 of every
// set takes the placement's own index (PatternIndexer); the other regions
// come after all those:
//
//   index = placement index                                (region 0)
//   index = (C(n, k) + extra(S) + j − 1) · k! + order      (region j ≥ 1)
//
//   set(S)   = Σ C(s_i, i + 1)        (s_0 < s_1 < ...: S's cells; colex
//              rank, the order of the sets' bitmasks as numbers)
//   extra(S) = Σ over sets T with set(T) < set(S) of T's regions but one
//   order    = the Lehmer rank of the tiles' order over S's cells
//              (PatternIndexer(k, k) of each tile's rank among S's cells)
//
// The indexes run densely from 0 to (Σ over sets of their regions) · k! − 1
// (5x5 with six tiles: 251,400 regions, 181,008,000 entries). Beside the
// placement's index a search computes set(S) from three small tables and
// reads the cells of S's region 0 (708 KB on 5x5), and S's other regions
// only when the blank is in none of those. The numbering is part of
// the on-disk format (docs/FORMAT.md).
#ifndef SLIDEDB_LIB_PUZZLE_REGION_PATTERN_H_
#define SLIDEDB_LIB_PUZZLE_REGION_PATTERN_H_

#include <bit>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "lib/puzzle/board.h"
#include "lib/puzzle/pattern.h"

namespace slidedb {

// The cells of a board as bits of a mask, and the regions of free cells.
class CellMasks {
 public:
  explicit CellMasks(const Board& board);
  uint32_t all() const { return all_; }
  // `m` and every cell next to one of its cells.
  uint32_t Grow(uint32_t m) const {
    return (m | m << cols_ | m >> cols_ | ((m << 1) & ~first_col_) |
            ((m >> 1) & ~last_col_)) &
           all_;
  }
  // The cells the blank reaches from `start` without crossing `occupied`.
  uint32_t Region(uint32_t occupied, int start) const {
    uint32_t r = 1u << start;
    for (;;) {
      const uint32_t next = Grow(r) & ~occupied;
      if (next == r) return r;
      r = next;
    }
  }

 private:
  int cols_;
  uint32_t all_;
  uint32_t first_col_ = 0;
  uint32_t last_col_ = 0;
};

class RegionIndexer {
 public:
  // REQUIRES: 1 <= tiles <= min(kMaxPatternTiles, board.cells() - 1).
  RegionIndexer(const Board& board, int tiles);

  int cells() const { return cells_; }
  int tiles() const { return tiles_; }
  uint64_t size() const { return size_; }
  // The regions over every set of `tiles` cells.
  uint64_t regions() const { return sets_ + extra_region_.size(); }

  // cell[i]: the cell of the group's i-th tile, all different; `blank` a
  // cell none of them holds. Kept inline: a search computes one for each
  // state it makes.
  uint64_t IndexOf(const uint8_t* cell, int blank) const {
    uint32_t set = 0;
    for (int i = 0; i < tiles_; ++i) set |= 1u << cell[i];
    return IndexOf(cell, set, blank);
  }
  // The same, given `set`, the mask of the cells cell[0..tiles()) (which
  // a search keeps as it moves the tiles).
  uint64_t IndexOf(const uint8_t* cell, uint32_t set, int blank) const {
    return FromPlacement(placement_.IndexOf(cell), cell, set, blank);
  }
  // The same, given the placement's own index (PatternIndexer's).
  [[gnu::always_inline]] uint64_t FromPlacement(uint64_t placement,
                                                const uint8_t* cell,
                                                uint32_t set, int blank) const {
    const uint32_t rank = SetRank(set);
    if (region0_[rank] >> blank & 1u) return placement;
    return OtherRegion(cell, set, rank, blank);
  }
  // The cells of the tiles of `index` into cell[0..tiles()), and its
  // region's cells. REQUIRES: index < size().
  void CellsAt(uint64_t index, uint8_t* cell, uint32_t* region) const;
  // CellsAt(index + 1) from CellsAt(index)'s cell[]: with no division
  // while index + 1 is a placement's own index (a pass over every entry in
  // order). REQUIRES: index + 1 < size().
  void CellsAfter(uint64_t index, uint8_t* cell, uint32_t* region) const {
    if (index + 1 >= placement_.size() || !placement_.Next(cell)) {
      CellsAt(index + 1, cell, region);
      return;
    }
    uint32_t set = 0;
    for (int i = 0; i < tiles_; ++i) set |= 1u << cell[i];
    *region = region0_[SetRank(set)];
  }

 private:
  // Cells of a chunk of set(S)'s table: three cover 25.
  static constexpr int kChunk = 9;
  static constexpr uint32_t kChunkMask = (1u << kChunk) - 1;

  // IndexOf with the blank in a region of `set`, of rank `rank`, other
  // than region 0.
  uint64_t OtherRegion(const uint8_t* cell, uint32_t set, uint32_t rank,
                       int blank) const;
  // set(S).
  uint32_t SetRank(uint32_t set) const {
    // A chunk of cells at a time: a chunk's terms depend on how many of
    // S's cells lie below it.
    const uint32_t low = set & kChunkMask, mid = set >> kChunk & kChunkMask,
                   high = set >> (2 * kChunk);
    const int below_mid = std::popcount(low);
    return chunk_rank_[0][low][0] + chunk_rank_[1][mid][below_mid] +
           chunk_rank_[2][high][below_mid + std::popcount(mid)];
  }

  int cells_;
  int tiles_;
  PatternIndexer placement_;
  uint64_t orders_;       // tiles!
  PatternIndexer order_;  // of the tiles' ranks among the set's cells
  uint64_t sets_;         // C(cells, tiles)
  uint64_t size_;
  CellMasks masks_;
  // choose_[c][i]: C(c, i).
  uint32_t choose_[kMaxCells + 1][kMaxPatternTiles + 1] = {};
  // chunk_rank_[h][m][b]: the terms of set(S) of the cells of chunk h in
  // S (mask m of the chunk), b of S's cells lying below the chunk.
  uint32_t chunk_rank_[3][1 << kChunk][kMaxPatternTiles + 1] = {};
  // region0_[r]: the cells of region 0 of the set of rank r.
  std::vector<uint32_t> region0_;
  // extra_[r]: extra(set of rank r); one more at the end. extra_region_[e]:
  // the cells of extra region e (region 1 of set r is
  // extra_region_[extra_[r]]).
  std::vector<uint32_t> extra_;
  std::vector<uint32_t> extra_region_;
};

// How a pattern database numbers its entries: by placement alone
// (PatternIndexer; the entry is the least over the blank's regions) or by
// placement and the blank's region (RegionIndexer).
enum class PdbIndexKind { kPlacement, kBlankRegion };
// "placement", "blank-region": the names in the metadata and on the
// command line.
std::string_view PdbIndexName(PdbIndexKind kind);
// false, *kind unchanged, for another name.
bool ParsePdbIndexName(std::string_view name, PdbIndexKind* kind);

// Either numbering of a group of `tiles` on `board`, as the builder, the
// encoding and the search use it.
class GroupIndexer {
 public:
  // REQUIRES: as PatternIndexer's and RegionIndexer's.
  GroupIndexer(const Board& board, int tiles, PdbIndexKind kind);

  PdbIndexKind kind() const {
    return regions_ == nullptr ? PdbIndexKind::kPlacement
                               : PdbIndexKind::kBlankRegion;
  }
  uint64_t size() const {
    return regions_ == nullptr ? placement_.size() : regions_->size();
  }
  // As PatternIndexer's, or RegionIndexer's with the blank on `blank`.
  uint64_t IndexOf(const uint8_t* cell, int blank) const {
    return regions_ == nullptr ? placement_.IndexOf(cell)
                               : regions_->IndexOf(cell, blank);
  }
  // The tiles' cells of entry `index`. REQUIRES: index < size().
  void CellsAt(uint64_t index, uint8_t* cell) const;
  // CellsAt(index + 1) from CellsAt(index)'s cell[], as RegionIndexer's
  // CellsAfter. REQUIRES: index + 1 < size().
  void CellsAfter(uint64_t index, uint8_t* cell) const;
  // Either numbering itself, for a loop that knows which at compile time.
  const PatternIndexer& placement() const { return placement_; }
  // REQUIRES: kind() == PdbIndexKind::kBlankRegion.
  const RegionIndexer& regions() const { return *regions_; }

 private:
  PatternIndexer placement_;
  // One for each board and group size, made once, shared by every group
  // and thread (1.7 MB for six tiles on 5x5).
  const RegionIndexer* regions_ = nullptr;
};

}  // namespace slidedb

#endif  // SLIDEDB_LIB_PUZZLE_REGION_PATTERN_H_
