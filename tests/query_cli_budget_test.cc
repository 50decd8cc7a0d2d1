// --max-seconds bounds every search of an answer that must be exact:
// --verify's optimal length and every move's distance (--moves) on a board
// a search answers. Both once ran on past the budget (seconds against
// 0.2 s on 5x5, minutes on far 4x4 states).
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
  for (const std::vector<std::string>& tool :
       {std::vector<std::string>{"--verify", "R"},
        std::vector<std::string>{"--moves"}}) {
    std::vector<std::string> args = {
        "--db",   Pdb44Database(), "--board",       "4x4",
        "--goal", kKorfGoal,       "--max-seconds", "0.2"};
    args.insert(args.end(), tool.begin(), tool.end());
    args.push_back(kFar);
    const CliResult r = RunQueryCli(args);
    EXPECT_EQ(r.status, kExitTempFail) << tool[0] << ": " << r.out << r.err;
    EXPECT_NE(r.err.find("stopped at its limit"), std::string::npos)
        << tool[0] << ": " << r.err;
  }
  // Within the budget, the same tools answer.
  const std::string near = "1,0,2,3,4,5,6,7,8,9,10,11,12,13,14,15";
  CliResult r =
      RunQueryCli({"--db", Pdb44Database(), "--board", "4x4", "--goal",
                   kKorfGoal, "--max-seconds", "60", "--verify", "L", near});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  EXPECT_NE(r.out.find("optimal"), std::string::npos) << r.out;
  r = RunQueryCli({"--db", Pdb44Database(), "--board", "4x4", "--goal",
                   kKorfGoal, "--max-seconds", "60", "--moves", near});
  EXPECT_EQ(r.status, kExitOk) << r.err;
}

// --verify's search under a budget is the exact search alone, with all of
// it: the states it counts are those of the search without a budget. It
// was a best-path search (a weighted A* first, counted too) by a twentieth
// less, then an exact one in the twentieth left, whose stop said "after 0
// states".
TEST(QueryCliBudgetTest, VerifysSearchIsTheExactOneWithTheWholeBudget) {
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
  auto nodes = [](const std::string& out) {
    const size_t at = out.find("\"nodes\":");
    return at == std::string::npos ? std::string("none")
                                   : out.substr(at, out.find(',', at) - at);
  };
  EXPECT_EQ(nodes(budgeted.out), nodes(whole.out)) << budgeted.out;
  EXPECT_NE(nodes(whole.out), "none") << whole.out;
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
