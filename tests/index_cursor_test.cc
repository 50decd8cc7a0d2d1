// IndexCursor (lib/solve/index_cursor.h) against the Indexer it stands in
// for: on random walks of every shape the walks read, the index after each
// move, asked for ahead (IndexAfter) and kept (Apply, with or without the
// index after), is IndexOf's.
#include "lib/solve/index_cursor.h"

#include <gtest/gtest.h>

#include <random>

#include "lib/puzzle/shapes.h"

namespace slidedb {
namespace {

template <int kRows, int kCols>
void ExpectCursorFollowsIndexer(int goal_blank) {
  const Board board(kRows, kCols);
  const Indexer ix(board, goal_blank);
  std::mt19937_64 rng(kRows * 100 + kCols);
  std::uniform_int_distribution<Index> pick(0, ix.size() - 1);
  for (int walk = 0; walk < 20; ++walk) {
    State s = ix.StateAt(pick(rng));
    IndexCursor<kRows * kCols, kCols> cursor(s);
    IndexCursor<kRows * kCols, kCols> told(s);  // told each index after
    ASSERT_EQ(cursor.index(), ix.IndexOf(s)) << board.Name();
    for (int step = 0; step < 200; ++step) {
      for (Move m : kAllMoves) {
        State t = s;
        if (!ApplyMove(board, m, &t)) continue;
        ASSERT_EQ(cursor.IndexAfter(m, s), ix.IndexOf(t))
            << board.Name() << " move " << static_cast<int>(m) << " from index "
            << ix.IndexOf(s);
      }
      Move m;
      do {
        m = kAllMoves[rng() % 4];
      } while (board.Neighbor(s.blank, m) < 0);
      ApplyMove(board, m, &s);
      told.Apply(m, cursor.IndexAfter(m));
      cursor.Apply(m);
      ASSERT_EQ(cursor.index(), ix.IndexOf(s)) << board.Name();
      ASSERT_EQ(told.index(), ix.IndexOf(s)) << board.Name();
    }
  }
}

TEST(IndexCursorTest, FollowsTheIndexerOnEveryShape) {
#define SLIDEDB_SHAPE(r, c) ExpectCursorFollowsIndexer<r, c>(r * c - 1);
  SLIDEDB_FOR_EACH_SHAPE(SLIDEDB_SHAPE)
  SLIDEDB_FOR_EACH_TWO_BIT_ONLY_SHAPE(SLIDEDB_SHAPE)
#undef SLIDEDB_SHAPE
}

TEST(IndexCursorTest, FollowsTheIndexerWithTheBlankGoalFirst) {
  ExpectCursorFollowsIndexer<3, 4>(0);
  ExpectCursorFollowsIndexer<2, 7>(0);
}

}  // namespace
}  // namespace slidedb
