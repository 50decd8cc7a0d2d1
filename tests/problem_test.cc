// Problem: a start and a goal in the user's labels, relabelled for the
// goal's canonical table.
#include "lib/puzzle/problem.h"

#include <gtest/gtest.h>

#include <map>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "lib/puzzle/board.h"
#include "lib/puzzle/notation.h"
#include "lib/puzzle/parity.h"
#include "lib/puzzle/state.h"
#include "tests/reference_search.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

using testing::CountInversions;
using testing::Pack;
using testing::Packed;
using testing::RefShape;

// A random arrangement of `tiles` (labels of the tiles) and `blank`.
Arrangement RandomArrangement(const Board& board,
                              const std::vector<std::string>& tiles,
                              const std::string& blank, std::mt19937* rng) {
  Arrangement a;
  a.labels = tiles;
  a.labels.push_back(blank);
  std::shuffle(a.labels.begin(), a.labels.end(), *rng);
  for (int c = 0; c < board.cells(); ++c) {
    if (a.labels[c] == blank) a.blank = c;
  }
  return a;
}

// The arrangement in numbers of our own choosing: tile k of `tiles` is k+1.
Packed Number(const Arrangement& a, const std::vector<std::string>& tiles) {
  std::map<std::string, int> number;
  for (size_t k = 0; k < tiles.size(); ++k) number[tiles[k]] = k + 1;
  std::vector<int> v;
  for (size_t c = 0; c < a.labels.size(); ++c) {
    v.push_back(static_cast<int>(c) == a.blank ? 0 : number.at(a.labels[c]));
  }
  return Pack(v);
}

Packed PackWide(const Board& board, const State& s) {
  std::vector<int> v;
  for (int c = 0; c < board.cells(); ++c) v.push_back(s.tile[c]);
  return Pack(v);
}

// Label sets a user might write, with the blank's label last.
std::vector<std::vector<std::string>> LabelSets(int cells) {
  std::vector<std::vector<std::string>> sets(4);
  for (int k = 1; k < cells; ++k) {
    sets[0].push_back(std::to_string(k));            // 1..n-1, 0 blank
    sets[1].push_back(std::string(1, 'A' + k - 1));  // letters, _ blank
    sets[2].push_back(std::to_string(k));            // --blank 9 style
    sets[3].push_back(std::to_string(10 * k + 3));   // words, - blank
  }
  sets[0].push_back("0");
  sets[1].push_back("_");
  sets[2].push_back(std::to_string(cells));
  sets[3].push_back("-");
  return sets;
}

TEST(ProblemTest, DefaultGoalIsTheCanonicalOne) {
  const Board board(3, 3);
  const Arrangement start = testing::ParseOrFail("867254301", board);
  Problem p;
  ASSERT_TRUE(MakeProblem(board, start, DefaultGoal(board, start), &p).ok());
  EXPECT_TRUE(p.solvable);
  EXPECT_TRUE(p.reason.empty());
  EXPECT_EQ(p.goal_blank, 8);
  EXPECT_EQ(p.board, board);
  // The default goal already is canonical: table labels are the user's.
  const std::vector<int> want = {8, 6, 7, 2, 5, 4, 3, 0, 1};
  for (int c = 0; c < 9; ++c) EXPECT_EQ(p.start.tile[c], want[c]) << c;
  EXPECT_EQ(p.start.blank, 7);
  ASSERT_EQ(p.label.size(), 9u);
  for (int t = 1; t < 9; ++t) EXPECT_EQ(p.label[t], std::to_string(t));
}

// For random starts and goals in several label styles: the relabelled start
// is well formed, converts back to the user's start, the canonical goal
// converts back to the user's goal, and the relabelled start is exactly as
// far from the canonical goal as the user's start is from the user's goal
// (both found by independent searches).
TEST(ProblemTest, RelabellingKeepsDistances) {
  std::mt19937 rng(2024);
  for (const Board& board : {Board(3, 3), Board(2, 4), Board(3, 2)}) {
    const RefShape shape{board.rows(), board.cols()};
    std::map<int, std::unordered_map<Packed, int>> canonical;  // by goal blank
    int solvable = 0, unsolvable = 0;
    for (const auto& set : LabelSets(board.cells())) {
      std::vector<std::string> tiles(set.begin(), set.end() - 1);
      const std::string blank = set.back();
      for (int k = 0; k < 12; ++k) {
        const Arrangement start = RandomArrangement(board, tiles, blank, &rng);
        const Arrangement goal = RandomArrangement(board, tiles, blank, &rng);
        SCOPED_TRACE(board.Name() + " " + FormatArrangement(start, blank) +
                     " -> " + FormatArrangement(goal, blank));
        Problem p;
        ASSERT_TRUE(MakeProblem(board, start, goal, &p).ok());
        EXPECT_EQ(p.goal_blank, goal.blank);
        ASSERT_TRUE(IsWellFormed(board, p.start));
        const Arrangement back = ToArrangement(p, p.start);
        EXPECT_EQ(back.blank, start.blank);
        EXPECT_EQ(back.labels, start.labels);
        const Arrangement goal_back =
            ToArrangement(p, CanonicalGoal(board, goal.blank));
        EXPECT_EQ(goal_back.blank, goal.blank);
        for (int c = 0; c < board.cells(); ++c) {
          if (c != goal.blank) {
            EXPECT_EQ(goal_back.labels[c], goal.labels[c]);
          }
        }

        auto& dist = canonical[goal.blank];
        if (dist.empty()) {
          dist = testing::DistancesTo(
              shape, PackWide(board, CanonicalGoal(board, goal.blank)));
        }
        const auto it = dist.find(PackWide(board, p.start));
        const bool reaches = it != dist.end();
        EXPECT_EQ(p.solvable, reaches);
        EXPECT_EQ(p.reason.empty(), p.solvable);
        if (!reaches) {
          ++unsolvable;
          continue;
        }
        ++solvable;
        testing::IdaStar search(shape, Number(goal, tiles));
        EXPECT_EQ(search.Distance(Number(start, tiles)), it->second);
      }
    }
    EXPECT_GT(solvable, 5) << board.Name();
    EXPECT_GT(unsolvable, 5) << board.Name();
  }
}

TEST(ProblemTest, DifferentTilesAreRejected) {
  const Board board(3, 3);
  Problem p;
  Status s = MakeProblem(board, testing::ParseOrFail("123456780", board),
                         testing::ParseOrFail("123456709", board), &p);
  EXPECT_TRUE(s.IsInvalidArgument());
  EXPECT_EQ(s.message(), "the start has tile '8' and the goal does not");
  s = MakeProblem(board, testing::ParseOrFail("12345678_", board),
                  testing::ParseOrFail("abcdefgh_", board), &p);
  EXPECT_TRUE(s.IsInvalidArgument());
  EXPECT_EQ(s.message(), "the start has tile '1' and the goal does not");
  // Same tiles, different blank labels: fine.
  s = MakeProblem(board, testing::ParseOrFail("12345678_", board),
                  testing::ParseOrFail("0 1 2 3 4 5 6 7 8", board), &p);
  EXPECT_TRUE(s.ok()) << s.ToString();
  // A --blank 9 start against a goal written with 0 as a tile.
  s = MakeProblem(board, testing::ParseOrFail("123456789", board, "9"),
                  testing::ParseOrFail("012345678", board, "8"), &p);
  EXPECT_TRUE(s.IsInvalidArgument());
  EXPECT_NE(s.message().find("tile '"), std::string::npos) << s.message();
}

// Inversions of an arrangement of numeric labels, counted by value.
int NaturalInversions(const Arrangement& a) {
  std::vector<int> v;
  for (size_t c = 0; c < a.labels.size(); ++c) {
    if (static_cast<int>(c) != a.blank) v.push_back(std::stoi(a.labels[c]));
  }
  return CountInversions(v);
}

bool Contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

TEST(ProblemTest, UnsolvableReasonOnOddWidthGivesInversionCounts) {
  const Board board(3, 3);
  const Arrangement start = testing::ParseOrFail("876543120", board);
  const Arrangement goal = testing::ParseOrFail("123456780", board);
  Problem p;
  ASSERT_TRUE(MakeProblem(board, start, goal, &p).ok());
  EXPECT_FALSE(p.solvable);
  const int is = NaturalInversions(start);  // 27
  const int ig = NaturalInversions(goal);   // 0
  ASSERT_NE(is % 2, ig % 2);
  EXPECT_TRUE(Contains(p.reason, "inversions")) << p.reason;
  EXPECT_TRUE(Contains(p.reason, std::to_string(is) + " inversions (odd)"))
      << p.reason;
  EXPECT_TRUE(Contains(p.reason, std::to_string(ig) + " (even)")) << p.reason;
  // One inversion is said in the singular.
  ASSERT_TRUE(MakeProblem(board, testing::ParseOrFail("213456780", board),
                          goal, &p).ok());
  EXPECT_TRUE(Contains(p.reason, "the start has 1 inversion (odd)"))
      << p.reason;
}

TEST(ProblemTest, UnsolvableReasonCountsInTheUsersOrder) {
  // A relabelled goal: the reason still counts inversions by the labels'
  // natural order, as a person would.
  const Board board(3, 3);
  const Arrangement start = testing::ParseOrFail("213456780", board);
  const Arrangement goal = testing::ParseOrFail("876543210", board);
  Problem p;
  ASSERT_TRUE(MakeProblem(board, start, goal, &p).ok());
  ASSERT_FALSE(p.solvable);
  EXPECT_TRUE(Contains(
      p.reason, "has " + std::to_string(NaturalInversions(start)) +
                    " inversion"))
      << p.reason;
  EXPECT_TRUE(Contains(p.reason, std::to_string(NaturalInversions(goal))))
      << p.reason;
}

TEST(ProblemTest, UnsolvableReasonOnEvenWidthAddsTheBlanksRow) {
  const Board board(2, 4);
  // Swapping two tiles of the goal changes the inversion parity alone.
  const Arrangement start = testing::ParseOrFail("2134/5670", board);
  const Arrangement goal = testing::ParseOrFail("1234/5670", board);
  Problem p;
  ASSERT_TRUE(MakeProblem(board, start, goal, &p).ok());
  const int is = NaturalInversions(start), rs = start.blank / 4;
  const int ig = NaturalInversions(goal), rg = goal.blank / 4;
  ASSERT_NE((is + rs) % 2, (ig + rg) % 2) << "the test's own premise";
  EXPECT_FALSE(p.solvable);
  const std::string start_sum = std::to_string(is) + " + " +
                                std::to_string(rs) + " = " +
                                std::to_string(is + rs);
  const std::string goal_sum = std::to_string(ig) + " + " + std::to_string(rg) +
                               " = " + std::to_string(ig + rg);
  EXPECT_TRUE(Contains(p.reason, start_sum)) << p.reason;
  EXPECT_TRUE(Contains(p.reason, goal_sum)) << p.reason;
  EXPECT_TRUE(Contains(p.reason, "row")) << p.reason;
}

}  // namespace
}  // namespace slidedb
