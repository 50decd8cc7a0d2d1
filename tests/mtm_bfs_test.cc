// The multi-tile metric's full table (lib/search/mtm_bfs.h) against the
// published histograms of complete MTM searches, and each record against
// its neighbours, found here by code written apart from the library's.
#include "lib/search/mtm_bfs.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <vector>

namespace slidedb {
namespace {

// States per distance from the goal with the blank in a corner, from
// lightln2/SlidingTilesSolver's multi-tile searches
// (results/multitile_frontier/09-3x3, 08-4x2 and 10-5x2-multislide.txt).
struct Published {
  int rows, cols;
  std::vector<uint64_t> histogram;
};

const Published kPublished[] = {
    {3, 3, {1,     4,     8,     16,   32,   64,    127,   244,   454,
            856,   1576,  2854,  5117, 8588, 13466, 19739, 26558, 31485,
            30985, 23494, 11751, 3390, 589,  41,    1}},
    {2, 4, {1,    4,    6,    12,  18,   36,   53,   96,   136,
            232,  324,  544,  728, 1064, 1366, 1928, 2321, 2780,
            2884, 2436, 1825, 800, 368,  140,  50,   8}},
    {2, 5, {1,      5,      8,      20,     32,     80,     127,    300,
            458,    960,    1458,   3055,   4540,   8780,   12694,  23520,
            33370,  57200,  77373,  119315, 151791, 204225, 235617, 256305,
            246642, 178775, 120853, 49655,  20885,  4530,   1229,   440,
            113,    30,     8,      5,      1}},
};

TEST(MtmBfsTest, HistogramsArePublishedOnes) {
  for (const Published& p : kPublished) {
    for (bool turned : {false, true}) {  // 2x4 and 4x2 alike
      const Board board =
          turned ? Board(p.cols, p.rows) : Board(p.rows, p.cols);
      const Indexer indexer(board, board.cells() - 1);
      BfsResult r;
      int levels = 0;
      ASSERT_TRUE(RunMtmBfs(
                      indexer, [&](const BfsLevel&) { ++levels; }, &r)
                      .ok());
      EXPECT_EQ(r.histogram, p.histogram) << board.Name();
      EXPECT_EQ(levels, static_cast<int>(p.histogram.size()));
    }
  }
}

// Every state's distance is one more than its nearest neighbour's, and its
// record's direction leads, some cells on, to a neighbour one step nearer.
TEST(MtmBfsTest, EachRecordAgreesWithItsNeighbours) {
  for (const Board& board : {Board(3, 3), Board(2, 4), Board(3, 2)}) {
    for (int goal_blank : {0, board.cells() / 2, board.cells() - 1}) {
      const Indexer indexer(board, goal_blank);
      BfsResult r;
      ASSERT_TRUE(RunMtmBfs(indexer, nullptr, &r).ok());
      const int rows = board.rows(), cols = board.cols();
      const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};  // U D L R
      for (Index i = 0; i < indexer.size(); ++i) {
        const State s = indexer.StateAt(i);
        const int d = RecordDistance(r.records[i]);
        int nearest = INT_MAX;
        bool record_ok = d == 0;
        for (int m = 0; m < 4; ++m) {
          State n = s;
          int row = board.Row(s.blank), col = board.Col(s.blank);
          for (;;) {
            row += dr[m];
            col += dc[m];
            if (row < 0 || row >= rows || col < 0 || col >= cols) break;
            const int to = row * cols + col;
            std::swap(n.tile[n.blank], n.tile[to]);
            n.blank = static_cast<uint8_t>(to);
            const int nd = RecordDistance(r.records[indexer.IndexOf(n)]);
            nearest = std::min(nearest, nd);
            if (nd == d - 1 &&
                m == static_cast<int>(RecordMove(r.records[i]))) {
              record_ok = true;
            }
          }
        }
        ASSERT_EQ(d == 0,
                  i == indexer.IndexOf(CanonicalGoal(board, goal_blank)));
        if (d > 0) {
          ASSERT_EQ(nearest, d - 1) << board.Name() << " " << i;
        }
        ASSERT_TRUE(record_ok) << board.Name() << " " << i;
      }
    }
  }
}

}  // namespace
}  // namespace slidedb
