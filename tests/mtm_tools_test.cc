// The multi-tile metric as users meet it: tables built with slidedb-build
// --metric mtm and answered by every tool, against the independent search
// of tests/reference_search.h (MtmDistancesTo), which shares no code with
// lib/. --analyse in either metric: tests/mtm_analyse_test.cc; the 4x4,
// searched without a table: tests/mtm_fifteen_test.cc.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "lib/analysis/check.h"
#include "lib/analysis/record_check.h"
#include "lib/puzzle/index.h"
#include "lib/puzzle/move_notation.h"
#include "lib/puzzle/problem.h"
#include "lib/search/mtm_bfs.h"
#include "lib/solve/solver.h"
#include "lib/storage/database.h"
#include "tests/mtm_tools_util.h"
#include "tests/reference_search.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

using mtm_tools_test::Text;
using mtm_tools_test::Truth;
using testing::CliResult;
using testing::MtmNeighbours;
using testing::PackState;
using testing::RefShape;
using testing::RunBuildCli;
using testing::RunQueryCli;
using Json = nlohmann::json;

// Every goal blank of 3x3 and 2x3 (stored or served by a symmetry): every
// state's walk is legal, reaches the goal, and has the reference's length
// in MTM moves, each run of one direction one move.
TEST(MtmTablesTest, EveryStateWalksAShortestMultiTilePath) {
  std::unique_ptr<Database> db;
  ASSERT_TRUE(Database::Open(testing::TestDatabase(), &db).ok());
  Solver solver(db.get());
  for (const Board& board : {Board(3, 3), Board(2, 3)}) {
    for (int g = 0; g < board.cells(); ++g) {
      SCOPED_TRACE(board.Name() + " b" + std::to_string(g));
      const auto truth = Truth(board, g);
      const Indexer indexer(board, g);
      ASSERT_EQ(truth.size(), indexer.size());
      Problem p;
      p.board = board;
      p.goal_blank = g;
      p.metric = Metric::kMtm;
      p.solvable = true;
      Path path;
      int failures = 0;
      // Every state of 2x3; a seventh of 3x3's, to keep the suite quick.
      const Index stride = board.cells() <= 6 ? 1 : 7;
      for (Index i = 0; i < indexer.size() && failures < 5; i += stride) {
        p.start = indexer.StateAt(i);
        const int want = truth.at(PackState(board, p.start));
        ASSERT_TRUE(solver.Solve(p, &path).ok());
        State s = p.start;
        bool legal = true;
        for (Move m : path.moves) legal = legal && ApplyMove(board, m, &s);
        int d = -1;
        ASSERT_TRUE(solver.Distance(p, &d).ok());
        if (path.distance() != want || !legal ||
            !(s == CanonicalGoal(board, g)) || d != want ||
            path.metric != Metric::kMtm) {
          ADD_FAILURE() << Text(board, p.start) << ": walk of "
                        << path.distance() << " MTM moves, distance " << d
                        << ", want " << want;
          ++failures;
        }
      }
    }
  }
}

TEST(MtmTablesTest, HistogramIsTheReferenceOne) {
  for (const char* board : {"3x3", "2x3"}) {
    Board b;
    ASSERT_TRUE(Board::Parse(board, &b).ok());
    const CliResult r =
        RunQueryCli({"--db", testing::TestDatabase(), "--board", board,
                     "--metric", "mtm", "--histogram", "--format", "json"});
    ASSERT_EQ(r.status, 0) << r.err;
    const Json j = Json::parse(r.out);
    EXPECT_EQ(j["metric"], "mtm");
    EXPECT_EQ(j["counts"].get<std::vector<uint64_t>>(),
              testing::HistogramOf(Truth(b, b.cells() - 1)))
        << board;
  }
}

// The optimal MTM solutions of a state, counted by the reference: those of
// each neighbour one nearer.
uint64_t RefCount(const RefShape& shape,
                  const std::unordered_map<uint64_t, int>& dist, uint64_t p,
                  std::unordered_map<uint64_t, uint64_t>* memo) {
  const int d = dist.at(p);
  if (d == 0) return 1;
  auto it = memo->find(p);
  if (it != memo->end()) return it->second;
  uint64_t n = 0;
  for (uint64_t q : MtmNeighbours(shape, p)) {
    if (dist.at(q) == d - 1) n += RefCount(shape, dist, q, memo);
  }
  memo->emplace(p, n);
  return n;
}

// --count and --all in MTM: the reference's number of optimal solutions,
// each listed one distinct, of the optimal length and reaching the goal
// (checked by --verify of the same run of the tool).
TEST(MtmTablesTest, CountAndAllAreTheReferenceOnes) {
  const Board board(3, 3);
  const RefShape shape{3, 3};
  const auto truth = Truth(board, 8);
  std::unordered_map<uint64_t, uint64_t> memo;
  const Indexer indexer(board, 8);
  std::mt19937_64 rng(24);
  for (int k = 0; k < 12; ++k) {
    const State s = indexer.StateAt(rng() % indexer.size());
    const std::string start = Text(board, s);
    const CliResult r = RunQueryCli(
        {"--db", testing::TestDatabase(), "--metric", "mtm", "--count", "--all",
         "--limit", "1000", "--format", "json", start});
    ASSERT_EQ(r.status, 0) << r.err;
    const Json j = Json::parse(r.out);
    const uint64_t want = RefCount(shape, truth, PackState(board, s), &memo);
    EXPECT_EQ(j["optimal_solutions"].get<uint64_t>(), want) << start;
    const auto listed = j["solutions"].get<std::vector<std::string>>();
    EXPECT_EQ(listed.size(), std::min<uint64_t>(want, 1000)) << start;
    EXPECT_EQ(std::set<std::string>(listed.begin(), listed.end()).size(),
              listed.size());
    for (const std::string& sol : listed) {
      const CliResult v =
          RunQueryCli({"--db", testing::TestDatabase(), "--metric", "mtm",
                       "--verify", sol, "--format", "json", start});
      const Json vj = Json::parse(v.out);
      EXPECT_TRUE(vj["verify"]["reaches_goal"]) << start << " " << sol;
      EXPECT_EQ(vj["verify"]["gap"], 0) << start << " " << sol;
    }
  }
}

// An illegal step of a multi-tile solution is placed by its move, as the
// moves are counted, and by its single step: "U3 L" fails at its third U,
// in move 1 of 2; a tile named that is not next to the blank starts a move
// of its own.
TEST(MtmTablesTest, AnIllegalStepIsPlacedByItsMoveAndStep) {
  struct Case {
    std::string moves;
    int length, illegal_move, illegal_step;
  };
  for (const Case& c : {Case{"U3 L", 2, 1, 3}, Case{"U2 L3", 2, 2, 5},
                        Case{"6 3 1", 2, 2, 3}, Case{"U2 L D3", 3, 3, 6}}) {
    CliResult r =
        RunQueryCli({"--db", testing::TestDatabase(), "--metric", "mtm",
                     "--verify", c.moves, "--format", "json", "123456780"});
    ASSERT_EQ(r.status, 0) << r.err;
    const Json v = Json::parse(r.out)["verify"];
    EXPECT_EQ(v["legal"], false) << c.moves;
    EXPECT_EQ(v["length"], c.length) << c.moves;
    EXPECT_EQ(v["illegal_move"], c.illegal_move) << c.moves;
    EXPECT_EQ(v["illegal_step"], c.illegal_step) << c.moves;
    r = RunQueryCli({"--db", testing::TestDatabase(), "--metric", "mtm",
                     "--verify", c.moves, "123456780"});
    EXPECT_NE(r.out.find("illegal: move " + std::to_string(c.illegal_move) +
                         " of " + std::to_string(c.length) + ", step " +
                         std::to_string(c.illegal_step) + " of "),
              std::string::npos)
        << r.out;
  }
}

// The tiles' notation is the blank's turned round, and --verify and
// --analyse read back what the tool wrote in either.
TEST(MtmTablesTest, NotationsRoundTrip) {
  for (const char* metric : {"stm", "mtm"}) {
    const std::string db = testing::TestDatabase();
    const CliResult blank = RunQueryCli(
        {"--db", db, "--metric", metric, "--format", "json", "867254301"});
    const CliResult tile =
        RunQueryCli({"--db", db, "--metric", metric, "--notation", "tile",
                     "--format", "json", "867254301"});
    ASSERT_EQ(tile.status, 0) << tile.err;
    const Json b = Json::parse(blank.out), t = Json::parse(tile.out);
    EXPECT_EQ(b["notation"], "blank");
    EXPECT_EQ(t["notation"], "tile");
    EXPECT_EQ(t["metric"], metric);
    std::vector<Move> from_blank, from_tile;
    ASSERT_TRUE(ParseMoves(b["moves"].get<std::string>(),
                           MoveConvention::kBlank, &from_blank)
                    .ok());
    ASSERT_TRUE(ParseMoves(t["moves"].get<std::string>(), MoveConvention::kTile,
                           &from_tile)
                    .ok());
    EXPECT_EQ(from_blank, from_tile) << metric;
    EXPECT_EQ(MoveCount(from_tile, metric == std::string("mtm") ? Metric::kMtm
                                                                : Metric::kStm),
              t["distance"].get<int>());
    const CliResult v = RunQueryCli(
        {"--db", db, "--metric", metric, "--notation", "tile", "--verify",
         t["moves"].get<std::string>(), "--format", "json", "867254301"});
    EXPECT_EQ(Json::parse(v.out)["verify"]["gap"], 0) << v.out;
  }
}

TEST(MtmTablesTest, BadMetricsAndMissingTablesSayWhatToDo) {
  const std::string db = testing::TestDatabase();
  CliResult r = RunQueryCli({"--db", db, "--metric", "hex", "867254301"});
  EXPECT_EQ(r.status, 64);
  EXPECT_NE(r.err.find("metric 'hex': expected stm"), std::string::npos);
  r = RunQueryCli({"--db", db, "--notation", "finger", "867254301"});
  EXPECT_EQ(r.status, 64);
  r = RunQueryCli(
      {"--db", db, "--board", "2x4", "--metric", "mtm", "12345670"});
  EXPECT_EQ(r.status, 66);
  EXPECT_NE(r.err.find("--board 2x4 --metric mtm"), std::string::npos) << r.err;
  r = RunQueryCli({"--db", db, "--metric", "mtm", "--heuristics"});
  EXPECT_EQ(r.status, 64);
  r = RunBuildCli({"--db", testing::TempDir("mtm-4x4"), "--board", "4x4",
                   "--metric", "mtm"});
  EXPECT_EQ(r.status, 64);
  EXPECT_NE(r.err.find("needs no build in the multi-tile metric"),
            std::string::npos)
      << r.err;
}

// One database holds both metrics: rebuilding one keeps the other's
// tables, page for page (their ids never share a page range).
TEST(MtmTablesTest, RebuildingOneMetricKeepsTheOther) {
  const std::string db = testing::TempDir("mtm-both");
  ASSERT_EQ(RunBuildCli({"--db", db, "--board", "2x3", "-q"}).status, 0);
  ASSERT_EQ(RunBuildCli({"--db", db, "--board", "2x3", "--metric", "mtm", "-q"})
                .status,
            0);
  const CliResult mtm_before = RunQueryCli(
      {"--db", db, "--board", "2x3", "--metric", "mtm", "--export", "csv"});
  ASSERT_EQ(RunBuildCli({"--db", db, "--board", "2x3", "-q"}).status, 0);
  const CliResult mtm_after = RunQueryCli(
      {"--db", db, "--board", "2x3", "--metric", "mtm", "--export", "csv"});
  EXPECT_EQ(mtm_after.status, 0) << mtm_after.err;
  EXPECT_EQ(mtm_after.out, mtm_before.out);
  CliResult check = RunBuildCli({"--verify", "--db", db, "--board", "2x3"});
  EXPECT_EQ(check.status, 0) << check.out;
  EXPECT_NE(check.out.find("mtm/2x3/b5: ok"), std::string::npos) << check.out;
  EXPECT_NE(check.out.find("\n2x3/b5: ok"), std::string::npos) << check.out;
  check = RunBuildCli({"--verify", "--db", db, "--metric", "mtm"});
  EXPECT_EQ(check.status, 0) << check.out;
  EXPECT_NE(check.out.find("mtm/2x3/b5: ok"), std::string::npos) << check.out;
  EXPECT_EQ(check.out.find("\n2x3/b5"), std::string::npos) << check.out;
}

// slidedb-build --verify checks multi-tile records in their metric: a best
// move that does not lead nearer is found.
TEST(MtmTablesTest, CheckFindsAWrongMultiTileRecord) {
  const Board board(2, 3);
  BfsResult bfs = testing::MtmTable(Indexer(board, 5));
  TableCheck clean;
  std::vector<uint64_t> histogram;
  CheckRecords(board, 5, Metric::kMtm, bfs.records, 1, 10, &clean, &histogram);
  EXPECT_EQ(clean.problems, 0u);
  EXPECT_EQ(histogram, bfs.histogram);
  // The same records read as single-tile ones are wrong somewhere.
  TableCheck as_stm;
  CheckRecords(board, 5, Metric::kStm, bfs.records, 1, 10, &as_stm, &histogram);
  EXPECT_GT(as_stm.problems, 0u);
  // One record's distance one too many.
  for (uint8_t& r : bfs.records) {
    if (RecordDistance(r) > 3) {
      r = EncodeRecord(RecordDistance(r) + 1, RecordMove(r));
      break;
    }
  }
  TableCheck broken;
  CheckRecords(board, 5, Metric::kMtm, bfs.records, 1, 10, &broken, &histogram);
  EXPECT_GT(broken.problems, 0u);
}

}  // namespace
}  // namespace slidedb
