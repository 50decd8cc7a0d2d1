// Pattern (lib/puzzle/pattern.h): the dense numbering of a group's
// placements, partitions as the builder reads them, and the default groups
// for each goal blank.
#include "lib/puzzle/pattern.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "lib/puzzle/symmetry.h"

namespace slidedb {
namespace {
TEST(PatternIndexerTest, DenseAndInvertible) {
  for (auto [cells, tiles] : {std::pair{6, 1}, {6, 3}, {8, 4}, {9, 8}}) {
    const PatternIndexer ix(cells, tiles);
    std::set<uint64_t> seen;
    std::vector<uint8_t> cell(tiles);
    for (uint64_t i = 0; i < ix.size(); ++i) {
      ix.CellsAt(i, cell.data());
      std::set<int> distinct(cell.begin(), cell.end());
      ASSERT_EQ(distinct.size(), static_cast<size_t>(tiles));
      ASSERT_LT(*distinct.rbegin(), cells);
      ASSERT_EQ(ix.IndexOf(cell.data()), i);
    }
  }
  EXPECT_EQ(PatternIndexer(16, 8).size(), 518918400u);
  EXPECT_EQ(PatternIndexer(16, 7).size(), 57657600u);
}

// Moved, as the search keeps its indexes: for every placement of a small
// group and every move of one of its tiles to a free cell (a neighbour on
// a board or any other), the index ranked anew less the old.
TEST(PatternIndexerTest, MovedIsTheChangeOfTheIndex) {
  for (auto [cells, tiles] : {std::pair{9, 3}, {12, 4}, {16, 2}, {25, 3}}) {
    const PatternIndexer ix(cells, tiles);
    std::vector<uint8_t> cell(tiles);
    uint64_t checked = 0;
    for (uint64_t i = 0; i < ix.size(); i += 7) {
      ix.CellsAt(i, cell.data());
      for (int slot = 0; slot < tiles; ++slot) {
        const int from = cell[slot];
        for (int to = 0; to < cells; ++to) {
          if (std::count(cell.begin(), cell.end(), to) != 0) continue;
          uint32_t set = 0;
          for (uint8_t c : cell) set |= 1u << c;
          const auto slot_at = [&](int c) {
            return static_cast<int>(std::find(cell.begin(), cell.end(), c) -
                                    cell.begin());
          };
          cell[slot] = static_cast<uint8_t>(to);
          const int64_t want = static_cast<int64_t>(ix.IndexOf(cell.data())) -
                               static_cast<int64_t>(i);
          ASSERT_EQ(ix.Moved(set, slot, from, to, slot_at), want)
              << cells << " cells, index " << i << ", slot " << slot << ": "
              << from << " to " << to;
          set ^= (1u << from) ^ (1u << to);
          ASSERT_EQ(ix.Moved(set, slot, from, to, slot_at), want);
          cell[slot] = static_cast<uint8_t>(from);
          ++checked;
        }
      }
    }
    EXPECT_GT(checked, ix.size());
  }
}

TEST(PartitionTest, ParsesAndRefuses) {
  const Board b44(4, 4);
  Partition p;
  ASSERT_TRUE(ParsePartition("7-8", b44, &p).ok());
  EXPECT_EQ(p, ConsecutiveGroups({7, 8}));
  ASSERT_TRUE(ParsePartition("6-6-3", b44, &p).ok());
  EXPECT_EQ(PartitionName(p), "6-6-3");
  EXPECT_EQ(p[2], (std::vector<int>{13, 14, 15}));
  for (const char* bad :
       {"", "7-7", "7-9", "15", "7--8", "a-b", "7-8-", "0-15", "-7-8"}) {
    EXPECT_FALSE(ParsePartition(bad, b44, &p).ok()) << bad;
  }
  // A group of no tiles is said so, not as a form unknown.
  EXPECT_EQ(ParsePartition("0-15", b44, &p).message(),
            "pattern partition '0-15': a group holds at least one tile, not 0");
  // The blank last: consecutive tiles, as before the partition followed the
  // goal's blank; on 4x4 the larger group first (Korf and Felner's 7-8 for
  // the blank first, turned; databases built with 7-8 before read the same).
  EXPECT_EQ(DefaultPartition(b44, 15), ConsecutiveGroups({8, 7}));
  EXPECT_EQ(DefaultPartition(Board(2, 8), 15), ConsecutiveGroups({7, 8}));
  EXPECT_EQ(DefaultPartition(Board(3, 5), 14), ConsecutiveGroups({7, 7}));
  EXPECT_EQ(DefaultPartition(Board(2, 7), 13), ConsecutiveGroups({6, 7}));
  EXPECT_EQ(DefaultPartition(Board(3, 4), 11), ConsecutiveGroups({5, 6}));
}

// The groups of a partition of the goal with its blank on `blank` as sets
// of cells (the canonical goal puts tile t on cell t - 1 before the blank,
// on cell t after it).
std::set<std::set<int>> CellGroupsOf(int blank, const Partition& p) {
  std::set<std::set<int>> out;
  for (const auto& group : p) {
    std::set<int> cells;
    for (int t : group) cells.insert(t - 1 < blank ? t - 1 : t);
    out.insert(cells);
  }
  return out;
}

// Pairs of neighbouring cells whose tiles are in different groups (the
// blank's cell not counted): what an additive heuristic cannot see, the
// fewer the more compact the groups.
int CutNeighbours(const Board& board, const std::set<std::set<int>>& groups) {
  std::vector<int> owner(board.cells(), -1);
  int g = 0;
  for (const auto& cells : groups) {
    for (int c : cells) owner[c] = g;
    ++g;
  }
  int cut = 0;
  for (int c = 0; c < board.cells(); ++c) {
    for (Move m : {Move::kRight, Move::kDown}) {
      const int d = board.Neighbor(c, m);
      cut += d >= 0 && owner[c] >= 0 && owner[d] >= 0 && owner[c] != owner[d];
    }
  }
  return cut;
}

// Each group's bounding box (its shorter side first), in order.
std::multiset<std::pair<int, int>> Boxes(
    const Board& board, const std::set<std::set<int>>& groups) {
  std::multiset<std::pair<int, int>> out;
  for (const auto& cells : groups) {
    int r0 = board.rows(), r1 = -1, c0 = board.cols(), c1 = -1;
    for (int c : cells) {
      r0 = std::min(r0, board.Row(c));
      r1 = std::max(r1, board.Row(c));
      c0 = std::min(c0, board.Col(c));
      c1 = std::max(c1, board.Col(c));
    }
    out.insert(std::minmax(r1 - r0 + 1, c1 - c0 + 1));
  }
  return out;
}

TEST(PartitionTest, DefaultFollowsTheGoalBlank) {
  // Before, the default took the blank-last goal's tile labels for every
  // goal: on 5x5 with the blank first two of the four groups became strips
  // wrapping across rows (Korf-Felner #38 in 118 s instead of 4.6 s).
  for (const Board& board :
       {Board(4, 4), Board(5, 5), Board(3, 5), Board(5, 3), Board(4, 5),
        Board(5, 4), Board(2, 8), Board(8, 2)}) {
    SCOPED_TRACE(board.Name());
    const int last = board.cells() - 1;
    const Partition base = DefaultPartition(board, last);
    const auto base_cells = CellGroupsOf(last, base);
    std::multiset<size_t> base_sizes;
    for (const auto& g : base) base_sizes.insert(g.size());
    std::set<int> corners;  // where the symmetries take the last cell
    for (int k = 0; k < ShapeSymmetries(board); ++k) {
      corners.insert(ApplySymmetry(board, k, last));
    }
    for (int blank = 0; blank <= last; ++blank) {
      SCOPED_TRACE("goal blank " + std::to_string(blank));
      const Partition p = DefaultPartition(board, blank);
      // A partition the builder takes: it reads back from its name.
      Partition read;
      ASSERT_TRUE(ParsePartition(PartitionName(p), board, &read).ok())
          << PartitionName(p);
      EXPECT_EQ(read, p);
      std::multiset<size_t> sizes;
      for (const auto& g : p) sizes.insert(g.size());
      EXPECT_EQ(sizes, base_sizes);
      const auto cells = CellGroupsOf(blank, p);
      EXPECT_LE(CutNeighbours(board, cells), CutNeighbours(board, base_cells))
          << PartitionName(p);
      if (corners.count(blank) > 0) {
        EXPECT_EQ(Boxes(board, cells), Boxes(board, base_cells))
            << PartitionName(p);
      }
    }
  }
  // Korf and Felner's goal, the blank first: their groups, the blank-last
  // default turned by 180 degrees.
  const Board b55(5, 5);
  std::set<std::set<int>> turned;
  for (const auto& cells : CellGroupsOf(24, DefaultPartition(b55, 24))) {
    std::set<int> t;
    for (int c : cells) t.insert(24 - c);
    turned.insert(t);
  }
  EXPECT_EQ(CellGroupsOf(0, DefaultPartition(b55, 0)), turned);
  EXPECT_EQ(PartitionName(DefaultPartition(b55, 0)),
            "1,2,5,6,7,12/3,4,8,9,13,14/10,11,15,16,20,21/17,18,19,22,23,24");
  // The blank in the middle: four blocks around it.
  EXPECT_EQ(PartitionName(DefaultPartition(b55, 12)),
            "1,2,3,6,7,8/4,5,9,10,13,14/11,12,15,16,20,21/17,18,19,22,23,24");
  EXPECT_EQ(PartitionName(DefaultPartition(Board(4, 4), 0)), "7-8");
  // The 15-puzzle's blank on a middle cell: the blank's two rows one group,
  // the other two the other (the 7-8 moved there cut the rows).
  const std::set<std::set<int>> halves = {{0, 1, 2, 3, 4, 6, 7},
                                          {8, 9, 10, 11, 12, 13, 14, 15}};
  EXPECT_EQ(CellGroupsOf(5, DefaultPartition(Board(4, 4), 5)), halves);
}

}  // namespace
}  // namespace slidedb
