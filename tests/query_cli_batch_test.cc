// slidedb-query's batches and streams, run in-process: states named on the
// command line answer as a batch from standard input does, a batch skips
// blank lines and comments, each line is answered before the next is read,
// and output that cannot be written or input that cannot be read is an
// error.
#include <gtest/gtest.h>
#include <unistd.h>

#include <ext/stdio_filebuf.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <streambuf>
#include <string>
#include <vector>

#include "cli/exit_codes.h"
#include "query/query_cli.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

using testing::CliResult;
using testing::JsonLines;
using testing::Lines;
using testing::OneLineAtATime;
using testing::Query;
using testing::TempDir;
using testing::TestDatabase;

// States named on the command line read only the pages their walks touch
// (lib/storage/database.h, PageLoading::kOnUse); a batch from the input reads the
// table whole first. The answers are the same bytes, for a stored goal and
// for one served by symmetry, in text and JSON.
TEST(QueryCliTest, NamedStatesAnswerAsTheBatch) {
  const std::vector<std::string> states = {"867254301", "123456780",
                                           "123456708", "806547231",
                                           "012345678", "876543210"};
  std::string input;
  for (const auto& st : states) input += st + "\n";
  for (const std::vector<std::string>& extra :
       {std::vector<std::string>{}, {"--format", "json", "--steps"},
        {"--goal", "012345678"}, {"--goal", "_12345678", "--format", "json"}}) {
    std::vector<std::string> args = {"--db", testing::TestDatabase()};
    args.insert(args.end(), extra.begin(), extra.end());
    const auto batch = testing::RunQueryCli(args, input);
    std::string one_by_one;
    for (const auto& st : states) {
      std::vector<std::string> a = args;
      a.push_back(st);
      const auto r = testing::RunQueryCli(a);
      one_by_one += r.out;
    }
    args.insert(args.end(), states.begin(), states.end());
    const auto named = testing::RunQueryCli(args);
    EXPECT_EQ(batch.status, kExitOk) << batch.err;
    EXPECT_EQ(named.status, batch.status) << named.err;
    EXPECT_EQ(named.out, batch.out);
    EXPECT_EQ(one_by_one, batch.out);
    EXPECT_NE(batch.out, "");
  }
}

TEST(QueryCliTest, BatchFromStandardInput) {
  const std::string input =
      "867254301\n"
      "\n"
      "# a comment\n"
      "   \n"
      "  # an indented comment\n"
      "123456708\r\n"
      "1 2 3/4 5 6/7 _ 8\n"
      "123456780";  // no newline at the end
  CliResult r = Query({}, input);
  ASSERT_EQ(r.status, kExitOk) << r.err;
  std::vector<std::string> firsts;
  for (const auto& line : Lines(r.out)) {
    if (line.rfind("  ", 0) != 0) firsts.push_back(line);
  }
  EXPECT_EQ(firsts, (std::vector<std::string>{
                        "867254301 -> 123456780: 31 moves",
                        "123456708 -> 123456780: 1 move",
                        "123456708 -> 123456780: 1 move",
                        "123456780 -> 123456780: 0 moves"}));

  r = Query({"--format", "json"}, "# header\n123456708\nbad\n\n123456870\n");
  EXPECT_EQ(r.status, kExitDataError);
  const auto answers = JsonLines(r.out);
  ASSERT_EQ(answers.size(), 3u) << r.out;
  EXPECT_EQ(answers[0].at("distance"), 1);
  EXPECT_EQ(answers[1].at("input"), "bad");
  EXPECT_EQ(answers[2].at("solvable"), false);

  r = Query({}, "");
  EXPECT_EQ(r.status, kExitOk);
  EXPECT_EQ(r.out, "");
}

// A line-at-a-time input (a pipe from another program) gets each answer
// before the next line is read, so a program can converse with the tool.
TEST(QueryCliTest, AnswersEachLineBeforeReadingTheNext) {
  std::ostringstream out, err;
  OneLineAtATime feeder({"123456708\n", "bad\n", "123456780\n"}, &out);
  std::istream in(&feeder);
  const int status = RunQuery({"--db", TestDatabase()}, in, out, err);
  EXPECT_EQ(status, kExitDataError);
  ASSERT_EQ(feeder.seen.size(), 3u);
  EXPECT_EQ(feeder.seen[0], "");
  EXPECT_NE(feeder.seen[1].find("123456708 -> 123456780: 1 move"),
            std::string::npos)
      << "the first answer waited for more input";
  EXPECT_EQ(feeder.seen[2], feeder.seen[1]) << "a malformed line prints nothing";
  EXPECT_NE(err.str().find("'bad'"), std::string::npos) << err.str();
  EXPECT_NE(out.str().find("123456780 -> 123456780: 0 moves"),
            std::string::npos);
}

// Output that cannot be written (a full disk) is an error, not a success.
class FullDisk : public std::streambuf {
 protected:
  int_type overflow(int_type) override { return traits_type::eof(); }
  std::streamsize xsputn(const char*, std::streamsize) override { return 0; }
};

TEST(QueryCliTest, UnwritableOutputIsStatus74) {
  FullDisk full;
  std::ostream out(&full);
  std::istringstream in("123456708\n867254301\n");
  std::ostringstream err;
  EXPECT_EQ(RunQuery({"--db", TestDatabase()}, in, out, err), kExitIOError);
  EXPECT_NE(err.str().find("cannot write the output"), std::string::npos);
  std::istringstream none;
  EXPECT_EQ(RunQuery({"--db", TestDatabase(), "867254301"}, none, out, err),
            kExitIOError);
}

// Standard input that cannot be read, read as slidedb-query's main() reads
// it (a stdio_filebuf, as std::cin is without sync_with_stdio): a
// directory (`slidedb-query < dir`, EISDIR) or a closed descriptor
// (`slidedb-query <&-`, EBADF) is an error, not an empty input.
CliResult RunQueryOnFile(std::FILE* file, std::vector<std::string> args) {
  __gnu_cxx::stdio_filebuf<char> buf(file, std::ios_base::in);
  std::istream in(&buf);
  std::ostringstream out, err;
  const int status = RunQuery(args, in, out, err);
  return {status, out.str(), err.str()};
}

TEST(QueryCliTest, UnreadableInputIsStatus74) {
  std::FILE* dir = std::fopen(TempDir("unreadable-input").c_str(), "r");
  ASSERT_NE(dir, nullptr);
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"--db", TestDatabase()}, {"--db", TestDatabase(), "--moves"}}) {
    std::rewind(dir);
    const CliResult r = RunQueryOnFile(dir, args);
    EXPECT_EQ(r.status, kExitIOError) << r.err;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "slidedb-query: cannot read the input: " +
                         std::string(std::strerror(EISDIR)) + "\n");
  }
  std::fclose(dir);

  const std::string path = TempDir("closed-input") + "/states";
  std::ofstream(path) << "867254301\n";
  std::FILE* closed = std::fopen(path.c_str(), "r");
  ASSERT_NE(closed, nullptr);
  close(fileno(closed));
  const CliResult r = RunQueryOnFile(closed, {"--db", TestDatabase()});
  EXPECT_EQ(r.status, kExitIOError);
  EXPECT_EQ(r.err, "slidedb-query: cannot read the input: " +
                       std::string(std::strerror(EBADF)) + "\n");
  std::fclose(closed);

  // A readable file still answers, and its end is no error.
  std::FILE* file = std::fopen(path.c_str(), "r");
  ASSERT_NE(file, nullptr);
  const CliResult ok = RunQueryOnFile(file, {"--db", TestDatabase()});
  std::fclose(file);
  EXPECT_EQ(ok.status, kExitOk) << ok.err;
  EXPECT_EQ(ok.err, "");
  EXPECT_NE(ok.out.find("31 moves"), std::string::npos) << ok.out;
}

}  // namespace
}  // namespace slidedb
