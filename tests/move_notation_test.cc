// Move strings in the blank's and the tiles' conventions, with counts
// (lib/puzzle/move_notation.h).
#include "lib/puzzle/move_notation.h"

#include <gtest/gtest.h>

#include <random>

#include "lib/base/ascii.h"

namespace slidedb {
namespace {

constexpr Move U = Move::kUp, D = Move::kDown, L = Move::kLeft,
               R = Move::kRight;

TEST(MoveNotationTest, LettersCountsAndSeparators) {
  std::vector<Move> m;
  ASSERT_TRUE(ParseMoves("R3 D2 L", MoveConvention::kBlank, &m).ok());
  EXPECT_EQ(m, (std::vector<Move>{R, R, R, D, D, L}));
  ASSERT_TRUE(ParseMoves("r3d2l", MoveConvention::kBlank, &m).ok());
  EXPECT_EQ(m, (std::vector<Move>{R, R, R, D, D, L}));
  ASSERT_TRUE(ParseMoves("u, l ,U12", MoveConvention::kBlank, &m).ok());
  EXPECT_EQ(m.size(), 14u);
  ASSERT_TRUE(ParseMoves("", MoveConvention::kBlank, &m).ok());
  EXPECT_TRUE(m.empty());
  // Moves pasted on several lines (the page's Moves box, a file).
  ASSERT_TRUE(ParseMoves("R3\nD2\r\nL\t", MoveConvention::kBlank, &m).ok());
  EXPECT_EQ(m, (std::vector<Move>{R, R, R, D, D, L}));
}

// A speedsolver's "U" slides the tile below the gap up: the blank goes
// down.
TEST(MoveNotationTest, TheTilesConventionMovesTheBlankTheOtherWay) {
  std::vector<Move> m;
  ASSERT_TRUE(ParseMoves("U R2 D L", MoveConvention::kTile, &m).ok());
  EXPECT_EQ(m, (std::vector<Move>{D, L, L, U, R}));
  EXPECT_EQ(FormatMoves(m, MoveConvention::kTile, true), "U R2 D L");
  EXPECT_EQ(FormatMoves(m, MoveConvention::kTile, false), "URRDL");
  EXPECT_EQ(FormatMoves(m, MoveConvention::kBlank, true), "D L2 U R");
  EXPECT_EQ(FormatMoves(m, MoveConvention::kBlank, false), "DLLUR");
  EXPECT_EQ(FormatMoves({}, MoveConvention::kTile, true), "");
}

TEST(MoveNotationTest, WhatIsWrittenReadsBackTheSame) {
  std::mt19937 rng(3);
  for (int t = 0; t < 200; ++t) {
    std::vector<Move> moves(rng() % 40);
    for (Move& m : moves) m = static_cast<Move>(rng() % 4);
    for (MoveConvention c : {MoveConvention::kBlank, MoveConvention::kTile}) {
      for (bool runs : {false, true}) {
        std::vector<Move> back;
        ASSERT_TRUE(ParseMoves(FormatMoves(moves, c, runs), c, &back).ok());
        EXPECT_EQ(back, moves);
      }
    }
  }
}

// Callers test the code, never the words; the words name the place.
TEST(MoveNotationTest, BadStringsNameTheirPlace) {
  std::vector<Move> m;
  Status s = ParseMoves("UDx", MoveConvention::kBlank, &m);
  EXPECT_TRUE(s.IsInvalidArgument());
  EXPECT_NE(s.ToString().find("character 3"), std::string::npos);
  s = ParseMoves("U R0", MoveConvention::kTile, &m);
  EXPECT_TRUE(s.IsInvalidArgument());
  EXPECT_NE(s.ToString().find("character 3"), std::string::npos);
  EXPECT_TRUE(
      ParseMoves("L1000", MoveConvention::kBlank, &m).IsInvalidArgument());
  EXPECT_TRUE(ParseMoves("3R", MoveConvention::kBlank, &m).IsInvalidArgument());
  EXPECT_TRUE(ParseMoves("R999", MoveConvention::kBlank, &m).ok());
  EXPECT_EQ(m.size(), 999u);
}

TEST(MoveNotationTest, ConventionNames) {
  MoveConvention c;
  ASSERT_TRUE(ParseMoveConvention("tile", &c));
  EXPECT_EQ(c, MoveConvention::kTile);
  EXPECT_STREQ(MoveConventionName(c), "tile");
  ASSERT_TRUE(ParseMoveConvention("blank", &c));
  EXPECT_STREQ(MoveConventionName(c), "blank");
  EXPECT_FALSE(ParseMoveConvention("slidysim", &c));
  // In any case, as the metric's names ("MTM") are read.
  ASSERT_TRUE(ParseMoveConvention("Tile", &c));
  EXPECT_EQ(c, MoveConvention::kTile);
  ASSERT_TRUE(ParseMoveConvention("BLANK", &c));
  EXPECT_EQ(c, MoveConvention::kBlank);
  EXPECT_EQ(AsciiLower("JSON Tile_9"), "json tile_9");
}

}  // namespace
}  // namespace slidedb
