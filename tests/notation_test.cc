// Notation: the ways people write an arrangement, and how slidedb writes one.
#include "lib/puzzle/notation.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lib/puzzle/board.h"

namespace slidedb {
namespace {

using Labels = std::vector<std::string>;

Arrangement ParseOk(const std::string& text, const Board& board,
                    const std::string& blank = "") {
  Arrangement a;
  Status s = ParseArrangement(text, board, NotationOptions{blank}, &a);
  EXPECT_TRUE(s.ok()) << "'" << text << "': " << s.ToString();
  return a;
}

std::string ParseError(const std::string& text, const Board& board,
                       const std::string& blank = "") {
  Arrangement a;
  a.blank = 77;
  Status s = ParseArrangement(text, board, NotationOptions{blank}, &a);
  EXPECT_TRUE(s.IsInvalidArgument()) << "'" << text << "' was accepted";
  EXPECT_EQ(a.blank, 77) << "a failed parse changed its output";
  return s.message();
}

TEST(NotationTest, EveryInputFormOf3x3) {
  const Board board(3, 3);
  const Labels want = {"1", "2", "3", "4", "5", "6", "7", "8", "0"};
  for (const std::string text :
       {"123456780", "1 2 3 4 5 6 7 8 0", "1,2,3,4,5,6,7,8,0",
        "123/456/780", "1 2 3/4 5 6/7 8 0", "1,2,3/4,5,6/7,8,0",
        "  123456780  ", "1, 2, 3, 4, 5, 6, 7, 8, 0", "1\t2\t3\t4\t5\t6\t7\t8\t0",
        "123 / 456 / 780", "123456780\r\n", "\"1 2 3 4 5 6 7 8 0\"",
        "'123456780'", " \"1,2,3/4,5,6/7,8,0\"\n", "\" 123456780 \"",
        "123 456 780", "  123\t456  780\n", "\"123 456 780\""}) {
    const Arrangement a = ParseOk(text, board);
    EXPECT_EQ(a.labels, want) << "'" << text << "'";
    EXPECT_EQ(a.blank, 8) << "'" << text << "'";
  }
}

// A quote is never a tile's label: the page's help once quoted a state,
// and "8 and 1" were read as labels. Quotes around the whole state go.
TEST(NotationTest, QuotesAreRefusedInsideAState) {
  const Board board(3, 3);
  for (const std::string text :
       {"\"1 2 3 4 5 6 7 8\" 0", "\"1 2 3 4 5 6 7 8 0", "1 2 3 4 5 6 7 8 0'",
        "\"1 2 3 4 5 6 7 8 0'", "\"12345678\"0", "'1'2345678 0"}) {
    EXPECT_NE(ParseError(text, board).find("quote"), std::string::npos)
        << text;
  }
  EXPECT_NE(ParseError("\"\"", board).find("empty"), std::string::npos);
}

TEST(NotationTest, BlankSpellings) {
  const Board board(3, 3);
  for (const std::string blank : {"0", "_", ".", "-"}) {
    const Arrangement a = ParseOk("1234" + blank + "5678", board);
    EXPECT_EQ(a.blank, 4) << blank;
    EXPECT_EQ(a.labels[4], blank) << "the blank keeps its label";
    EXPECT_EQ(a.labels[5], "5");
  }
  EXPECT_EQ(ParseOk("12345678_", board).blank, 8);
  EXPECT_EQ(ParseOk("_12345678", board).blank, 0);
  EXPECT_EQ(ParseOk("123/4.5/678", board).blank, 4);
}

TEST(NotationTest, ChosenBlankLabel) {
  const Board board(3, 3);
  // Tiles 1-8 with 9 as the blank.
  Arrangement a = ParseOk("123456789", board, "9");
  EXPECT_EQ(a.blank, 8);
  EXPECT_EQ(a.labels[8], "9");
  EXPECT_EQ(ParseOk("912345678", board, "9").blank, 0);
  EXPECT_EQ(ParseOk("1 2 3/4 9 5/6 7 8", board, "9").blank, 4);
  // Seed-paper style: tiles 1-9, any digit of them chosen as the blank.
  for (int d = 1; d <= 9; ++d) {
    const std::string blank = std::to_string(d);
    a = ParseOk("987654321", board, blank);
    EXPECT_EQ(a.blank, 9 - d) << blank;
  }
  // With a chosen blank, 0 and _ are ordinary tiles.
  a = ParseOk("1234_6780", board, "7");
  EXPECT_EQ(a.blank, 6);
  EXPECT_EQ(a.labels[4], "_");
  EXPECT_EQ(a.labels[8], "0");
  EXPECT_EQ(ParseError("123456780", board, "9"),
            "no blank: the blank was set to '9'");
  // A word-long blank label.
  a = ParseOk("a,b,c,d,e,f,g,h,none", board, "none");
  EXPECT_EQ(a.blank, 8);
}

TEST(NotationTest, LetterLabels) {
  const Board board(2, 3);
  const Arrangement a = ParseOk("AbC_dE", board);
  EXPECT_EQ(a.labels, (Labels{"A", "b", "C", "_", "d", "E"}));
  EXPECT_EQ(a.blank, 3);
}

TEST(NotationTest, TwelveCellForms) {
  Board board(3, 4);
  const Labels want = {"1", "2", "3", "4", "5", "6",
                       "7", "8", "9", "10", "11", "0"};
  for (const std::string text :
       {"1,2,3,4,5,6,7,8,9,10,11,0", "1 2 3 4 5 6 7 8 9 10 11 0",
        "1 2 3 4/5 6 7 8/9 10 11 0", "1,2,3,4/5,6,7,8/9,10,11,0"}) {
    const Arrangement a = ParseOk(text, board);
    EXPECT_EQ(a.labels, want) << text;
    EXPECT_EQ(a.blank, 11) << text;
  }
  // Twelve one-character labels need no separators.
  EXPECT_EQ(ParseOk("123456789AB_", board).blank, 11);
  EXPECT_EQ(ParseError("1234567891011_", board),
            "14 cells given; a 3x4 board has 12 (on boards of more than 9 "
            "cells separate the labels with commas or spaces)");
  // A list pasted with its brackets says so.
  EXPECT_EQ(
      CheckDefaultGoal(ParseOk("[1,2,3,4,5,6,7,8,9,10,0,11]", board)).message(),
      "tile '[1' holds a bracket: write the state without brackets, "
      "such as 1,2,3,4,5,6,7,8,0");
  EXPECT_EQ(ParseError("[1,2,3,4,5,6,7,8,9,10,11,0]", board),
            "no blank: tile '[1' holds a bracket: write the state without "
            "brackets, such as 1,2,3,4,5,6,7,8,0");
  // Labels already separated are too many, not run together.
  EXPECT_EQ(ParseError("1,2,3,4,5,6,7,8,9,10,11,0,12", board),
            "13 cells given; a 3x4 board has 12");
  ASSERT_TRUE(Board::Parse("2x6", &board).ok());
  EXPECT_EQ(ParseOk("1,2,3,4,5,6/7,8,9,10,11,_", board).blank, 11);
}

// A position of another board's cells, or moves where a position goes,
// says what was meant (a speedsolvers' audit: "16 cells given; a 3x3 board
// has 9" when the board was left out, "3 cells given" for a scramble).
TEST(NotationTest, WrongCountSaysWhatWasMeant) {
  const Board three(3, 3);
  EXPECT_EQ(ParseError("1,2,7,3,13,5,4,0,6,8,11,15,10,9,12,14", three),
            "16 cells given; a 3x3 board has 9 (16 cells make a 4x4 board: "
            "give board 4x4)");
  const Board four(4, 4);
  EXPECT_EQ(ParseError("R3 D2 L", four),
            "3 cells given; a 4x4 board has 16 ('R3 D2 L' reads as moves, not "
            "a position: a position lists the tile of every cell, and a "
            "solve's moves are checked by verify or analyse)");
  EXPECT_NE(ParseError("ruld", four).find("reads as moves"), std::string::npos);
  // Twelve cells make no square board: nothing more said.
  EXPECT_EQ(ParseError("1,2,3,4,5,6,7,8,9,10,11,0", three),
            "12 cells given; a 3x3 board has 9");
}

struct BadInput {
  std::string text;
  std::string message;
};

// Rows between spaces, as a person types them off a picture of the board
// ("123 456 780" was once refused: "3 cells given"), on boards of other
// shapes too; words that are not rows are still cells.
TEST(NotationTest, RowsBetweenSpaces) {
  EXPECT_EQ(ParseOk("12 30", Board(2, 2)).labels, (Labels{"1", "2", "3", "0"}));
  EXPECT_EQ(ParseOk("123 450", Board(2, 3)).labels,
            (Labels{"1", "2", "3", "4", "5", "0"}));
  EXPECT_EQ(ParseOk("12 34 50", Board(3, 2)).labels,
            (Labels{"1", "2", "3", "4", "5", "0"}));
  EXPECT_EQ(ParseOk("1234 5678 9ab0", Board(3, 4)).labels,
            (Labels{"1", "2", "3", "4", "5", "6", "7", "8", "9", "a", "b", "0"}));
  // As many words as cells: each word a cell, as before.
  EXPECT_EQ(ParseOk("1 2 3 0", Board(2, 2)).blank, 3);
  const Board board(3, 3);
  // Words of other lengths, commas, or another count of words: refused as
  // before, with the same messages.
  EXPECT_EQ(ParseError("1234 56 780", board), "3 cells given; a 3x3 board has 9");
  EXPECT_EQ(ParseError("1", board), "1 cell given; a 3x3 board has 9");
  EXPECT_EQ(ParseError("123,456,780", board), "3 cells given; a 3x3 board has 9");
  EXPECT_EQ(ParseError("123 456", board), "2 cells given; a 3x3 board has 9");
  EXPECT_EQ(ParseError("123 456 78\xc3", board),
            "unexpected character in a state (use plain ASCII labels)");
  EXPECT_EQ(ParseError("123 456 771", board), "tile '7' appears twice");
}

TEST(NotationTest, BadInputsAndTheirMessages) {
  const Board board(3, 3);
  const std::vector<BadInput> cases = {
      {"12345670", "8 cells given; a 3x3 board has 9"},
      {"1234567890", "10 cells given; a 3x3 board has 9"},
      {"1 2 3 4 5 6 7 0", "8 cells given; a 3x3 board has 9"},
      {"1,2,3,4,5,6,7,8,9,0", "10 cells given; a 3x3 board has 9"},
      {"12345670_", "more than one blank ('0' and '_')"},
      {"0234567.1", "more than one blank ('0' and '.')"},
      {"123456789", "no blank: write it as 0, _, . or -"},
      {"123456710", "tile '1' appears twice"},
      {"1 2 3 4 5 6 7 7 0", "tile '7' appears twice"},
      {"123/456", "2 rows given; a 3x3 board has 3"},
      {"12/345/678/0", "row 1 has 2 cells; a 3x3 board has 3 per row"},
      {"123/45/6780", "row 2 has 2 cells; a 3x3 board has 3 per row"},
      {"123/456/78", "row 3 has 2 cells; a 3x3 board has 3 per row"},
      {"123/456/780/", "row 4 has 0 cells; a 3x3 board has 3 per row"},
      {"1234567\xc3\xa9", "unexpected character in a state (use plain ASCII "
                          "labels)"},
      {"12345678\xff", "unexpected character in a state (use plain ASCII "
                       "labels)"},
      {"", "empty state"},
      {"   ", "empty state"},
      {",,,", "empty state"},
  };
  for (const BadInput& c : cases) {
    EXPECT_EQ(ParseError(c.text, board), c.message) << "'" << c.text << "'";
  }
}

TEST(NotationTest, FormatArrangement) {
  const Board board(3, 3);
  const Arrangement a = ParseOk("1 2 3/4 _ 5/6 7 8", board);
  EXPECT_EQ(FormatArrangement(a, "0"), "123405678");
  EXPECT_EQ(FormatArrangement(a, "_"), "1234_5678");
  EXPECT_EQ(FormatArrangement(a, "10"), "1,2,3,4,10,5,6,7,8")
      << "a long blank label needs commas";
  const Arrangement wide = ParseOk("1,2,3,4,5,6,7,8,9,10,11,0", Board(3, 4));
  EXPECT_EQ(FormatArrangement(wide, "0"), "1,2,3,4,5,6,7,8,9,10,11,0");
  // What FormatArrangement writes, ParseArrangement reads back.
  for (const Arrangement& x : {a, wide}) {
    const Board b = x.labels.size() == 9 ? Board(3, 3) : Board(3, 4);
    const Arrangement y = ParseOk(FormatArrangement(x, "0"), b);
    EXPECT_EQ(y.blank, x.blank);
    for (size_t c = 0; c < x.labels.size(); ++c) {
      if (static_cast<int>(c) != x.blank) {
        EXPECT_EQ(y.labels[c], x.labels[c]);
      }
    }
  }
  EXPECT_EQ(OutputBlankLabel(NotationOptions{}), "0");
  EXPECT_EQ(OutputBlankLabel(NotationOptions{"9"}), "9");
}

// Found by fuzzing (tests/fuzz/crashes/fuzz_notation/non_ascii_label): a
// one-byte label outside printable ASCII is accepted between spaces but not
// in the compact form, so it is written with commas, and reads back.
TEST(NotationTest, NonAsciiOneByteLabelIsWrittenWithCommas) {
  const Board board(2, 3);
  const Arrangement a = ParseOk("a b c d \xe5 x", board, "x");
  const std::string text = FormatArrangement(a, "x");
  EXPECT_EQ(text, "a,b,c,d,\xe5,x");
  const Arrangement back = ParseOk(text, board, "x");
  EXPECT_EQ(back.labels[4], "\xe5");
  EXPECT_EQ(FormatArrangement(ParseOk("a b c d e x", board, "x"), "\xe5"),
            "a,b,c,d,e,\xe5");
}

TEST(NotationTest, DefaultGoal) {
  const Board board(3, 3);
  Arrangement g = DefaultGoal(board, ParseOk("867254301", board));
  EXPECT_EQ(g.labels, (Labels{"1", "2", "3", "4", "5", "6", "7", "8", "0"}));
  EXPECT_EQ(g.blank, 8);
  // The blank keeps its label.
  g = DefaultGoal(board, ParseOk("8672_4351", board));
  EXPECT_EQ(g.labels.back(), "_");
  EXPECT_EQ(g.blank, 8);
  // Letters sort as strings.
  g = DefaultGoal(Board(2, 3), ParseOk("ecd_ab", Board(2, 3)));
  EXPECT_EQ(g.labels, (Labels{"a", "b", "c", "d", "e", "_"}));
  // Numbers sort numerically: 10 after 9.
  const Board wide(3, 4);
  g = DefaultGoal(wide, ParseOk("11,10,9,8,7,6,5,4,3,2,1,0", wide));
  EXPECT_EQ(g.labels, (Labels{"1", "2", "3", "4", "5", "6", "7", "8", "9",
                              "10", "11", "0"}));
  // --blank 9: tiles 1-8 in order, 9 last.
  g = DefaultGoal(board, ParseOk("912345678", board, "9"));
  EXPECT_EQ(FormatArrangement(g, "9"), "123456789");
}

// A default goal is refused where its order would surprise: tiles of more
// than one character, some numbers and some not (a typo such as "l5" for
// 15 would sort 10 before 2 and answer for another goal).
TEST(NotationTest, DefaultGoalOfMixedLabelsIsRefused) {
  const Board wide(3, 4);
  const Status s = CheckDefaultGoal(ParseOk("1,2,3,4,5,6,7,8,9,10,l1,0", wide));
  EXPECT_TRUE(s.IsInvalidArgument());
  EXPECT_NE(s.message().find("'l1'"), std::string::npos) << s.message();
  // One character each (hexadecimal digits), all numbers, all words, or
  // a blank of any label: the order is clear.
  EXPECT_TRUE(CheckDefaultGoal(ParseOk("1,2,3,4,5,6,7,8,9,A,B,0", wide)).ok());
  EXPECT_TRUE(
      CheckDefaultGoal(ParseOk("11,10,9,8,7,6,5,4,3,2,1,0", wide)).ok());
  EXPECT_TRUE(
      CheckDefaultGoal(ParseOk("aa,bb,cc,dd,ee,ff,gg,hh,ii,jj,kk,0", wide))
          .ok());
  EXPECT_TRUE(
      CheckDefaultGoal(ParseOk("1,2,3,4,5,6,7,8,9,10,11,xx", wide, "xx")).ok());
}

// Numbers from 1 (or 0) with one missing are refused too: "16" typed for
// 15 would make a goal in order of the typo, and a start in order would be
// answered as solved. So is a number too large to read (it was called a
// word), and two labels of one number.
TEST(NotationTest, DefaultGoalOfNumbersWithAGapIsRefused) {
  const Board four(4, 4);
  Status s =
      CheckDefaultGoal(ParseOk("1,2,3,4,5,6,7,8,9,10,11,12,13,14,16,0", four));
  EXPECT_TRUE(s.IsInvalidArgument());
  EXPECT_NE(s.message().find("numbered 1 to 16 with 15 missing"),
            std::string::npos)
      << s.message();
  s = CheckDefaultGoal(ParseOk("123456790", Board(3, 3)));
  EXPECT_NE(s.message().find("with 8 missing"), std::string::npos)
      << s.message();
  s = CheckDefaultGoal(
      ParseOk("99999999999999999999,1,2,3,4,5,6,7,0", Board(3, 3)));
  EXPECT_TRUE(s.IsInvalidArgument());
  EXPECT_NE(s.message().find("'99999999999999999999' is too large"),
            std::string::npos)
      << s.message();
  // Two labels of one number.
  s = CheckDefaultGoal(ParseOk("01,1,2,3,4,5,6,7,0", Board(3, 3)));
  EXPECT_NE(s.message().find("'01' and '1' are the same number"),
            std::string::npos)
      << s.message();
  // A puzzle's own numbers: a 15-puzzle's last 3x3 (the speedsolvers'
  // reduction), the top left one (two missing), numbers from -1.
  EXPECT_TRUE(
      CheckDefaultGoal(ParseOk("6,7,8,10,11,12,14,15,0", Board(3, 3))).ok());
  EXPECT_TRUE(
      CheckDefaultGoal(ParseOk("1,2,3,5,6,7,9,10,0", Board(3, 3))).ok());
  EXPECT_TRUE(
      CheckDefaultGoal(ParseOk("-1,1,2,3,4,5,6,7,0", Board(3, 3))).ok());
  // Numbered from 0 (the blank another label), or from any number on,
  // with no gap: the order is clear.
  EXPECT_TRUE(
      CheckDefaultGoal(ParseOk("0,1,2,3,4,5,6,7,_", Board(3, 3), "_")).ok());
  EXPECT_TRUE(
      CheckDefaultGoal(ParseOk("12,11,10,9,8,7,6,5,4,3,2,0", Board(3, 4)))
          .ok());
}

TEST(NotationTest, SortLabels) {
  Labels l = {"10", "2", "1", "33", "4"};
  SortLabels(&l);
  EXPECT_EQ(l, (Labels{"1", "2", "4", "10", "33"}));
  l = {"b", "10", "a", "2"};
  SortLabels(&l);
  EXPECT_EQ(l, (Labels{"10", "2", "a", "b"})) << "mixed labels sort as text";
}

TEST(NotationTest, DrawArrangement) {
  const Board board(3, 3);
  EXPECT_EQ(DrawArrangement(board, ParseOk("123/405/678", board), 2),
            "  1 2 3\n"
            "  4 _ 5\n"
            "  6 7 8\n");
  const Board wide(3, 4);
  EXPECT_EQ(DrawArrangement(wide, ParseOk("1,2,3,4,5,6,7,8,9,10,11,0", wide), 0),
            " 1  2  3  4\n"
            " 5  6  7  8\n"
            " 9 10 11  _\n");
}

}  // namespace
}  // namespace slidedb
