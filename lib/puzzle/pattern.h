// Pattern: a group of tiles and the dense numbering of where they stand, the
// index of a pattern database (lib/storage/pdb_meta.h). A partition splits the tiles
// 1..cells()-1 of a canonical goal into disjoint groups, written as their
// sizes ("7-8" is tiles 1-7 and tiles 8-15 of a 4x4 board) or their tiles.
//
//   index = Σ dᵢ · (n−1−i)!/(n−k)!   (i = 0..k−1, mixed radix n, n−1, …)
//
// where n = cells(), k the group's size, and dᵢ the cell of the group's i-th
// tile counted among the cells that tiles 0..i−1 leave free. The indexes run
// densely from 0 to n!/(n−k)! − 1. The numbering is part of the on-disk format
// (docs/FORMAT.md).
#ifndef SLIDEDB_LIB_PUZZLE_PATTERN_H_
#define SLIDEDB_LIB_PUZZLE_PATTERN_H_

#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "lib/base/status.h"
#include "lib/puzzle/board.h"

namespace slidedb {

// A partition: its groups, each a list of canonical tiles in increasing
// order. The groups are disjoint and cover the tiles 1..cells()-1.
using Partition = std::vector<std::vector<int>>;

// Parses a partition in one of two forms:
//   "7-8", "6-6-3", "5-5-5" ...: group sizes; the groups take consecutive
//     tiles, the first starting at tile 1 ("7-8" is tiles 1-7 and 8-15);
//   "1,2,3,6,7,8/4,5,9,10,14,15/..." : each group's tiles, groups separated
//     by '/'.
// Every group holds 1 to MaxPatternTiles(board) tiles; together they hold
// each tile once.
Status ParsePartition(std::string_view text, const Board& board,
                      Partition* out);
// Group sizes ("7-8") when the groups take consecutive tiles in order,
// else the tiles ("1,2,3,6,7,8/4,5,9,10,14,15/...").
std::string PartitionName(const Partition& p);
// The partition `slidedb-build` uses when none is given, for the goal with
// its blank on `goal_blank`: a shape of cells, the tiles the canonical goal
// puts on them. For the blank last, on 5x5 Korf and Felner's four groups of
// six (docs/FORMAT.md; BENCHMARKS.md says why); otherwise as few groups of
// at most MaxPatternTiles(board) cells, taken in reading order, as cover
// the cells, as even as possible, smaller first (7-7 on 15 cells, 6-7 on
// 14, 5-6 on 12), but larger first on 4x4 (8-7: Korf and Felner's 7-8 for
// the blank first, turned). For another blank the same shape turned or
// reflected by the symmetry of the board that takes the last cell nearest
// the blank; when it is not the blank's cell, the cells on a shortest road
// from there to the blank each take the group of the next, as the tiles
// would slide; such a blank also tries the sizes the other way round, and
// the shape with the most neighbouring cells within groups wins. The blank
// first gets the blank-last groups turned by 180 degrees (7-8 on 4x4, Korf
// and Felner's). Groups in the order of their first tile. 8-7 takes about
// 610 s of CPU on two threads and 2 GB (BENCHMARKS.md).
// REQUIRES: 0 <= goal_blank < board.cells().
Partition DefaultPartition(const Board& board, int goal_blank);
// The cross partition of a goal: a second partition whose groups run
// across DefaultPartition's, kept by placement in direct tables beside a
// set by blank region with successor words (lib/search/pdb_cross.h), for
// the 5x5 goals with the blank in a corner: for the blank last, tiles
// 1,6,11,16,21,22/2,7,12,13,17,18/3,4,5,8,9,10/14,15,19,20,23,24
// (clausecker/24puzzle's partition 5 in that goal's tiles; its
// reflection about the main diagonal is another partition, so a search
// looks up both), turned and mirrored with the blank. Empty for other
// boards and blanks. REQUIRES: 0 <= goal_blank < board.cells().
Partition CrossPartition(const Board& board, int goal_blank);
// The most tiles a cross group has: its direct table takes cells^tiles
// bytes (244 MB for six on 5x5).
inline constexpr int kMaxCrossTiles = 6;
// The bytes of a direct table of `tiles` tiles on `board`: cells^tiles.
uint64_t CrossTableBytes(const Board& board, int tiles);
// Groups of the given sizes over consecutive tiles, from tile 1.
Partition ConsecutiveGroups(const std::vector<int>& sizes);

// The largest group a pattern database holds: 16!/8! = 518,918,400 entries.
inline constexpr int kMaxPatternTiles = 8;
// The largest group on `board`: 8 tiles up to 16 cells; 7 above (25!/18! =
// 2,422,728,000 entries on 5x5, whose search takes 19 GB: asked for, never
// a default, which takes at most 6 above 16 cells).
int MaxPatternTiles(const Board& board);

class PatternIndexer {
 public:
  // REQUIRES: 1 <= cells; 1 <= tiles <= min(kMaxPatternTiles, cells).
  PatternIndexer(int cells, int tiles);

  int cells() const { return cells_; }
  int tiles() const { return tiles_; }
  // cells! / (cells - tiles)!
  uint64_t size() const { return size_; }
  // What a unit of tile i's digit adds to the index.
  uint64_t weight(int i) const { return weight_[i]; }

  // cell[i]: the cell of the group's i-th tile; all different.
  // Each tile's digit (its cell among those no earlier tile holds) times
  // its weight: the products are independent of one another, not a chain
  // of multiplications (a search computes an index for each state).
  uint64_t IndexOf(const uint8_t* cell) const {
    uint64_t index = 0;
    uint32_t used = 0;
    for (int i = 0; i < tiles_; ++i) {
      const uint32_t below = (1u << cell[i]) - 1;
      index += weight_[i] *
               static_cast<uint64_t>(cell[i] - std::popcount(used & below));
      used |= 1u << cell[i];
    }
    return index;
  }
  // How IndexOf(cell) changes when the tile of slot `slot` moves from cell
  // `from` to cell `to`, the other tiles staying on the cells of `set`
  // (a mask; from's and to's bits either way), slot_at(c) the slot of the
  // tile on cell c of set: the moved tile's digit changes by to − from
  // less the earlier tiles between the two cells, and each later tile
  // between them gains or loses one. A sideways move on a board has no
  // cell between: one weight; a vertical one looks at the cols − 1 cells
  // between. A search keeps its indexes so, a move at a time.
  template <typename SlotAt>
  int64_t Moved(uint32_t set, int slot, int from, int to,
                SlotAt&& slot_at) const {
    const int diff = to - from;
    const int64_t w = static_cast<int64_t>(weight_[slot]);
    if (diff == 1 || diff == -1) return diff * w;
    const int lo = diff > 0 ? from : to, hi = diff > 0 ? to : from;
    int earlier = 0;
    int64_t later = 0;
    for (uint32_t between = set & ((1u << hi) - 1) & ~((2u << lo) - 1);
         between != 0; between &= between - 1) {
      const int i = slot_at(std::countr_zero(between));
      if (i < slot) {
        ++earlier;
      } else {
        later += static_cast<int64_t>(weight_[i]);
      }
    }
    return diff > 0 ? (diff - earlier) * w + later
                    : (diff + earlier) * w - later;
  }
  // REQUIRES: index < size().
  void CellsAt(uint64_t index, uint8_t* cell) const;
  // cell[] becomes CellsAt(IndexOf(cell) + 1), the last tile's digit first
  // (no division: a pass over every index in order walks them so); false,
  // cell[] unchanged, past the last index.
  bool Next(uint8_t* cell) const {
    const uint32_t all = (1u << cells_) - 1;
    uint32_t used = 0;
    for (int i = 0; i < tiles_; ++i) used |= 1u << cell[i];
    for (int i = tiles_ - 1; i >= 0; --i) {
      used &= ~(1u << cell[i]);
      const uint32_t above = all & ~used & ~((2u << cell[i]) - 1);
      if (above == 0) continue;
      cell[i] = static_cast<uint8_t>(std::countr_zero(above));
      used |= 1u << cell[i];
      for (int j = i + 1; j < tiles_; ++j) {
        cell[j] = static_cast<uint8_t>(std::countr_zero(all & ~used));
        used |= 1u << cell[j];
      }
      return true;
    }
    return false;
  }

 private:
  int cells_;
  int tiles_;
  uint64_t size_;
  // weight_[i]: (cells - i - 1) * ... * (cells - tiles + 1), 1 for the last.
  uint64_t weight_[kMaxPatternTiles] = {};
};

}  // namespace slidedb

#endif  // SLIDEDB_LIB_PUZZLE_PATTERN_H_
