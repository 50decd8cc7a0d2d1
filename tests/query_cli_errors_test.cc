// slidedb-query's help and its errors, run in-process: unsolvable and
// malformed states answered beside the others, a missing database or table
// naming the build that makes it, bad usage, each with its exit status and
// a message a user can act on.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "cli/exit_codes.h"
#include "cli/version.h"
#include "lib/base/shell.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

using testing::CliResult;
using testing::JsonLines;
using testing::Lines;
using testing::Query;
using testing::RunQueryCli;
using testing::TempDir;
using testing::TestDatabase;

TEST(QueryCliTest, HelpAndVersion) {
  for (const std::string flag : {"--help", "-h"}) {
    const CliResult r = RunQueryCli({flag});
    EXPECT_EQ(r.status, kExitOk);
    EXPECT_NE(r.out.find("Usage: slidedb-query"), std::string::npos);
    EXPECT_NE(r.out.find("Exit status"), std::string::npos);
    EXPECT_NE(r.out.find("--histogram"), std::string::npos);
    EXPECT_TRUE(r.err.empty()) << r.err;
  }
  const CliResult r = RunQueryCli({"--version"});
  EXPECT_EQ(r.status, kExitOk);
  EXPECT_EQ(Lines(r.out).at(0).rfind(std::string("slidedb-query ") + kVersion, 0),
            0u)
      << r.out;
}

TEST(QueryCliTest, UnsolvableIsStatusOneWithReason) {
  CliResult r = Query({"123456870"});
  EXPECT_EQ(r.status, kExitUnsolvable);
  EXPECT_NE(r.out.find("123456870 -> 123456780: unsolvable: "),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("inversions"), std::string::npos) << r.out;

  r = Query({"--format", "json", "123456870", "123456708"});
  EXPECT_EQ(r.status, kExitUnsolvable) << "the other input is still answered";
  const auto answers = JsonLines(r.out);
  ASSERT_EQ(answers.size(), 2u);
  EXPECT_EQ(answers[0].at("solvable"), false);
  EXPECT_EQ(answers[0].at("start"), "123456870");
  EXPECT_EQ(answers[0].at("goal"), "123456780");
  EXPECT_NE(answers[0].at("reason").get<std::string>().find("1 inversion (odd)"),
            std::string::npos)
      << answers[0];
  EXPECT_FALSE(answers[0].contains("distance"));
  EXPECT_FALSE(answers[0].contains("moves"));
  EXPECT_EQ(answers[1].at("solvable"), true);
  EXPECT_EQ(answers[1].at("distance"), 1);
}

TEST(QueryCliTest, MalformedInputIsStatus65AndOthersAnswered) {
  CliResult r = Query({"--format", "json", "12345678", "123456708",
                       "123456771", "123456870"});
  EXPECT_EQ(r.status, kExitDataError) << "malformed outranks unsolvable";
  auto answers = JsonLines(r.out);
  ASSERT_EQ(answers.size(), 4u) << r.out;
  EXPECT_EQ(answers[0].at("input"), "12345678");
  EXPECT_EQ(answers[0].at("error"), "8 cells given; a 3x3 board has 9");
  EXPECT_FALSE(answers[0].contains("solvable"));
  EXPECT_EQ(answers[1].at("distance"), 1);
  EXPECT_EQ(answers[2].at("input"), "123456771");
  EXPECT_EQ(answers[2].at("error"), "tile '7' appears twice");
  EXPECT_EQ(answers[3].at("solvable"), false);

  // Text: the message goes to standard error, the answers to standard out.
  r = Query({"12_456780", "123456708"});
  EXPECT_EQ(r.status, kExitDataError);
  EXPECT_EQ(r.err,
            "slidedb-query: '12_456780': more than one blank ('_' and '0')\n");
  EXPECT_EQ(Lines(r.out).at(0), "123456708 -> 123456780: 1 move");

  // A goal holding other tiles makes the input malformed.
  r = Query({"--goal", "abcdefgh_", "123456780"});
  EXPECT_EQ(r.status, kExitDataError);
  EXPECT_NE(r.err.find("the start has tile '1' and the goal does not"),
            std::string::npos)
      << r.err;

  // No goal, and tiles that mix numbers and a word (a typo for 9): no
  // order is clear, so no goal is made up; given, it is answered.
  r = Query({"--board", "2x5", "1,2,3,4,5,6,7,8,l9,0"});
  EXPECT_EQ(r.status, kExitDataError);
  EXPECT_NE(r.err.find("mix numbers and other labels"), std::string::npos)
      << r.err;
  r = Query({"--board", "2x5", "--goal", "1,2,3,4,5,6,7,8,l9,0",
             "1,2,3,4,5,6,7,8,0,l9"});
  EXPECT_EQ(r.status, kExitOk) << r.err;
}

// A file saved by a Windows editor: a byte-order mark first, "\r\n" line
// ends. Both are dropped, not taken for characters of the state.
TEST(QueryCliTest, AByteOrderMarkAndCarriageReturnsAreDropped) {
  const CliResult r = RunQueryCli({"--db", TestDatabase()},
                                  "\xEF\xBB\xBF"
                                  "867254301\r\n123456780\r\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("867254301 -> 123456780: 31 moves"), std::string::npos)
      << r.out;
}

TEST(QueryCliTest, MalformedJsonInputWithQuotesIsEscaped) {
  const CliResult r = Query({"--format", "json", "1\"2\\3\t"});
  EXPECT_EQ(r.status, kExitDataError);
  const auto answers = JsonLines(r.out);
  ASSERT_EQ(answers.size(), 1u);
  EXPECT_EQ(answers[0].at("input"), "1\"2\\3\t");
}

// An input that is not valid UTF-8 (here a Latin-1 e-acute) must still come
// back as a JSON line a consumer can parse. (Found by this suite: bytes of
// invalid UTF-8 were copied into the JSON as they were.)
TEST(QueryCliTest, MalformedJsonInputThatIsNotUtf8IsStillJson) {
  const CliResult r = Query({"--format", "json", "1234567\xe9" "0"});
  EXPECT_EQ(r.status, kExitDataError);
  const auto answers = JsonLines(r.out);
  ASSERT_EQ(answers.size(), 1u);
  EXPECT_TRUE(answers[0].contains("error"));
}

TEST(QueryCliTest, MissingDatabaseIsStatus66AndNamesTheBuilder) {
  const std::string dir = TempDir("query-missing-db") + "/nothing-here";
  for (const auto& args :
       {std::vector<std::string>{"--db", dir, "123456780"},
        std::vector<std::string>{"--db", dir, "--histogram"}}) {
    const CliResult r = RunQueryCli(args);
    EXPECT_EQ(r.status, kExitNoInput);
    EXPECT_NE(r.err.find("slidedb-build"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(dir), std::string::npos) << r.err;
    EXPECT_EQ(r.out, "");
  }
  // An empty directory is no database either.
  CliResult r = RunQueryCli({"--db", TempDir("query-empty-db"), "123456780"});
  EXPECT_EQ(r.status, kExitNoInput);
  EXPECT_NE(r.err.find("slidedb-build"), std::string::npos) << r.err;
  // Where slidedb-build would refuse to build (a file; a folder of other
  // files), no command that fails: what is wrong instead.
  const std::string other = TempDir("query-other-files");
  std::ofstream(other + "/notes.txt") << "not a database";
  for (const auto& [dir, why] :
       {std::pair<std::string, std::string>{other + "/notes.txt", "a file"},
        {other, "a folder of other files"}}) {
    r = RunQueryCli({"--db", dir, "123456780"});
    EXPECT_EQ(r.status, kExitNoInput);
    EXPECT_NE(r.err.find(why), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("slidedb-build --db"), std::string::npos) << r.err;
  }
}

// While a first build of the database runs (it holds DIR.lock), the
// query says so rather than naming a build command that would wait.
TEST(QueryCliTest, MissingDatabaseUnderABuildSaysSo) {
  const std::string dir = TempDir("query-building") + "/db";
  const int fd = open((dir + ".lock").c_str(), O_RDWR | O_CREAT, 0644);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(flock(fd, LOCK_EX), 0);  // as slidedb-build holds it
  CliResult r = RunQueryCli({"--db", dir, "123456780"});
  EXPECT_EQ(r.status, kExitNoInput);
  EXPECT_NE(r.err.find("a slidedb-build of it is under way"), std::string::npos)
      << r.err;
  close(fd);  // the build ended: the command that builds it again
  r = RunQueryCli({"--db", dir, "123456780"});
  EXPECT_NE(
      r.err.find("build it with: slidedb-build --db " + ShellWord(dir) + "\n"),
      std::string::npos)
      << r.err;
  // Another board's (or metric's) build: slidedb-build makes 3x3's alone.
  r = RunQueryCli(
      {"--db", dir, "--board", "4x4", "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15"});
  EXPECT_NE(r.err.find("build it with: slidedb-build --db " + ShellWord(dir) +
                       " --board 4x4\n"),
            std::string::npos)
      << r.err;
  r = RunQueryCli({"--db", dir, "--board", "2x3", "--metric", "mtm", "12345_"});
  EXPECT_NE(r.err.find("build it with: slidedb-build --db " + ShellWord(dir) +
                       " --board 2x3 --metric mtm\n"),
            std::string::npos)
      << r.err;
}

// No multi-tile table is built of a board past 12 cells: without a
// database, its questions are refused as they are with one (64, the same
// words), never sent to a build that refuses them too.
TEST(QueryCliTest, MultiTileBoardsPastFullTablesNeedNoDatabaseToBeRefused) {
  const std::string none = TempDir("query-mtm-no-db") + "/nothing-here";
  std::string s55;
  for (int i = 1; i < 25; ++i) s55 += std::to_string(i) + ",";
  s55 += "0";
  const std::vector<std::vector<std::string>> asked = {
      {"--board", "4x4", "--metric", "mtm", "--histogram"},
      {"--board", "4x4", "--metric", "mtm", "--at-distance", "3"},
      {"--board", "2x7", "--metric", "mtm", "--histogram"},
      {"--board", "2x7", "--metric", "mtm", "1,2,3,4,5,6,7,8,9,10,11,12,0,13"},
      {"--board", "5x5", "--metric", "mtm", s55},
      {"--board", "5x5", "--metric", "mtm", "--count", s55},
  };
  for (const auto& args : asked) {
    std::vector<std::string> with = {"--db", TestDatabase()};
    std::vector<std::string> without = {"--db", none};
    with.insert(with.end(), args.begin(), args.end());
    without.insert(without.end(), args.begin(), args.end());
    const CliResult a = RunQueryCli(with);
    const CliResult b = RunQueryCli(without);
    EXPECT_EQ(a.status, kExitUsage) << a.err;
    EXPECT_EQ(b.status, a.status) << b.err;
    EXPECT_EQ(b.err, a.err);
    EXPECT_EQ(b.err.find("slidedb-build --db"), std::string::npos) << b.err;
  }
  // A board with no multi-tile answer is not said to be searched.
  const CliResult r = RunQueryCli({"--db", TestDatabase(), "--board", "2x7",
                                   "--metric", "mtm", "--histogram"});
  EXPECT_NE(r.err.find("2x7 has no multi-tile answer"), std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find("answered by a search"), std::string::npos) << r.err;
}

TEST(QueryCliTest, MissingTableIsStatus66AndNamesTheBuild) {
  // 2x5 has only its default goal in the test database, which serves the
  // goals with the blank in a corner; the blank on cell 1 is served by the
  // table of cell 8 (lib/puzzle/symmetry.h), not built.
  CliResult r = Query({"--board", "2x5", "--goal", "1,_,2,3,4,5,6,7,8,9",
                       "1,2,3,4,5,6,7,8,9,_"});
  EXPECT_EQ(r.status, kExitNoInput);
  EXPECT_NE(
      r.err.find("2x5/b8 (board 2x5, serving the goal blanks 1, 3, 6, 8)"),
      std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("slidedb-build --db " + ShellWord(TestDatabase()) +
                       " --board 2x5 --goal 1,0,2,3,4,5,6,7,8,9"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.out, "");
  // No table at all for 3x4.
  r = Query({"--board", "3x4", "1,2,3,4,5,6,7,8,9,10,11,0"});
  EXPECT_EQ(r.status, kExitNoInput);
  EXPECT_NE(r.err.find("slidedb-build"), std::string::npos) << r.err;
  // Reading standard input: reported before any input is read.
  r = Query({"--board", "3x4"}, "1,2,3,4,5,6,7,8,9,10,11,0\n");
  EXPECT_EQ(r.status, kExitNoInput);
  EXPECT_EQ(r.out, "");
  r = Query({"--board", "3x4", "--histogram"});
  EXPECT_EQ(r.status, kExitNoInput);
  EXPECT_NE(r.err.find("slidedb-build"), std::string::npos) << r.err;
}

// A state named on the command line that is malformed for the board is
// said beside a missing database or table, before the build it names: a
// user who builds it is not told only then. The missing one decides the
// exit status, as in a batch.
TEST(QueryCliTest, MalformedStatesAreSaidBesideAMissingTable) {
  const std::string none = TempDir("query-malformed-no-db") + "/nothing-here";
  const std::vector<std::vector<std::string>> asked = {
      {"--db", none, "1234", "123456780"},
      {"--db", TestDatabase(), "--board", "3x4", "1234",
       "1,2,3,4,5,6,7,8,9,10,11,0"},
      {"--db", TestDatabase(), "--board", "3x4", "--moves", "1234"},
      {"--db", none, "--analyse", "--start", "1234", "--moves", "U"},
  };
  for (const auto& args : asked) {
    const CliResult r = RunQueryCli(args);
    EXPECT_EQ(r.status, kExitNoInput) << r.err;
    const auto said = Lines(r.err);
    ASSERT_GE(said.size(), 2u) << r.err;
    EXPECT_EQ(said[0].rfind("slidedb-query: '1234': 4 cells given; a ", 0), 0u)
        << r.err;
    EXPECT_NE(said.back().find("slidedb-build"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\''), 2) << r.err;
  }
}

TEST(QueryCliTest, DatabaseFromEnvironment) {
  const char* old = std::getenv("SLIDEDB_DB");
  const std::string saved = old ? old : "";
  setenv("SLIDEDB_DB", TestDatabase().c_str(), 1);
  const CliResult r = RunQueryCli({"123456708"});
  if (old) {
    setenv("SLIDEDB_DB", saved.c_str(), 1);
  } else {
    unsetenv("SLIDEDB_DB");
  }
  EXPECT_EQ(r.status, kExitOk) << r.err;
  EXPECT_EQ(Lines(r.out).at(0), "123456708 -> 123456780: 1 move");
}

TEST(QueryCliTest, BadUsageIsStatus64) {
  const std::vector<std::vector<std::string>> cases = {
      {"--format", "xml", "123456780"},
      {"--format", "csv", "123456780"},  // csv is for --histogram only
      {"--histogram", "--format", "yaml"},
      {"--board", "5x6", "123456780"},
      {"--board", "abc", "123456780"},
      {"--board", "1x5"},
      // Sides whose product overflows int once crashed every face.
      {"--board", "65536x65536", "1"},
      {"--board", "46341x46341", "1"},
      {"--board", "2x2147483647", "1"},
      {"--board", "4x1073741824", "1"},
      {"--board", "65536x65536", "--histogram"},
      {"--histogram", "123456780"},
      {"--goal", "12345678", "123456780"},
      {"--max-seconds", "0", "123456780"},
      {"--max-seconds", "1s", "123456780"},
      {"--max-seconds", "-2", "123456780"},
      {"--max-seconds", "0x10", "123456780"},
      {"--max-seconds", " 5", "123456780"},
      {"--max-seconds", "5 ", "123456780"},
      {"--max-seconds", "1e1", "123456780"},
      {"--no-such-option"},
      {"--format"},
      {"--db", "", "123456780"},
      // Options a table tool would ignore (once silently).
      {"--tables", "--goal", "123456780"},
      {"--tables", "--metric", "mtm"},
      {"--histogram", "--notation", "tile"},
      {"--sample", "2", "--max-seconds", "1"},
      {"--export", "csv", "--max-seconds", "3"},
  };
  for (const auto& args : cases) {
    const CliResult r = Query(args);
    std::string joined;
    for (const auto& a : args) joined += a + " ";
    EXPECT_EQ(r.status, kExitUsage) << joined << "\n" << r.err;
    EXPECT_NE(r.err.find("slidedb-query: "), std::string::npos) << joined;
    EXPECT_EQ(r.out, "") << joined;
  }
}

// Names of values in any case, as --metric MTM: --format JSON, --notation
// Tile and --export CSV answer as their lower-case names do.
TEST(QueryCliTest, ValueNamesInAnyCase) {
  EXPECT_EQ(Query({"--format", "JSON", "123405786"}).out,
            Query({"--format", "json", "123405786"}).out);
  EXPECT_EQ(Query({"--notation", "Tile", "123405786"}).out,
            Query({"--notation", "tile", "123405786"}).out);
  const CliResult csv = Query({"--export", "CSV"});
  EXPECT_EQ(csv.status, kExitOk) << csv.err;
  EXPECT_EQ(csv.out, Query({"--export", "csv"}).out);
}

// An empty value (an unset shell variable) is refused by name: --blank ''
// was dropped unseen. (--verify '' checks the solution of no moves.)
TEST(QueryCliHardeningTest, AnEmptyValueIsRefusedByName) {
  for (const char* option : {"--db", "--blank", "--goal", "--notation"}) {
    const CliResult r = Query({option, "", "123456780"});
    EXPECT_EQ(r.status, kExitUsage) << option << ": " << r.out;
    EXPECT_NE(r.err.find(std::string(option) + " is empty"), std::string::npos)
        << r.err;
    EXPECT_EQ(r.out, "") << option;
  }
  // An empty state is a malformed line of the batch, not an option.
  const CliResult r = Query({"", "123456780"});
  EXPECT_EQ(r.err.find("is empty"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("123456780"), std::string::npos) << r.out;
}

TEST(QueryCliHardeningTest, BlankLabelWithASeparatorIsAUsageError) {
  for (const char* blank : {" ", ",", "/", "a b"}) {
    const CliResult r = Query({"--blank", blank, "123456780"});
    EXPECT_EQ(r.status, kExitUsage) << "'" << blank << "': " << r.err;
  }
}

TEST(QueryCliHardeningTest, StepsWithATableToolIsAUsageError) {
  const CliResult r = Query({"--steps", "--histogram"});
  EXPECT_EQ(r.status, kExitUsage) << r.out;
  EXPECT_NE(r.err.find("--steps"), std::string::npos) << r.err;
}

TEST(QueryCliHardeningTest, HugeAndControlCharacterLinesAreMalformed) {
  const std::string huge(100000, '1');
  const CliResult r = Query({"--format", "json"},
                            huge + "\n1 2 3 4 5 6 7 8 \x01\n123456708\n");
  EXPECT_EQ(r.status, kExitDataError);
  const auto answers = JsonLines(r.out);
  ASSERT_EQ(answers.size(), 3u) << r.out;
  EXPECT_NE(answers[0].at("error").get<std::string>().find("too long"),
            std::string::npos);
  // The echo of the input is cut short.
  EXPECT_LT(answers[0].at("input").get<std::string>().size(), 200u);
  EXPECT_TRUE(answers[1].contains("error"));
  EXPECT_EQ(answers[2].at("distance"), 1);
}

// A word holding one of Boost.Program_options' placeholders is refused like
// any other bad option (the library's message once looped for ever on it:
// cli/option_error.h), for the query and the build alike.
TEST(QueryCliTest, AnOptionHoldingAParserPlaceholderIsAnError) {
  for (const std::string word :
       {"--%original_token%a", "--x%canonical_option%", "--%value%"}) {
    const CliResult q = Query({word});
    EXPECT_EQ(q.status, 64) << word;
    EXPECT_NE(q.err.find("slidedb-query: unrecognised option"),
              std::string::npos)
        << q.err;
    EXPECT_NE(q.err.find("%25"), std::string::npos) << q.err;
    const CliResult b = testing::RunBuildCli({word});
    EXPECT_EQ(b.status, 64) << word;
  }
  // A number's value is read by slidedb, not the library: said as given.
  const CliResult v = Query({"--threads", "%value%"});
  EXPECT_EQ(v.status, 64);
  EXPECT_NE(v.err.find("--threads must be a whole number from 0 to 256, not "
                       "'%value%'"),
            std::string::npos)
      << v.err;
}

}  // namespace
}  // namespace slidedb
