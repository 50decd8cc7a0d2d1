// The multi-tile metric's full table (lib/search/mtm_bfs.h) against the
// published histograms of complete MTM searches, against a small MTM search
// written here apart from the library (strings of tiles in a hash map), and
// each record against its neighbours, found here by code written apart from
// the library's; the records the same on any number of threads.
//
// The 12-cell boards (239,500,800 states each) run only when the
// environment sets SLIDEDB_SLOW_TESTS (to anything but 0), as
//   SLIDEDB_SLOW_TESTS=1 build/slidedb_tests --gtest_filter='MtmBfs*'
// about 35 s here with the checks (the searches on 2 threads: 3x4 2.6 s,
// 4x3 3.3 s, 2x6 2.2 s, 6x2 7 s, on a machine shared with other builds).
#include "lib/search/mtm_bfs.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "tests/test_util.h"

namespace slidedb {
namespace {

// States per distance from the goal with the blank in a corner, from
// lightln2/SlidingTilesSolver's multi-tile searches
// (results/multitile_frontier/06-3x2, 09-3x3, 08-4x2, 10-5x2, 12-4x3 and
// 12-6x2-multislide.txt). Their names are width x height, and their goal
// has the blank in a corner; a board's transpose, and a goal with the blank
// in another corner, are the same graph with other labels, so each
// histogram holds for both orientations (rows x cols here) with
// goal_blank = cells - 1.
struct Published {
  int rows, cols;
  std::vector<uint64_t> histogram;
};

const Published kPublished[] = {
    {2, 3, {1,  3,  4,  6,  8,  12, 15, 18, 22, 30, 36,
            45, 42, 30, 28, 24, 18, 9,  5,  3,  1}},
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

// The 12-cell boards: 12-4x3-multislide.txt (33 levels) and
// 12-6x2-multislide.txt (41), as logged there ("Puzzle 12=4x3" and
// "Puzzle 12=6x2", each summing to 239,500,800).
const Published kPublished12[] = {
    {3, 4, {1,        5,        12,       30,       72,       180,
            431,      1058,     2418,     5711,     12858,    29630,
            65053,    145090,   303771,   640141,   1260032,  2476812,
            4490822,  7999853,  12981931, 20265326, 28065825, 36086638,
            39470660, 37460934, 27258384, 14584710, 4854329,  939300,
            93345,    5229,     204,      5}},
    {2, 6, {1,        6,        10,       30,       50,       150,
            249,      720,      1152,     2880,     4610,     11544,
            18128,    42684,    65924,    149514,   228778,   488796,
            728433,   1467000,  2136054,  3978876,  5574328,  9510150,
            12699920, 19077354, 23527929, 29862012, 32688655, 31474098,
            27976007, 18457764, 12016184, 4687338,  1939160,  519318,
            141371,   19092,    3257,     1038,     200,      36}},
};

BfsOptions Options(int threads, bool large_board_paths = false) {
  BfsOptions options;
  options.threads = threads;
  options.metric = Metric::kMtm;
  options.large_board_paths = large_board_paths;
  return options;
}

BfsResult BfsWith(const Board& board, int goal_blank,
                  const BfsOptions& options) {
  BfsResult r;
  const Status s = RunBfs(Indexer(board, goal_blank), options, nullptr, &r);
  EXPECT_TRUE(s.ok()) << board.Name() << ": " << s.ToString();
  return r;
}

TEST(MtmBfsTest, HistogramsArePublishedOnes) {
  for (const Published& p : kPublished) {
    for (bool turned : {false, true}) {  // 2x4 and 4x2 alike
      // Under the thread sanitizer, the search on two threads of one way
      // round: the rest runs on one thread, or repeats it.
      if (testing::kThreadSanitized && turned) continue;
      const Board board =
          turned ? Board(p.cols, p.rows) : Board(p.rows, p.cols);
      const Indexer indexer(board, board.cells() - 1);
      if (!testing::kThreadSanitized) {
        BfsResult r;
        int levels = 0;
        ASSERT_TRUE(
            RunBfs(
                indexer, Options(1), [&](const BfsLevel&) { ++levels; }, &r)
                .ok());
        EXPECT_EQ(r.histogram, p.histogram) << board.Name();
        EXPECT_EQ(levels, static_cast<int>(p.histogram.size()));
      }
      EXPECT_EQ(BfsWith(board, board.cells() - 1, Options(2)).histogram,
                p.histogram)
          << board.Name();
    }
  }
}

// The deepest 12-cell board's radius fits a record's distance bits, with
// room for the search's claims one deeper (lib/search/mtm_bfs.h).
TEST(MtmBfsTest, TwelveCellRadiiFitTheRecords) {
  for (const Published& p : kPublished12) {
    uint64_t total = 0;
    for (uint64_t n : p.histogram) total += n;
    EXPECT_EQ(total, Indexer(Board(p.rows, p.cols), 0).size());
    EXPECT_LT(static_cast<int>(p.histogram.size()) - 1, kDistanceSaturated - 1);
  }
}

// Every state's distance is one more than its nearest neighbour's, and its
// record's direction is that of its neighbour one step nearer with the
// lowest index (every `stride`-th state).
void ExpectRecordsAgreeWithNeighbours(const Board& board, int goal_blank,
                                      const BfsResult& r, Index stride = 1) {
  const Indexer indexer(board, goal_blank);
  ASSERT_EQ(r.records.size(), indexer.size());
  const int rows = board.rows(), cols = board.cols();
  const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};  // U D L R
  for (Index i = 0; i < indexer.size(); i += stride) {
    const State s = indexer.StateAt(i);
    const int d = RecordDistance(r.records[i]);
    int nearest = INT_MAX;
    Index lowest = ~Index{0};  // of the neighbours at d - 1
    int lowest_move = 0;
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
        const Index j = indexer.IndexOf(n);
        const int nd = RecordDistance(r.records[j]);
        nearest = std::min(nearest, nd);
        if (nd == d - 1 && j < lowest) {
          lowest = j;
          lowest_move = m;
        }
      }
    }
    ASSERT_EQ(d == 0, i == indexer.IndexOf(CanonicalGoal(board, goal_blank)))
        << board.Name() << " " << i;
    if (d > 0) {
      ASSERT_EQ(nearest, d - 1) << board.Name() << " " << i;
      ASSERT_EQ(static_cast<int>(RecordMove(r.records[i])), lowest_move)
          << board.Name() << " " << i;
    } else {
      ASSERT_EQ(r.records[i], 0);
    }
  }
}

TEST(MtmBfsTest, EachRecordAgreesWithItsNeighbours) {
  for (const Board& board : {Board(3, 3), Board(2, 4), Board(3, 2)}) {
    for (int goal_blank : {0, board.cells() / 2, board.cells() - 1}) {
      ExpectRecordsAgreeWithNeighbours(board, goal_blank,
                                       BfsWith(board, goal_blank, Options(1)));
    }
  }
  // The 12-cell boards' paths (tile orders decoded, stretches marked) on
  // two threads.
  for (const Board& board : {Board(3, 3), Board(4, 2), Board(2, 3)}) {
    ExpectRecordsAgreeWithNeighbours(board, 1,
                                     BfsWith(board, 1, Options(2, true)));
  }
}

// The records do not depend on the threads or the paths taken.
TEST(MtmBfsTest, SameRecordsOnAnyThreads) {
  for (const Board& board :
       {Board(3, 3), Board(2, 4), Board(4, 2), Board(2, 5), Board(5, 2)}) {
    for (int goal_blank : {0, board.cells() - 1}) {
      // Races show on one goal blank as on two, and on one of the two
      // boards of ten cells as on both.
      if (testing::kThreadSanitized && (goal_blank == 0 || board.rows() == 5)) {
        continue;
      }
      const BfsResult one = BfsWith(board, goal_blank, Options(1));
      for (const BfsOptions& options :
           {Options(2), Options(3), Options(1, true), Options(2, true)}) {
        const BfsResult other = BfsWith(board, goal_blank, options);
        EXPECT_EQ(other.histogram, one.histogram) << board.Name();
        EXPECT_TRUE(other.records == one.records)
            << board.Name() << " goal blank " << goal_blank << " threads "
            << options.threads << " large paths " << options.large_board_paths;
      }
    }
  }
}

// A small MTM search written apart from the library: boards as strings of
// tiles (0 the blank, cells in reading order) in a hash map, level by level.
std::unordered_map<std::string, int> SimpleMtmDistances(int rows, int cols,
                                                        int goal_blank) {
  std::string goal(static_cast<size_t>(rows * cols), '\0');
  char tile = 1;
  for (int c = 0; c < rows * cols; ++c) {
    goal[c] = c == goal_blank ? '\0' : tile++;
  }
  std::unordered_map<std::string, int> dist = {{goal, 0}};
  std::vector<std::string> level = {goal};
  for (int d = 1; !level.empty(); ++d) {
    std::vector<std::string> next;
    for (const std::string& s : level) {
      const int blank = static_cast<int>(s.find('\0'));
      const int r0 = blank / cols, c0 = blank % cols;
      for (const auto& [dr, dc] : {std::pair{-1, 0}, std::pair{1, 0},
                                   std::pair{0, -1}, std::pair{0, 1}}) {
        std::string t = s;
        int at = blank;
        for (int r = r0 + dr, c = c0 + dc;
             r >= 0 && r < rows && c >= 0 && c < cols; r += dr, c += dc) {
          std::swap(t[at], t[r * cols + c]);  // one more tile slides
          at = r * cols + c;
          if (dist.emplace(t, d).second) next.push_back(t);
        }
      }
    }
    level = std::move(next);
  }
  return dist;
}

TEST(MtmBfsTest, DistancesAreASimpleSearchs) {
  for (const Board& board : {Board(3, 3), Board(2, 4)}) {
    for (int goal_blank : {0, board.cells() - 1, 5}) {
      const auto truth =
          SimpleMtmDistances(board.rows(), board.cols(), goal_blank);
      const BfsResult r = BfsWith(board, goal_blank, Options(2));
      const Indexer indexer(board, goal_blank);
      ASSERT_EQ(truth.size(), indexer.size());
      std::vector<uint64_t> histogram;
      for (const auto& [s, d] : truth) {
        if (histogram.size() <= static_cast<size_t>(d)) {
          histogram.resize(d + 1);
        }
        ++histogram[d];
      }
      EXPECT_EQ(r.histogram, histogram) << board.Name();
      int failures = 0;
      for (Index i = 0; i < indexer.size(); ++i) {
        const State s = indexer.StateAt(i);
        std::string key(s.tile.begin(), s.tile.begin() + board.cells());
        const auto it = truth.find(key);
        ASSERT_NE(it, truth.end()) << board.Name() << " " << i;
        if (RecordDistance(r.records[i]) != it->second && failures++ < 5) {
          ADD_FAILURE() << board.Name() << " goal blank " << goal_blank
                        << " index " << i << ": "
                        << RecordDistance(r.records[i]) << " instead of "
                        << it->second;
        }
      }
      EXPECT_EQ(failures, 0);
    }
  }
}

bool SlowTestsWanted() {
  const char* env = std::getenv("SLIDEDB_SLOW_TESTS");
  return env != nullptr && *env != '\0' && std::strcmp(env, "0") != 0;
}

// 3x4 and 2x6 against lightln2's searches (and the turned boards, 4x3 and
// 6x2, alike), on two threads; the records' own histogram too, every
// 997th record against its neighbours, and 3x4's and 2x6's records the
// same on one thread.
TEST(MtmBfsTest, TwelveCellHistograms) {
  if (!SlowTestsWanted()) {
    GTEST_SKIP() << "set SLIDEDB_SLOW_TESTS=1 for the 12-cell searches";
  }
  for (const Published& p : kPublished12) {
    for (bool turned : {false, true}) {
      const Board board =
          turned ? Board(p.cols, p.rows) : Board(p.rows, p.cols);
      const BfsResult r = BfsWith(board, board.cells() - 1, Options(2));
      EXPECT_EQ(r.histogram, p.histogram) << board.Name();
      // The records' distances, the last entry for any deeper.
      std::vector<uint64_t> stored(p.histogram.size() + 1, 0);
      for (uint8_t x : r.records) {
        ++stored[std::min<size_t>(RecordDistance(x), p.histogram.size())];
      }
      EXPECT_EQ(stored.back(), 0u) << board.Name();
      stored.pop_back();
      EXPECT_EQ(stored, p.histogram) << board.Name();
      ExpectRecordsAgreeWithNeighbours(board, board.cells() - 1, r, 997);
      std::printf("[ mtm bfs  ] %s: %.2f s on 2 threads\n",
                  board.Name().c_str(), r.seconds);
      if (!turned) {
        const BfsResult one = BfsWith(board, board.cells() - 1, Options(1));
        EXPECT_TRUE(one.records == r.records) << board.Name();
        std::printf("[ mtm bfs  ] %s: %.2f s on 1 thread\n",
                    board.Name().c_str(), one.seconds);
      }
    }
  }
}

}  // namespace
}  // namespace slidedb
