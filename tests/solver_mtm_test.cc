// Solver's multi-tile searches past full tables: made once, on a thread of
// their own, to their end, whatever the limits of the question that asked
// first. A 4x5 search's tables take 25 s, more than a server's time for one
// request: when each request stopped the making at its own deadline, no
// request was ever answered.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <string>

#include "lib/puzzle/problem.h"
#include "lib/puzzle/state.h"
#include "lib/search/bfs_memory.h"
#include "lib/solve/solver.h"
#include "lib/storage/database.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

Problem NearGoal(const Board& board) {
  Problem p;
  p.board = board;
  p.goal_blank = board.cells() - 1;
  p.metric = Metric::kMtm;
  p.solvable = true;
  p.start = CanonicalGoal(board, p.goal_blank);
  ApplyMove(board, Move::kLeft, &p.start);
  ApplyMove(board, Move::kLeft, &p.start);
  return p;
}

TEST(SolverMtmTest, TheMakingOutlivesTheQuestionThatStartedIt) {
  std::unique_ptr<Database> db;
  ASSERT_TRUE(Database::Open(testing::TestDatabase(), &db).ok());
  Solver solver(db.get());
  std::atomic<int> made{0};
  solver.set_open_hook([&](const std::string& what) {
    if (what == "mtm 4x4/b15") ++made;
  });
  const Problem p = NearGoal(Board(4, 4));
  // A question whose deadline has passed stops waiting at once (unless
  // the search was made first) ...
  SearchLimits past;
  past.deadline = SearchLimits::Clock::now() - std::chrono::seconds(1);
  Path path;
  const Status first = solver.Solve(p, &path, past);
  EXPECT_TRUE(first.ok() || first.IsDeadlineExceeded()) << first.ToString();
  if (!first.ok()) {  // 4x4's tables are compiled in: unpacked, not made
    EXPECT_NE(first.message().find("its tables are unpacked once a process"),
              std::string::npos)
        << first.message();
  }
  // ... and the next one is answered by the search it started, not made
  // again.
  ASSERT_TRUE(solver.Solve(p, &path, {}).ok());
  EXPECT_EQ(path.distance(), 1);  // one move of two cells
  EXPECT_TRUE(path.optimal);
  EXPECT_EQ(made.load(), 1);
}

// A Solver that goes while a making is under way (4x5's, 25 s whole)
// stops it and waits for it. A question that stops waiting names the
// making under way: its own, or another board's before it.
TEST(SolverMtmTest, ASolverGoingStopsItsMaking) {
  std::unique_ptr<Database> db;
  ASSERT_TRUE(Database::Open(testing::TestDatabase(), &db).ok());
  std::atomic<bool> started{false};
  {
    Solver solver(db.get());
    solver.set_open_hook([&](const std::string& what) {
      if (what == "mtm 4x5/b19") started = true;
    });
    SearchLimits past;
    past.deadline = SearchLimits::Clock::now() - std::chrono::seconds(1);
    Path path;
    const Status own = solver.Solve(NearGoal(Board(4, 5)), &path, past);
    EXPECT_TRUE(own.IsDeadlineExceeded());
    EXPECT_NE(own.message().find("the multi-tile search of 4x5/b19 was being "
                                 "made"),
              std::string::npos)
        << own.message();
    EXPECT_NE(own.message().find("take seconds to make"), std::string::npos)
        << own.message();
    // A question for another board waits behind it, and says so.
    const Status other = solver.Solve(NearGoal(Board(5, 4)), &path, past);
    EXPECT_TRUE(other.IsDeadlineExceeded());
    EXPECT_NE(other.message().find("waiting for the multi-tile search of "
                                   "4x5/b19 to be made, before this "
                                   "question's (5x4/b19)"),
              std::string::npos)
        << other.message();
  }
  EXPECT_TRUE(started.load());
}

// Memory refused to the making is said to the question that waits for it
// (ResourceExhausted: the server's 503, the tools' 69); thrown on the
// making's own thread, it would end the process. The next question makes
// it again. (The 4x4 tables are unpacked once a process: where another
// test of this process unpacked them, nothing is refused.)
TEST(SolverMtmTest, MemoryRefusedToTheMakingIsSaid) {
  std::unique_ptr<Database> db;
  ASSERT_TRUE(Database::Open(testing::TestDatabase(), &db).ok());
  Solver solver(db.get());
  const Board board(4, 4);
  Problem p = NearGoal(board);
  p.goal_blank = 5;  // the tables of the middle rows and columns
  p.start = CanonicalGoal(board, 5);
  ApplyMove(board, Move::kDown, &p.start);
  Path path;
  RefuseMemoryForTesting(1 << 20);
  const Status refused = solver.Solve(p, &path, {});
  RefuseMemoryForTesting(0);
  EXPECT_TRUE(refused.ok() || refused.IsResourceExhausted())
      << refused.ToString();
  ASSERT_TRUE(solver.Solve(p, &path, {}).ok());
  EXPECT_EQ(path.distance(), 1);
}

}  // namespace
}  // namespace slidedb
