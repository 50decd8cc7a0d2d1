// --analyse as users meet it, in both metrics: every move's distances are
// the reference search's (tests/reference_search.h, which shares no code
// with lib/), the detours are named, and an illegal step is named by its
// number.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "lib/puzzle/index.h"
#include "lib/puzzle/move_notation.h"
#include "lib/puzzle/problem.h"
#include "tests/mtm_tools_util.h"
#include "tests/reference_search.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

using mtm_tools_test::Text;
using mtm_tools_test::Truth;
using testing::CliResult;
using testing::PackState;
using testing::RefShape;
using testing::RunQueryCli;
using Json = nlohmann::json;

// --analyse of a solve with a detour, in both metrics: every move's
// distances are the reference's, the lost count is the detour's, and the
// stretch that went the wrong way is named.
TEST(MtmTablesTest, AnalyseFollowsTheReferenceDistances) {
  const Board board(3, 3);
  const RefShape shape{3, 3};
  const std::string db = testing::TestDatabase();
  for (Metric metric : {Metric::kStm, Metric::kMtm}) {
    const auto truth =
        metric == Metric::kMtm
            ? Truth(board, 8)
            : testing::DistancesTo(shape,
                                   PackState(board, CanonicalGoal(board, 8)));
    const char* name = MetricName(metric);
    // A start with a move that leads away (STM) or no nearer (MTM): the
    // detour, that move and back, before an optimal solution.
    const Indexer indexer(board, 8);
    std::mt19937_64 rng(7);
    State start;
    Move away = Move::kUp;
    for (bool found = false; !found;) {
      start = indexer.StateAt(rng() % indexer.size());
      const int d = truth.at(PackState(board, start));
      for (Move m : kAllMoves) {
        State t = start;
        if (!found && ApplyMove(board, m, &t) &&
            truth.at(PackState(board, t)) >= d + (metric == Metric::kStm)) {
          away = m;
          found = true;
        }
      }
    }
    const std::string start_text = Text(board, start);
    const CliResult solved = RunQueryCli(
        {"--db", db, "--metric", name, "--format", "json", start_text});
    const std::string best = Json::parse(solved.out)["moves"];
    std::vector<Move> moves;
    ASSERT_TRUE(ParseMoves(best, MoveConvention::kBlank, &moves).ok());
    std::vector<Move> solve(2 + moves.size());
    solve[0] = away;
    solve[1] = Inverse(away);
    std::copy(moves.begin(), moves.end(), solve.begin() + 2);
    const std::string text = FormatMoves(solve, MoveConvention::kBlank, true);
    const CliResult r =
        RunQueryCli({"--db", db, "--metric", name, "--analyse", "--start",
                     start_text, "--moves", text, "--format", "json"});
    ASSERT_EQ(r.status, 0) << r.err;
    const Json a = Json::parse(r.out);
    State s = start;
    const int optimal = truth.at(PackState(board, s));
    EXPECT_EQ(a["optimal_length"], optimal);
    EXPECT_EQ(a["length"], MoveCount(solve, metric));
    EXPECT_TRUE(a["reaches_goal"]);
    EXPECT_TRUE(a["complete"]);
    EXPECT_EQ(a["lost"], MoveCount(solve, metric) - optimal);
    int before = optimal;
    size_t k = 0;
    for (const Json& m : a["moves"]) {
      const size_t end = MoveEnd(solve, k, metric);
      for (; k < end; ++k) ASSERT_TRUE(ApplyMove(board, solve[k], &s));
      const int after = truth.at(PackState(board, s));
      EXPECT_EQ(m["before"], before);
      EXPECT_EQ(m["after"], after);
      EXPECT_EQ(m["optimal"], after == before - 1);
      before = after;
    }
    EXPECT_EQ(k, solve.size());
    // The detour's first move is the first stretch's, and the stretches
    // lose what the solve lost.
    ASSERT_FALSE(a["stretches"].empty()) << r.out;
    EXPECT_EQ(a["stretches"][0]["first"], 1);
    int lost = 0;
    for (const Json& w : a["stretches"]) lost += w["lost"].get<int>();
    EXPECT_EQ(lost, a["lost"]);
  }
}

TEST(MtmTablesTest, AnalyseNamesAnIllegalStepAndTheTextSaysTheVerdict) {
  const std::string db = testing::TestDatabase();
  CliResult r = RunQueryCli({"--db", db, "--analyse", "--start", "867254301",
                             "--moves", "U L D D R"});
  EXPECT_EQ(r.status, 65);
  EXPECT_NE(r.err.find("step 4 of 5 (D) is not legal"), std::string::npos)
      << r.err;
  // In JSON the reason is on standard output too, for a program.
  r = RunQueryCli({"--db", db, "--analyse", "--start", "867254301", "--moves",
                   "U L D D R", "--format", "json"});
  EXPECT_EQ(r.status, 65);
  const Json bad = Json::parse(r.out);
  EXPECT_EQ(bad["start"], "867254301");
  EXPECT_EQ(bad["moves"], "U L D D R");
  EXPECT_NE(bad["error"].get<std::string>().find("step 4 of 5 (D)"),
            std::string::npos)
      << r.out;
  // A count out of range says "moves:" once (it once said it twice).
  r = RunQueryCli({"--db", db, "--analyse", "--start", "867254301", "--moves",
                   "U0", "--format", "json"});
  EXPECT_EQ(r.status, 65);
  EXPECT_EQ(Json::parse(r.out).value("error", ""),
            "moves: the count after character 1 ('U') must be 1 to 999")
      << r.out;
  // --moves "" is a solve of no moves (as the C++ API and Python take it);
  // no --moves at all is a usage error.
  r = RunQueryCli({"--db", db, "--analyse", "--start", "867254301", "--moves",
                   "", "--format", "json"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(Json::parse(r.out)["length"], 0) << r.out;
  EXPECT_EQ(Json::parse(r.out)["reaches_goal"], false) << r.out;
  for (const std::vector<std::string>& none :
       {std::vector<std::string>{}, std::vector<std::string>{"--moves"}}) {
    std::vector<std::string> args = {"--db", db, "--analyse", "--start",
                                     "867254301"};
    args.insert(args.end(), none.begin(), none.end());
    r = RunQueryCli(args);
    EXPECT_EQ(r.status, 64) << r.err;
    EXPECT_NE(r.err.find("needs the solve's moves"), std::string::npos)
        << r.err;
  }
  // From the goal every move leads away.
  r = RunQueryCli({"--db", db, "--analyse", "--start", "123456780", "--moves",
                   "U U D D L"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("wrong way: moves 1-2 (4 lost)"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("wrong way: move 5 (2 lost)"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("does not reach the goal: it ends 1 move from it"),
            std::string::npos)
      << r.out;
  r = RunQueryCli(
      {"--db", db, "--analyse", "--start", "123456780", "--moves", "U U D D"});
  EXPECT_NE(r.out.find("reaches the goal in 4 moves; optimal 0, 4 lost"),
            std::string::npos)
      << r.out;
  r = RunQueryCli({"--db", db, "--analyse", "--moves", "U", "867254301"});
  EXPECT_EQ(r.status, 64);
  EXPECT_NE(r.err.find("--analyse needs --start"), std::string::npos);
}

// A multi-tile analysis names an illegal step by its move's number, as its
// table numbers them, and the step's.
TEST(MtmTablesTest, MultiTileAnalysisNumbersMovesAsItsTable) {
  const CliResult r = RunQueryCli(
      {"--db", testing::TestDatabase(), "--board", "4x4", "--metric", "MTM",
       "--analyse", "--start", "5,1,2,3,9,6,7,4,13,10,11,8,0,14,15,12",
       "--moves", "U3 R D U R2 D4"});
  EXPECT_EQ(r.status, 65);
  EXPECT_NE(r.err.find("move 6 of 6, step 12 of 12 (D) is not legal"),
            std::string::npos)
      << r.err;
}

}  // namespace
}  // namespace slidedb
