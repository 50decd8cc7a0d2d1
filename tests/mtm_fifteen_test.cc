// The 4x4 in the multi-tile metric, which has no table: the multi-tile
// search answers and --moves gives every move's distance, at the distances
// of the independent search of tests/reference_search.h.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "cli/exit_codes.h"
#include "lib/puzzle/state.h"
#include "lib/search/mtm_search.h"
#include "tests/reference_search.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

using testing::CliResult;
using testing::MtmNeighbours;
using testing::PackState;
using testing::RefShape;
using testing::RunQueryCli;
using Json = nlohmann::json;

// Every state within `depth` multi-tile moves of the canonical goal with
// the blank on `goal_blank`, with its distance, by the reference search's
// neighbours.
std::unordered_map<uint64_t, int> MtmWithin(const Board& board,
                                            const RefShape& shape,
                                            int goal_blank, int depth) {
  const uint64_t goal = PackState(board, CanonicalGoal(board, goal_blank));
  std::unordered_map<uint64_t, int> near = {{goal, 0}};
  std::vector<uint64_t> frontier = {goal};
  for (int d = 1; d <= depth; ++d) {
    std::vector<uint64_t> next;
    for (uint64_t p : frontier) {
      for (uint64_t q : MtmNeighbours(shape, p)) {
        if (near.emplace(q, d).second) next.push_back(q);
      }
    }
    frontier = std::move(next);
  }
  return near;
}

// Of the boards over 12 cells, the multi-tile search answers exactly those
// the docs and the message name (4x4, 3x5, 5x3, 4x5, 5x4; 2x7 was once
// promised too); the others are refused with that list.
TEST(MtmTablesTest, TheSearchedBoardsAreTheOnesNamed) {
  std::vector<std::string> searched;
  for (int rows = 2; rows <= 12; ++rows) {
    for (int cols = 2; cols <= 12; ++cols) {
      if (!Board::IsValidShape(rows, cols) || rows * cols <= 12) continue;
      const Board board(rows, cols);
      if (MtmSearch::Supports(board)) searched.push_back(board.Name());
    }
  }
  EXPECT_EQ(searched,
            (std::vector<std::string>{"3x5", "4x4", "4x5", "5x3", "5x4"}));
  const CliResult r =
      RunQueryCli({"--db", testing::TestDatabase(), "--board", "2x7",
                   "--metric", "mtm", "1,2,3,4,5,6,7,8,9,10,11,12,0,13"});
  EXPECT_EQ(r.status, kExitUsage) << r.err;
  EXPECT_NE(r.err.find("board 2x7 has no search in the multi-tile metric"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("4x4, 3x5, 5x3, 4x5 and 5x4"), std::string::npos)
      << r.err;
}

// 4x4 has no table: the multi-tile search answers (no database needed
// beyond the directory), in one batch, states up to 6 MTM moves out at the
// reference search's distances, and --analyse works through it.
TEST(MtmTablesTest, FifteenPuzzleIsSearchedInTheMultiTileMetric) {
  const Board board(4, 4);
  const RefShape shape{4, 4};
  // Every state within 6 MTM moves, by the reference's neighbours.
  const std::unordered_map<uint64_t, int> near =
      MtmWithin(board, shape, 15, 6);
  std::vector<uint64_t> states;
  for (const auto& [p, d] : near) states.push_back(p);
  std::sort(states.begin(), states.end());
  std::mt19937_64 rng(44);
  std::string input;
  std::vector<int> want;
  for (int k = 0; k < 12; ++k) {
    const uint64_t p = states[rng() % states.size()];
    for (int c = 0; c < 16; ++c) {
      if (c > 0) input += ',';
      input += std::to_string((p >> (4 * c)) & 15);
    }
    input += "\n";
    want.push_back(near.at(p));
  }
  const CliResult r =
      RunQueryCli({"--db", testing::TestDatabase(), "--board", "4x4",
                   "--metric", "mtm", "--format", "json"},
                  input);
  ASSERT_EQ(r.status, 0) << r.err;
  std::istringstream lines(r.out);
  std::string line;
  for (int k = 0; std::getline(lines, line); ++k) {
    const Json j = Json::parse(line);
    ASSERT_LT(k, static_cast<int>(want.size()));
    EXPECT_EQ(j["distance"], want[k]) << line;
    EXPECT_EQ(j["metric"], "mtm");
    EXPECT_TRUE(j["optimal"]);
  }
  const CliResult a = RunQueryCli(
      {"--db", testing::TestDatabase(), "--board", "4x4", "--metric", "mtm",
       "--analyse", "--start", "5,1,2,3,9,6,7,4,13,10,11,8,0,14,15,12",
       "--moves", "U3 R D U R2 D3", "--format", "json"});
  ASSERT_EQ(a.status, 0) << a.err;
  const Json aj = Json::parse(a.out);
  EXPECT_EQ(aj["optimal_length"], 3);
  EXPECT_EQ(aj["length"], 6);
  EXPECT_TRUE(aj["reaches_goal"]);
  EXPECT_EQ(aj["lost"], 3);
}

// A batch with a budget: the multi-tile search answers optimally or not at
// all, so a state whose --max-seconds runs out is answered with the reason
// (as a malformed line) and the lines after it are still answered; the
// exit status says so (75).
TEST(MtmTablesTest, AStateOutOfTimeDoesNotEndTheBatch) {
  const std::string hard = "15,2,12,11,14,13,9,5,1,3,8,7,0,10,6,4";
  const std::string easy = "1,0,2,3,4,5,6,7,8,9,10,11,12,13,14,15";
  const std::vector<std::string> args = {
      "--db",          testing::TestDatabase(),
      "--board",       "4x4",
      "--goal",        "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15",
      "--metric",      "mtm",
      "--threads",     "1",
      "--max-seconds", "0.5"};
  std::vector<std::string> json_args = args;
  json_args.insert(json_args.end(), {"--format", "json"});
  CliResult r = RunQueryCli(json_args, hard + "\n" + easy + "\n");
  EXPECT_EQ(r.status, 75) << r.err;
  std::istringstream lines(r.out);
  std::string line;
  ASSERT_TRUE(std::getline(lines, line)) << r.out;
  Json j = Json::parse(line);
  EXPECT_EQ(j["input"], hard);
  EXPECT_NE(j["error"].get<std::string>().find("stopped"), std::string::npos)
      << line;
  ASSERT_TRUE(std::getline(lines, line)) << r.out;
  j = Json::parse(line);
  EXPECT_EQ(j["distance"], 1) << line;
  EXPECT_FALSE(std::getline(lines, line)) << r.out;
  // In text, the reason on standard error and the next answer on output.
  r = RunQueryCli(args, hard + "\n" + easy + "\n");
  EXPECT_EQ(r.status, 75) << r.err;
  EXPECT_NE(r.err.find("'" + hard + "': "), std::string::npos) << r.err;
  EXPECT_NE(r.out.find(easy + " -> "), std::string::npos) << r.out;
}

// --moves on 4x4 in the multi-tile metric (named in upper case, as
// speedsolvers write it): every move's distance, from bounded iterations,
// is the reference search's.
TEST(MtmTablesTest, FifteenPuzzleMovesAreTheReferenceDistances) {
  const Board board(4, 4);
  const RefShape shape{4, 4};
  const std::unordered_map<uint64_t, int> near =
      MtmWithin(board, shape, 15, 5);
  // States 4 moves out: their neighbours are 3 to 5 out, all known.
  std::vector<uint64_t> states;
  for (const auto& [p, d] : near) {
    if (d == 4) states.push_back(p);
  }
  std::sort(states.begin(), states.end());
  std::mt19937_64 rng(4);
  for (int k = 0; k < 3; ++k) {
    const uint64_t p = states[rng() % states.size()];
    std::string start;
    for (int c = 0; c < 16; ++c) {
      start += (c > 0 ? "," : "") + std::to_string((p >> (4 * c)) & 15);
    }
    const CliResult r =
        RunQueryCli({"--db", testing::TestDatabase(), "--board", "4x4",
                     "--metric", "MTM", "--moves", "--format", "json", start});
    ASSERT_EQ(r.status, 0) << r.err;
    const Json j = Json::parse(r.out);
    EXPECT_EQ(j["metric"], "mtm");
    EXPECT_EQ(j["distance"], 4);
    ASSERT_FALSE(j["moves"].empty());
    for (const Json& m : j["moves"]) {
      const std::string state = m["state"];
      uint64_t q = 0;
      int c = 0;
      for (size_t at = 0; at <= state.size(); ++c) {
        const size_t comma = std::min(state.find(',', at), state.size());
        q |= std::stoull(state.substr(at, comma - at)) << (4 * c);
        at = comma + 1;
      }
      EXPECT_EQ(m["distance"], near.at(q)) << start << " " << m["move"];
    }
  }
}

// The multi-tile search of 4x4 reads no database: it answers with none at
// --db (it once said "no database at ..." and named a build of 3x3), and
// writes nothing there. The single-tile one still needs its databases.
TEST(MtmTablesTest, TheFifteenPuzzleNeedsNoDatabase) {
  const std::string none = testing::TempDir("mtm-no-db") + "/none";
  const std::string near = "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15";
  for (const char* mode : {"", "--moves"}) {
    std::vector<std::string> args = {"--db",     none,  "--board", "4x4",
                                     "--metric", "mtm", near};
    if (*mode != '\0') args.insert(args.begin(), mode);
    const CliResult r = RunQueryCli(args);
    EXPECT_EQ(r.status, 0) << mode << r.err;
    EXPECT_NE(r.out.find("1 move (multi-tile)"), std::string::npos) << r.out;
  }
  const CliResult analysed =
      RunQueryCli({"--db", none, "--board", "4x4", "--metric", "mtm",
                   "--analyse", "--start", near, "--moves", "R"});
  EXPECT_EQ(analysed.status, 0) << analysed.err;
  EXPECT_FALSE(std::filesystem::exists(none));
  const CliResult stm = RunQueryCli({"--db", none, "--board", "4x4", near});
  EXPECT_EQ(stm.status, kExitNoInput);
  EXPECT_NE(stm.err.find("no database at " + none), std::string::npos)
      << stm.err;
}

}  // namespace
}  // namespace slidedb
