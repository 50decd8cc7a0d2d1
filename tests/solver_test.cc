// Solver: problems answered from the test database, checked against
// independent searches (tests/reference_search.h).
#include "lib/solve/solver.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "lib/puzzle/board.h"
#include "lib/puzzle/notation.h"
#include "lib/puzzle/problem.h"
#include "lib/puzzle/state.h"
#include "lib/search/bfs.h"
#include "lib/solve/walk.h"
#include "lib/storage/database.h"
#include "lib/storage/table.h"
#include "lib/storage/table_meta.h"
#include "tests/reference_search.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

using testing::Pack;
using testing::Packed;
using testing::RefShape;

class SolverTest : public ::testing::Test {
 protected:
  void SetUp() override {
    Status s = Database::Open(testing::TestDatabase(), &db_);
    ASSERT_TRUE(s.ok()) << s.ToString();
    solver_ = std::make_unique<Solver>(db_.get());
  }

  // Solves start -> goal and checks the answer: the path is legal move by
  // move in the user's labels, names the tiles that slide, ends at the
  // goal, and is as long as `want` (the reference distance).
  void ExpectSolved(const Board& board, const Arrangement& start,
                    const Arrangement& goal, int want) {
    Problem p;
    ASSERT_TRUE(MakeProblem(board, start, goal, &p).ok());
    ASSERT_TRUE(p.solvable) << p.reason;
    Path path;
    Status s = solver_->Solve(p, &path);
    ASSERT_TRUE(s.ok()) << s.ToString();
    EXPECT_EQ(path.distance(), want);
    ASSERT_EQ(path.tiles.size(), path.moves.size());
    int distance = -1;
    ASSERT_TRUE(solver_->Distance(p, &distance).ok());
    EXPECT_EQ(distance, want);

    // Replay in the user's labels, with this test's own move arithmetic.
    std::vector<std::string> cells = start.labels;
    int blank = start.blank;
    for (size_t k = 0; k < path.moves.size(); ++k) {
      const int r = blank / board.cols(), c = blank % board.cols();
      int to = -1;
      switch (path.moves[k]) {
        case Move::kUp:
          to = r > 0 ? blank - board.cols() : -1;
          break;
        case Move::kDown:
          to = r + 1 < board.rows() ? blank + board.cols() : -1;
          break;
        case Move::kLeft:
          to = c > 0 ? blank - 1 : -1;
          break;
        case Move::kRight:
          to = c + 1 < board.cols() ? blank + 1 : -1;
          break;
      }
      ASSERT_GE(to, 0) << "move " << k << " leaves the board";
      EXPECT_EQ(p.label[path.tiles[k]], cells[to])
          << "move " << k << " names the wrong tile";
      std::swap(cells[blank], cells[to]);
      blank = to;
    }
    EXPECT_EQ(blank, goal.blank) << "the path ends elsewhere";
    for (int c = 0; c < board.cells(); ++c) {
      if (c != goal.blank) {
        EXPECT_EQ(cells[c], goal.labels[c]) << "cell " << c;
      }
    }
  }

  std::unique_ptr<Database> db_;
  std::unique_ptr<Solver> solver_;
};

TEST_F(SolverTest, HardestEightPuzzleTakes31Moves) {
  const Board board(3, 3);
  const Arrangement start = testing::ParseOrFail("867254301", board);
  const Arrangement goal = DefaultGoal(board, start);
  testing::IdaStar search(RefShape{3, 3}, Pack({1, 2, 3, 4, 5, 6, 7, 8, 0}));
  const int want = search.Distance(Pack({8, 6, 7, 2, 5, 4, 3, 0, 1}));
  EXPECT_EQ(want, 31);
  ExpectSolved(board, start, goal, want);
}

TEST_F(SolverTest, GoalIsZeroMoves) {
  const Board board(3, 3);
  const Arrangement a = testing::ParseOrFail("1234_5678", board);
  ExpectSolved(board, a, a, 0);
}

// Random starts for random goals in several label styles, on the 3x3 and
// the small boards, against a reference BFS from each goal.
TEST_F(SolverTest, RandomStartsAndGoalsMatchReferenceSearch) {
  std::mt19937 rng(31337);
  int solved = 0;
  for (const Board& board : {Board(3, 3), Board(2, 2), Board(2, 3), Board(3, 2),
                             Board(2, 4), Board(4, 2)}) {
    const int n = board.cells();
    const int goals = board.cells() == 9 ? 4 : 3;
    for (int g = 0; g < goals; ++g) {
      // Labels: digits with 0 blank; --blank n style; letters; words.
      std::vector<std::string> labels;
      std::string blank;
      switch (g % 4) {
        case 0:
          for (int k = 1; k < n; ++k) labels.push_back(std::to_string(k));
          blank = "0";
          break;
        case 1:
          for (int k = 1; k < n; ++k) labels.push_back(std::to_string(k));
          blank = std::to_string(n);
          break;
        case 2:
          for (int k = 0; k + 1 < n; ++k)
            labels.push_back(std::string(1, 'a' + k));
          blank = "_";
          break;
        case 3:
          for (int k = 1; k < n; ++k) labels.push_back("t" + std::to_string(k));
          blank = ".";
          break;
      }
      // The goal, as numbers of our own (tile k+1 is labels[k]).
      std::vector<int> goal_tiles(n);
      for (int c = 0; c < n; ++c) goal_tiles[c] = c;
      std::shuffle(goal_tiles.begin(), goal_tiles.end(), rng);
      auto to_arrangement = [&](const std::vector<int>& tiles) {
        Arrangement a;
        for (int c = 0; c < n; ++c) {
          a.labels.push_back(tiles[c] == 0 ? blank : labels[tiles[c] - 1]);
          if (tiles[c] == 0) a.blank = c;
        }
        return a;
      };
      // Through the text form, as the CLI would read it.
      const NotationOptions options{g % 4 == 1 ? blank : ""};
      const std::string goal_text =
          FormatArrangement(to_arrangement(goal_tiles), blank);
      Arrangement goal;
      ASSERT_TRUE(ParseArrangement(goal_text, board, options, &goal).ok())
          << goal_text;
      const auto truth = testing::DistancesTo(
          RefShape{board.rows(), board.cols()}, Pack(goal_tiles));
      std::vector<int> tiles = goal_tiles;
      for (int k = 0; k < 8; ++k) {
        std::shuffle(tiles.begin(), tiles.end(), rng);
        const Arrangement start = to_arrangement(tiles);
        const auto it = truth.find(Pack(tiles));
        SCOPED_TRACE(board.Name() + " " + FormatArrangement(start, blank) +
                     " -> " + goal_text);
        Problem p;
        ASSERT_TRUE(MakeProblem(board, start, goal, &p).ok());
        EXPECT_EQ(p.solvable, it != truth.end());
        if (it == truth.end()) continue;
        ExpectSolved(board, start, goal, it->second);
        ++solved;
      }
    }
  }
  EXPECT_GT(solved, 40);
}

// The 2x5 default goal, against IDA*.
TEST_F(SolverTest, TwoByFiveMatchesIdaStar) {
  const Board board(2, 5);
  std::mt19937 rng(5);
  std::vector<int> goal = {1, 2, 3, 4, 5, 6, 7, 8, 9, 0};
  testing::IdaStar search(RefShape{2, 5}, Pack(goal));
  std::vector<int> tiles = goal;
  int solved = 0;
  while (solved < 6) {
    // A random walk from the goal keeps the start solvable and not too far
    // for IDA*.
    tiles = goal;
    int blank = 9;
    for (int k = 0; k < 40; ++k) {
      const auto targets = testing::BlankTargets(RefShape{2, 5}, blank);
      const int to = targets[rng() % targets.size()];
      std::swap(tiles[blank], tiles[to]);
      blank = to;
    }
    std::string text;
    for (int c = 0; c < 10; ++c)
      text += (c ? "," : "") + std::to_string(tiles[c]);
    const Arrangement start = testing::ParseOrFail(text, board);
    ExpectSolved(board, start, DefaultGoal(board, start),
                 search.Distance(Pack(tiles)));
    ++solved;
  }
}

// Every state of two 3x3 tables walks to the goal in exactly its stored
// distance, and Distance agrees.
TEST_F(SolverTest, EveryEightPuzzleStateWalksToItsGoal) {
  const Board board(3, 3);
  for (int goal_blank : {8, 4}) {
    Table* table = nullptr;
    ASSERT_TRUE(solver_->GetTable(board, goal_blank, &table).ok());
    const Indexer& indexer = table->indexer();
    const State goal = CanonicalGoal(board, goal_blank);
    Path path;
    int failures = 0;
    for (Index i = 0; i < indexer.size() && failures < 5; ++i) {
      const State start = indexer.StateAt(i);
      uint8_t rec;
      ASSERT_TRUE(table->Get(i, &rec).ok());
      ASSERT_TRUE(WalkToGoal(table, start, &path).ok()) << i;
      int distance = -1;
      ASSERT_TRUE(DistanceToGoal(table, start, &distance).ok()) << i;
      State s = start;
      bool legal = true;
      for (size_t k = 0; k < path.moves.size() && legal; ++k) {
        uint8_t tile = 0;
        legal =
            ApplyMove(board, path.moves[k], &s, &tile) && tile == path.tiles[k];
      }
      if (!legal || s != goal || path.distance() != RecordDistance(rec) ||
          distance != RecordDistance(rec)) {
        ++failures;
        ADD_FAILURE() << "b" << goal_blank << " index " << i << ": walk of "
                      << path.distance() << " moves, legal " << legal
                      << ", at goal " << (s == goal) << ", distance "
                      << distance << ", stored " << RecordDistance(rec);
      }
    }
  }
}

TEST_F(SolverTest, MissingTableIsNotFoundAndNamed) {
  Table* table = nullptr;
  Status s = solver_->GetTable(Board(3, 4), 11, &table);
  EXPECT_TRUE(s.IsNotFound()) << s.ToString();
  EXPECT_NE(s.message().find("3x4/b11"), std::string::npos) << s.message();
  // The blank on cell 1 of 2x5 is served by the table of cell 8 (not built).
  s = solver_->GetTable(Board(2, 5), 1, &table);
  EXPECT_TRUE(s.IsNotFound()) << s.ToString();
  EXPECT_NE(s.message().find("2x5/b8"), std::string::npos) << s.message();
  // A Problem whose table is missing fails the same way.
  const Board board(2, 5);
  Arrangement start, goal;
  ASSERT_TRUE(ParseArrangement("1,2,3,4,5,6,7,8,0,9", board, {}, &start).ok());
  ASSERT_TRUE(ParseArrangement("1,0,2,3,4,5,6,7,8,9", board, {}, &goal).ok());
  Problem p;
  ASSERT_TRUE(MakeProblem(board, start, goal, &p).ok());
  ASSERT_TRUE(p.solvable);
  Path path;
  EXPECT_TRUE(solver_->Solve(p, &path).IsNotFound());
  int distance;
  EXPECT_TRUE(solver_->Distance(p, &distance).IsNotFound());
  // And a table that is there opens once and is kept.
  Table* first = nullptr;
  Table* again = nullptr;
  ASSERT_TRUE(solver_->GetTable(Board(3, 3), 8, &first).ok());
  ASSERT_TRUE(solver_->GetTable(Board(3, 3), 8, &again).ok());
  EXPECT_EQ(first, again);
  EXPECT_EQ(first->meta().Id(), "3x3/b8");
}

// A Solver that reads only the pages its walks touch answers every state of
// a stored goal and of a goal served by symmetry exactly as one that read
// the table whole; a walk of d moves reads at most d + 1 pages.
// The 15-puzzle's multi-tile neighbour distances (/api/moves, --moves), a
// line of the blank at a time: each the distance a whole search gives, on
// positions near the goal where lines with and without a nearer state
// both come up. (The single-tile ones: PdbSearchTest.WithinWithoutTheWayBack...)
TEST_F(SolverTest, MultiTileLineDistancesAreTheSearchedOnes) {
  const Board board(4, 4);
  Problem p;
  p.board = board;
  p.goal_blank = 15;
  p.metric = Metric::kMtm;
  p.solvable = true;
  std::mt19937_64 rng(11);
  int lines_without_nearer = 0, lines_with_nearer = 0;
  for (int trial = 0; trial < 6; ++trial) {
    State s = CanonicalGoal(board, 15);
    for (int k = 0; k < 12 + 2 * trial; ++k) {
      ApplyMove(board, kAllMoves[rng() % 4], &s);
    }
    p.start = s;
    int from;
    ASSERT_TRUE(solver_->Distance(p, &from).ok());
    for (int axis = 0; axis < 2; ++axis) {
      std::vector<State> line;
      std::vector<int> want;
      for (Move m : {kAllMoves[2 * axis], kAllMoves[2 * axis + 1]}) {
        Problem next = p;
        while (ApplyMove(board, m, &next.start)) {
          line.push_back(next.start);
          want.emplace_back();
          ASSERT_TRUE(solver_->Distance(next, &want.back()).ok());
        }
      }
      std::vector<int> got;
      ASSERT_TRUE(
          solver_->LineNeighborDistances(p, from, axis, line, &got).ok());
      EXPECT_EQ(got, want) << "trial " << trial << " axis " << axis;
      const bool nearer =
          std::find(want.begin(), want.end(), from - 1) != want.end();
      ++(nearer ? lines_with_nearer : lines_without_nearer);
    }
  }
  EXPECT_GT(lines_with_nearer, 0);
  EXPECT_GT(lines_without_nearer, 0);
}

TEST(SolverPageLoadingTest, OnUseAnswersEveryStateAsTheWholeTable) {
  std::unique_ptr<Database> db;
  ASSERT_TRUE(Database::Open(testing::TestDatabase(), &db).ok());
  const Board board(3, 3);
  Solver whole(db.get());
  Solver on_use(db.get());
  on_use.set_page_loading(Database::PageLoading::kOnUse);
  Table* stored;
  ASSERT_TRUE(on_use.GetTable(board, 8, &stored).ok());
  EXPECT_EQ(stored->pages_loaded(), 0u) << "nothing read before a walk";
  Table* stored_whole;
  ASSERT_TRUE(whole.GetTable(board, 8, &stored_whole).ok());
  EXPECT_EQ(stored_whole->pages_loaded(), stored_whole->meta().pages);
  for (int goal_blank : {8, 0, 4}) {
    SCOPED_TRACE("goal blank " + std::to_string(goal_blank));
    const Indexer indexer(board, goal_blank);
    for (Index i = 0; i < indexer.size(); ++i) {
      Problem p;
      p.board = board;
      p.goal_blank = goal_blank;
      p.start = indexer.StateAt(i);
      p.solvable = true;
      Path want, got;
      ASSERT_TRUE(whole.Solve(p, &want).ok());
      ASSERT_TRUE(on_use.Solve(p, &got).ok()) << i;
      ASSERT_EQ(got.moves, want.moves) << i;
      ASSERT_EQ(got.tiles, want.tiles) << i;
      int distance = -1;
      ASSERT_TRUE(on_use.Distance(p, &distance).ok());
      ASSERT_EQ(distance, want.distance()) << i;
    }
  }
  EXPECT_EQ(stored->pages_loaded(), stored->meta().pages)
      << "every state walked: every page read";
  // Fresh Solvers, one walk each: only the pages on the way are read.
  std::mt19937_64 rng(13);
  const Indexer indexer(board, 8);
  for (int k = 0; k < 50; ++k) {
    Solver fresh(db.get());
    fresh.set_page_loading(Database::PageLoading::kOnUse);
    Problem p;
    p.board = board;
    p.goal_blank = 8;
    p.start = indexer.StateAt(rng() % indexer.size());
    p.solvable = true;
    Path path;
    ASSERT_TRUE(fresh.Solve(p, &path).ok());
    Table* table;
    ASSERT_TRUE(fresh.GetTable(board, 8, &table).ok());
    EXPECT_GE(table->pages_loaded(), 1u);
    EXPECT_LE(table->pages_loaded(),
              static_cast<uint32_t>(path.distance()) + 1);
    EXPECT_LT(table->pages_loaded(), table->meta().pages);
  }
}

}  // namespace
}  // namespace slidedb

namespace slidedb {
namespace {

// A walk ends on the goal: a record that says distance 0 on another state
// is Corruption, for the walk and for the distance alone, and the true
// table walks clean.
TEST(WalkTest, DistanceZeroAwayFromTheGoalIsCorruption) {
  const Board board(2, 3);
  const int goal_blank = 5;
  const Indexer indexer(board, goal_blank);
  BfsResult r;
  ASSERT_TRUE(RunBfs(indexer, 1, nullptr, &r).ok());
  const TableMeta meta =
      TableMeta::FromHistogram(board, goal_blank, r.histogram);
  // A state two moves from the goal, and the one its best move leads to.
  Index far = 0;
  while (RecordDistance(r.records[far]) != 2) ++far;
  State next = indexer.StateAt(far);
  ASSERT_TRUE(ApplyMove(board, RecordMove(r.records[far]), &next));
  const Index near = indexer.IndexOf(next);
  auto good = Table::FromRecords(meta, r.records);
  Path path;
  ASSERT_TRUE(WalkToGoal(good.get(), indexer.StateAt(far), &path).ok());
  EXPECT_EQ(path.distance(), 2);
  // The state one move away now claims to be the goal.
  std::vector<uint8_t> planted = r.records;
  planted[near] = EncodeRecord(0, Move::kUp);
  auto bad = Table::FromRecords(meta, planted);
  Status s = WalkToGoal(bad.get(), indexer.StateAt(far), &path);
  EXPECT_TRUE(s.IsCorruption()) << s.ToString();
  EXPECT_NE(s.message().find("not its goal"), std::string::npos);
  int d;
  s = DistanceToGoal(bad.get(), indexer.StateAt(near), &d);
  EXPECT_TRUE(s.IsCorruption()) << s.ToString();
  // The goal itself still answers 0.
  ASSERT_TRUE(
      DistanceToGoal(bad.get(), CanonicalGoal(board, goal_blank), &d).ok());
  EXPECT_EQ(d, 0);
}

}  // namespace
}  // namespace slidedb
