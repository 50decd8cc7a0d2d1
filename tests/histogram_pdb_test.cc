// slidedb-query --histogram follows what answers the goal, as the solver
// does: a board of up to 12 cells built with pattern databases only (a
// search answers it) shows its pattern databases' histograms; a table,
// where there is one, answers instead.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lib/base/shell.h"
#include "slidedb/slidedb.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

using testing::CliResult;
using testing::RunBuildCli;
using testing::RunQueryCli;

// A database with 3x3's 4-4 pattern databases and no table, built once
// per test binary.
const std::string& PdbOnly3x3() {
  static const std::string dir = [] {
    const std::string d = testing::TempDir("histogram-pdb") + "/db";
    const CliResult r =
        RunBuildCli({"--db", d, "--board", "3x3", "--pdb", "4-4", "--quiet"});
    EXPECT_EQ(r.status, 0) << r.err;
    return d;
  }();
  return dir;
}

TEST(HistogramPdbTest, PatternDatabasesOnlyShowTheirHistograms) {
  const std::string& db = PdbOnly3x3();
  // A search answers the goal.
  const CliResult solve = RunQueryCli({"--db", db, "867254301"});
  ASSERT_EQ(solve.status, 0) << solve.err;
  EXPECT_NE(solve.out.find("31 moves"), std::string::npos) << solve.out;

  const CliResult text = RunQueryCli({"--db", db, "--histogram"});
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("histograms of its pattern databases, goal "
                          "123456780, partition 4-4"),
            std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("tiles 1,2,3,4: 3024 entries"), std::string::npos)
      << text.out;
  EXPECT_NE(text.out.find("tiles 5,6,7,8: 3024 entries"), std::string::npos)
      << text.out;

  const CliResult json =
      RunQueryCli({"--db", db, "--histogram", "--format", "json"});
  ASSERT_EQ(json.status, 0) << json.err;
  const auto lines = testing::JsonLines(json.out);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0]["board"], "3x3");
  ASSERT_EQ(lines[0]["pattern_databases"].size(), 2u);
  EXPECT_EQ(lines[0]["pattern_databases"][0]["entries"], 3024);

  const CliResult csv =
      RunQueryCli({"--db", db, "--histogram", "--format", "csv"});
  ASSERT_EQ(csv.status, 0) << csv.err;
  EXPECT_EQ(csv.out.substr(0, csv.out.find('\n')), "group,value,count");

  // Another goal blank: its own pattern databases.
  const CliResult corner =
      RunQueryCli({"--db", db, "--histogram", "--goal", "_12/345/678"});
  ASSERT_EQ(corner.status, 0) << corner.err;
  EXPECT_NE(corner.out.find("goal 012345678"), std::string::npos) << corner.out;
}

// A goal whose pattern databases are not there, though another goal's are:
// named, with the build that serves it (it once said the board had none).
TEST(HistogramPdbTest, AGoalWithoutItsOwnIsNamed) {
  const std::string db = testing::TempDir("histogram-pdb-goal") + "/db";
  const CliResult built = RunBuildCli(
      {"--db", db, "--board", "4x4", "--pdb", "3-3-3-3-3", "--quiet"});
  ASSERT_EQ(built.status, 0) << built.err;
  const CliResult last = RunQueryCli(
      {"--db", db, "--board", "4x4", "--histogram", "--format", "csv"});
  EXPECT_EQ(last.status, 0) << last.err;
  const CliResult centre =
      RunQueryCli({"--db", db, "--board", "4x4", "--histogram", "--goal",
                   "1,2,3,4,5,0,6,7,8,9,10,11,12,13,14,15"});
  EXPECT_EQ(centre.status, 66) << centre.err;
  EXPECT_NE(centre.err.find("no pattern databases for 4x4/b5 (board 4x4, "
                            "goal blank on cell 5 or, turned or mirrored, on "
                            "10, 6, 9)"),
            std::string::npos)
      << centre.err;
  // The groups of the board's other set, not the default's.
  EXPECT_NE(
      centre.err.find("build them with: slidedb-build --db " + ShellWord(db) +
                      " --board 4x4 --goal "
                      "1,2,3,4,5,0,6,7,8,9,10,11,12,13,14,15 --pdb "
                      "3-3-3-3-3\n"),
      std::string::npos)
      << centre.err;
  // The C++ API (and so Python) names the same build, from the database
  // it has open.
  std::unique_ptr<Db> api;
  ASSERT_TRUE(Db::Open(db, &api).ok());
  Solution sol;
  Options centre_goal;
  centre_goal.board = "4x4";
  centre_goal.goal = "1,2,3,4,5,0,6,7,8,9,10,11,12,13,14,15";
  const Status s =
      api->Solve("1,2,3,4,0,5,6,7,8,9,10,11,12,13,14,15", centre_goal, &sol);
  EXPECT_TRUE(s.IsNotFound()) << s.ToString();
  EXPECT_NE(s.message().find("12,13,14,15 --pdb 3-3-3-3-3"), std::string::npos)
      << s.message();
  // The centre of an odd board turns onto itself: named once.
  const std::string odd = testing::TempDir("histogram-pdb-centre") + "/db";
  ASSERT_EQ(RunBuildCli(
                {"--db", odd, "--board", "3x5", "--pdb", "4-4-3-3", "--quiet"})
                .status,
            0);
  const CliResult middle =
      RunQueryCli({"--db", odd, "--board", "3x5", "--histogram", "--goal",
                   "1,2,3,4,5,6,7,0,8,9,10,11,12,13,14"});
  EXPECT_EQ(middle.status, 66) << middle.err;
  EXPECT_NE(middle.err.find("(board 3x5, goal blank on cell 7) in "),
            std::string::npos)
      << middle.err;
  EXPECT_NE(middle.err.find(" --pdb 4-4-3-3\n"), std::string::npos)
      << middle.err;
}

TEST(HistogramPdbTest, ATableAnswersWhereThereIsOne) {
  const std::string db = testing::TempDir("histogram-pdb-table") + "/db";
  for (const std::vector<std::string>& build :
       {std::vector<std::string>{"--pdb", "4-4"}, std::vector<std::string>{}}) {
    std::vector<std::string> args = {"--db", db, "--board", "3x3", "--quiet"};
    args.insert(args.end(), build.begin(), build.end());
    const CliResult r = RunBuildCli(args);
    ASSERT_EQ(r.status, 0) << r.err;
  }
  const CliResult text = RunQueryCli({"--db", db, "--histogram"});
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("181440 states, max distance 31"), std::string::npos)
      << text.out;

  // Neither a table nor pattern databases: the missing table, said as a
  // solve of the goal says it (the C++ API and Python say it so too).
  const CliResult none =
      RunQueryCli({"--db", db, "--board", "2x3", "--histogram"});
  EXPECT_EQ(none.status, 66) << none.out;
  EXPECT_NE(none.err.find("table 2x3/b5 (board 2x3, serving the goal blanks "
                          "0, 2, 3, 5) is not in the database"),
            std::string::npos)
      << none.err;
  const CliResult solve = RunQueryCli({"--db", db, "--board", "2x3", "12345_"});
  EXPECT_EQ(solve.status, 66);
  EXPECT_EQ(none.err, solve.err);
}

}  // namespace
}  // namespace slidedb
