// slidedb-query and slidedb-build, run in-process: exit statuses, standard
// output and standard error as a user sees them.
#include <gtest/gtest.h>
#include <rocksdb/db.h>
#include <sys/wait.h>
#include <unistd.h>

#include <ext/stdio_filebuf.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <numeric>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli/exit_codes.h"
#include "cli/version.h"
#include "lib/puzzle/board.h"
#include "lib/puzzle/notation.h"
#include "lib/puzzle/problem.h"
#include "lib/solve/solver.h"
#include "lib/storage/database.h"
#include "lib/storage/format.h"
#include "query/query_cli.h"
#include "tests/reference_search.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;
using testing::CliResult;
using testing::OneLineAtATime;
using testing::Pack;
using testing::RefShape;
using testing::RunBuildCli;
using testing::RunQueryCli;
using testing::TempDir;
using testing::TestDatabase;

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// Every line of JSON Lines output, parsed; a line that is not JSON fails.
std::vector<json> JsonLines(const std::string& text) {
  std::vector<json> out;
  for (const std::string& line : Lines(text)) {
    json j = json::parse(line, nullptr, /*allow_exceptions=*/false);
    EXPECT_FALSE(j.is_discarded()) << "not JSON: " << line;
    EXPECT_TRUE(j.is_object()) << line;
    out.push_back(std::move(j));
  }
  return out;
}

CliResult Query(std::vector<std::string> args, const std::string& input = "") {
  args.insert(args.begin(), {"--db", TestDatabase()});
  return RunQueryCli(args, input);
}

// Plays `moves` (directions of the blank) on `start` in the user's labels,
// with this test's own geometry; returns the final arrangement written as
// FormatArrangement would, or "" if a move leaves the board. *tiles gets
// the labels of the tiles that slid.
std::string Replay(const Board& board, const std::string& start,
                   const std::string& moves, const NotationOptions& options,
                   std::vector<std::string>* tiles) {
  Arrangement a;
  if (!ParseArrangement(start, board, options, &a).ok()) return "";
  for (char m : moves) {
    const int r = a.blank / board.cols(), c = a.blank % board.cols();
    int to = -1;
    if (m == 'U' && r > 0) to = a.blank - board.cols();
    if (m == 'D' && r + 1 < board.rows()) to = a.blank + board.cols();
    if (m == 'L' && c > 0) to = a.blank - 1;
    if (m == 'R' && c + 1 < board.cols()) to = a.blank + 1;
    if (to < 0) return "";
    tiles->push_back(a.labels[to]);
    std::swap(a.labels[a.blank], a.labels[to]);
    a.blank = to;
  }
  return FormatArrangement(a, OutputBlankLabel(options));
}

std::string TileText(const json& t) {
  return t.is_string() ? t.get<std::string>() : std::to_string(t.get<int>());
}

// The reference distance of a 3x3 start from a goal, both given as digits
// with 0 the blank.
int ReferenceDistance(const std::string& start, const std::string& goal) {
  auto digits = [](const std::string& s) {
    std::vector<int> v;
    for (char c : s) v.push_back(c - '0');
    return Pack(v);
  };
  testing::IdaStar search(RefShape{3, 3}, digits(goal));
  return search.Distance(digits(start));
}

// ---------------------------------------------------------------------------
// slidedb-query

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

TEST(QueryCliTest, TextAnswer) {
  const CliResult r = Query({"867254301"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  EXPECT_TRUE(r.err.empty()) << r.err;
  const auto lines = Lines(r.out);
  ASSERT_EQ(lines.size(), 3u) << r.out;
  EXPECT_EQ(lines[0], "867254301 -> 123456780: 31 moves");
  ASSERT_EQ(lines[1].rfind("  moves: ", 0), 0u);
  ASSERT_EQ(lines[2].rfind("  tiles:", 0), 0u);
  const std::string moves = lines[1].substr(9);
  EXPECT_EQ(moves.size(), 31u);
  std::vector<std::string> slid;
  EXPECT_EQ(Replay(Board(), "867254301", moves, {}, &slid), "123456780");
  std::string tiles;
  for (const auto& t : slid) tiles += " " + t;
  EXPECT_EQ(lines[2], "  tiles:" + tiles);
}

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

TEST(QueryCliTest, TextAnswerOfZeroAndOneMoves) {
  CliResult r = Query({"123456780"});
  EXPECT_EQ(r.status, kExitOk);
  EXPECT_EQ(r.out, "123456780 -> 123456780: 0 moves\n");
  r = Query({"123456708"});
  EXPECT_EQ(r.status, kExitOk);
  EXPECT_EQ(r.out, "123456708 -> 123456780: 1 move\n  moves: R\n  tiles: 8\n");
}

TEST(QueryCliTest, JsonAnswersMatchReferenceDistances) {
  const std::vector<std::string> starts = {"867254301", "123456780",
                                           "413726580", "806547231",
                                           "1 2 3/4 _ 6/7 5 8"};
  std::vector<std::string> args = {"--format", "json"};
  args.insert(args.end(), starts.begin(), starts.end());
  const CliResult r = Query(args);
  ASSERT_EQ(r.status, kExitOk) << r.err;
  const auto answers = JsonLines(r.out);
  ASSERT_EQ(answers.size(), starts.size());
  for (size_t k = 0; k < starts.size(); ++k) {
    const json& a = answers[k];
    SCOPED_TRACE(starts[k]);
    Arrangement parsed;
    ASSERT_TRUE(ParseArrangement(starts[k], Board(), {}, &parsed).ok());
    const std::string start = FormatArrangement(parsed, "0");
    EXPECT_EQ(a.at("board"), "3x3");
    EXPECT_EQ(a.at("start"), start);
    EXPECT_EQ(a.at("goal"), "123456780");
    EXPECT_EQ(a.at("solvable"), true);
    const std::string moves = a.at("moves");
    EXPECT_EQ(a.at("distance"), ReferenceDistance(start, "123456780"));
    EXPECT_EQ(a.at("distance").get<size_t>(), moves.size());
    ASSERT_TRUE(a.at("tiles").is_array());
    std::vector<std::string> slid;
    EXPECT_EQ(Replay(Board(), start, moves, {}, &slid), "123456780");
    ASSERT_EQ(a.at("tiles").size(), slid.size());
    for (size_t i = 0; i < slid.size(); ++i) {
      EXPECT_TRUE(a.at("tiles")[i].is_number()) << "numeric labels are numbers";
      EXPECT_EQ(TileText(a.at("tiles")[i]), slid[i]);
    }
  }
}

TEST(QueryCliTest, RelabelledGoal) {
  const CliResult r =
      Query({"--format", "json", "--goal", "123/8_4/765", "283164705"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  const auto a = JsonLines(r.out).at(0);
  EXPECT_EQ(a.at("goal"), "123804765");
  EXPECT_EQ(a.at("distance"), ReferenceDistance("283164705", "123804765"));
  std::vector<std::string> slid;
  EXPECT_EQ(Replay(Board(), "283164705", a.at("moves"), {}, &slid),
            "123804765");
}

TEST(QueryCliTest, LetterLabelsAndChosenBlank) {
  // Letters: tiles come back as JSON strings.
  CliResult r = Query({"--format", "json", "--goal", "abcdefgh_", "abcdefg_h"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  json a = JsonLines(r.out).at(0);
  EXPECT_EQ(a.at("distance"), 1);
  EXPECT_EQ(a.at("tiles"), json::array({"h"}));
  // --blank 9: tiles 1-8, 9 the blank, on input and output.
  r = Query({"--format", "json", "--blank", "9", "123456798"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  a = JsonLines(r.out).at(0);
  EXPECT_EQ(a.at("start"), "123456798");
  EXPECT_EQ(a.at("goal"), "123456789");
  EXPECT_EQ(a.at("moves"), "R");
  // Under --blank 9, 0 is no blank.
  r = Query({"--blank", "9", "123456780"});
  EXPECT_EQ(r.status, kExitDataError);
  EXPECT_NE(r.err.find("no blank"), std::string::npos) << r.err;
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

TEST(QueryCliTest, StepsInText) {
  const CliResult r = Query({"--steps", "123405786"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  EXPECT_EQ(r.out,
            "123405786 -> 123456780: 2 moves\n"
            "  moves: RD\n"
            "  tiles: 5 6\n"
            "  start:\n"
            "    1 2 3\n"
            "    4 _ 5\n"
            "    7 8 6\n"
            "  step 1: R (tile 5)\n"
            "    1 2 3\n"
            "    4 5 _\n"
            "    7 8 6\n"
            "  step 2: D (tile 6)\n"
            "    1 2 3\n"
            "    4 5 6\n"
            "    7 8 _\n");
}

TEST(QueryCliTest, StepsInTextReachTheGoal) {
  const CliResult r = Query({"--steps", "867254301"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  const auto lines = Lines(r.out);
  int steps = 0;
  for (const auto& l : lines) steps += l.rfind("  step ", 0) == 0;
  EXPECT_EQ(steps, 31);
  ASSERT_GE(lines.size(), 3u);
  EXPECT_EQ(std::vector<std::string>(lines.end() - 3, lines.end()),
            (std::vector<std::string>{"    1 2 3", "    4 5 6", "    7 8 _"}));
}

TEST(QueryCliTest, StepsInJsonIsAPathOfStates) {
  const CliResult r = Query({"--format", "json", "--steps", "--goal",
                             "1234_5678", "867254301"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  const json a = JsonLines(r.out).at(0);
  const auto& path = a.at("path");
  ASSERT_TRUE(path.is_array());
  ASSERT_EQ(path.size(), a.at("distance").get<size_t>() + 1);
  EXPECT_EQ(path.front(), "867254301");
  EXPECT_EQ(path.back(), "123405678");
  const std::string moves = a.at("moves");
  for (size_t k = 0; k + 1 < path.size(); ++k) {
    std::vector<std::string> slid;
    EXPECT_EQ(Replay(Board(), path[k], moves.substr(k, 1), {}, &slid),
              path[k + 1])
        << "step " << k;
  }
}

TEST(QueryCliTest, StepsInJsonWithChosenBlank) {
  const CliResult r =
      Query({"--format", "json", "--steps", "--blank", "9", "152349768"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  const json a = JsonLines(r.out).at(0);
  // Replayed with 9 as the blank throughout.
  const auto& path = a.at("path");
  ASSERT_EQ(path.size(), a.at("distance").get<size_t>() + 1);
  EXPECT_EQ(path.front(), "152349768");
  EXPECT_EQ(path.back(), "123456789");
  const std::string moves = a.at("moves");
  for (size_t k = 0; k + 1 < path.size(); ++k) {
    std::vector<std::string> slid;
    EXPECT_EQ(Replay(Board(), path[k], moves.substr(k, 1), {"9"}, &slid),
              path[k + 1]);
  }
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

// A state whose blank is written '-' and comes first looks like an option.
// After "--", and as the value of --goal, it is a state.
TEST(QueryCliTest, StateStartingWithDashAfterDoubleDash) {
  CliResult r = Query({"--", "-12345678"});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  EXPECT_EQ(Lines(r.out).at(0).rfind("012345678 -> 123456780: ", 0), 0u)
      << r.out;
  r = Query({"--format", "json", "--goal", "-12345678", "1-2345678"});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  EXPECT_EQ(JsonLines(r.out).at(0).at("distance"), 1);
}

// The blank may be written '-', so a state may start with one.
TEST(QueryCliTest, StateStartingWithDashIsAState) {
  CliResult r = Query({"-12345678"});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  r = Query({"- 1 2 3 4 5 6 7 8"});
  EXPECT_EQ(r.status, kExitOk) << r.err;
}

TEST(QueryCliTest, OtherBoards) {
  // 2x3, against a reference search from its goal.
  CliResult r = Query({"--board", "2x3", "--format", "json", "54321_"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  json a = JsonLines(r.out).at(0);
  testing::IdaStar search(RefShape{2, 3}, Pack({1, 2, 3, 4, 5, 0}));
  EXPECT_EQ(a.at("distance"), search.Distance(Pack({5, 4, 3, 2, 1, 0})));
  EXPECT_EQ(a.at("start"), "543210");
  // 2x5 takes its states with commas and writes them so.
  r = Query({"--board", "2x5", "--format", "json", "1,2,3,4,5,6,7,8,0,9"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  a = JsonLines(r.out).at(0);
  EXPECT_EQ(a.at("goal"), "1,2,3,4,5,6,7,8,9,0");
  EXPECT_EQ(a.at("moves"), "R");
  // A state of the wrong size for the board.
  r = Query({"--board", "2x3", "123456780"});
  EXPECT_EQ(r.status, kExitDataError);
  EXPECT_NE(r.err.find("9 cells given; a 2x3 board has 6"), std::string::npos)
      << r.err;
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
  const CliResult r = RunQueryCli({"--db", TempDir("query-empty-db"), "123456780"});
  EXPECT_EQ(r.status, kExitNoInput);
  EXPECT_NE(r.err.find("slidedb-build"), std::string::npos) << r.err;
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
  EXPECT_NE(r.err.find("slidedb-build --db " + TestDatabase() +
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

// ---------------------------------------------------------------------------
// slidedb-build

std::set<std::string> TableIds(const std::string& dir) {
  std::unique_ptr<Database> db;
  Status s = Database::Open(dir, &db);
  EXPECT_TRUE(s.ok()) << s.ToString();
  std::set<std::string> ids;
  if (db) {
    for (const auto& id : db->table_ids()) ids.insert(id);
  }
  return ids;
}

// Names in `dir`'s parent that start with `dir`'s name and ".building.".
std::vector<std::string> AsideCopies(const std::string& dir) {
  std::vector<std::string> out;
  const fs::path p(dir);
  const std::string stem = p.filename().string() + ".building.";
  for (const auto& e : fs::directory_iterator(p.parent_path())) {
    const std::string name = e.path().filename().string();
    if (name.rfind(stem, 0) == 0) out.push_back(name);
  }
  return out;
}

TEST(BuildCliTest, HelpAndVersion) {
  CliResult r = RunBuildCli({"--help"});
  EXPECT_EQ(r.status, kExitOk);
  EXPECT_NE(r.out.find("Usage: slidedb-build"), std::string::npos);
  EXPECT_NE(r.out.find("Exit status"), std::string::npos);
  r = RunBuildCli({"--version"});
  EXPECT_EQ(r.status, kExitOk);
  EXPECT_EQ(r.out, std::string("slidedb-build ") + kVersion + "\n");
}

TEST(BuildCliTest, BadUsageIsStatus64) {
  const std::string db = TempDir("build-usage") + "/db";
  const std::vector<std::vector<std::string>> cases = {
      {"--board", "1x5"}, {"--board", "5x6"}, {"--board", "abc"},
      {"--threads", "-1"}, {"--goal", "12345"}, {"--goal", "1234567800"},
      {"--no-such-option"}, {"--threads", "many"},
  };
  for (const auto& args : cases) {
    std::vector<std::string> full = {"--db", db, "--quiet"};
    full.insert(full.end(), args.begin(), args.end());
    const CliResult r = RunBuildCli(full);
    EXPECT_EQ(r.status, kExitUsage) << args[0] << " " << r.err;
    EXPECT_NE(r.err.find("slidedb-build: "), std::string::npos);
  }
  EXPECT_FALSE(fs::exists(db)) << "a refused build wrote a database";
}

// An absurd --threads is refused or capped, not a crash.
TEST(BuildCliTest, AbsurdThreadCountIsNotACrash) {
  const std::string db = TempDir("build-threads") + "/db";
  const CliResult r = RunBuildCli(
      {"--db", db, "--board", "2x2", "--goal", "123_", "--threads", "100000",
       "--quiet"});
  EXPECT_TRUE(r.status == kExitOk || r.status == kExitUsage) << r.err;
}

TEST(BuildCliTest, BuildsIntoAnEmptyDirectoryAndTheQueryReadsIt) {
  const std::string db = TempDir("build-fresh") + "/nested/db";
  const CliResult r = RunBuildCli({"--db", db, "--board", "2x3"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  // Progress per depth on standard error, one summary line per table.
  EXPECT_NE(r.err.find("depth"), std::string::npos) << r.err;
  const size_t max_distance =
      testing::HistogramOf(
          testing::DistancesTo(RefShape{2, 3}, Pack({1, 2, 3, 4, 5, 0})))
          .size() -
      1;
  EXPECT_NE(r.out.find("2x3 goal 123450: 360 states, max distance " +
                       std::to_string(max_distance)),
            std::string::npos)
      << r.out;
  // Two tables serve the six goal blanks (lib/puzzle/symmetry.h).
  EXPECT_NE(r.out.find("wrote " + db + ": 2 tables of 2x3"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("serves the goal blanks 0 2 3 5"), std::string::npos)
      << r.out;
  EXPECT_EQ(TableIds(db), (std::set<std::string>{"2x3/b4", "2x3/b5"}));
  EXPECT_TRUE(AsideCopies(db).empty());
  const CliResult q =
      RunQueryCli({"--db", db, "--board", "2x3", "--format", "json", "12345_"});
  EXPECT_EQ(q.status, kExitOk) << q.err;
  EXPECT_EQ(JsonLines(q.out).at(0).at("distance"), 0);
}

TEST(BuildCliTest, QuietBuildsPrintNoProgress) {
  const std::string db = TempDir("build-quiet") + "/db";
  const CliResult r =
      RunBuildCli({"--db", db, "--board", "2x2", "--quiet", "--threads", "1"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  EXPECT_EQ(r.err, "");
}

TEST(BuildCliTest, GoalPicksOneTable) {
  const std::string db = TempDir("build-goal") + "/db";
  CliResult r = RunBuildCli(
      {"--db", db, "--board", "2x3", "--goal", "1_2/345", "--quiet"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  // The blank on cell 1 is served by the table of cell 4, its mirror image.
  EXPECT_EQ(TableIds(db), (std::set<std::string>{"2x3/b4"}));
  // Two goals with the same blank cell make one table; --blank is honoured.
  r = RunBuildCli({"--db", db, "--board", "2x3", "--goal", "9ab/cde",
                   "--goal", "954/321", "--blank", "9", "--quiet"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  EXPECT_EQ(TableIds(db), (std::set<std::string>{"2x3/b4", "2x3/b5"}));
  // The query answers for goals of every blank cell those tables serve.
  r = RunQueryCli({"--db", db, "--board", "2x3", "--goal", "_54/321", "5_4321"});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  EXPECT_EQ(Lines(r.out).at(0), "504321 -> 054321: 1 move") << r.out;
  r = RunQueryCli({"--db", db, "--board", "2x3", "12345_"});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  EXPECT_EQ(Lines(r.out).at(0), "123450 -> 123450: 0 moves") << r.out;
  r = RunQueryCli({"--db", db, "--board", "2x2", "123_"});
  EXPECT_EQ(r.status, kExitNoInput) << "no table for another board";
}

TEST(BuildCliTest, SecondBoardKeepsTheFirst) {
  const std::string db = TempDir("build-two-boards") + "/db";
  ASSERT_EQ(RunBuildCli({"--db", db, "--board", "2x2", "--quiet"}).status, 0);
  ASSERT_EQ(RunBuildCli({"--db", db, "--board", "3x2", "--goal", "12/34/5_",
                         "--quiet"})
                .status,
            0);
  EXPECT_EQ(TableIds(db), (std::set<std::string>{"2x2/b3", "3x2/b5"}));
  const CliResult r =
      RunQueryCli({"--db", db, "--board", "2x2", "--format", "json", "1_32"});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  EXPECT_TRUE(AsideCopies(db).empty());
}

TEST(BuildCliTest, RefusesADirectoryThatIsNotADatabase) {
  const std::string dir = TempDir("build-not-db") + "/precious";
  fs::create_directories(dir + "/sub");
  {
    std::ofstream(dir + "/notes.txt") << "my notes\n";
    std::ofstream(dir + "/sub/more.txt") << "more\n";
  }
  const CliResult r = RunBuildCli({"--db", dir, "--board", "2x2", "--quiet"});
  EXPECT_EQ(r.status, kExitCantCreate);
  EXPECT_NE(r.err.find("not a slidedb database"), std::string::npos) << r.err;
  std::set<std::string> names;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    names.insert(fs::relative(e.path(), dir).string());
  }
  EXPECT_EQ(names, (std::set<std::string>{"notes.txt", "sub", "sub/more.txt"}));
  std::ifstream in(dir + "/notes.txt");
  std::string text((std::istreambuf_iterator<char>(in)),
                   std::istreambuf_iterator<char>());
  EXPECT_EQ(text, "my notes\n");
  EXPECT_TRUE(AsideCopies(dir).empty());

  // A plain file where the database should be.
  const std::string file = TempDir("build-file") + "/db";
  std::ofstream(file) << "x";
  EXPECT_EQ(RunBuildCli({"--db", file, "--board", "2x2", "--quiet"}).status,
            kExitCantCreate);
  EXPECT_TRUE(fs::is_regular_file(file));
}

TEST(BuildCliTest, RefusesARocksDbThatIsNotSlidedb) {
  const std::string dir = TempDir("build-other-rocksdb") + "/db";
  {
    rocksdb::Options options;
    options.create_if_missing = true;
    rocksdb::DB* raw = nullptr;
    ASSERT_TRUE(rocksdb::DB::Open(options, dir, &raw).ok());
    std::unique_ptr<rocksdb::DB> db(raw);
    ASSERT_TRUE(db->Put(rocksdb::WriteOptions(), "key", "value").ok());
    ASSERT_TRUE(db->Close().ok());
  }
  const CliResult r = RunBuildCli({"--db", dir, "--board", "2x2", "--quiet"});
  EXPECT_EQ(r.status, kExitCantCreate);
  EXPECT_NE(r.err.find("not a slidedb"), std::string::npos) << r.err;
  rocksdb::DB* raw = nullptr;
  ASSERT_TRUE(rocksdb::DB::OpenForReadOnly(rocksdb::Options(), dir, &raw).ok());
  std::unique_ptr<rocksdb::DB> db(raw);
  std::string value;
  EXPECT_TRUE(db->Get(rocksdb::ReadOptions(), "key", &value).ok());
  EXPECT_EQ(value, "value");
  std::string format;
  EXPECT_TRUE(db->Get(rocksdb::ReadOptions(), kFormatKey, &format).IsNotFound());
  EXPECT_TRUE(AsideCopies(dir).empty());
}

// A database directory named with a trailing slash, as shell completion
// writes it, is the same directory. (Found by this suite: the copy went
// inside the database and the final swap failed with EINVAL, exit 73.)
TEST(BuildCliTest, DatabasePathWithTrailingSlash) {
  const std::string db = TempDir("build-slash") + "/db";
  CliResult r = RunBuildCli({"--db", db + "/", "--board", "2x2", "--quiet"});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  r = RunBuildCli({"--db", db + "/", "--board", "2x3", "--goal", "12345_",
                   "--quiet"});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  EXPECT_EQ(TableIds(db).size(), 2u);
}

// The id of a process that has exited.
pid_t DeadPid() {
  const pid_t pid = fork();
  if (pid == 0) _exit(0);
  int status;
  waitpid(pid, &status, 0);
  return pid;
}

// A build holds the writers' lock, so any copy beside the database is left
// by a build that died (whatever its process id has become since).
TEST(BuildCliTest, CleansStaleCopiesOfDeadBuilds) {
  const std::string parent = TempDir("build-stale");
  const std::string db = parent + "/db";
  const std::string stale = db + ".building." + std::to_string(DeadPid());
  const std::string reused = db + ".building." + std::to_string(getppid());
  const std::string other = parent + "/other.building.1";
  for (const auto& d : {stale, reused, other}) {
    fs::create_directories(d);
    std::ofstream(d + "/CURRENT") << "x";
  }
  const CliResult r = RunBuildCli({"--db", db, "--board", "2x2", "--quiet"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  EXPECT_FALSE(fs::exists(stale)) << "the copy of a dead build was left";
  EXPECT_FALSE(fs::exists(reused))
      << "a copy whose process id is in use again was left";
  EXPECT_TRUE(fs::exists(other)) << "another database's copy was removed";
  EXPECT_EQ(TableIds(db).size(), 1u);
}

// A --db that is a symlink, or ".", names the real directory: the build
// goes into it, and the lock and the copy sit beside it.
TEST(BuildCliTest, SymlinkAndDotPathsNameTheRealDatabase) {
  const std::string parent = TempDir("build-link");
  const std::string real = parent + "/real/db";
  ASSERT_EQ(RunBuildCli({"--db", real, "--board", "2x2", "--quiet"}).status, 0);
  fs::create_directory_symlink(real, parent + "/link");
  CliResult r = RunBuildCli(
      {"--db", parent + "/link", "--board", "2x3", "--goal", "12345_", "-q"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  EXPECT_TRUE(fs::is_symlink(parent + "/link")) << "the link was replaced";
  EXPECT_EQ(TableIds(real).size(), 2u);
  EXPECT_FALSE(fs::exists(parent + "/link.lock"));
  // "." from inside the directory means the directory itself.
  const fs::path cwd = fs::current_path();
  fs::current_path(real);
  r = RunBuildCli({"--db", ".", "--board", "2x4", "--goal", "1234567_", "-q"});
  fs::current_path(cwd);
  ASSERT_EQ(r.status, kExitOk) << r.err;
  EXPECT_EQ(TableIds(real).size(), 3u);
  EXPECT_FALSE(fs::exists(real + "/..lock"));
}

TEST(BuildCliTest, RebuildingATableKeepsTheDatabaseReadable) {
  const std::string db = TempDir("build-rebuild") + "/db";
  ASSERT_EQ(RunBuildCli({"--db", db, "--board", "2x3", "--quiet"}).status, 0);
  ASSERT_EQ(RunBuildCli({"--db", db, "--board", "2x2", "--quiet"}).status, 0);
  // A reader opened before the rebuild.
  std::unique_ptr<Database> before;
  ASSERT_TRUE(Database::Open(db, &before).ok());
  Solver solver(before.get());
  Table* table;
  ASSERT_TRUE(solver.GetTable(Board(2, 3), 5, &table).ok());

  const CliResult r = RunBuildCli(
      {"--db", db, "--board", "2x3", "--goal", "12345_", "--quiet"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  EXPECT_EQ(TableIds(db).size(), 3u) << "the rebuilt table is there once";
  EXPECT_TRUE(AsideCopies(db).empty());

  // The old reader still answers.
  Arrangement start;
  ASSERT_TRUE(ParseArrangement("54321_", Board(2, 3), {}, &start).ok());
  Problem p;
  ASSERT_TRUE(MakeProblem(Board(2, 3), start, DefaultGoal(Board(2, 3), start),
                          &p)
                  .ok());
  Path path;
  ASSERT_TRUE(solver.Solve(p, &path).ok());
  testing::IdaStar search(RefShape{2, 3}, Pack({1, 2, 3, 4, 5, 0}));
  const int want = search.Distance(Pack({5, 4, 3, 2, 1, 0}));
  EXPECT_EQ(path.distance(), want);
  // So does a new one, with the same histogram as before.
  std::unique_ptr<Database> after;
  ASSERT_TRUE(Database::Open(db, &after).ok());
  const TableMeta* old_meta = before->Find(Board(2, 3), 5);
  const TableMeta* new_meta = after->Find(Board(2, 3), 5);
  ASSERT_NE(new_meta, nullptr);
  EXPECT_EQ(new_meta->histogram, old_meta->histogram);
  const CliResult q = RunQueryCli(
      {"--db", db, "--board", "2x3", "--format", "json", "54321_"});
  EXPECT_EQ(q.status, kExitOk) << q.err;
  EXPECT_EQ(JsonLines(q.out).at(0).at("distance"), want);
  EXPECT_EQ(RunQueryCli({"--db", db, "--board", "2x2", "123_"}).status, 0);
}

}  // namespace
}  // namespace slidedb

namespace slidedb {
namespace {

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

}  // namespace
}  // namespace slidedb
