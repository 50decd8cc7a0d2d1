// slidedb-query --count and --all against a plain BFS that counts shortest
// paths (tests/tools_reference.h).
#include <gtest/gtest.h>

#include <regex>

#include "tests/test_util.h"
#include "tests/tools_reference.h"

namespace slidedb {
namespace {

using testing::JsonLines;
using tools_test::AllTestTables;
using tools_test::AsWritten;
using tools_test::CanonicalGoalText;
using tools_test::RefPuzzle;

std::string Field(const std::string& line, const std::string& name) {
  std::smatch m;
  std::regex re("\"" + name + "\":([0-9]+)");
  return std::regex_search(line, m, re) ? m[1].str() : "";
}

TEST(ToolsCountTest, HardestStartHas40OptimalSolutions) {
  auto r = testing::RunQueryCli({"--db", testing::TestDatabase(), "--format",
                                 "json", "--count", "867254301"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"optimal_solutions\":40"), std::string::npos) << r.out;
  r = testing::RunQueryCli(
      {"--db", testing::TestDatabase(), "--count", "867254301"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("  optimal solutions: 40\n"), std::string::npos)
      << r.out;
}

TEST(ToolsCountTest, GoalItselfHasOneEmptySolution) {
  auto r = testing::RunQueryCli({"--db", testing::TestDatabase(), "--format",
                                 "json", "--count", "--all", "123456780"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = JsonLines(r.out).at(0);
  EXPECT_EQ(j["optimal_solutions"], 1);
  EXPECT_EQ(j["solutions"], nlohmann::json::array({""}));
  EXPECT_EQ(j["solutions_complete"], true);
}

// Every table of the test database: the count of a spread of states,
// the farthest included, equals the reference's.
TEST(ToolsCountTest, MatchesReferenceOnEveryTable) {
  for (const auto& t : AllTestTables()) {
    const std::string goal = CanonicalGoalText(t.rows * t.cols, t.blank);
    const RefPuzzle ref(t.rows, t.cols, goal);
    const auto states =
        tools_test::SomeStates(ref, t.rows * t.cols >= 9 ? 24 : 40);
    std::string input;
    for (const auto& s : states) input += AsWritten(s) + "\n";
    auto r = testing::RunQueryCli(
        {"--db", testing::TestDatabase(), "--board", t.board(), "--goal",
         AsWritten(goal), "--format", "json", "--count"},
        input);
    ASSERT_EQ(r.status, 0) << t.board() << " " << goal << ": " << r.err;
    const auto lines = tools_test::Lines(r.out);
    ASSERT_EQ(lines.size(), states.size());
    for (size_t k = 0; k < states.size(); ++k) {
      EXPECT_EQ(Field(lines[k], "optimal_solutions"),
                tools_test::ToDecimal(ref.Paths(states[k])))
          << t.board() << " goal " << goal << " start " << states[k];
      EXPECT_EQ(Field(lines[k], "distance"),
                std::to_string(ref.Distance(states[k])));
    }
  }
}

// A goal in the user's own labels, not the table's.
TEST(ToolsCountTest, RelabelledGoal) {
  const RefPuzzle ref(3, 3, "123804765");
  const auto states = tools_test::SomeStates(ref, 80);
  std::string input;
  for (const auto& s : states) input += s + "\n";
  auto r = testing::RunQueryCli({"--db", testing::TestDatabase(), "--goal",
                                 "123/8_4/765", "--format", "json", "--count"},
                                input);
  ASSERT_EQ(r.status, 0) << r.err;
  const auto lines = tools_test::Lines(r.out);
  ASSERT_EQ(lines.size(), states.size());
  for (size_t k = 0; k < states.size(); ++k) {
    EXPECT_EQ(Field(lines[k], "optimal_solutions"),
              tools_test::ToDecimal(ref.Paths(states[k])))
        << states[k];
  }
}

TEST(ToolsAllTest, ListsEveryOptimalSolutionInOrder) {
  const RefPuzzle ref(3, 3, "123456780");
  for (const std::string start :
       {"867254301", "647850321", "123456708", "813402765", "312645780"}) {
    std::vector<std::string> want;
    std::string prefix;
    ref.AllShortest(start, &prefix, &want);
    auto r =
        testing::RunQueryCli({"--db", testing::TestDatabase(), "--format",
                              "json", "--all", "--limit", "100000", start});
    ASSERT_EQ(r.status, 0) << r.err;
    const auto j = JsonLines(r.out).at(0);
    EXPECT_EQ(j["solutions"].get<std::vector<std::string>>(), want) << start;
    EXPECT_EQ(j["solutions_complete"], true);
  }
}

TEST(ToolsAllTest, LimitKeepsTheFirstInOrder) {
  const RefPuzzle ref(3, 3, "123456780");
  std::vector<std::string> want;
  std::string prefix;
  ref.AllShortest("867254301", &prefix, &want);
  ASSERT_EQ(want.size(), 40u);
  want.resize(7);
  auto r = testing::RunQueryCli({"--db", testing::TestDatabase(), "--format",
                                 "json", "--all", "--limit", "7", "867254301"});
  ASSERT_EQ(r.status, 0) << r.err;
  auto j = JsonLines(r.out).at(0);
  EXPECT_EQ(j["solutions"].get<std::vector<std::string>>(), want);
  EXPECT_EQ(j["solutions_complete"], false);
  // The default limit is 100: all 40.
  r = testing::RunQueryCli(
      {"--db", testing::TestDatabase(), "--all", "867254301"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("  solutions:\n    UULDDRRUULDLDRRUULDLDRRUULLDDRR\n"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 3 + 1 + 40);
}

// Every other board: the lists match the reference for the farthest states.
TEST(ToolsAllTest, MatchesReferenceOnOtherBoards) {
  for (const auto& t : AllTestTables()) {
    if (t.rows * t.cols == 9 && t.blank != 4) continue;
    const std::string goal = CanonicalGoalText(t.rows * t.cols, t.blank);
    const RefPuzzle ref(t.rows, t.cols, goal);
    const auto states = tools_test::SomeStates(ref, 6);
    std::string input;
    for (const auto& s : states) input += AsWritten(s) + "\n";
    auto r = testing::RunQueryCli(
        {"--db", testing::TestDatabase(), "--board", t.board(), "--goal",
         AsWritten(goal), "--format", "json", "--all", "--limit", "500"},
        input);
    ASSERT_EQ(r.status, 0) << r.err;
    const auto lines = JsonLines(r.out);
    ASSERT_EQ(lines.size(), states.size());
    for (size_t k = 0; k < states.size(); ++k) {
      std::vector<std::string> want;
      std::string prefix;
      ref.AllShortest(states[k], &prefix, &want);
      const bool complete = want.size() <= 500;
      if (!complete) want.resize(500);
      EXPECT_EQ(lines[k]["solutions"].get<std::vector<std::string>>(), want)
          << t.board() << " " << goal << " " << states[k];
      EXPECT_EQ(lines[k]["solutions_complete"], complete);
    }
  }
}

}  // namespace
}  // namespace slidedb
