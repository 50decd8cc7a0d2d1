// Bad usage of the tools gets a clear message and exit status 64; a missing
// table 66; --help documents every tool.
#include <gtest/gtest.h>

#include "tests/test_util.h"

namespace slidedb {
namespace {

struct BadUsage {
  std::vector<std::string> args;
  std::string message;  // part of the message expected on standard error
};

TEST(ToolsUsageTest, BadOptionsExit64WithAMessage) {
  const std::vector<BadUsage> cases = {
      {{"--limit", "5", "867254301"}, "--limit needs --all"},
      {{"--all", "--limit", "0", "867254301"}, "--limit must be"},
      {{"--all", "--limit", "x", "867254301"}, "--limit must be"},
      {{"--all", "--limit", "-3", "867254301"}, "--limit must be"},
      {{"--distance", "3"}, "--distance needs --sample"},
      {{"--seed", "3", "867254301"}, "--seed needs --sample"},
      {{"--sample", "0"}, "--sample must be"},
      {{"--sample", "-2"}, "--sample must be"},
      {{"--sample", "5", "--distance", "-1"}, "--distance must be"},
      {{"--sample", "5", "--seed", "abc"}, "--seed must be"},
      {{"--at-distance", "-1"}, "--at-distance must be"},
      {{"--at-distance", "x"}, "--at-distance must be"},
      {{"--at-distance", "3", "867254301"}, "--at-distance takes no STATE"},
      {{"--export", "xml"}, "--export must be csv or json"},
      // --threads as every number: one message (docs/ERRORS.md, "Limits").
      {{"--threads", "1.5", "867254301"},
       "--threads must be a whole number from 0 to 256, not '1.5'"},
      {{"--threads", "257", "867254301"},
       "--threads must be a whole number from 0 to 256, not '257'"},
      {{"--export", "csv", "--format", "json"}, "drop --format"},
      {{"--heuristics", "--at-distance", "3"}, "cannot be combined"},
      {{"--histogram", "--sample", "3"}, "cannot be combined"},
      {{"--count", "--heuristics"}, "--count answers about STATEs"},
      {{"--verify", "UD", "--export", "csv"}, "--verify answers about STATEs"},
      {{"--at-distance", "3", "--format", "csv"}, "--format must be"},
      {{"--heuristics", "--format", "xml"}, "--format must be"},
      {{"--count", "--format", "csv", "867254301"}, "--format must be"},
      {{"--verify"}, ""},
  };
  for (const auto& c : cases) {
    std::vector<std::string> args = {"--db", testing::TestDatabase()};
    args.insert(args.end(), c.args.begin(), c.args.end());
    const auto r = testing::RunQueryCli(args);
    std::string joined;
    for (const auto& a : c.args) joined += a + " ";
    EXPECT_EQ(r.status, 64) << joined << r.err;
    EXPECT_EQ(r.out, "") << joined;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << joined << r.err;
    EXPECT_NE(r.err.find("Try 'slidedb-query --help'"), std::string::npos)
        << joined << r.err;
  }
}

// A tool without a STATE answers about the board's goal, tiles 1 to n:
// a blank's label that is one of them would make a goal with a tile twice,
// and states no face reads back.
TEST(ToolsUsageTest, ABlankLabelThatIsATileIsRefusedWithoutAGoal) {
  for (const std::vector<std::string> tool :
       {std::vector<std::string>{"--histogram"},
        {"--sample", "2"},
        {"--at-distance", "3"},
        {"--export", "csv"}}) {
    std::vector<std::string> args = {"--db", testing::TestDatabase(), "--blank",
                                     "1"};
    args.insert(args.end(), tool.begin(), tool.end());
    const auto r = testing::RunQueryCli(args);
    EXPECT_EQ(r.status, 64) << tool[0] << r.err;
    EXPECT_EQ(r.out, "") << tool[0];
    EXPECT_NE(r.err.find("the blank's label '1' is a tile's in the 3x3 goal "
                         "(tiles 1 to 8)"),
              std::string::npos)
        << r.err;
  }
  // With a goal, or for a STATE (whose goal is its own tiles), it is a
  // label like any other.
  auto r = testing::RunQueryCli({"--db", testing::TestDatabase(), "--blank",
                                 "1", "--histogram", "--goal", "x23456781"});
  EXPECT_EQ(r.status, 0) << r.err;
  r = testing::RunQueryCli(
      {"--db", testing::TestDatabase(), "--blank", "1", "abcdefgh1"});
  EXPECT_EQ(r.status, 0) << r.err;
  // A label no state could hold.
  r = testing::RunQueryCli({"--db", testing::TestDatabase(), "--histogram",
                            "--blank", std::string(101, 'x')});
  EXPECT_EQ(r.status, 64);
  EXPECT_NE(r.err.find("the blank's label is 101 bytes long; at most 100"),
            std::string::npos)
      << r.err;
}

TEST(ToolsUsageTest, MissingTableExits66WithTheBuildCommand) {
  for (const std::string tool :
       {"--heuristics", "--export", "--at-distance", "--sample"}) {
    std::vector<std::string> args = {"--db", testing::TestDatabase(), tool};
    if (tool == "--export") args.push_back("csv");
    if (tool == "--at-distance" || tool == "--sample") args.push_back("3");
    args.insert(args.end(),
                {"--board", "2x5", "--goal", "1,0,2,3,4,5,6,7,8,9"});
    const auto r = testing::RunQueryCli(args);
    EXPECT_EQ(r.status, 66) << tool << r.err;
    EXPECT_NE(r.err.find("slidedb-build"), std::string::npos) << r.err;
  }
}

TEST(ToolsUsageTest, HelpDocumentsEveryTool) {
  const auto r = testing::RunQueryCli({"--help"});
  ASSERT_EQ(r.status, 0);
  for (const char* option :
       {"--count", "--all", "--limit", "--verify", "--at-distance", "--sample",
        "--distance", "--seed", "--export", "--heuristics"}) {
    EXPECT_NE(r.out.find(option), std::string::npos) << option;
  }
}

// Malformed STATEs among good ones: the good ones are still answered with
// their extras, and the exit status is 65.
TEST(ToolsUsageTest, MalformedStateAmongGoodOnes) {
  const auto r = testing::RunQueryCli(
      {"--db", testing::TestDatabase(), "--format", "json", "--count", "--all",
       "--limit", "2", "--verify", "UL"},
      "123456708\n12345\n123456780\n");
  EXPECT_EQ(r.status, 65);
  EXPECT_NE(r.out.find("\"optimal_solutions\":1,\"solutions\":[\"R\"]"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\"input\":\"12345\",\"error\""), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\"start\":\"123456780\""), std::string::npos) << r.out;
}

}  // namespace
}  // namespace slidedb
