// slidedb-build --verify's check of a table's records (lib/analysis/
// record_check.h): distances, best moves, the goal's record and saturated
// records planted through RocksDB itself, so that every block checksum still
// matches, are caught and described; threads find the same problems. The
// database's keys, pages and metadata: tests/check_test.cc.
#include "lib/analysis/record_check.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "cli/exit_codes.h"
#include "lib/puzzle/index.h"
#include "lib/puzzle/state.h"
#include "lib/search/bfs.h"
#include "lib/storage/format.h"
#include "lib/storage/table_meta.h"
#include "tests/check_util.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

using testing::kTable;
using testing::Rewriter;
using testing::SmallDatabase;
using testing::VerifyFails;
using testing::VerifyJson;

const Board kBoard(2, 3);

// The records of the 2x3/b5 table, from a fresh search.
std::vector<uint8_t> TrueRecords() {
  BfsResult bfs;
  EXPECT_TRUE(RunBfs(Indexer(kBoard, 5), 1, nullptr, &bfs).ok());
  return bfs.records;
}

// A 2x3 state as the tools write it: "123450".
std::string StateText(const State& s) {
  std::string text;
  for (int c = 0; c < kBoard.cells(); ++c) text += std::to_string(s.tile[c]);
  return text;
}

// An index of the 2x3/b5 table at distance d whose state has the blank in
// the middle column (three moves), from a fresh search.
Index IndexAtDistance(int d) {
  const std::vector<uint8_t> records = TrueRecords();
  for (Index i = 0; i < records.size(); ++i) {
    if (RecordDistance(records[i]) == d && i % 3 == 1) return i;
  }
  ADD_FAILURE() << "no state at distance " << d;
  return 0;
}

TEST(CheckTest, WrongDistanceIsCaught) {
  const std::string dir = SmallDatabase("check_distance");
  const Index i = IndexAtDistance(10);
  {
    Rewriter w(dir);
    const uint8_t rec = w.Record(kTable, i);
    // One more than the truth, same move: checksums stay valid.
    w.SetRecord(kTable, i, EncodeRecord(11, RecordMove(rec)));
  }
  const std::string out = VerifyFails(dir);
  EXPECT_NE(out.find("2x3/b5: "), std::string::npos) << out;
  EXPECT_NE(out.find("index " + std::to_string(i) + ", state " +
                     StateText(Indexer(kBoard, 5).StateAt(i))),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("histogram in the metadata does not match"),
            std::string::npos)
      << out;
  // The other tables are untouched.
  EXPECT_NE(out.find("2x3/b4: ok"), std::string::npos) << out;
}

TEST(CheckTest, TooSmallDistanceIsCaught) {
  // A state stored one nearer than it is, with the histogram mended so that
  // only the records can tell.
  const std::string dir = SmallDatabase("check_small");
  const Index i = IndexAtDistance(10);
  {
    Rewriter w(dir);
    w.SetRecord(kTable, i, EncodeRecord(9, RecordMove(w.Record(kTable, i))));
    TableMeta meta;
    ASSERT_TRUE(TableMeta::FromJson(w.Get(MetaKey(kTable)), &meta).ok());
    --meta.histogram[10];
    ++meta.histogram[9];
    w.Put(MetaKey(kTable), meta.ToJson());
  }
  const std::string out = VerifyFails(dir);
  EXPECT_NE(out.find("index " + std::to_string(i)), std::string::npos) << out;
  EXPECT_NE(out.find("leads to"), std::string::npos) << out;
  EXPECT_EQ(out.find("histogram"), std::string::npos) << out;
}

TEST(CheckTest, WrongAndIllegalMovesAreCaught) {
  const std::string dir = SmallDatabase("check_moves");
  const Index i = IndexAtDistance(8);  // blank in the middle column
  const Index j = IndexAtDistance(12) - 1;  // blank in the left column
  const std::vector<uint8_t> truth = TrueRecords();
  const Indexer ix(kBoard, 5);
  // A legal move that does not lead one nearer (there is one: the move back
  // towards a state at distance 9).
  Move other = Move::kUp;
  for (Move m : kAllMoves) {
    State s = ix.StateAt(i);
    if (ApplyMove(kBoard, m, &s) &&
        RecordDistance(truth[ix.AfterMove(i, m, s)]) != 7) {
      other = m;
    }
  }
  {
    Rewriter w(dir);
    w.SetRecord(kTable, i, EncodeRecord(8, other));
    // From the left column, Left leaves the board.
    w.SetRecord(kTable, j, EncodeRecord(RecordDistance(truth[j]), Move::kLeft));
  }
  int status;
  const auto j_report = VerifyJson(dir, &status);
  EXPECT_EQ(status, kExitFailure);
  bool wrong = false, illegal = false;
  for (const auto& t : j_report["tables"]) {
    if (t["table"] != kTable) {
      EXPECT_TRUE(t["ok"].get<bool>());
      continue;
    }
    EXPECT_FALSE(t["ok"].get<bool>());
    EXPECT_EQ(t["problems"].get<int>(), 2) << t.dump();
    for (const auto& p : t["listed"]) {
      const std::string what = p["what"];
      if (p["index"] == i) wrong = what.find("leads to") != std::string::npos;
      if (p["index"] == j) {
        illegal = what.find("best move L leaves the board") != std::string::npos;
      }
    }
  }
  EXPECT_TRUE(wrong) << j_report.dump();
  EXPECT_TRUE(illegal) << j_report.dump();
}

TEST(CheckTest, GoalRecordsAreCaught) {
  const std::string dir = SmallDatabase("check_goal");
  const Indexer ix(kBoard, 5);
  const Index goal = ix.IndexOf(CanonicalGoal(kBoard, 5));
  const Index i = IndexAtDistance(1);
  {
    Rewriter w(dir);
    w.SetRecord(kTable, goal, EncodeRecord(1, Move::kUp));
    w.SetRecord(kTable, i, 0);
  }
  const std::string out = VerifyFails(dir);
  EXPECT_NE(out.find("the goal's record is 4, not 0"), std::string::npos)
      << out;
  EXPECT_NE(out.find("distance 0, but it is not the goal"), std::string::npos)
      << out;
}

// Saturated records (distance 63, "63 or more") are resolved by walking
// their best moves. On a small board none may be saturated, so each one
// marked so is reported with the distance its walk finds, and the
// histogram recounts the true distances; a walk that goes round in circles
// is caught.
TEST(CheckTest, SaturatedRecordsAreResolvedByWalking) {
  const Indexer ix(kBoard, 5);
  BfsResult bfs;
  ASSERT_TRUE(RunBfs(ix, 1, nullptr, &bfs).ok());
  std::vector<uint8_t> records = bfs.records;
  int marked = 0;
  for (auto& r : records) {
    if (RecordDistance(r) >= 15) {
      r = EncodeRecord(kDistanceSaturated, RecordMove(r));
      ++marked;
    }
  }
  ASSERT_GT(marked, 10);
  TableCheck check;
  std::vector<uint64_t> histogram;
  CheckRecords(kBoard, 5, Metric::kStm, records, 2, 10, &check, &histogram);
  EXPECT_EQ(check.problems, static_cast<uint64_t>(marked));
  EXPECT_EQ(histogram, bfs.histogram);
  ASSERT_FALSE(check.listed.empty());
  const Index first = static_cast<Index>(check.listed[0].index);
  EXPECT_EQ(check.listed[0].what,
            "stored as 63 or more, but its best moves reach the goal in " +
                std::to_string(RecordDistance(bfs.records[first])));

  // Two neighbouring saturated states whose best moves point at each other.
  Index i = 0;
  while (RecordDistance(bfs.records[i]) < 16 || i % 3 == 2) ++i;
  records[i] = EncodeRecord(kDistanceSaturated, Move::kRight);
  records[i + 1] = EncodeRecord(kDistanceSaturated, Move::kLeft);
  check = TableCheck();
  CheckRecords(kBoard, 5, Metric::kStm, records, 1, 10, &check, &histogram);
  ASSERT_GT(check.problems, 0u);
  EXPECT_NE(check.listed[0].what.find("never reaches a record below 63"),
            std::string::npos)
      << check.listed[0].what;
}

TEST(CheckTest, ThreadsFindTheSameProblems) {
  const Indexer ix(Board(3, 3), 8);
  BfsResult bfs;
  ASSERT_TRUE(RunBfs(ix, 2, nullptr, &bfs).ok());
  for (Index i = 1000; i < bfs.records.size(); i += 20000) {
    bfs.records[i] = EncodeRecord(RecordDistance(bfs.records[i]) + 2,
                                  RecordMove(bfs.records[i]));
  }
  TableCheck one, four;
  std::vector<uint64_t> h1, h4;
  CheckRecords(Board(3, 3), 8, Metric::kStm, bfs.records, 1, 100, &one, &h1);
  CheckRecords(Board(3, 3), 8, Metric::kStm, bfs.records, 4, 100, &four, &h4);
  EXPECT_GE(one.problems, 9u);
  EXPECT_EQ(one.problems, four.problems);
  EXPECT_EQ(h1, h4);
  ASSERT_EQ(one.listed.size(), four.listed.size());
  for (size_t k = 0; k < one.listed.size(); ++k) {
    EXPECT_EQ(one.listed[k].index, four.listed[k].index);
  }
  EXPECT_EQ(one.listed[0].index, 1000);
}

}  // namespace
}  // namespace slidedb
