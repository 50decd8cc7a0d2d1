// slidedb-query --verify against an independent simulator
// (tests/tools_reference.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "tests/test_util.h"
#include "tests/tools_reference.h"

namespace slidedb {
namespace {

using testing::JsonLines;
using tools_test::RefPuzzle;

nlohmann::json Verify(const std::vector<std::string>& extra,
                      const std::string& moves, const std::string& start) {
  std::vector<std::string> args = {
      "--db", testing::TestDatabase(), "--format", "json", "--verify", moves};
  args.insert(args.end(), extra.begin(), extra.end());
  args.push_back(start);
  auto r = testing::RunQueryCli(args);
  EXPECT_EQ(r.status, 0) << r.err;
  return JsonLines(r.out).at(0);
}

TEST(ToolsVerifyTest, OptimalSolutionInMovesAndInTiles) {
  const std::string start = "867254301";
  auto j = Verify({}, "ULDRRUULDLURDLDRRULLDRRUULLDDRR", start)["verify"];
  EXPECT_EQ(j, nlohmann::json::parse(
                   R"({"legal":true,"reaches_goal":true,"length":31,)"
                   R"("optimal_length":31,"gap":0})"));
  const std::string tiles =
      "5 2 3 5 1 4 7 6 2 3 8 2 3 8 5 1 4 7 8 5 1 4 7 8 6 3 2 1 4 7 8";
  EXPECT_EQ(Verify({}, tiles, start)["verify"], j);
  std::string commas = tiles;
  std::replace(commas.begin(), commas.end(), ' ', ',');
  EXPECT_EQ(Verify({}, commas, start)["verify"], j);
  // Lower case and separators between letters.
  EXPECT_EQ(Verify({},
                   "u l d r r u u l d l u r d l d r r u l l d r r u u l "
                   "l d d r r",
                   start)["verify"],
            j);
}

TEST(ToolsVerifyTest, TextAnswer) {
  auto r = testing::RunQueryCli(
      {"--db", testing::TestDatabase(), "--verify", "UDU", "123456708"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("  verify: legal, but"), std::string::npos) << r.out;
  r = testing::RunQueryCli(
      {"--db", testing::TestDatabase(), "--verify", "D", "123456708"});
  ASSERT_EQ(r.status, 0) << r.err;
  // A letter of the blank's moves takes it off the board; a tile named
  // that is not beside the blank does not move.
  EXPECT_NE(r.out.find("  verify: illegal: step 1 of 1 would take the blank "
                       "off the board"),
            std::string::npos)
      << r.out;
  r = testing::RunQueryCli(
      {"--db", testing::TestDatabase(), "--verify", "1", "123456708"});
  EXPECT_NE(r.out.find("  verify: illegal: step 1 of 1 does not move a tile "
                       "next to the blank"),
            std::string::npos)
      << r.out;
  r = testing::RunQueryCli(
      {"--db", testing::TestDatabase(), "--verify", "RLR", "123456708"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("gap 2"), std::string::npos) << r.out;
}

// In the multi-tile metric the illegal step is counted among the single
// steps given, not among the moves (three runs here): it once read "step 9
// of 4". The move that holds it is counted among the moves.
TEST(ToolsVerifyTest, AnIllegalMultiTileStepIsOfTheSteps) {
  const auto r =
      testing::RunQueryCli({"--db", testing::Pdb44Database(), "--board", "4x4",
                            "--metric", "mtm", "--verify", "13 9 5 1 2 3 4 8 7",
                            "5,1,2,3,9,6,7,4,13,10,11,8,0,14,15,12"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("  verify: illegal: move 4 of 4, step 9 of 9 does not "
                       "move a tile next to the blank; optimal 3"),
            std::string::npos)
      << r.out;
}

// Random move strings, some legal, some not, some reaching the goal after a
// detour: the verdict matches the simulator's on every board.
TEST(ToolsVerifyTest, RandomSolutionsMatchSimulator) {
  std::mt19937 rng(12345);
  for (const auto& t : tools_test::AllTestTables()) {
    // One or two goals a board keeps the test quick; --count's test covers
    // every table.
    const int cells = t.rows * t.cols;
    if (cells > 9 || (t.blank != cells - 1 && (cells > 8 || t.blank != 0))) {
      continue;
    }
    const std::string goal =
        tools_test::CanonicalGoalText(t.rows * t.cols, t.blank);
    const RefPuzzle ref(t.rows, t.cols, goal);
    const auto starts = tools_test::SomeStates(ref, 4);
    for (const auto& start : starts) {
      for (int trial = 0; trial < 5; ++trial) {
        std::string moves;
        if (trial < 3) {
          // An optimal path with a detour of `trial` back-and-forth pairs.
          std::vector<std::string> all;
          std::string prefix;
          ref.AllShortest(start, &prefix, &all);
          moves = all[rng() % all.size()];
          for (int k = 0; k < trial; ++k) {
            std::string s = start;
            const size_t at = rng() % (moves.size() + 1);
            ref.Play(moves.substr(0, at), &s);
            const auto nb = ref.Neighbours(s);
            const char l = nb[rng() % nb.size()].first;
            const char back = l == 'U'   ? 'D'
                              : l == 'D' ? 'U'
                              : l == 'L' ? 'R'
                                         : 'L';
            moves.insert(at, std::string{l, back});
          }
        } else {
          const int len = static_cast<int>(rng() % 12);
          for (int k = 0; k < len; ++k) moves += "UDLR"[rng() % 4];
        }
        std::string end = start;
        const bool legal = ref.Play(moves, &end);
        int illegal_step = 0;
        if (!legal) {
          std::string s = start;
          while (ref.Play(moves.substr(illegal_step, 1), &s)) ++illegal_step;
          ++illegal_step;
        }
        const auto j = Verify(
            {"--board", t.board(), "--goal", tools_test::AsWritten(goal)},
            moves, tools_test::AsWritten(start))["verify"];
        const std::string where =
            t.board() + " " + goal + " " + start + " " + moves;
        EXPECT_EQ(j["legal"], legal) << where;
        EXPECT_EQ(j["reaches_goal"], legal && end == goal) << where;
        EXPECT_EQ(j["length"], moves.size()) << where;
        EXPECT_EQ(j["optimal_length"], ref.Distance(start)) << where;
        if (legal && end == goal) {
          EXPECT_EQ(j["gap"],
                    static_cast<int>(moves.size()) - ref.Distance(start))
              << where;
        } else {
          EXPECT_TRUE(j["gap"].is_null()) << where;
        }
        if (!legal) {
          EXPECT_EQ(j["illegal_step"], illegal_step) << where;
          EXPECT_EQ(j["illegal_move"], illegal_step) << where;  // in STM
        }
      }
    }
  }
}

TEST(ToolsVerifyTest, TenCellBoard) {
  auto r =
      testing::RunQueryCli({"--db", testing::TestDatabase(), "--board", "2x5",
                            "--format", "json", "0,9,8,7,6,5,4,3,2,1"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto answer = JsonLines(r.out).at(0);
  std::string tiles;
  for (const auto& t : answer["tiles"]) tiles += t.dump() + ",";
  for (const std::string& moves : {answer["moves"].get<std::string>(), tiles}) {
    const auto v = Verify({"--board", "2x5"}, moves, "0,9,8,7,6,5,4,3,2,1");
    EXPECT_EQ(v["verify"]["optimal_length"], 45);
    EXPECT_EQ(v["verify"]["gap"], 0) << moves;
  }
}

// Tiles named by the user's own labels, on a goal in those labels.
TEST(ToolsVerifyTest, TileLabelsOfARelabelledGoal) {
  // Goal ABC/EFG/HI_ relabels 1-8; the start is 867254301 in those labels.
  const std::string goal = "ABC/EFG/HI_";
  const std::string s = "IHGBFC_EA";
  auto r = testing::RunQueryCli(
      {"--db", testing::TestDatabase(), "--format", "json", "--goal", goal, s});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto answer = JsonLines(r.out).at(0);
  std::string tiles;
  for (const auto& t : answer["tiles"]) tiles += t.get<std::string>() + " ";
  const auto v = Verify({"--goal", goal}, tiles, s)["verify"];
  EXPECT_EQ(v["legal"], true);
  EXPECT_EQ(v["reaches_goal"], true);
  EXPECT_EQ(v["gap"], 0);
  // Sliding a tile that is not next to the blank is illegal.
  const auto bad = Verify({"--goal", goal}, "A", s)["verify"];
  EXPECT_EQ(bad["legal"], false);
  EXPECT_EQ(bad["illegal_step"], 1);
}

TEST(ToolsVerifyTest, UnknownTileIsMalformedAndOthersAnswered) {
  auto r =
      testing::RunQueryCli({"--db", testing::TestDatabase(), "--format", "json",
                            "--verify", "5 9", "867254301", "123456708"});
  EXPECT_EQ(r.status, 65);
  const auto lines = JsonLines(r.out);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_NE(lines[0]["error"].get<std::string>().find("'9'"),
            std::string::npos);
  EXPECT_NE(lines[1]["error"].get<std::string>().find("'9'"),
            std::string::npos);
  // Text: the message goes to standard error; a good input still answers.
  r = testing::RunQueryCli(
      {"--db", testing::TestDatabase(), "--verify", "0", "867254301"});
  EXPECT_EQ(r.status, 65);
  EXPECT_NE(r.err.find("blank"), std::string::npos) << r.err;
  r = testing::RunQueryCli({"--db", testing::TestDatabase(), "--verify", "x",
                            "867254301", "12345678"});
  EXPECT_EQ(r.status, 65);
  r = testing::RunQueryCli({"--db", testing::TestDatabase(), "--verify", "",
                            "123456780", "1234567890"});
  EXPECT_EQ(r.status, 65);
  EXPECT_NE(r.out.find("123456780 -> 123456780: 0 moves\n  verify: legal, "
                       "reaches the goal in 0 moves"),
            std::string::npos)
      << r.out;
}

// Words a solution could not mean: any spelling of the blank is named as
// the blank, and moves beside a word that is neither a move nor a tile (a
// state typed after --analyse's --moves) are named as a mix, not as a move
// that is no tile.
TEST(ToolsVerifyTest, TheBlankAndAMixOfMovesAndWordsAreNamed) {
  for (const std::string blank : {"0", "_", "."}) {
    const auto r = testing::RunQueryCli(
        {"--db", testing::TestDatabase(), "--verify", blank, "867254301"});
    EXPECT_EQ(r.status, 65);
    EXPECT_NE(r.err.find("names the blank ('" + blank + "')"),
              std::string::npos)
        << r.err;
  }
  auto r = testing::RunQueryCli({"--db", testing::TestDatabase(), "--analyse",
                                 "--start", "123456708", "--moves", "R",
                                 "123456780"});
  EXPECT_EQ(r.status, 65);
  EXPECT_NE(r.err.find("mixes moves ('R') with other words ('123456780')"),
            std::string::npos)
      << r.err;
  // Tiles whose labels are move letters are still tiles.
  r = testing::RunQueryCli({"--db", testing::TestDatabase(), "--goal",
                            "ABC/DEF/GH_", "--verify", "D G H", "ABC_EFDGH"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("reaches the goal in 3 moves"), std::string::npos)
      << r.out;
}

}  // namespace
}  // namespace slidedb
