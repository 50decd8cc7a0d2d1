// --max-seconds bounds every search of an answer on a board a search
// answers: every move's distance (--moves), which must be exact, and
// --verify's optimal length, which is the solve's. Both once ran on past
// the budget (seconds against 0.2 s on 5x5, minutes on far 4x4 states).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli/exit_codes.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

using testing::CliResult;
using testing::kKorfGoal;
using testing::Pdb44Database;
using testing::RunQueryCli;

// One of Korf's two 66-move instances (Korf's blank-first goal): far past
// 0.2 s for the small 5-5-5 databases.
constexpr char kFar[] = "15,14,0,4,11,1,6,13,7,5,8,9,3,2,10,12";

TEST(QueryCliBudgetTest, VerifyAndMovesStopAtTheBudget) {
  const std::vector<std::string> args = {
      "--db",   Pdb44Database(), "--board",       "4x4",
      "--goal", kKorfGoal,       "--max-seconds", "0.2"};
  std::vector<std::string> moves = args;
  moves.insert(moves.end(), {"--moves", kFar});
  CliResult r = RunQueryCli(moves);
  EXPECT_EQ(r.status, kExitTempFail) << r.out << r.err;
  EXPECT_NE(r.err.find("stopped at its limit"), std::string::npos) << r.err;
  // Said as the budget that ran out, and what to do.
  EXPECT_NE(r.err.find("the search's budget ("), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("--max-seconds gives it more"), std::string::npos)
      << r.err;
  // --verify answers in the budget all but the optimal length, which the
  // solve did not find (a speedsolvers' audit: a legal 5x5 solve could not
  // be checked at all, exit 75).
  std::vector<std::string> verify = args;
  verify.insert(verify.end(), {"--format", "json", "--verify", "R", kFar});
  r = RunQueryCli(verify);
  EXPECT_EQ(r.status, kExitOk) << r.out << r.err;
  EXPECT_NE(r.out.find("\"verify\":{\"legal\":true,\"reaches_goal\":false,"
                       "\"length\":1,\"optimal_length\":null,\"gap\":null}"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\"optimal\":false"), std::string::npos) << r.out;
  // Within the budget, the same tools answer.
  const std::string near = "1,0,2,3,4,5,6,7,8,9,10,11,12,13,14,15";
  r = RunQueryCli({"--db", Pdb44Database(), "--board", "4x4", "--goal",
                   kKorfGoal, "--max-seconds", "60", "--verify", "L", near});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  EXPECT_NE(r.out.find("optimal"), std::string::npos) << r.out;
  r = RunQueryCli({"--db", Pdb44Database(), "--board", "4x4", "--goal",
                   kKorfGoal, "--max-seconds", "60", "--moves", near});
  EXPECT_EQ(r.status, kExitOk) << r.err;
}

// --analyse whose budget runs out on the start says so, and what needs no
// search: that the moves reach the goal, in how many (a speedsolvers'
// audit: "ran out after 0 moves", the verdict left out).
TEST(QueryCliBudgetTest, AnAnalysisOutOfTimeSaysWhatItKnows) {
  const CliResult r =
      RunQueryCli({"--db", Pdb44Database(), "--board", "4x4", "--goal",
                   kKorfGoal, "--max-seconds", "0.2", "--analyse", "--start",
                   kFar, "--moves", "L", "--notation", "blank"});
  EXPECT_NE(r.out.find("ran out before the start's distance was found"),
            std::string::npos)
      << r.out << r.err;
  EXPECT_EQ(r.out.find("reaches the goal"), std::string::npos) << r.out;
}

// --verify under a budget the search keeps: the verdict is the one without
// a budget (its optimal length the solve's, found within it).
TEST(QueryCliBudgetTest, VerifyWithinItsBudgetIsExact) {
  const std::string mid = "5,9,6,4,2,1,3,12,15,8,0,10,13,14,7,11";
  std::vector<std::string> args = {
      "--db",     Pdb44Database(), "--board",  "4x4",
      "--format", "json",          "--verify", "U"};
  std::vector<std::string> with_budget = args;
  args.push_back(mid);
  with_budget.insert(with_budget.end(), {"--max-seconds", "60", mid});
  const CliResult whole = RunQueryCli(args);
  const CliResult budgeted = RunQueryCli(with_budget);
  ASSERT_EQ(whole.status, kExitOk) << whole.err;
  ASSERT_EQ(budgeted.status, kExitOk) << budgeted.err;
  auto verdict = [](const std::string& out) {
    const size_t at = out.find("\"verify\":");
    return at == std::string::npos ? std::string("none")
                                   : out.substr(at, out.find('}', at) - at);
  };
  EXPECT_EQ(verdict(budgeted.out), verdict(whole.out)) << budgeted.out;
  EXPECT_NE(verdict(whole.out).find("\"optimal_length\":"), std::string::npos)
      << whole.out;
  EXPECT_EQ(verdict(whole.out).find("\"optimal_length\":null"),
            std::string::npos)
      << whole.out;
}

// A state of a batch whose budget runs out is answered with the reason, and
// the batch goes on: --moves as a batch's solve and --verify (it once
// stopped at that state, the states after it unanswered).
TEST(QueryCliBudgetTest, MovesOfABatchGoOnPastAStateOutOfTime) {
  const std::string near = "1,0,2,3,4,5,6,7,8,9,10,11,12,13,14,15";
  const CliResult r =
      RunQueryCli({"--db", Pdb44Database(), "--board", "4x4", "--goal",
                   kKorfGoal, "--max-seconds", "0.2", "--format", "json",
                   "--moves", near, kFar, near});
  EXPECT_EQ(r.status, kExitTempFail) << r.err;
  const std::vector<std::string> lines = testing::Lines(r.out);
  ASSERT_EQ(lines.size(), 3u) << r.out;
  EXPECT_EQ(lines[0], lines[2]);
  EXPECT_NE(lines[0].find("\"moves\":["), std::string::npos) << lines[0];
  EXPECT_EQ(lines[1].rfind(std::string("{\"input\":\"") + kFar, 0), 0u)
      << lines[1];
  EXPECT_NE(lines[1].find("stopped at its limit"), std::string::npos)
      << lines[1];
}

}  // namespace
}  // namespace slidedb
