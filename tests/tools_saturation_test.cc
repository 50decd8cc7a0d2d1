// The tools on a table whose far distances are saturated (lib/storage/format.h):
// no board of the test database reaches distance 63, so the 3x3 table is
// copied with every record of distance 20 or more rewritten as saturated
// (63, best move kept). Every tool must still report true distances,
// exactly as on the original table.
#include <gtest/gtest.h>

#include <memory>

#include "lib/analysis/distance_scan.h"
#include "lib/analysis/heuristic_report.h"
#include "lib/analysis/optimal_paths.h"
#include "lib/analysis/sample.h"
#include "lib/analysis/verify.h"
#include "lib/storage/database.h"
#include "lib/storage/format.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

class ToolsSaturationTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(Database::Open(testing::TestDatabase(), &db_).ok());
    const TableMeta* meta = db_->Find(Board(3, 3), 8);
    ASSERT_NE(meta, nullptr);
    ASSERT_TRUE(db_->OpenTable(*meta, &plain_).ok());
    std::vector<uint8_t> records(meta->states);
    int saturated = 0;
    for (Index i = 0; i < meta->states; ++i) {
      ASSERT_TRUE(plain_->Get(i, &records[i]).ok());
      if (RecordDistance(records[i]) >= 20) {
        records[i] =
            static_cast<uint8_t>(kDistanceSaturated << 2 | (records[i] & 3));
        ++saturated;
      }
    }
    ASSERT_GT(saturated, 1000);
    saturated_ = Table::FromRecords(*meta, records);
  }

  static State Parse(const std::string& s) {
    State st;
    for (int c = 0; c < 9; ++c) {
      st.tile[c] = static_cast<uint8_t>(s[c] - '0');
      if (st.tile[c] == 0) st.blank = static_cast<uint8_t>(c);
    }
    return st;
  }

  std::unique_ptr<Database> db_;
  std::unique_ptr<Table> plain_;
  std::unique_ptr<Table> saturated_;
};

TEST_F(ToolsSaturationTest, ScanResolvesTrueDistances) {
  std::vector<int> want, got;
  ASSERT_TRUE(ScanDistances(plain_.get(), [&](Index, int d, uint8_t) {
                want.push_back(d);
              }).ok());
  ASSERT_TRUE(ScanDistances(saturated_.get(), [&](Index, int d, uint8_t) {
                got.push_back(d);
              }).ok());
  EXPECT_EQ(got, want);
  int d;
  ASSERT_TRUE(TrueDistance(saturated_.get(),
                           saturated_->indexer().IndexOf(Parse("867254301")),
                           &d)
                  .ok());
  EXPECT_EQ(d, 31);
}

TEST_F(ToolsSaturationTest, CountsAndListsAreUnchanged) {
  OptimalPaths plain(plain_.get()), saturated(saturated_.get());
  for (const char* s :
       {"867254301", "647850321", "584160327", "123456708", "123456780"}) {
    ASSERT_TRUE(plain_->indexer().Reachable(Parse(s))) << s;
    PathCount a, b;
    ASSERT_TRUE(plain.Count(Parse(s), &a).ok());
    Status st = saturated.Count(Parse(s), &b);
    ASSERT_TRUE(st.ok()) << st.ToString();
    EXPECT_EQ(PathCountToString(a), PathCountToString(b)) << s;
    std::vector<std::vector<Move>> la, lb;
    bool ca, cb;
    ASSERT_TRUE(plain.List(Parse(s), 1000, &la, &ca).ok());
    ASSERT_TRUE(saturated.List(Parse(s), 1000, &lb, &cb).ok());
    EXPECT_EQ(la, lb) << s;
    EXPECT_EQ(ca, cb);
  }
  PathCount n;
  ASSERT_TRUE(saturated.Count(Parse("867254301"), &n).ok());
  EXPECT_EQ(PathCountToString(n), "40");
}

TEST_F(ToolsSaturationTest, SamplesVerifiesAndHeuristicsAreUnchanged) {
  for (int distance : {-1, 25, 31}) {
    std::vector<Index> a, b;
    ASSERT_TRUE(SampleStates(plain_.get(), 50, distance, 3, &a).ok());
    ASSERT_TRUE(SampleStates(saturated_.get(), 50, distance, 3, &b).ok());
    EXPECT_EQ(a, b) << distance;
  }
  std::vector<SolutionStep> steps;
  ASSERT_TRUE(ParseSolution("ULDRRUULDLURDLDRRULLDRRUULLDDRR",
                            {"0", "1", "2", "3", "4", "5", "6", "7", "8"},
                            &steps)
                  .ok());
  Verdict v;
  ASSERT_TRUE(
      VerifySolution(saturated_.get(), Parse("867254301"), steps, &v).ok());
  EXPECT_TRUE(v.reaches_goal);
  EXPECT_EQ(v.optimal_length, 31);
  EXPECT_EQ(v.gap(), 0);
  HeuristicReport ra, rb;
  ASSERT_TRUE(MeasureHeuristics(plain_.get(), &ra).ok());
  ASSERT_TRUE(MeasureHeuristics(saturated_.get(), &rb).ok());
  ASSERT_EQ(ra.heuristics.size(), rb.heuristics.size());
  for (size_t k = 0; k < ra.heuristics.size(); ++k) {
    EXPECT_EQ(ra.heuristics[k].error_counts, rb.heuristics[k].error_counts);
    EXPECT_EQ(ra.heuristics[k].exact, rb.heuristics[k].exact);
    EXPECT_DOUBLE_EQ(ra.heuristics[k].mean_ratio, rb.heuristics[k].mean_ratio);
  }
}

// A best move that leads off the board is reported, not followed.
TEST_F(ToolsSaturationTest, CorruptChainIsReported) {
  std::vector<uint8_t> records(plain_->meta().states,
                               static_cast<uint8_t>(kDistanceSaturated << 2));
  auto bad = Table::FromRecords(plain_->meta(), records);
  // Every record says "63, move Up": walks go round in circles or off the
  // board, never down to a known distance.
  const Status s = ScanDistances(bad.get(), [](Index, int, uint8_t) {});
  EXPECT_TRUE(s.IsCorruption()) << s.ToString();
}

}  // namespace
}  // namespace slidedb
