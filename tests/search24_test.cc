// The 24-puzzle (5x5) search: partitions of any tiles, the search over
// small pattern databases against a plain IDA* with the Manhattan distance
// written here, the split over threads, and answers within a budget.
#include <gtest/gtest.h>

#include <chrono>
#include <climits>
#include <cstdlib>
#include <random>

#include "lib/puzzle/pattern.h"
#include "lib/search/ida_search.h"
#include "lib/search/pdb_build.h"
#include "lib/search/weighted_search.h"

namespace slidedb {
namespace {

const Board kBoard(5, 5);
constexpr int kGoalBlank = 24;

// Korf & Felner's 6-6-6-6 shapes (turned for the blank last), as written
// by PartitionName.
constexpr char kDefault5x5[] =
    "1,2,3,6,7,8/4,5,9,10,14,15/11,12,16,17,21,22/13,18,19,20,23,24";

TEST(PartitionTest, TakesGroupsOfAnyTiles) {
  Partition p;
  ASSERT_TRUE(ParsePartition(kDefault5x5, kBoard, &p).ok());
  ASSERT_EQ(p.size(), 4u);
  EXPECT_EQ(p[2], (std::vector<int>{11, 12, 16, 17, 21, 22}));
  EXPECT_EQ(PartitionName(p), kDefault5x5);
  EXPECT_EQ(DefaultPartition(kBoard, kGoalBlank), p);
  // Tiles in any order within a group; consecutive groups keep sizes.
  ASSERT_TRUE(ParsePartition("3,2,1/4,5,6,7,8", Board(3, 3), &p).ok());
  EXPECT_EQ(PartitionName(p), "3-5");
  ASSERT_TRUE(ParsePartition("6-6-6-6", kBoard, &p).ok());
  EXPECT_EQ(p[3].front(), 19);
  for (const char* bad :
       {"1,2,3/4,5", "1,2,3/3,4,5,6,7,8", "1,2,x/4,5,6,7,8", "1,2,3/4,5,6,7,9",
        "0,1,2/3,4,5,6,7,8", "1,2,3,/4,5,6,7,8", "1,2,3//4,5,6,7,8"}) {
    EXPECT_FALSE(ParsePartition(bad, Board(3, 3), &p).ok()) << bad;
  }
  // Groups above seven tiles are too big for a board of more than 16
  // cells; seven are taken when asked for, six by default.
  Status s = ParsePartition("8-6-5-5", kBoard, &p);
  EXPECT_TRUE(s.IsInvalidArgument());
  EXPECT_NE(s.message().find("at most 7"), std::string::npos) << s.message();
  ASSERT_TRUE(ParsePartition("7-7-7-3", kBoard, &p).ok());
  for (const auto& group : DefaultPartition(kBoard, 0)) {
    EXPECT_LE(group.size(), 6u);
  }
  EXPECT_EQ(DefaultPartition(Board(4, 5), 19),
            ConsecutiveGroups({4, 5, 5, 5}));
}

// The fewest moves by IDA* with the Manhattan distance, written apart from
// lib/search (a check of its answers).
class ManhattanIda {
 public:
  explicit ManhattanIda(const State& start) : s_(start) {}
  int Solve() {
    for (int bound = H();; bound += 2) {
      if (Dfs(0, -1, H(), bound)) return length_;
    }
  }

 private:
  static int Dist(int tile, int cell) {
    const int home = tile - 1;  // the goal with the blank last
    return std::abs(home / 5 - cell / 5) + std::abs(home % 5 - cell % 5);
  }
  int H() const {
    int h = 0;
    for (int c = 0; c < 25; ++c) {
      if (s_.tile[c] != 0) h += Dist(s_.tile[c], c);
    }
    return h;
  }
  bool Dfs(int g, int prev, int h, int bound) {
    if (h == 0) {
      length_ = g;
      return true;
    }
    if (g + h > bound) return false;
    for (Move m : kAllMoves) {
      if (prev >= 0 && static_cast<int>(m) == (prev ^ 1)) continue;
      const int from = s_.blank;
      const int to = kBoard.Neighbor(from, m);
      if (to < 0) continue;
      const int tile = s_.tile[to];
      const int nh = h - Dist(tile, to) + Dist(tile, from);
      ApplyMove(kBoard, m, &s_);
      const bool found = Dfs(g + 1, static_cast<int>(m), nh, bound);
      ApplyMove(kBoard, Inverse(m), &s_);
      if (found) return true;
    }
    return false;
  }
  State s_;
  int length_ = 0;
};

// A search over eight 3-tile databases (milliseconds to build).
const PdbSearch& SmallSearch() {
  static const PdbSearch* search = [] {
    const Partition p = ConsecutiveGroups({3, 3, 3, 3, 3, 3, 3, 3});
    std::vector<std::vector<uint8_t>> values;
    for (const auto& tiles : p) {
      PdbResult r;
      EXPECT_TRUE(BuildPatternDb(kBoard, kGoalBlank, tiles,
                                 PdbIndexKind::kPlacement, 2, nullptr, &r)
                      .ok());
      values.push_back(std::move(r.values));
    }
    return new PdbSearch(kBoard, kGoalBlank, p, PdbIndexKind::kPlacement,
                         std::move(values));
  }();
  return *search;
}

State Scramble(std::mt19937_64& rng, int moves) {
  State s = CanonicalGoal(kBoard, kGoalBlank);
  int prev = -1;
  for (int i = 0; i < moves;) {
    const Move m = kAllMoves[rng() % 4];
    if (static_cast<int>(m) == (prev ^ 1)) continue;
    if (!ApplyMove(kBoard, m, &s)) continue;
    prev = static_cast<int>(m);
    ++i;
  }
  return s;
}

// Whether `path` takes `start` to the goal, move by move.
bool Reaches(const State& start, const Path& path) {
  State s = start;
  for (size_t i = 0; i < path.moves.size(); ++i) {
    uint8_t tile;
    if (!ApplyMove(kBoard, path.moves[i], &s, &tile)) return false;
    if (tile != path.tiles[i]) return false;
  }
  return s == CanonicalGoal(kBoard, kGoalBlank);
}

TEST(Search24Test, OptimalAsAPlainIdaStarOnOneAndTwoThreads) {
  std::mt19937_64 rng(24);
  const PdbSearch& search = SmallSearch();
  EXPECT_TRUE(search.reflects());
  for (int i = 0; i < 12; ++i) {
    const State start = Scramble(rng, 34);
    Path one, two;
    ASSERT_TRUE(search.Solve(start, &one).ok());
    EXPECT_TRUE(Reaches(start, one));
    EXPECT_TRUE(one.optimal);
    EXPECT_EQ(one.distance(), ManhattanIda(start).Solve()) << i;
    EXPECT_LE(search.Heuristic(start), one.distance());
    SearchLimits limits;
    limits.threads = 2;
    ASSERT_TRUE(search.Solve(start, &two, limits).ok());
    // The split keeps the single thread's path and count.
    EXPECT_EQ(two.moves, one.moves) << i;
    EXPECT_EQ(two.nodes, one.nodes) << i;
  }
}

TEST(Search24Test, WeightedSearchIsBoundedSuboptimal) {
  std::mt19937_64 rng(5);
  const PdbSearch& search = SmallSearch();
  for (int i = 0; i < 6; ++i) {
    const State start = Scramble(rng, 40);
    Path optimal, weighted;
    ASSERT_TRUE(search.Solve(start, &optimal).ok());
    ASSERT_TRUE(
        WeightedSolve(search, start, 20, SearchLimits(), 1 << 22, &weighted)
            .ok());
    EXPECT_TRUE(Reaches(start, weighted));
    EXPECT_GE(weighted.distance(), optimal.distance());
    EXPECT_LE(weighted.distance(), 2 * optimal.distance());
  }
}

TEST(Search24Test, ABudgetGivesAPathAndAnHonestLowerBound) {
  const PdbSearch& search = SmallSearch();
  std::mt19937_64 rng(11);
  // Far from the goal: the small databases cannot finish in two seconds.
  // (Budgets of 0.2 s and then 1 s left the weighted search no time for a
  // first path under ASan on a machine running other builds: it has two
  // fifths of the budget.)
  const State hard = Scramble(rng, 400);
  SearchLimits limits;
  limits.threads = 2;
  const auto t0 = std::chrono::steady_clock::now();
  limits.answer_by = t0 + std::chrono::seconds(2);
  Path path;
  const Status s = search.Solve(hard, &path, limits);
  ASSERT_TRUE(s.ok()) << s.message();
  const double secs = std::chrono::duration<double>(
                          std::chrono::steady_clock::now() - t0).count();
  EXPECT_LT(secs, 6.0);  // generous: sanitizers and a busy machine
  EXPECT_TRUE(Reaches(hard, path));
  EXPECT_FALSE(path.optimal);
  EXPECT_GE(path.lower_bound, search.Heuristic(hard));
  EXPECT_LT(path.lower_bound, path.distance());
  EXPECT_EQ((path.distance() - path.lower_bound) % 2, 0);
  // A near state is answered optimally within the same budget.
  const State easy = Scramble(rng, 20);
  limits.answer_by = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  ASSERT_TRUE(search.Solve(easy, &path, limits).ok());
  EXPECT_TRUE(path.optimal);
  EXPECT_EQ(path.lower_bound, -1);
  EXPECT_EQ(path.distance(), ManhattanIda(easy).Solve());
  // A server's deadline still wins over a budget: no answer.
  limits.deadline = std::chrono::steady_clock::now();
  limits.answer_by = limits.deadline + std::chrono::seconds(1);
  EXPECT_TRUE(search.Solve(hard, &path, limits).IsDeadlineExceeded());
}

}  // namespace
}  // namespace slidedb
