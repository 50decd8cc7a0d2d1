#include "lib/puzzle/region_pattern.h"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <utility>

namespace slidedb {

CellMasks::CellMasks(const Board& board)
    : cols_(board.cols()),
      all_((board.cells() >= 32 ? 0 : 1u << board.cells()) - 1) {
  for (int c = 0; c < board.cells(); ++c) {
    if (board.Col(c) == 0) first_col_ |= 1u << c;
    if (board.Col(c) == cols_ - 1) last_col_ |= 1u << c;
  }
}

RegionIndexer::RegionIndexer(const Board& board, int tiles)
    : cells_(board.cells()),
      tiles_(tiles),
      placement_(cells_, tiles),
      orders_(PatternIndexer(tiles, tiles).size()),
      order_(tiles, tiles),
      masks_(board) {
  for (int c = 0; c <= cells_; ++c) {
    choose_[c][0] = 1;
    for (int i = 1; i <= tiles_ && i <= c; ++i) {
      choose_[c][i] = choose_[c - 1][i - 1] + (i < c ? choose_[c - 1][i] : 0);
    }
  }
  sets_ = choose_[cells_][tiles_];
  for (int h = 0; h < 3; ++h) {
    for (uint32_t m = 0; m < (1u << kChunk); ++m) {
      for (int below = 0; below <= tiles_; ++below) {
        uint32_t sum = 0;
        int i = below;
        for (int b = 0; b < kChunk && i < tiles_; ++b) {
          const int c = h * kChunk + b;
          if (!(m >> b & 1u) || c >= cells_) continue;
          sum += choose_[c][i + 1];
          ++i;
        }
        chunk_rank_[h][m][below] = sum;
      }
    }
  }
  // The sets in the order of their rank, which is the order of their masks
  // as numbers; each one's regions by their smallest cell, the largest
  // first.
  region0_.reserve(sets_);
  extra_.reserve(sets_ + 1);
  uint32_t set = (1u << tiles_) - 1;
  for (uint64_t rank = 0; rank < sets_; ++rank) {
    extra_.push_back(static_cast<uint32_t>(extra_region_.size()));
    uint32_t regions[kMaxCells];
    int count = 0, largest = 0;
    for (uint32_t free = masks_.all() & ~set; free != 0; ++count) {
      regions[count] = masks_.Region(set, std::countr_zero(free));
      free &= ~regions[count];
      if (std::popcount(regions[count]) > std::popcount(regions[largest])) {
        largest = count;
      }
    }
    region0_.push_back(regions[largest]);
    for (int i = 0; i < count; ++i) {
      if (i != largest) extra_region_.push_back(regions[i]);
    }
    // The next larger number of as many bits (Gosper).
    const uint32_t low = set & -set, up = set + low;
    set = up | (((set ^ up) >> 2) / low);
  }
  extra_.push_back(static_cast<uint32_t>(extra_region_.size()));
  size_ = regions() * orders_;
}

namespace {

// order.IndexOf of the ranks among `set`'s cells of `tiles` tiles on
// cell[0..tiles), whose i-th digit (tile i's rank less the earlier tiles'
// ranks below it) is the number of the set's cells below tile i's that no
// earlier tile holds. kTiles > 0 gives the count at compile time (the loop
// unrolled: a search asks for it whenever the blank is out of region 0,
// for about one state in four on Korf and Felner's #40).
template <int kTiles>
uint64_t OrderAmong(const uint8_t* cell, uint32_t set, int tiles,
                    const PatternIndexer& order) {
  if constexpr (kTiles > 0) tiles = kTiles;
  uint64_t sum = 0;
  uint32_t left = set;
  for (int i = 0; i < tiles; ++i) {
    sum += order.weight(i) *
           static_cast<uint64_t>(std::popcount(left & ((1u << cell[i]) - 1)));
    left &= ~(1u << cell[i]);
  }
  return sum;
}

}  // namespace

uint64_t RegionIndexer::OtherRegion(const uint8_t* cell, uint32_t set,
                                    uint32_t rank, int blank) const {
  for (uint32_t e = extra_[rank]; e < extra_[rank + 1]; ++e) {
    if (!(extra_region_[e] >> blank & 1u)) continue;
    uint64_t order;
    switch (tiles_) {
      case 6:  // 5x5's groups
        order = OrderAmong<6>(cell, set, tiles_, order_);
        break;
      case 7:  // 4x4's 8-7
        order = OrderAmong<7>(cell, set, tiles_, order_);
        break;
      case 8:
        order = OrderAmong<8>(cell, set, tiles_, order_);
        break;
      default:
        order = OrderAmong<0>(cell, set, tiles_, order_);
    }
    return (sets_ + e) * orders_ + order;
  }
  return UINT64_MAX;  // not reached: the blank is in one of them
}

void RegionIndexer::CellsAt(uint64_t index, uint8_t* cell,
                            uint32_t* region) const {
  if (index < placement_.size()) {
    placement_.CellsAt(index, cell);
    uint32_t set = 0;
    for (int i = 0; i < tiles_; ++i) set |= 1u << cell[i];
    *region = region0_[SetRank(set)];
    return;
  }
  const uint32_t e = static_cast<uint32_t>(index / orders_ - sets_);
  *region = extra_region_[e];
  uint64_t rank = static_cast<uint64_t>(
      std::upper_bound(extra_.begin(), extra_.end(), e) - extra_.begin() - 1);
  // The set's cells, largest first: the largest c with C(c, i) <= rank.
  uint8_t sorted[kMaxPatternTiles];
  int c = cells_;
  for (int i = tiles_; i >= 1; --i) {
    do --c;
    while (choose_[c][i] > rank);
    sorted[i - 1] = static_cast<uint8_t>(c);
    rank -= choose_[c][i];
  }
  uint8_t order[kMaxPatternTiles];
  order_.CellsAt(index % orders_, order);
  for (int i = 0; i < tiles_; ++i) cell[i] = sorted[order[i]];
}

std::string_view PdbIndexName(PdbIndexKind kind) {
  return kind == PdbIndexKind::kPlacement ? "placement" : "blank-region";
}

bool ParsePdbIndexName(std::string_view name, PdbIndexKind* kind) {
  for (PdbIndexKind k :
       {PdbIndexKind::kPlacement, PdbIndexKind::kBlankRegion}) {
    if (name == PdbIndexName(k)) {
      *kind = k;
      return true;
    }
  }
  return false;
}

GroupIndexer::GroupIndexer(const Board& board, int tiles, PdbIndexKind kind)
    : placement_(board.cells(), tiles) {
  if (kind == PdbIndexKind::kPlacement) return;
  // Never destroyed: a search on a thread still running at exit (a Python
  // daemon thread's) reads its indexer.
  static auto* mutex = new std::mutex;
  static auto* made = new std::map<std::pair<std::string, int>,
                                   std::unique_ptr<const RegionIndexer>>;
  std::lock_guard<std::mutex> lock(*mutex);
  auto& r = (*made)[{board.Name(), tiles}];
  if (r == nullptr) r = std::make_unique<const RegionIndexer>(board, tiles);
  regions_ = r.get();
}

void GroupIndexer::CellsAt(uint64_t index, uint8_t* cell) const {
  if (regions_ == nullptr) {
    placement_.CellsAt(index, cell);
    return;
  }
  uint32_t region;
  regions_->CellsAt(index, cell, &region);
}

void GroupIndexer::CellsAfter(uint64_t index, uint8_t* cell) const {
  if (regions_ == nullptr) {
    if (!placement_.Next(cell)) placement_.CellsAt(index + 1, cell);
    return;
  }
  uint32_t region;
  regions_->CellsAfter(index, cell, &region);
}

}  // namespace slidedb
