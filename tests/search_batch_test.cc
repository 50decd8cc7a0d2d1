// A batch of searched states (pattern databases, IDA*) through
// slidedb-query on several threads (query/parallel_answers.h): the bytes and
// the order of one thread, errors and unsolvable lines among the states,
// with and without a budget (--max-seconds), and each answer written out as
// soon as it is known.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "cli/exit_codes.h"
#include "query/query_cli.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

using json = nlohmann::json;
using testing::CliResult;
using testing::RunBuildCli;
using testing::RunQueryCli;
using testing::TempDir;

constexpr int kRows = 3, kCols = 5, kCells = kRows * kCols;

// A 3x5 database of 5-5-4 pattern databases (a few seconds), made once.
const std::string& Db35() {
  static const std::string dir = [] {
    const std::string d = TempDir("search-batch-3x5") + "/db";
    const CliResult r = RunBuildCli(
        {"--db", d, "--board", "3x5", "--pdb", "5-5-4", "--quiet"});
    EXPECT_EQ(r.status, kExitOk) << r.err;
    return d;
  }();
  return dir;
}

std::string Written(const std::vector<int>& tiles) {
  std::string s;
  for (int c = 0; c < kCells; ++c) {
    if (c > 0) s += ',';
    s += std::to_string(tiles[c]);
  }
  return s;
}

// `count` states of 3x5 by random walks of `steps` moves from the goal
// (blank last), with a malformed line, an unsolvable one (two tiles
// swapped), a comment, a blank line and the goal itself among them. The
// answers' "start" or "input", in order, go to *asked.
std::string MixedBatch(int count, int steps, std::vector<std::string>* asked) {
  std::mt19937 rng(34);
  std::string input;
  for (int k = 0; k < count; ++k) {
    std::vector<int> t(kCells);
    for (int c = 0; c + 1 < kCells; ++c) t[c] = c + 1;
    int blank = kCells - 1;
    for (int s = 0; s < steps; ++s) {
      std::vector<int> to;
      if (blank >= kCols) to.push_back(blank - kCols);
      if (blank + kCols < kCells) to.push_back(blank + kCols);
      if (blank % kCols > 0) to.push_back(blank - 1);
      if (blank % kCols + 1 < kCols) to.push_back(blank + 1);
      const int next = to[rng() % to.size()];
      std::swap(t[blank], t[next]);
      blank = next;
    }
    std::string state = Written(t);
    switch (k % 5) {
      case 1:
        input += "bad," + state + "\n";
        asked->push_back("bad," + state);
        break;
      case 2: {
        std::swap(t[blank == 0 ? 1 : 0], t[blank == 2 ? 1 : 2]);
        state = Written(t);
        input += "# a comment\n\n" + state + "\n";
        asked->push_back(state);
        break;
      }
      case 3:
        input += "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0\n";
        asked->push_back("1,2,3,4,5,6,7,8,9,10,11,12,13,14,0");
        [[fallthrough]];
      default:
        input += state + "\n";
        asked->push_back(state);
    }
  }
  return input;
}

// Every thread count writes the bytes one thread writes, in input order,
// with the same exit status; with a budget too.
TEST(SearchBatchTest, ThreadsKeepTheBytesAndOrderOfOne) {
  std::vector<std::string> asked;
  const std::string input = MixedBatch(16, 60, &asked);
  for (const std::vector<std::string>& budget :
       {std::vector<std::string>{}, {"--max-seconds", "600"}}) {
    for (const std::string format : {"text", "json"}) {
      SCOPED_TRACE(format + (budget.empty() ? "" : " with a budget"));
      std::vector<std::string> args = {"--db",     Db35(), "--board", "3x5",
                                       "--format", format};
      args.insert(args.end(), budget.begin(), budget.end());
      std::vector<std::string> one_args = args;
      one_args.insert(one_args.end(), {"--threads", "1"});
      const CliResult one = RunQueryCli(one_args, input);
      EXPECT_EQ(one.status, kExitDataError) << one.err;
      if (format == "json") {
        std::istringstream lines(one.out);
        size_t k = 0, solved = 0, unsolvable = 0;
        for (std::string l; std::getline(lines, l); ++k) {
          const json j = json::parse(l);
          ASSERT_LT(k, asked.size());
          ASSERT_EQ(j.contains("start") ? j["start"] : j["input"], asked[k])
              << "answer " << k << " is not the " << k << "th line's";
          if (j.contains("distance")) {
            ++solved;
            EXPECT_TRUE(j["optimal"].get<bool>()) << l;
          }
          unsolvable += j.contains("solvable") && !j["solvable"].get<bool>();
        }
        EXPECT_EQ(k, asked.size());
        EXPECT_EQ(unsolvable, 3u);
        EXPECT_EQ(solved, asked.size() - 3 - 3);
      } else {
        EXPECT_NE(one.err.find("'bad,"), std::string::npos) << one.err;
      }
      for (const std::string threads : {"2", "3", "0"}) {
        std::vector<std::string> many_args = args;
        many_args.insert(many_args.end(), {"--threads", threads});
        const CliResult many = RunQueryCli(many_args, input);
        EXPECT_EQ(many.status, one.status) << threads;
        EXPECT_EQ(many.out, one.out) << threads;
        EXPECT_EQ(many.err, one.err) << threads;
      }
    }
  }
}

// Each of the states named on the command line answers as it does alone.
TEST(SearchBatchTest, StatesOnTheCommandLineAnswerAsAlone) {
  std::vector<std::string> asked;
  MixedBatch(6, 40, &asked);
  const std::vector<std::string> common = {
      "--db", Db35(), "--board", "3x5", "--format", "json", "--threads", "2"};
  std::vector<std::string> args = common;
  std::string alone;
  for (const std::string& state : asked) {
    if (state.rfind("bad", 0) == 0) continue;
    std::vector<std::string> one = common;
    one.push_back(state);
    alone += RunQueryCli(one).out;
    args.push_back(state);
  }
  const CliResult together = RunQueryCli(args);
  EXPECT_EQ(together.status, kExitUnsolvable) << together.err;
  EXPECT_EQ(together.out, alone);
}

// Output that notes what it holds each time it is flushed.
class FlushLog : public std::stringbuf {
 public:
  std::vector<std::string> flushed;

 protected:
  int sync() override {
    flushed.push_back(str());
    return 0;
  }
};

// A batch read whole from its input (no waiting on it) still writes each
// answer as soon as it is known, not when the batch or a chunk is done.
TEST(SearchBatchTest, WritesEachAnswerWhenKnown) {
  std::vector<std::string> asked;
  std::string input;
  for (const std::string& line : [&] {
         std::vector<std::string> all;
         MixedBatch(5, 30, &all);
         return all;
       }()) {
    if (line.rfind("bad", 0) == 0) continue;
    input += line + "\n";
    asked.push_back(line);
  }
  for (const std::string threads : {"1", "2", "2 with a budget"}) {
    std::istringstream in(input);
    FlushLog log;
    std::ostream out(&log);
    std::ostringstream err;
    std::vector<std::string> args = {"--db",   Db35(), "--board",   "3x5",
                                     "--format", "json", "--threads",
                                     threads.substr(0, 1)};
    if (threads.size() > 1) args.insert(args.end(), {"--max-seconds", "600"});
    const int status = RunQuery(args, in, out, err);
    EXPECT_EQ(status, kExitUnsolvable) << err.str();
    // For every k, a flush with exactly the first k answers.
    std::string so_far;
    for (size_t k = 0; k < asked.size(); ++k) {
      so_far += log.str().substr(so_far.size(),
                                 log.str().find('\n', so_far.size()) + 1 -
                                     so_far.size());
      bool seen = false;
      for (const std::string& f : log.flushed) seen |= f == so_far;
      EXPECT_TRUE(seen) << "answer " << k << " on " << threads
                        << " threads was not written alone";
    }
  }
}

// A conversation (each line sent once the answer before it is seen) is
// answered line by line, states side by side (a budget) or not.
TEST(SearchBatchTest, AnswersEachLineBeforeReadingTheNext) {
  std::vector<std::string> asked;
  MixedBatch(4, 30, &asked);
  std::vector<std::string> lines;
  for (const std::string& state : asked) lines.push_back(state + "\n");
  for (const bool budget : {false, true}) {
    std::ostringstream out, err;
    testing::OneLineAtATime feeder(lines, &out);
    std::istream in(&feeder);
    std::vector<std::string> args = {"--db",     Db35(), "--board",   "3x5",
                                     "--format", "json", "--threads", "2"};
    if (budget) args.insert(args.end(), {"--max-seconds", "600"});
    RunQuery(args, in, out, err);
    ASSERT_EQ(feeder.seen.size(), lines.size());
    for (size_t k = 1; k < lines.size(); ++k) {
      EXPECT_NE(feeder.seen[k].find("\"" + asked[k - 1] + "\""),
                std::string::npos)
          << "line " << k << " was read before answer " << k - 1
          << (budget ? " with a budget" : "");
    }
  }
}

}  // namespace
}  // namespace slidedb
