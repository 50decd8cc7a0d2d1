// RegionIndexer: placements numbered with the blank's region of free cells,
// checked against a count of its own and a brute-force walk of the regions.
#include "lib/puzzle/region_pattern.h"

#include <gtest/gtest.h>

#include <random>
#include <set>
#include <utility>
#include <vector>

namespace slidedb {
namespace {

// The cells reached from `start` through free cells by single steps.
std::set<int> Walk(const Board& board, const std::set<int>& occupied,
                   int start) {
  std::set<int> seen{start};
  std::vector<int> todo{start};
  while (!todo.empty()) {
    const int c = todo.back();
    todo.pop_back();
    for (Move m : kAllMoves) {
      const int d = board.Neighbor(c, m);
      if (d >= 0 && !occupied.count(d) && seen.insert(d).second) {
        todo.push_back(d);
      }
    }
  }
  return seen;
}

// Each blank cell free in placement `cell`: the walk's region names one
// entry, the same for each cell of the region, and the entry gives the
// placement and the region back; the entries go into `mine`.
void CheckPlacement(const Board& board, const RegionIndexer& ix,
                    const std::vector<uint8_t>& cell,
                    std::set<uint64_t>* mine) {
  const std::set<int> occupied(cell.begin(), cell.end());
  for (int blank = 0; blank < board.cells(); ++blank) {
    if (occupied.count(blank)) continue;
    const uint64_t i = ix.IndexOf(cell.data(), blank);
    ASSERT_LT(i, ix.size());
    uint32_t walked = 0;
    for (int other : Walk(board, occupied, blank)) {
      ASSERT_EQ(ix.IndexOf(cell.data(), other), i);
      walked |= 1u << other;
    }
    mine->insert(i);
    std::vector<uint8_t> back(cell.size());
    uint32_t region;
    ix.CellsAt(i, back.data(), &region);
    ASSERT_EQ(back, cell);
    ASSERT_EQ(region, walked);
  }
}

TEST(RegionIndexerTest, DenseInvertibleAndOneEntryARegion) {
  for (auto [board, tiles] : {std::pair{Board(3, 3), 3},
                              {Board(3, 3), 7},
                              {Board(2, 4), 4},
                              {Board(3, 4), 4}}) {
    SCOPED_TRACE(board.Name() + " tiles " + std::to_string(tiles));
    const RegionIndexer ix(board, tiles);
    const PatternIndexer placements(board.cells(), tiles);
    // Every placement; and every entry named by one.
    std::set<uint64_t> seen;
    std::vector<uint8_t> cell(tiles);
    for (uint64_t p = 0; p < placements.size(); ++p) {
      placements.CellsAt(p, cell.data());
      std::set<uint64_t> mine;
      ASSERT_NO_FATAL_FAILURE(CheckPlacement(board, ix, cell, &mine));
      seen.insert(mine.begin(), mine.end());
    }
    EXPECT_EQ(seen.size(), ix.size());  // dense: every index named
  }
}

// CellsAfter walks every entry in order as CellsAt gives each, through the
// placements (PatternIndexer::Next) and across the extra regions after them.
TEST(RegionIndexerTest, CellsAfterWalksTheEntriesInOrder) {
  for (auto [board, tiles] : {std::pair{Board(3, 3), 3},
                              {Board(3, 3), 8},
                              {Board(2, 4), 1},
                              {Board(3, 4), 5},
                              {Board(5, 5), 2}}) {
    SCOPED_TRACE(board.Name() + " tiles " + std::to_string(tiles));
    const RegionIndexer ix(board, tiles);
    std::vector<uint8_t> walked(tiles), direct(tiles);
    uint32_t walked_region = 0, direct_region = 0;
    ix.CellsAt(0, walked.data(), &walked_region);
    for (uint64_t i = 1; i < ix.size(); ++i) {
      ix.CellsAfter(i - 1, walked.data(), &walked_region);
      ix.CellsAt(i, direct.data(), &direct_region);
      ASSERT_EQ(walked, direct) << i;
      ASSERT_EQ(walked_region, direct_region) << i;
    }
    // Past the placements' last index, Next says so and leaves the cells.
    const PatternIndexer placements(board.cells(), tiles);
    placements.CellsAt(placements.size() - 1, walked.data());
    direct = walked;
    EXPECT_FALSE(placements.Next(walked.data()));
    EXPECT_EQ(walked, direct);
  }
}

// Eight tiles (4x4's 7-8 by blank region ranks them by its own loop):
// 2x5 has 1.8 M placements, so a sample, each checked as above.
TEST(RegionIndexerTest, EightTilesOnASample) {
  const Board board(2, 5);
  constexpr int kTiles = 8;
  const RegionIndexer ix(board, kTiles);
  const PatternIndexer placements(board.cells(), kTiles);
  std::mt19937_64 rng(5);
  int split = 0;
  std::vector<uint8_t> cell(kTiles);
  for (int n = 0; n < 20000; ++n) {
    placements.CellsAt(rng() % placements.size(), cell.data());
    std::set<uint64_t> mine;
    ASSERT_NO_FATAL_FAILURE(CheckPlacement(board, ix, cell, &mine));
    split += mine.size() == 2;
  }
  EXPECT_GT(split, 1000);  // the extra regions' order was asked for
}

TEST(RegionIndexerTest, Sizes) {
  // clausecker/24puzzle's six-tile zero-aware databases hold 181,008,000
  // entries each: C(25, 6) sets, 251,400 regions, 720 orders.
  const RegionIndexer six(Board(5, 5), 6);
  EXPECT_EQ(six.regions(), 251400u);
  EXPECT_EQ(six.size(), 181008000u);
  // One tile never splits a board of two or more rows and columns.
  EXPECT_EQ(RegionIndexer(Board(4, 4), 1).size(), 16u);
  // On one row of cells each tile splits it: a 1x5 with two tiles.
  const RegionIndexer row(Board(1, 5), 2);
  uint64_t regions = 0;  // each set: its runs of free cells
  for (int a = 0; a < 5; ++a) {
    for (int b = a + 1; b < 5; ++b) regions += (a > 0) + (b > a + 1) + (b < 4);
  }
  EXPECT_EQ(row.regions(), regions);
}

TEST(GroupIndexerTest, EitherKind) {
  const Board board(3, 3);
  const GroupIndexer placement(board, 3, PdbIndexKind::kPlacement);
  const GroupIndexer regions(board, 3, PdbIndexKind::kBlankRegion);
  EXPECT_EQ(placement.size(), PatternIndexer(9, 3).size());
  EXPECT_EQ(regions.size(), RegionIndexer(board, 3).size());
  const uint8_t cell[3] = {1, 3, 4};  // cell 0 cut off from the rest
  EXPECT_EQ(placement.IndexOf(cell, 0), placement.IndexOf(cell, 8));
  EXPECT_NE(regions.IndexOf(cell, 0), regions.IndexOf(cell, 8));
  uint8_t back[3];
  regions.CellsAt(regions.IndexOf(cell, 0), back);
  EXPECT_EQ(std::vector<uint8_t>(back, back + 3),
            std::vector<uint8_t>(cell, cell + 3));
  for (PdbIndexKind k :
       {PdbIndexKind::kPlacement, PdbIndexKind::kBlankRegion}) {
    PdbIndexKind read = PdbIndexKind::kPlacement;
    ASSERT_TRUE(ParsePdbIndexName(PdbIndexName(k), &read));
    EXPECT_EQ(read, k);
  }
  PdbIndexKind unchanged = PdbIndexKind::kBlankRegion;
  EXPECT_FALSE(ParsePdbIndexName("zero", &unchanged));
  EXPECT_EQ(unchanged, PdbIndexKind::kBlankRegion);
  // Either kind walks its entries in order as CellsAt gives each.
  for (const GroupIndexer* ix : {&placement, &regions}) {
    uint8_t walked[3], direct[3];
    ix->CellsAt(0, walked);
    for (uint64_t i = 1; i < ix->size(); ++i) {
      ix->CellsAfter(i - 1, walked);
      ix->CellsAt(i, direct);
      ASSERT_EQ(std::vector<uint8_t>(walked, walked + 3),
                std::vector<uint8_t>(direct, direct + 3))
          << PdbIndexName(ix->kind()) << " " << i;
    }
  }
}

}  // namespace
}  // namespace slidedb
