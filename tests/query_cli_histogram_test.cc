// slidedb-query --histogram, run in-process: the count of states at each
// distance in text, CSV and JSON, against a reference search.
#include <gtest/gtest.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

#include "cli/exit_codes.h"
#include "tests/reference_search.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

using json = nlohmann::json;
using testing::CliResult;
using testing::JsonLines;
using testing::Lines;
using testing::Pack;
using testing::Query;
using testing::RefShape;

// --tables --board lists that board's goals, the same lines as in the
// whole listing (--board was once ignored there).
TEST(QueryCliTest, TablesOfOneBoard) {
  const CliResult all = Query({"--tables"});
  ASSERT_EQ(all.status, kExitOk) << all.err;
  // The test database's boards: take one that is not the default's.
  const std::vector<std::string> lines = Lines(all.out);
  std::string board = "3x3";
  for (const std::string& line : lines) {
    const std::string first = line.substr(0, line.find(' '));
    if (first != "3x3") board = first;
  }
  std::vector<std::string> of_board;
  for (const std::string& line : lines) {
    if (line.rfind(board + " ", 0) == 0) of_board.push_back(line);
  }
  ASSERT_FALSE(of_board.empty());
  ASSERT_LT(of_board.size(), lines.size());
  const CliResult one = Query({"--tables", "--board", board});
  ASSERT_EQ(one.status, kExitOk) << one.err;
  EXPECT_EQ(Lines(one.out), of_board);
  const CliResult none = Query({"--tables", "--board", "5x5"});
  EXPECT_EQ(none.status, kExitOk) << none.err;
  EXPECT_EQ(none.out, "");
}

TEST(QueryCliTest, HistogramText) {
  const CliResult r = Query({"--histogram"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  const auto lines = Lines(r.out);
  ASSERT_GE(lines.size(), 3u);
  EXPECT_EQ(lines[0], "3x3 goal 123456780: 181440 states, max distance 31");
  EXPECT_EQ(lines[1], "distance      states");
  ASSERT_EQ(lines.size(), 2u + 32u);
  uint64_t total = 0;
  for (size_t d = 0; d <= 31; ++d) {
    std::istringstream row(lines[2 + d]);
    uint64_t dist, count;
    ASSERT_TRUE(row >> dist >> count) << lines[2 + d];
    EXPECT_EQ(dist, d);
    total += count;
  }
  EXPECT_EQ(total, testing::Factorial(9) / 2);
}

TEST(QueryCliTest, HistogramCsvMatchesReferenceSearch) {
  const CliResult r = Query({"--histogram", "--format", "csv"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  const auto lines = Lines(r.out);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines[0], "distance,count");
  const auto want = testing::HistogramOf(
      testing::DistancesTo(RefShape{3, 3}, Pack({1, 2, 3, 4, 5, 6, 7, 8, 0})));
  ASSERT_EQ(lines.size(), want.size() + 1);
  for (size_t d = 0; d < want.size(); ++d) {
    EXPECT_EQ(lines[d + 1], std::to_string(d) + "," + std::to_string(want[d]));
  }
}

TEST(QueryCliTest, HistogramJson) {
  struct Case {
    std::vector<std::string> args;
    std::string board;
    std::string goal;
    RefShape shape;
    std::vector<int> goal_tiles;
  };
  const std::vector<Case> cases = {
      {{}, "3x3", "123456780", {3, 3}, {1, 2, 3, 4, 5, 6, 7, 8, 0}},
      {{"--goal", "123/8_4/765"}, "3x3", "123804765", {3, 3},
       {1, 2, 3, 8, 0, 4, 7, 6, 5}},
      {{"--board", "2x3"}, "2x3", "123450", {2, 3}, {1, 2, 3, 4, 5, 0}},
      {{"--board", "4x2", "--goal", "_1/23/45/67"}, "4x2", "01234567", {4, 2},
       {0, 1, 2, 3, 4, 5, 6, 7}},
  };
  for (const Case& c : cases) {
    std::vector<std::string> args = {"--histogram", "--format", "json"};
    args.insert(args.end(), c.args.begin(), c.args.end());
    const CliResult r = Query(args);
    ASSERT_EQ(r.status, kExitOk) << r.err;
    const auto lines = JsonLines(r.out);
    ASSERT_EQ(lines.size(), 1u);
    const json& h = lines[0];
    SCOPED_TRACE(h.dump());
    EXPECT_EQ(h.at("board"), c.board);
    EXPECT_EQ(h.at("goal"), c.goal);
    const auto counts = h.at("counts").get<std::vector<uint64_t>>();
    EXPECT_EQ(h.at("total").get<uint64_t>(),
              std::accumulate(counts.begin(), counts.end(), uint64_t{0}));
    EXPECT_EQ(h.at("total").get<uint64_t>(),
              testing::Factorial(c.shape.cells()) / 2);
    EXPECT_EQ(h.at("max_distance").get<size_t>() + 1, counts.size());
    EXPECT_EQ(counts, testing::HistogramOf(testing::DistancesTo(
                          c.shape, Pack(c.goal_tiles))));
  }
}

// The goal of a histogram is written with the blank the user chose, as the
// goal of every solved answer is. (Found by this suite: with no --goal the
// histogram printed the stored goal, 0 as its blank, under --blank 9.)
TEST(QueryCliTest, HistogramGoalUsesTheChosenBlank) {
  const CliResult r = Query({"--histogram", "--blank", "9", "--format", "json"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  EXPECT_EQ(JsonLines(r.out).at(0).at("goal"), "123456789");
}

// The text histogram names each group by its tiles, whatever their order
// on the board.
TEST(QueryCliTest, HistogramNamesEachPatternDatabasesTiles) {
  const std::string db = testing::TempDir("pdb-labels") + "/db";
  CliResult r =
      testing::RunBuildCli({"--db", db, "--board", "4x4", "--pdb",
                            "1,2,5,6,9/3,4,7,8,10/11,12,13,14,15", "--quiet"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  r = testing::RunQueryCli({"--db", db, "--board", "4x4", "--histogram"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  for (const char* label :
       {"tiles 1,2,5,6,9:", "tiles 3,4,7,8,10:", "tiles 11,12,13,14,15:"}) {
    EXPECT_NE(r.out.find(label), std::string::npos) << r.out;
  }
}

// In the multi-tile metric a search answers 4x4 with no table at all: its
// histogram is refused as the other whole-table tools are, not a table
// to build.
TEST(QueryCliTest, HistogramOfAMultiTileSearchIsRefused) {
  const CliResult r =
      testing::RunQueryCli({"--db", testing::TestDatabase(), "--board", "4x4",
                            "--metric", "mtm", "--histogram"});
  EXPECT_EQ(r.status, kExitUsage) << r.err;
  EXPECT_NE(r.err.find("full table"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("slidedb-build"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace slidedb
