// Pattern databases and the IDA* search over them (boards of 13-25 cells),
// checked against independent searches: a plain 0-1 BFS of the abstract
// space with the blank's cell explicit, and the full 3x4 table.
#include <gtest/gtest.h>

#include <deque>
#include <map>
#include <random>
#include <set>

#include "lib/puzzle/index.h"
#include "lib/puzzle/parity.h"
#include "lib/puzzle/pattern.h"
#include "lib/puzzle/region_pattern.h"
#include "lib/puzzle/symmetry.h"
#include "lib/search/bfs.h"
#include "lib/search/ida_search.h"
#include "lib/search/pdb_build.h"
#include "lib/solve/walk.h"
#include "lib/storage/table.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

using testing::ExpectPathSolves;

// The entry of every placement by a plain 0-1 BFS over (tile cells, blank
// cell): a blank move costs 0, a move of a group tile 1, other tiles are
// indistinguishable. Returns entry by GroupIndexer index of `kind`, the
// least over the blank cells it stands for (255 unreached).
std::vector<uint8_t> PlainAbstractBfs(
    const Board& board, int goal_blank, const std::vector<int>& tiles,
    PdbIndexKind kind = PdbIndexKind::kPlacement) {
  const State goal = CanonicalGoal(board, goal_blank);
  const int k = static_cast<int>(tiles.size());
  using Key = std::vector<int>;  // cells of the tiles, then the blank's
  Key start(k + 1);
  for (int c = 0; c < board.cells(); ++c) {
    for (int i = 0; i < k; ++i) {
      if (goal.tile[c] == tiles[i]) start[i] = c;
    }
  }
  start[k] = goal_blank;
  std::map<Key, int> dist{{start, 0}};
  std::deque<Key> queue{start};
  while (!queue.empty()) {
    const Key s = queue.front();
    queue.pop_front();
    const int d = dist[s];
    for (Move m : kAllMoves) {
      const int to = board.Neighbor(s[k], m);
      if (to < 0) continue;
      Key t = s;
      int cost = 0;
      for (int i = 0; i < k; ++i) {
        if (t[i] == to) {
          t[i] = s[k];
          cost = 1;
        }
      }
      t[k] = to;
      auto it = dist.find(t);
      if (it != dist.end() && it->second <= d + cost) continue;
      dist[t] = d + cost;
      if (cost == 0) {
        queue.push_front(t);
      } else {
        queue.push_back(t);
      }
    }
  }
  const GroupIndexer ix(board, k, kind);
  std::vector<uint8_t> entry(ix.size(), kPdbUnreached);
  for (const auto& [key, d] : dist) {
    uint8_t cells[kMaxPatternTiles];
    for (int i = 0; i < k; ++i) cells[i] = static_cast<uint8_t>(key[i]);
    uint8_t& e = entry[ix.IndexOf(cells, key[k])];
    e = std::min<int>(e, d);
  }
  return entry;
}

TEST(PdbBuildTest, MatchesAPlainBfsOfTheAbstractSpace) {
  struct Case {
    Board board;
    int goal_blank;
    std::vector<int> tiles;
  };
  for (const Case& c :
       {Case{Board(3, 3), 8, {1, 2, 3}}, Case{Board(3, 3), 4, {2, 5, 7, 8}},
        Case{Board(2, 4), 0, {1, 2, 3, 4, 5, 6, 7}},
        Case{Board(4, 4), 0, {3, 9, 12}}, Case{Board(2, 7), 13, {1, 8}}}) {
    for (int threads : {1, 2}) {
      PdbResult r;
      ASSERT_TRUE(BuildPatternDb(c.board, c.goal_blank, c.tiles,
                                 PdbIndexKind::kPlacement, threads, nullptr, &r)
                      .ok());
      const auto expect = PlainAbstractBfs(c.board, c.goal_blank, c.tiles);
      ASSERT_EQ(r.values, expect) << c.board.Name() << " tiles from "
                                  << c.tiles[0] << ", threads " << threads;
      uint64_t reached = 0;
      for (uint64_t h : r.histogram) reached += h;
      EXPECT_EQ(reached, static_cast<uint64_t>(std::count_if(
                             expect.begin(), expect.end(),
                             [](uint8_t e) { return e != kPdbUnreached; })));
    }
  }
}

TEST(PdbBuildTest, ByBlankRegionMatchesAPlainBfsOfTheAbstractSpace) {
  struct Case {
    Board board;
    int goal_blank;
    std::vector<int> tiles;
  };
  for (const Case& c :
       {Case{Board(3, 3), 8, {1, 2, 3, 4}}, Case{Board(3, 3), 0, {2, 4, 6}},
        Case{Board(3, 4), 11, {1, 2, 3, 5, 6}},
        Case{Board(4, 4), 15, {1, 2, 5}}}) {
    SCOPED_TRACE(c.board.Name() + " tiles from " + std::to_string(c.tiles[0]));
    PdbResult regions, placements;
    ASSERT_TRUE(BuildPatternDb(c.board, c.goal_blank, c.tiles,
                               PdbIndexKind::kBlankRegion, 2, nullptr, &regions)
                    .ok());
    ASSERT_EQ(regions.values, PlainAbstractBfs(c.board, c.goal_blank, c.tiles,
                                               PdbIndexKind::kBlankRegion));
    // One entry an abstract state, each reached.
    uint64_t reached = 0;
    for (uint64_t h : regions.histogram) reached += h;
    EXPECT_EQ(reached, regions.values.size());
    EXPECT_EQ(reached, regions.states);
    // The least over a placement's regions is its entry by placement.
    ASSERT_TRUE(BuildPatternDb(c.board, c.goal_blank, c.tiles,
                               PdbIndexKind::kPlacement, 1, nullptr,
                               &placements)
                    .ok());
    const RegionIndexer rix(c.board, static_cast<int>(c.tiles.size()));
    const PatternIndexer pix(c.board.cells(), static_cast<int>(c.tiles.size()));
    std::vector<uint8_t> least(pix.size(), kPdbUnreached);
    bool larger = false;
    for (uint64_t i = 0; i < rix.size(); ++i) {
      uint8_t cell[kMaxPatternTiles];
      uint32_t region;
      rix.CellsAt(i, cell, &region);
      uint8_t& e = least[pix.IndexOf(cell)];
      larger |= e != kPdbUnreached && e != regions.values[i];
      e = std::min(e, regions.values[i]);
    }
    EXPECT_EQ(least, placements.values);
    EXPECT_TRUE(larger);  // somewhere the region tells more
  }
}

PdbSearch MakeSearch(const Board& board, int goal_blank, const Partition& p,
                     PdbIndexKind kind = PdbIndexKind::kPlacement) {
  std::vector<std::vector<uint8_t>> values;
  for (const auto& tiles : p) {
    PdbResult r;
    EXPECT_TRUE(
        BuildPatternDb(board, goal_blank, tiles, kind, 2, nullptr, &r).ok());
    values.push_back(std::move(r.values));
  }
  return PdbSearch(board, goal_blank, p, kind, std::move(values));
}

// The full table of a goal, by RunBfs, held in memory.
std::unique_ptr<Table> FullTable(const Indexer& indexer) {
  BfsResult full;
  EXPECT_TRUE(RunBfs(indexer, 2, nullptr, &full).ok());
  return Table::FromRecords(
      TableMeta::FromHistogram(indexer.board(), indexer.goal_blank(),
                               full.histogram),
      full.records);
}

// The board of the two tests below, and its groups: 3x4, or under a
// sanitizer 2x5 (1,814,400 states), the same code on a board not square.
// The full 3x4 table took 55 s of each test's minute there.
Board ExactBoard() { return testing::kSanitized ? Board(2, 5) : Board(3, 4); }
Partition ExactGroups() {
  return ConsecutiveGroups(testing::kSanitized ? std::vector<int>{4, 5}
                                               : std::vector<int>{5, 6});
}

// The full table of ExactBoard() (3x4: 239,500,800 states) against the
// PDB heuristic and IDA* on the same board: the 4x4 code path, checked
// where the exact distance is known. Neither board is square, so no
// reflection here; the reflection is checked on 3x3 below and on Korf's
// 4x4 instances in pdb_cli_test.cc.
TEST(PdbSearchTest, AgreesWithTheFullTable) {
  const Board board = ExactBoard();
  const int goal_blank = board.cells() - 1;
  const Indexer indexer(board, goal_blank);
  const auto table = FullTable(indexer);
  const PdbSearch search = MakeSearch(board, goal_blank, ExactGroups());
  std::mt19937_64 rng(20041);
  std::uniform_int_distribution<Index> any(0, indexer.size() - 1);
  const int scale = testing::kSanitized ? 5 : 1;  // fewer under a sanitizer
  for (int i = 0; i < 20000 / scale; ++i) {
    const State s = indexer.StateAt(any(rng));
    int exact;
    ASSERT_TRUE(DistanceToGoal(table.get(), s, &exact).ok());
    ASSERT_LE(search.Heuristic(s), exact) << indexer.IndexOf(s);
  }
  for (int i = 0; i < 1000 / scale; ++i) {
    const State s = indexer.StateAt(any(rng));
    int exact;
    ASSERT_TRUE(DistanceToGoal(table.get(), s, &exact).ok());
    Path path;
    ASSERT_TRUE(search.Solve(s, &path).ok());
    ASSERT_EQ(path.distance(), exact) << indexer.IndexOf(s);
    ASSERT_GT(path.nodes, 0);
    if (i < 50) ExpectPathSolves(board, goal_blank, s, path);
  }
  // The goal itself: no move.
  Path path;
  ASSERT_TRUE(search.Solve(CanonicalGoal(board, goal_blank), &path).ok());
  EXPECT_EQ(path.distance(), 0);
}

// On a square board with the goal's blank on the diagonal the reflection
// is used; the answers must stay optimal: checked on 3x3, where the test
// database has the exact distances.
TEST(PdbSearchTest, ReflectionOn3x3StaysOptimal) {
  const Board board(3, 3);
  for (PdbIndexKind kind :
       {PdbIndexKind::kPlacement, PdbIndexKind::kBlankRegion}) {
    for (int goal_blank : {0, 4, 8}) {
      SCOPED_TRACE(std::string(PdbIndexName(kind)) + " goal blank " +
                   std::to_string(goal_blank));
      const Indexer indexer(board, goal_blank);
      const auto table = FullTable(indexer);
      const PdbSearch search =
          MakeSearch(board, goal_blank, ConsecutiveGroups({4, 4}), kind);
      ASSERT_TRUE(search.reflects());
      for (Index i = 0; i < indexer.size(); i += 97) {
        const State s = indexer.StateAt(i);
        int exact;
        ASSERT_TRUE(DistanceToGoal(table.get(), s, &exact).ok());
        ASSERT_LE(search.Heuristic(s), exact);
        Path path;
        ASSERT_TRUE(search.Solve(s, &path).ok());
        ASSERT_EQ(path.distance(), exact) << i;
      }
    }
  }
}

// Numbered by the blank's region, the same groups give a heuristic at
// least as large everywhere, still a lower bound, and searches that find
// the exact distance generating fewer states in all (on ExactBoard()).
TEST(PdbSearchTest, ByBlankRegionIsStrongerAndStaysOptimal) {
  const Board board = ExactBoard();
  const int goal_blank = board.cells() - 1;
  const Indexer indexer(board, goal_blank);
  const auto table = FullTable(indexer);
  const Partition p = ExactGroups();
  const PdbSearch placement = MakeSearch(board, goal_blank, p);
  const PdbSearch regions =
      MakeSearch(board, goal_blank, p, PdbIndexKind::kBlankRegion);
  std::mt19937_64 rng(1996);
  std::uniform_int_distribution<Index> any(0, indexer.size() - 1);
  const int scale = testing::kSanitized ? 5 : 1;
  int stronger = 0;
  uint64_t nodes[2] = {};
  for (int i = 0; i < 10000 / scale; ++i) {
    const State s = indexer.StateAt(any(rng));
    int exact;
    ASSERT_TRUE(DistanceToGoal(table.get(), s, &exact).ok());
    const int h = regions.Heuristic(s);
    ASSERT_LE(h, exact) << indexer.IndexOf(s);
    ASSERT_GE(h, placement.Heuristic(s)) << indexer.IndexOf(s);
    stronger += h > placement.Heuristic(s);
    if (i % 20 != 0) continue;
    Path by_placement, by_region;
    ASSERT_TRUE(placement.Solve(s, &by_placement).ok());
    ASSERT_TRUE(regions.Solve(s, &by_region).ok());
    ASSERT_EQ(by_region.distance(), exact) << indexer.IndexOf(s);
    ExpectPathSolves(board, goal_blank, s, by_region);
    nodes[0] += by_placement.nodes;
    nodes[1] += by_region.nodes;
  }
  EXPECT_GT(stronger, 0);
  EXPECT_LT(nodes[1], nodes[0]);
}

// One bounded iteration says whether a state is within a bound: true from
// its exact distance up, false below; checked on every 3x3 state's
// neighbours' bound as /api/moves asks it.
TEST(PdbSearchTest, WithinIsTrueFromTheExactDistanceUp) {
  const Board board(3, 3);
  const Indexer indexer(board, 8);
  const auto table = FullTable(indexer);
  const PdbSearch search = MakeSearch(board, 8, ConsecutiveGroups({4, 4}));
  for (Index i = 0; i < indexer.size(); i += 61) {
    const State s = indexer.StateAt(i);
    int exact;
    ASSERT_TRUE(DistanceToGoal(table.get(), s, &exact).ok());
    for (int bound : {exact - 2, exact - 1, exact, exact + 2}) {
      if (bound < 0) continue;
      bool within = !(bound >= exact);
      ASSERT_TRUE(search.Within(s, bound, &within).ok());
      ASSERT_EQ(within, bound >= exact) << i << " bound " << bound;
    }
  }
}

// The neighbours' question of /api/moves: whether a neighbour of a state
// `exact` away is within exact - 1, its root not taking the way back; the
// table's answer for every 3x3 state's neighbours (a 61st of them).
TEST(PdbSearchTest, WithinWithoutTheWayBackAnswersTheNeighboursQuestion) {
  const Board board(3, 3);
  const Indexer indexer(board, 8);
  const auto table = FullTable(indexer);
  const PdbSearch search = MakeSearch(board, 8, ConsecutiveGroups({4, 4}));
  int nearer = 0, farther = 0;
  for (Index i = 0; i < indexer.size(); i += 61) {
    const State s = indexer.StateAt(i);
    int exact;
    ASSERT_TRUE(DistanceToGoal(table.get(), s, &exact).ok());
    for (Move m : kAllMoves) {
      State n = s;
      if (!ApplyMove(board, m, &n)) continue;
      int want;
      ASSERT_TRUE(DistanceToGoal(table.get(), n, &want).ok());
      bool within = false;
      ASSERT_TRUE(
          search.Within(n, exact - 1, &within, {}, static_cast<int>(Inverse(m)))
              .ok());
      ASSERT_EQ(within, want == exact - 1) << i << " move " << int(m);
      ++(within ? nearer : farther);
    }
  }
  EXPECT_GT(nearer, 0);
  EXPECT_GT(farther, 0);
}

// A search past its budget stops with DeadlineExceeded and no moves;
// within it, it answers as without one. The deadline is a clock's.
TEST(PdbSearchTest, LimitsStopTheSearchWithDeadlineExceeded) {
  const Board board(3, 4);
  const PdbSearch search = MakeSearch(board, 11, ConsecutiveGroups({5, 6}));
  const Indexer indexer(board, 11);
  // Far from the goal: many states searched.
  std::mt19937_64 rng(7);
  std::uniform_int_distribution<Index> any(0, indexer.size() - 1);
  State hard;
  Path free_path;
  do {
    hard = indexer.StateAt(any(rng));
    ASSERT_TRUE(search.Solve(hard, &free_path).ok());
  } while (free_path.nodes < 200000);
  SearchLimits limits;
  limits.max_nodes = 65536;
  Path path;
  Status s = search.Solve(hard, &path, limits);
  EXPECT_TRUE(s.IsDeadlineExceeded()) << s.ToString();
  EXPECT_TRUE(path.moves.empty());
  bool within = true;
  // The iteration below the distance finds nothing: it searches its whole
  // tree unless stopped.
  limits.max_nodes = 4096;
  EXPECT_TRUE(search.Within(hard, free_path.distance() - 2, &within, limits)
                  .IsDeadlineExceeded());
  limits = SearchLimits();
  limits.deadline = std::chrono::steady_clock::now();
  EXPECT_TRUE(search.Solve(hard, &path, limits).IsDeadlineExceeded());
  limits.max_nodes = static_cast<uint64_t>(free_path.nodes) + 65536;
  limits.deadline = std::chrono::steady_clock::time_point::max();
  ASSERT_TRUE(search.Solve(hard, &path, limits).ok());
  EXPECT_EQ(path.moves, free_path.moves);
}

// Entries read a page at a time are the entries in memory; a search over
// them answers the same; a page that cannot be read fails the search with
// its error (the entry reads as 0, so nothing else goes wrong).
TEST(PdbValuesTest, PagesOnDemandAreTheEntriesInMemory) {
  const Board board(3, 3);
  const Partition p = ConsecutiveGroups({4, 4});
  std::vector<std::vector<uint8_t>> all;
  for (const auto& tiles : p) {
    PdbResult r;
    ASSERT_TRUE(BuildPatternDb(board, 8, tiles, PdbIndexKind::kPlacement, 2,
                               nullptr, &r)
                    .ok());
    all.push_back(std::move(r.values));
  }
  std::vector<PdbValues> paged;
  std::vector<std::shared_ptr<int>> reads;
  for (const auto& v : all) {
    auto count = std::make_shared<int>(0);
    reads.push_back(count);
    paged.emplace_back(v.size(), 8, 1024,
                       [&v, count](uint32_t page, std::string* out) {
                         ++*count;
                         const size_t begin = size_t{page} * 1024;
                         const size_t end = std::min(v.size(), begin + 1024);
                         out->assign(v.begin() + begin, v.begin() + end);
                         return Status::OK();
                       });
  }
  for (size_t g = 0; g < all.size(); ++g) {
    for (uint64_t i = 0; i < all[g].size(); i += 7) {
      ASSERT_EQ(paged[g][i], all[g][i]) << g << " " << i;
    }
    EXPECT_EQ(paged[g].pages_read(), (all[g].size() + 1023) / 1024);
    EXPECT_EQ(*reads[g], static_cast<int>(paged[g].pages_read()));
  }
  const PdbSearch eager(board, 8, p, PdbIndexKind::kPlacement,
                        std::vector<std::vector<uint8_t>>(all));
  const PdbSearch lazy(board, 8, p, PdbIndexKind::kPlacement, std::move(paged));
  const Indexer indexer(board, 8);
  for (Index i = 0; i < indexer.size(); i += 997) {
    Path a, b;
    ASSERT_TRUE(eager.Solve(indexer.StateAt(i), &a).ok());
    ASSERT_TRUE(lazy.Solve(indexer.StateAt(i), &b).ok());
    ASSERT_EQ(a.moves, b.moves);
  }
  std::vector<PdbValues> failing;
  for (const auto& v : all) {
    failing.emplace_back(v.size(), 8, 1024, [](uint32_t, std::string*) {
      return Status::IOError("the disk said no");
    });
  }
  const PdbSearch broken(board, 8, p, PdbIndexKind::kPlacement,
                         std::move(failing));
  // The farthest states: with every entry read as 0 the search would run
  // for long; it stops at the failure instead.
  for (Index i = 0; i < indexer.size(); i += 50000) {
    Path path;
    const Status s = broken.Solve(indexer.StateAt(i), &path);
    EXPECT_TRUE(s.IsIOError()) << s.ToString();
  }
}

}  // namespace
}  // namespace slidedb
