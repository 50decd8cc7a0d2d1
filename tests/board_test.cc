// Board: shapes, parsing, and the blank's moves.
#include "lib/puzzle/board.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lib/puzzle/state.h"

namespace slidedb {
namespace {

// Every shape the library supports: at least 2 by 2, at most 25 cells.
std::vector<Board> AllBoards() {
  std::vector<Board> boards;
  for (int r = 2; r <= kMaxCells; ++r) {
    for (int c = 2; r * c <= kMaxCells; ++c) boards.emplace_back(r, c);
  }
  return boards;
}

TEST(BoardTest, ParsesSupportedShapes) {
  for (const std::string text :
       {"2x2", "2x3", "3x2", "2x4", "4x2", "3x3", "2x5", "5x2", "3x4", "4x3",
        "2x6", "6x2", "2x7", "7x2", "3x5", "5x3", "4x4", "2x8", "8x2"}) {
    Board board(2, 2);
    Status s = Board::Parse(text, &board);
    ASSERT_TRUE(s.ok()) << text << ": " << s.ToString();
    EXPECT_EQ(board.Name(), text);
    EXPECT_EQ(board.rows(), text[0] - '0');
    EXPECT_EQ(board.cols(), text[2] - '0');
    EXPECT_EQ(board.cells(), board.rows() * board.cols());
  }
  Board board;
  EXPECT_EQ(board.Name(), "3x3") << "the default board is the 8-puzzle";
}

TEST(BoardTest, RejectsUnsupportedShapesWithReason) {
  // "0x3" is of the form RxC, with a side too short: not supported.
  for (const std::string text :
       {"1x5", "5x1", "5x6", "2x13", "1x1", "26x1", "0x3", "3x0", "03x0"}) {
    Board board(2, 3);
    Status s = Board::Parse(text, &board);
    EXPECT_TRUE(s.IsInvalidArgument()) << text;
    EXPECT_NE(s.message().find("not supported"), std::string::npos)
        << text << ": " << s.message();
    EXPECT_NE(s.message().find("25 cells"), std::string::npos) << s.message();
    EXPECT_EQ(board, Board(2, 3)) << text << " changed the board";
  }
}

TEST(BoardTest, RejectsMalformedShapes) {
  for (const std::string text :
       {"3x", "x3", "abc", "", "3", "3x3x3", "3 x 3", "3x3 ", "three", "3*3",
        "-3x3", "3x-3", "+3x3"}) {
    Board board(2, 3);
    Status s = Board::Parse(text, &board);
    EXPECT_TRUE(s.IsInvalidArgument()) << "'" << text << "'";
    EXPECT_NE(s.message().find("RxC"), std::string::npos)
        << "'" << text << "': " << s.message();
    EXPECT_EQ(board, Board(2, 3));
  }
}

TEST(BoardTest, IsValidShape) {
  EXPECT_TRUE(Board::IsValidShape(2, 2));
  EXPECT_TRUE(Board::IsValidShape(6, 2));
  EXPECT_TRUE(Board::IsValidShape(3, 4));
  EXPECT_FALSE(Board::IsValidShape(1, 12));
  EXPECT_TRUE(Board::IsValidShape(4, 4));
  EXPECT_TRUE(Board::IsValidShape(2, 8));
  EXPECT_TRUE(Board::IsValidShape(4, 5));
  EXPECT_TRUE(Board::IsValidShape(5, 5));
  EXPECT_FALSE(Board::IsValidShape(5, 6));
  EXPECT_TRUE(Board::IsValidShape(2, 9));
  EXPECT_FALSE(Board::IsValidShape(2, 13));
  EXPECT_FALSE(Board::IsValidShape(0, 0));
  // Sides whose product overflows int (or wraps to a small number) are
  // refused, not taken as small boards.
  EXPECT_FALSE(Board::IsValidShape(46341, 46341));
  EXPECT_FALSE(Board::IsValidShape(65536, 65536));
  EXPECT_FALSE(Board::IsValidShape(2, 2147483647));
  EXPECT_FALSE(Board::IsValidShape(2147483647, 2));
  EXPECT_FALSE(Board::IsValidShape(4, 1073741824));
  EXPECT_FALSE(Board::IsValidShape(2147483647, 2147483647));
}

TEST(BoardTest, RejectsHugeShapesWhoseCellCountOverflows) {
  for (const std::string text :
       {"46341x46341", "65536x65536", "2x2147483647", "4x1073741824",
        "2147483647x2147483647", "13x2", "25x25"}) {
    Board board(2, 3);
    Status s = Board::Parse(text, &board);
    EXPECT_TRUE(s.IsInvalidArgument()) << text;
    EXPECT_NE(s.message().find("not supported"), std::string::npos)
        << text << ": " << s.message();
    EXPECT_EQ(board, Board(2, 3)) << text << " changed the board";
  }
  // Past int: too large, not a wrapped number.
  Board board(2, 3);
  const Status s = Board::Parse("4294967298x2", &board);
  EXPECT_TRUE(s.IsInvalidArgument());
  EXPECT_NE(s.message().find("not supported"), std::string::npos)
      << s.message();
  EXPECT_EQ(board, Board(2, 3));
}

// Neighbor agrees with row and column arithmetic on every cell of every
// board, and a move followed by its inverse comes back.
TEST(BoardTest, NeighborsFollowGeometryAndInvert) {
  for (const Board& board : AllBoards()) {
    SCOPED_TRACE(board.Name());
    for (int cell = 0; cell < board.cells(); ++cell) {
      const int r = cell / board.cols(), k = cell % board.cols();
      EXPECT_EQ(board.Row(cell), r);
      EXPECT_EQ(board.Col(cell), k);
      EXPECT_EQ(board.Neighbor(cell, Move::kUp), r > 0 ? cell - board.cols() : -1);
      EXPECT_EQ(board.Neighbor(cell, Move::kDown),
                r + 1 < board.rows() ? cell + board.cols() : -1);
      EXPECT_EQ(board.Neighbor(cell, Move::kLeft), k > 0 ? cell - 1 : -1);
      EXPECT_EQ(board.Neighbor(cell, Move::kRight),
                k + 1 < board.cols() ? cell + 1 : -1);
      for (Move m : kAllMoves) {
        const int to = board.Neighbor(cell, m);
        if (to < 0) continue;
        EXPECT_EQ(board.Neighbor(to, Inverse(m)), cell);
      }
    }
  }
}

// On every cell of every board, each legal move of the blank followed by its
// inverse restores the state; an illegal move leaves the state alone.
TEST(BoardTest, MoveThenInverseRestoresState) {
  for (const Board& board : AllBoards()) {
    SCOPED_TRACE(board.Name());
    for (int blank = 0; blank < board.cells(); ++blank) {
      // Tiles 1..cells-1 in a scrambled but well-formed order.
      State s;
      int next = 1;
      for (int c = 0; c < board.cells(); ++c) {
        if (c == blank) continue;
        s.tile[c] = static_cast<uint8_t>(board.cells() - next++);
      }
      s.blank = static_cast<uint8_t>(blank);
      ASSERT_TRUE(IsWellFormed(board, s));
      int legal = 0;
      for (Move m : kAllMoves) {
        State t = s;
        uint8_t moved = 0;
        const int to = board.Neighbor(blank, m);
        if (!ApplyMove(board, m, &t, &moved)) {
          EXPECT_EQ(to, -1);
          EXPECT_EQ(t, s) << "an illegal move changed the state";
          continue;
        }
        ++legal;
        EXPECT_EQ(t.blank, to);
        EXPECT_EQ(moved, s.tile[to]) << "the tile that slid";
        EXPECT_EQ(t.tile[blank], s.tile[to]);
        EXPECT_TRUE(IsWellFormed(board, t));
        uint8_t back = 0;
        ASSERT_TRUE(ApplyMove(board, Inverse(m), &t, &back));
        EXPECT_EQ(back, moved);
        EXPECT_EQ(t, s) << "cell " << blank << " move " << MoveLetter(m);
      }
      const int r = board.Row(blank), k = board.Col(blank);
      EXPECT_EQ(legal, (r > 0) + (r + 1 < board.rows()) + (k > 0) +
                           (k + 1 < board.cols()));
    }
  }
}

TEST(BoardTest, InversePairsAndLetters) {
  EXPECT_EQ(Inverse(Move::kUp), Move::kDown);
  EXPECT_EQ(Inverse(Move::kDown), Move::kUp);
  EXPECT_EQ(Inverse(Move::kLeft), Move::kRight);
  EXPECT_EQ(Inverse(Move::kRight), Move::kLeft);
  EXPECT_EQ(MoveLetter(Move::kUp), 'U');
  EXPECT_EQ(MoveLetter(Move::kDown), 'D');
  EXPECT_EQ(MoveLetter(Move::kLeft), 'L');
  EXPECT_EQ(MoveLetter(Move::kRight), 'R');
  for (Move m : kAllMoves) {
    Move parsed = m == Move::kUp ? Move::kDown : Move::kUp;
    ASSERT_TRUE(ParseMoveLetter(MoveLetter(m), &parsed));
    EXPECT_EQ(parsed, m);
    const char lower = static_cast<char>(MoveLetter(m) - 'A' + 'a');
    ASSERT_TRUE(ParseMoveLetter(lower, &parsed)) << lower;
    EXPECT_EQ(parsed, m);
  }
  for (char c : {'X', 'v', '0', ' ', '\0', 'N', 'S', 'E', 'W'}) {
    Move m = Move::kLeft;
    EXPECT_FALSE(ParseMoveLetter(c, &m)) << static_cast<int>(c);
    EXPECT_EQ(m, Move::kLeft) << "a failed parse changed the move";
  }
}

TEST(BoardTest, CanonicalGoalAndWellFormed) {
  const Board board(3, 3);
  const State g = CanonicalGoal(board, 4);
  EXPECT_EQ(g.blank, 4);
  const std::vector<int> want = {1, 2, 3, 4, 0, 5, 6, 7, 8};
  for (int c = 0; c < 9; ++c) EXPECT_EQ(g.tile[c], want[c]) << c;
  EXPECT_TRUE(IsWellFormed(board, g));
  State bad = g;
  bad.tile[0] = 2;  // 2 twice, 1 missing
  EXPECT_FALSE(IsWellFormed(board, bad));
  bad = g;
  bad.blank = 3;  // points at a tile
  EXPECT_FALSE(IsWellFormed(board, bad));
  bad = g;
  bad.tile[9] = 9;  // past the board
  EXPECT_FALSE(IsWellFormed(board, bad));
}

}  // namespace
}  // namespace slidedb
