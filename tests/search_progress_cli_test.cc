// slidedb-query --progress on a board a search answers: the solve's lines
// an iteration, then those of a count of the optimal solutions.
#include <gtest/gtest.h>

#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "cli/exit_codes.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

// --count tells its progress after the solve's: "counting the optimal
// solutions: distance 41, ..." (once as it begins with --progress-after 0),
// the answer unchanged.
TEST(SearchProgressCliTest, ProgressLinesOfACount) {
  const std::vector<std::string> base = {
      "--db",    testing::Pdb44Database(),
      "--board", "4x4",
      "--goal",  testing::kKorfGoal,
      "--count", "13,8,14,3,9,1,0,7,15,5,4,10,12,2,6,11"};  // 41 moves
  std::vector<std::string> args = base;
  args.insert(args.begin(), {"--progress", "--progress-after", "0"});
  const testing::CliResult p = testing::RunQueryCli(args, "");
  ASSERT_EQ(p.status, kExitOk) << p.err;
  std::istringstream lines(p.err);
  int searching = 0, counting = 0;
  for (std::string line; std::getline(lines, line);) {
    int distance;
    unsigned long long states;
    if (line.rfind("searching: ", 0) == 0) {
      EXPECT_EQ(counting, 0) << p.err;  // the solve's lines first
      ++searching;
      continue;
    }
    ASSERT_EQ(std::sscanf(line.c_str(),
                          "counting the optimal solutions: distance %d, "
                          "%llu states, %*f M/s, %*f s",
                          &distance, &states),
              2)
        << line;
    EXPECT_EQ(distance, 41);
    ++counting;
  }
  EXPECT_GE(searching, 2) << p.err;
  EXPECT_GE(counting, 1) << p.err;
  EXPECT_EQ(p.out, testing::RunQueryCli(base, "").out);
}

// --progress: a line on standard error before each iteration of the
// search (from 0 s into it with --progress-after 0), the bounds deepening;
// the answer unchanged. --quiet: none.
TEST(SearchProgressCliTest, ProgressLinesOfASearch) {
  const std::string state = "13,8,14,3,9,1,0,7,15,5,4,10,12,2,6,11";  // 41
  const std::vector<std::string> base = {
      "--db",   testing::Pdb44Database(), "--board", "4x4",
      "--goal", testing::kKorfGoal,       state};
  std::vector<std::string> args = base;
  args.insert(args.begin(), {"--progress", "--progress-after", "0"});
  const testing::CliResult p = testing::RunQueryCli(args, "");
  ASSERT_EQ(p.status, kExitOk) << p.err;
  std::istringstream lines(p.err);
  std::vector<int> bounds;
  for (std::string line; std::getline(lines, line);) {
    int bound;
    double seconds;
    char rest[16];
    unsigned long long states;
    ASSERT_EQ(std::sscanf(line.c_str(),
                          "searching: bound %d, %llu%15[^,], %*f M/s, %lf s",
                          &bound, &states, rest, &seconds),
              4)
        << line;
    bounds.push_back(bound);
  }
  ASSERT_GE(bounds.size(), 2u) << p.err;
  for (size_t i = 1; i < bounds.size(); ++i) {
    EXPECT_EQ(bounds[i], bounds[i - 1] + 2) << p.err;
  }
  EXPECT_EQ(bounds.back(), 41) << p.err;
  args = base;
  args.insert(args.begin(), "--quiet");
  const testing::CliResult q = testing::RunQueryCli(args, "");
  EXPECT_EQ(q.status, kExitOk);
  EXPECT_EQ(q.err, "");
  EXPECT_EQ(q.out, p.out);
  EXPECT_NE(q.out.find(": 41 moves"), std::string::npos) << q.out;
  // By default (standard error not a terminal), and past the threshold: none.
  args = base;
  args.insert(args.begin(), {"--progress", "--progress-after", "86400"});
  EXPECT_EQ(testing::RunQueryCli(base, "").err, "");
  EXPECT_EQ(testing::RunQueryCli(args, "").err, "");
  for (const std::vector<std::string>& bad :
       std::vector<std::vector<std::string>>{{"--progress", "--quiet"},
                                             {"--progress-after", "-1"},
                                             {"--progress-after", "1s"},
                                             {"--progress-after", "86401"}}) {
    args = base;
    args.insert(args.begin(), bad.begin(), bad.end());
    const testing::CliResult r = testing::RunQueryCli(args, "");
    EXPECT_EQ(r.status, kExitUsage) << bad[0];
    EXPECT_NE(r.err.find(bad[0]), std::string::npos) << r.err;
  }
}

// --moves of one STATE and --analyse search too: the same lines (their
// several searches' in turn), the answers unchanged.
TEST(SearchProgressCliTest, ProgressLinesOfMovesAndAnAnalysis) {
  const std::string state = "13,8,14,3,9,1,0,7,15,5,4,10,12,2,6,11";  // 41
  const std::vector<std::string> db = {"--db",    testing::Pdb44Database(),
                                       "--board", "4x4",
                                       "--goal",  testing::kKorfGoal};
  for (const std::vector<std::string>& mode :
       {std::vector<std::string>{"--moves", state},
        {"--analyse", "--start", state, "--moves", "U"}}) {
    std::vector<std::string> base = db;
    base.insert(base.end(), mode.begin(), mode.end());
    std::vector<std::string> args = base;
    args.insert(args.begin(), {"--progress", "--progress-after", "0"});
    const testing::CliResult p = testing::RunQueryCli(args, "");
    ASSERT_EQ(p.status, kExitOk) << mode[0] << ": " << p.err;
    std::istringstream lines(p.err);
    int searching = 0;
    for (std::string line; std::getline(lines, line);) {
      EXPECT_EQ(line.rfind("searching: bound ", 0), 0u) << line;
      ++searching;
    }
    EXPECT_GE(searching, 2) << mode[0];
    const testing::CliResult q = testing::RunQueryCli(base, "");
    EXPECT_EQ(q.err, "") << mode[0];
    EXPECT_EQ(q.out, p.out) << mode[0];
  }
}

}  // namespace
}  // namespace slidedb
