// Indexer: the dense numbering of the states that reach one goal.
#include "lib/puzzle/index.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

#include "lib/puzzle/board.h"
#include "lib/puzzle/parity.h"
#include "lib/puzzle/state.h"
#include "tests/reference_search.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

using testing::Factorial;
using testing::PackState;

class IndexRoundTripTest : public ::testing::TestWithParam<Board> {};

// Every index of every goal of the board: StateAt gives a well-formed state
// that reaches the goal, IndexOf gives the index back, no two indexes give
// the same state, and a sideways move changes the index by exactly one.
TEST_P(IndexRoundTripTest, EveryIndexOfEveryGoal) {
  const Board board = GetParam();
  const int n = board.cells();
  std::vector<uint64_t> packed;
  for (int goal_blank = 0; goal_blank < n; ++goal_blank) {
    SCOPED_TRACE("goal blank " + std::to_string(goal_blank));
    const Indexer indexer(board, goal_blank);
    ASSERT_EQ(indexer.size(), Factorial(n) / 2);
    EXPECT_EQ(indexer.goal_blank(), goal_blank);
    EXPECT_EQ(indexer.board(), board);
    // Boards of 10 cells (1.8M states a goal) are walked whole for the
    // default goal and sampled for the others, to keep the suite fast.
    const bool whole = n <= 9 || goal_blank == n - 1;
    const Index stride = whole ? 1 : 97;
    packed.clear();
    packed.reserve(indexer.size());
    int failures = 0;
    for (Index i = 0; i < indexer.size() && failures < 10; i += stride) {
      const State s = indexer.StateAt(i);
      if (!IsWellFormed(board, s) || !indexer.Reachable(s) ||
          indexer.IndexOf(s) != i) {
        ADD_FAILURE() << "index " << i << ": well-formed "
                      << IsWellFormed(board, s) << ", reachable "
                      << indexer.Reachable(s) << ", IndexOf "
                      << (IsWellFormed(board, s) ? indexer.IndexOf(s) : 0);
        ++failures;
        continue;
      }
      packed.push_back(PackState(board, s));
      for (Move m : {Move::kLeft, Move::kRight}) {
        State t = s;
        if (!ApplyMove(board, m, &t)) continue;
        if (indexer.IndexOf(t) != Indexer::AfterSidewaysMove(i, m)) {
          ADD_FAILURE() << "index " << i << " move " << MoveLetter(m);
          ++failures;
        }
      }
    }
    ASSERT_EQ(failures, 0);
    if (!whole) continue;
    std::sort(packed.begin(), packed.end());
    EXPECT_EQ(std::adjacent_find(packed.begin(), packed.end()), packed.end())
        << "two indexes give the same state";
  }
}

INSTANTIATE_TEST_SUITE_P(AllBoardsUpTo10Cells, IndexRoundTripTest,
                         ::testing::Values(Board(2, 2), Board(2, 3),
                                           Board(3, 2), Board(2, 4),
                                           Board(4, 2), Board(3, 3),
                                           Board(2, 5), Board(5, 2)),
                         testing::BoardParamName);

TEST(IndexTest, CanonicalGoalIsReachableFromItsOwnIndexer) {
  for (const Board& board : {Board(2, 2), Board(3, 3), Board(2, 6), Board(3, 4),
                             Board(4, 3), Board(6, 2)}) {
    for (int b = 0; b < board.cells(); ++b) {
      const Indexer indexer(board, b);
      const State goal = CanonicalGoal(board, b);
      EXPECT_TRUE(indexer.Reachable(goal)) << board.Name() << " b" << b;
      const Index i = indexer.IndexOf(goal);
      ASSERT_LT(i, indexer.size());
      EXPECT_EQ(indexer.StateAt(i), goal) << board.Name() << " b" << b;
    }
  }
}

TEST(IndexTest, TwelveCellSizesFitAndRoundTripSampled) {
  for (const Board& board :
       {Board(3, 4), Board(4, 3), Board(2, 6), Board(6, 2)}) {
    const Indexer indexer(board, board.cells() - 1);
    EXPECT_EQ(indexer.size(), 239500800u) << board.Name();
    // A spread of indexes, including the last.
    for (uint64_t i = 0; i < indexer.size(); i += 999983) {
      const State s = indexer.StateAt(static_cast<Index>(i));
      ASSERT_TRUE(IsWellFormed(board, s)) << i;
      ASSERT_TRUE(indexer.Reachable(s)) << i;
      ASSERT_EQ(indexer.IndexOf(s), i) << board.Name();
    }
    const Index last = indexer.size() - 1;
    EXPECT_EQ(indexer.IndexOf(indexer.StateAt(last)), last);
  }
}

// ForEachState visits exactly StateAt's states, in order, over any range:
// whole tile orders, ranges cut inside one, and ranges of one index; on
// even and odd widths (the parity that swaps the last two tiles), every
// goal blank.
TEST(IndexTest, ForEachStateIsStateAtInOrder) {
  for (const Board& board : {Board(2, 2), Board(2, 3), Board(3, 2), Board(3, 3),
                             Board(2, 4), Board(4, 4), Board(3, 5)}) {
    for (int goal_blank = 0; goal_blank < board.cells(); ++goal_blank) {
      SCOPED_TRACE(board.Name() + " goal blank " + std::to_string(goal_blank));
      const Indexer ix(board, goal_blank);
      const Index n = std::min<Index>(ix.size(), 5000);
      for (const auto& [first, end] :
           std::vector<std::pair<Index, Index>>{{0, n},
                                                {3, n - 2},
                                                {7, 8},
                                                {ix.size() - n / 3, ix.size()},
                                                {5, 5}}) {
        Index expected = first;
        int failures = 0;
        ix.ForEachState(first, end, [&](Index i, const State& s) {
          if (failures < 5 && (i != expected || s != ix.StateAt(i))) {
            ADD_FAILURE() << "index " << i << ", expected " << expected;
            ++failures;
          }
          ++expected;
        });
        EXPECT_EQ(expected, end) << first;
      }
    }
  }
}

// Every arrangement of the 3x3 board, for every goal: exactly half reach
// the goal, the reachable ones are exactly those of the goal's parity class,
// and their indexes cover 0..size()-1 once each.
TEST(IndexTest, EveryPermutationOf3x3) {
  const Board board(3, 3);
  std::vector<uint8_t> tiles(9);
  std::iota(tiles.begin(), tiles.end(), 0);
  std::vector<State> all;
  do {
    State s;
    for (int c = 0; c < 9; ++c) {
      s.tile[c] = tiles[c];
      if (tiles[c] == 0) s.blank = static_cast<uint8_t>(c);
    }
    all.push_back(s);
  } while (std::next_permutation(tiles.begin(), tiles.end()));
  ASSERT_EQ(all.size(), Factorial(9));

  for (int goal_blank = 0; goal_blank < 9; ++goal_blank) {
    SCOPED_TRACE("goal blank " + std::to_string(goal_blank));
    const Indexer indexer(board, goal_blank);
    const int goal_class = ParityClass(board, CanonicalGoal(board, goal_blank));
    std::vector<uint8_t> hits(indexer.size(), 0);
    uint64_t reachable = 0;
    int failures = 0;
    for (const State& s : all) {
      const bool r = indexer.Reachable(s);
      if (r != (ParityClass(board, s) == goal_class) && failures++ < 5) {
        ADD_FAILURE() << "Reachable disagrees with the parity class";
      }
      if (!r) continue;
      ++reachable;
      const Index i = indexer.IndexOf(s);
      if (i >= indexer.size()) {
        if (failures++ < 5) ADD_FAILURE() << "index " << i << " out of range";
        continue;
      }
      ++hits[i];
    }
    EXPECT_EQ(reachable, Factorial(9) / 2);
    EXPECT_EQ(std::count(hits.begin(), hits.end(), 1),
              static_cast<long>(indexer.size()))
        << "some index is hit twice or never";
  }
}

// The rank's arithmetic (lib/puzzle/index.h), the one definition the index,
// the walk and the search share: weights are halved factorials, and a
// tile's digit counts the smaller tiles not placed yet.
TEST(LehmerTest, WeightsAndDigitsAreTheDefinitions) {
  for (int cells = 4; cells <= 12; ++cells) {
    const auto w = LehmerWeights(cells);
    for (int i = 0; i < kMaxCells; ++i) {
      uint64_t want = 0;
      if (i < cells - 3) {
        want = 1;
        for (int k = 3; k <= cells - 2 - i; ++k) want *= k;
      }
      EXPECT_EQ(w[i], want) << cells << " cells, digit " << i;
    }
  }
  EXPECT_EQ(LehmerDigit(0b1111, 1), 0);
  EXPECT_EQ(LehmerDigit(0b1111, 4), 3);
  EXPECT_EQ(LehmerDigit(0b1010, 4), 1);  // of 2 and 4, one is smaller
  EXPECT_EQ(LehmerDigit(0b1010, 2), 0);
}

}  // namespace
}  // namespace slidedb
