// slidedb-query's answers, run in-process as a user sees them: distances,
// moves and tiles in text and JSON against a reference search, relabelled
// goals, letter labels and a chosen blank, --steps, states that start with
// the blank '-', and other boards.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli/exit_codes.h"
#include "lib/puzzle/board.h"
#include "lib/puzzle/notation.h"
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

// Moves illegal as written but legal in the other notation say so: the
// likeliest slip (a speedsolvers' audit: slidysim's tile notation pasted
// without --notation tile got "would take the blank off the board").
TEST(QueryCliTest, VerifyNamesTheNotationTheMovesAreLegalIn) {
  // The blank on the bottom row: D is off the board, the tiles' D is not.
  CliResult r = Query({"--verify", "DRUL", "123456708"});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  EXPECT_NE(r.out.find("(read as the tiles' way, --notation tile, the moves "
                       "are legal)"),
            std::string::npos)
      << r.out;
  r = Query({"--notation", "tile", "--verify", "UU", "123456708"});
  EXPECT_NE(r.out.find("(read as the blank's way, --notation blank, the "
                       "moves are legal)"),
            std::string::npos)
      << r.out;
  // Illegal either way: nothing more said.
  r = Query({"--verify", "DDDD", "123456708"});
  EXPECT_NE(r.out.find("would take the blank off the board"), std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("read as"), std::string::npos) << r.out;
}

// In MTM, letters written apart that make one run are one move, and the
// verdict says so (benwh1/slidy counts each letter: a speedsolvers' audit
// found a 26-letter solve called optimal at 18 without a word).
TEST(QueryCliTest, MtmVerifySaysLettersWereReadAsRuns) {
  const std::string start = "1,2,3,4,5,6,7,8,9,10,11,12,13,0,14,15";
  CliResult r =
      Query({"--board", "4x4", "--metric", "mtm", "--verify", "R R", start});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  EXPECT_NE(r.out.find("reaches the goal in 1 move (the 2 letters written "
                       "read as runs"),
            std::string::npos)
      << r.out;
  r = Query({"--board", "4x4", "--metric", "mtm", "--verify", "R2", start});
  EXPECT_NE(r.out.find("reaches the goal in 1 move; optimal 1, gap 0"),
            std::string::npos)
      << r.out;
}

}  // namespace
}  // namespace slidedb
