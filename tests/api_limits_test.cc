// The public API's limits on a search: Options::max_seconds never turns a
// distance inexact, Options::cancel stops an answer from another thread,
// and rows of numbers are checked whole before any is searched.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "slidedb/slidedb.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

// An 80-move 4x4 start (blank last goal): over 4-4-4-3 databases its
// search takes far longer than any budget or stop below.
constexpr char kFar[] = "0,12,9,13,15,11,10,14,3,7,2,5,4,8,6,1";
constexpr uint8_t kFarRow[16] = {0, 12, 9, 13, 15, 11, 10, 14,
                                 3, 7,  2, 5,  4,  8,  6,  1};
constexpr uint8_t kNearRow[16] = {1, 2,  3,  4,  5,  6,  7, 8,
                                  9, 10, 11, 12, 13, 14, 0, 15};

// A database with the 4x4's 4-4-4-3 pattern databases (seconds to build).
const std::string& Weak4x4Db() {
  static const std::string dir = [] {
    const std::string d = testing::TempDir("api-limits") + "/db";
    EXPECT_EQ(testing::RunBuildCli(
                  {"--db", d, "--board", "4x4", "--pdb", "4-4-4-3", "--quiet"})
                  .status,
              0);
    return d;
  }();
  return dir;
}

std::unique_ptr<Db> OpenWeak() {
  std::unique_ptr<Db> db;
  const Status s = Db::Open(Weak4x4Db(), &db);
  EXPECT_TRUE(s.ok()) << s.ToString();
  return db;
}

Options On4x4() {
  Options o;
  o.board = "4x4";
  return o;
}

// A budget makes Solve answer with its best path, not optimal; Distance
// and Distances are exact or DeadlineExceeded, never that path's length.
TEST(ApiLimitsTest, DistancesAreExactOrDeadlineExceeded) {
  auto db = OpenWeak();
  Options o = On4x4();
  o.max_seconds = 0.05;
  Solution sol;
  ASSERT_TRUE(db->Solve(kFar, o, &sol).ok());
  EXPECT_FALSE(sol.optimal);
  int d = 0;
  EXPECT_TRUE(db->Distance(kFar, o, &d).IsDeadlineExceeded());
  EXPECT_EQ(d, -1);
  std::vector<uint8_t> rows(kNearRow, kNearRow + 16);
  rows.insert(rows.end(), kFarRow, kFarRow + 16);
  int ds[2] = {0, 0};
  EXPECT_TRUE(db->Distances(rows.data(), 2, 16, o, ds).IsDeadlineExceeded());
  // Within the budget, the exact distance.
  ASSERT_TRUE(db->Distances(kNearRow, 1, 16, o, ds).ok());
  EXPECT_EQ(ds[0], 1);
}

// Options::cancel, set from another thread, stops a search that would run
// for minutes.
// A batch's max_seconds is each start's, counted from its own search's
// start (as slidedb-query's lines count it): two far starts use their
// whole budget first, and the starts after them, each searched in
// milliseconds, still have theirs and answer optimally. The budget was
// once the batch's group's, counted from the group's start: what came
// after the far ones had none left.
TEST(ApiLimitsTest, EachStartOfABatchHasItsOwnBudget) {
  std::unique_ptr<Db> db = OpenWeak();
  ASSERT_NE(db, nullptr);
  Options o;
  o.board = "4x4";
  o.max_seconds = 1;
  // 100,000 to 200,000 states each, a few milliseconds.
  const std::vector<std::string> after = {
      "0,1,4,8,15,5,12,11,2,6,3,7,10,14,9,13",
      "4,2,8,7,6,5,3,11,0,13,15,12,14,10,1,9",
      "5,9,6,4,2,1,3,12,15,8,0,10,13,14,7,11",
      "6,3,7,4,14,9,5,12,1,11,2,15,10,8,13,0"};
  std::vector<std::string> starts = {kFar, kFar};
  starts.insert(starts.end(), after.begin(), after.end());
  std::vector<Solution> solutions;
  ASSERT_TRUE(db->SolveMany(starts, o, &solutions).ok());
  ASSERT_EQ(solutions.size(), starts.size());
  EXPECT_FALSE(solutions[0].optimal);  // the budget ran out: a best path
  for (size_t k = 2; k < starts.size(); ++k) {
    EXPECT_TRUE(solutions[k].optimal) << starts[k];
    Solution alone;
    ASSERT_TRUE(db->Solve(starts[k], o, &alone).ok());
    EXPECT_EQ(solutions[k].distance, alone.distance) << starts[k];
  }
}

TEST(ApiLimitsTest, CancelStopsASearch) {
  auto db = OpenWeak();
  std::atomic<bool> cancel{false};
  Options o = On4x4();
  o.cancel = &cancel;
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    cancel = true;
  });
  Solution sol;
  const Status s = db->Solve(kFar, o, &sol);
  stopper.join();
  EXPECT_TRUE(s.IsDeadlineExceeded()) << s.ToString();
  // A batch asked with the flag set answers none.
  std::vector<Solution> many;
  EXPECT_TRUE(db->SolveMany({kFar, kFar}, o, &many).IsDeadlineExceeded());
  int d;
  EXPECT_TRUE(db->Distances(kFarRow, 1, 16, o, &d).IsDeadlineExceeded());
  // Cleared, the options answer again.
  cancel = false;
  ASSERT_TRUE(
      db->Distance("1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15", o, &d).ok());
  EXPECT_EQ(d, 1);
}

// A malformed row past the first block of 1,024 fails the call before any
// row is searched (the far ones would take minutes each).
TEST(ApiLimitsTest, RowsAreCheckedBeforeAnyIsSearched) {
  auto db = OpenWeak();
  std::vector<uint8_t> rows;
  for (int k = 0; k < 1100; ++k) rows.insert(rows.end(), kFarRow, kFarRow + 16);
  rows[1099 * 16 + 1] = 0;  // two blanks
  std::vector<int> d(1100);
  const Status s = db->Distances(rows.data(), 1100, 16, On4x4(), d.data());
  EXPECT_TRUE(s.IsInvalidArgument());
  EXPECT_NE(s.message().find("state 1099"), std::string::npos) << s.message();
}

// Rows write the blank 0: a blank label of another name is refused alike
// by Distances, SolveMany and CheckRows (it would read a tile as the
// blank), and "0" is taken.
TEST(ApiLimitsTest, RowsRefuseAnotherBlankLabel) {
  std::unique_ptr<Db> db;
  ASSERT_TRUE(Db::Open(testing::TestDatabase(), &db).ok());
  const uint8_t row[9] = {8, 6, 7, 2, 5, 4, 3, 0, 1};
  Options o;
  o.blank = "1";
  int d;
  std::vector<Solution> sols;
  EXPECT_TRUE(db->Distances(row, 1, 9, o, &d).IsInvalidArgument());
  EXPECT_TRUE(db->SolveMany(row, 1, 9, o, &sols).IsInvalidArgument());
  const Status s = db->CheckRows(row, 1, 9, o);
  EXPECT_TRUE(s.IsInvalidArgument());
  EXPECT_NE(s.message().find("blank '1'"), std::string::npos) << s.message();
  o.blank = "0";
  ASSERT_TRUE(db->Distances(row, 1, 9, o, &d).ok());
  ASSERT_TRUE(db->SolveMany(row, 1, 9, o, &sols).ok());
  EXPECT_EQ(sols[0].distance, d);
}

// A goal whose pattern databases were never built: GetHistogram says so
// (NotFound, with the command), as Solve does, not that a search answers.
TEST(ApiLimitsTest, HistogramOfAnUnbuiltGoalIsNotFound) {
  std::unique_ptr<Db> db;
  ASSERT_TRUE(Db::Open(testing::TestDatabase(), &db).ok());
  Histogram h;
  const Status s = db->GetHistogram(On4x4(), &h);
  EXPECT_TRUE(s.IsNotFound()) << s.ToString();
  EXPECT_NE(s.message().find("slidedb-build"), std::string::npos)
      << s.message();
  Solution sol;
  EXPECT_TRUE(db->Solve(kFar, On4x4(), &sol).IsNotFound());
}

}  // namespace
}  // namespace slidedb
