// A goal answered through the half turn of stored pattern databases
// (Solver::Solve, MoveOrder::kHalfTurn) is searched as databases built
// for that goal would search it: the same states, the same first optimal
// path. Checked on 4x4, whose blank-first and blank-last goals are each
// other's half turn, over both searches (entries by placement, and words
// by blank region) and with the reflection. The other two corners, served
// by the mirrors, answer optimally.
#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "lib/puzzle/pattern.h"
#include "lib/puzzle/symmetry.h"
#include "lib/search/ida_search.h"
#include "lib/search/pdb_build.h"
#include "lib/search/pdb_words.h"
#include "lib/solve/solver.h"
#include "lib/storage/database.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

// Groups of 5-5-5 for the goal with its blank on `goal_blank`, with
// successor words when by blank region.
PdbSearch TurnTestSearch(const Board& board, int goal_blank,
                         PdbIndexKind kind) {
  const Partition groups = ConsecutiveGroups({5, 5, 5});
  std::vector<std::vector<uint8_t>> values;
  std::vector<std::vector<uint32_t>> words;
  for (const auto& tiles : groups) {
    PdbResult r;
    EXPECT_TRUE(
        BuildPatternDb(board, goal_blank, tiles, kind, 2, nullptr, &r).ok());
    if (kind == PdbIndexKind::kBlankRegion) {
      words.emplace_back();
      EXPECT_TRUE(ComputePdbWords(board, static_cast<int>(tiles.size()),
                                  r.values, 2, &words.back())
                      .ok());
    }
    values.push_back(std::move(r.values));
  }
  return PdbSearch(board, goal_blank, groups, kind, std::move(values),
                   std::move(words));
}

// States a random walk of 50 moves from the goal with its blank on
// `goal_blank` reaches.
std::vector<State> TurnTestStates(const Board& board, int goal_blank,
                                  int count) {
  std::mt19937 rng(1996);
  std::vector<State> states;
  for (int i = 0; i < count; ++i) {
    State s = CanonicalGoal(board, goal_blank);
    for (int k = 0; k < 50; ++k) {
      ApplyMove(board, static_cast<Move>(rng() % 4), &s);
    }
    states.push_back(s);
  }
  return states;
}

TEST(PdbHalfTurnTest, SearchesAsDatabasesBuiltForTheGoal) {
  const Board board(4, 4);
  const int last = board.cells() - 1;
  const std::vector<State> states =
      TurnTestStates(board, 0, testing::kSanitized ? 8 : 40);
  for (PdbIndexKind kind :
       {PdbIndexKind::kPlacement, PdbIndexKind::kBlankRegion}) {
    SCOPED_TRACE(PdbIndexName(kind));
    // The 5-5-5 groups of one goal are the half turn of the other's.
    const PdbSearch own = TurnTestSearch(board, 0, kind);
    const PdbSearch turned = TurnTestSearch(board, last, kind);
    ASSERT_TRUE(own.reflects() && turned.reflects());
    ASSERT_EQ(turned.has_words(), kind == PdbIndexKind::kBlankRegion);
    int other_order = 0;  // answers that differ without the half turn
    for (const State& s : states) {
      Path want;
      ASSERT_TRUE(own.Solve(s, &want).ok());
      for (int threads : {1, 2}) {
        SearchLimits limits;
        limits.threads = threads;
        Path got;
        ASSERT_TRUE(turned
                        .Solve(GoalMap(board, 0, 3).ToStored(s), &got, limits,
                               MoveOrder::kHalfTurn)
                        .ok());
        for (Move& m : got.moves) m = Inverse(m);
        ASSERT_EQ(got.moves, want.moves) << threads << " threads";
        if (threads == 1) {
          EXPECT_EQ(got.nodes, want.nodes);
        }
      }
      Path plain;
      ASSERT_TRUE(turned.Solve(GoalMap(board, 0, 3).ToStored(s), &plain).ok());
      ASSERT_EQ(plain.distance(), want.distance());
      other_order += plain.nodes != want.nodes;
    }
    // Without it the search takes the children in the turned order: the
    // same lengths, other states.
    EXPECT_GT(other_order, 0);
  }
}

// The blank-last 5-5-5 databases answer the goals with the blank in the
// other corners through the Solver (the mirrors for the top right and
// bottom left, the half turn for the top left): paths as long as those of
// databases built for each goal, legal, sliding the tiles they name, and
// ending on the goal.
TEST(PdbMirrorTest, OneSetAnswersEveryCorner) {
  const Board board(4, 4);
  std::unique_ptr<Database> db;
  ASSERT_TRUE(Database::Open(testing::Pdb44Database(), &db).ok());
  Solver solver(db.get());
  for (const auto& [goal_blank, symmetry] :
       {std::pair{3, 2}, std::pair{12, 1}, std::pair{0, 3}}) {
    SCOPED_TRACE(goal_blank);
    std::shared_ptr<const PdbSearch> search;
    int got_symmetry;
    ASSERT_TRUE(
        solver.GetPdbSearch(board, goal_blank, &search, &got_symmetry).ok());
    EXPECT_EQ(got_symmetry, symmetry);
    const PdbSearch own =
        TurnTestSearch(board, goal_blank, PdbIndexKind::kPlacement);
    const State goal = CanonicalGoal(board, goal_blank);
    for (const State& s :
         TurnTestStates(board, goal_blank, testing::kSanitized ? 4 : 12)) {
      Path want;
      ASSERT_TRUE(own.Solve(s, &want).ok());
      Problem p;
      p.board = board;
      p.start = s;
      p.goal_blank = goal_blank;
      p.solvable = true;
      Path got;
      ASSERT_TRUE(solver.Solve(p, &got).ok());
      EXPECT_EQ(got.distance(), want.distance());
      ASSERT_EQ(got.tiles.size(), got.moves.size());
      State at = s;
      for (size_t i = 0; i < got.moves.size(); ++i) {
        const int to = board.Neighbor(at.blank, got.moves[i]);
        ASSERT_GE(to, 0) << "illegal move " << i;
        EXPECT_EQ(at.tile[to], got.tiles[i]) << "move " << i;
        ASSERT_TRUE(ApplyMove(board, got.moves[i], &at));
      }
      EXPECT_TRUE(at == goal);
    }
  }
}

}  // namespace
}  // namespace slidedb
