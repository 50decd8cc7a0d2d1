// Solvability by inversion parity, checked against reachability found by an
// independent breadth-first search.
#include "lib/puzzle/parity.h"

#include <gtest/gtest.h>

#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "lib/puzzle/board.h"
#include "lib/puzzle/index.h"
#include "lib/puzzle/state.h"
#include "tests/reference_search.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

using testing::CountInversions;
using testing::DistancesTo;
using testing::Pack;
using testing::RefShape;
using testing::ToState;

TEST(ParityTest, InversionsMatchPairCount) {
  std::mt19937 rng(7);
  for (const Board& board :
       {Board(3, 3), Board(2, 4), Board(3, 4), Board(2, 6), Board(6, 2)}) {
    std::vector<int> tiles(board.cells());
    std::iota(tiles.begin(), tiles.end(), 0);
    for (int k = 0; k < 500; ++k) {
      std::shuffle(tiles.begin(), tiles.end(), rng);
      EXPECT_EQ(Inversions(board, ToState(tiles)), CountInversions(tiles))
          << board.Name();
    }
  }
  const Board board(3, 3);
  EXPECT_EQ(Inversions(board, CanonicalGoal(board, 8)), 0);
  EXPECT_EQ(Inversions(board, ToState({8, 7, 6, 5, 4, 3, 2, 1, 0})), 28);
  EXPECT_EQ(Inversions(board, ToState({8, 6, 7, 2, 5, 4, 3, 0, 1})), 24);
}

class ParityReachabilityTest : public ::testing::TestWithParam<Board> {};

// For goals with the blank on each cell, every arrangement of the board
// reaches the goal exactly when its parity class is the goal's (and
// Indexer::Reachable says the same); exactly half of them do.
TEST_P(ParityReachabilityTest, ParityAgreesWithSearch) {
  const Board board = GetParam();
  const RefShape shape{board.rows(), board.cols()};
  const int n = board.cells();
  std::vector<int> goal_blanks;
  if (n <= 8) {
    for (int b = 0; b < n; ++b) goal_blanks.push_back(b);
  } else {
    goal_blanks = {0, 1, 4, 8};  // corner, edge, centre, last
  }
  for (int goal_blank : goal_blanks) {
    SCOPED_TRACE("goal blank " + std::to_string(goal_blank));
    // A non-canonical goal too: tiles in reverse order.
    std::vector<int> goal(n);
    int next = n - 1;
    for (int c = 0; c < n; ++c) goal[c] = c == goal_blank ? 0 : next--;
    const auto dist = DistancesTo(shape, Pack(goal));
    EXPECT_EQ(dist.size(), testing::Factorial(n) / 2);
    const State goal_state = ToState(goal);
    const int goal_class = ParityClass(board, goal_state);
    const Indexer indexer(board, goal_blank);
    const bool goal_canonically_reachable = indexer.Reachable(goal_state);

    std::vector<int> tiles(n);
    std::iota(tiles.begin(), tiles.end(), 0);
    uint64_t agree = 0, total = 0;
    int failures = 0;
    do {
      ++total;
      const State s = ToState(tiles);
      const bool reaches = dist.count(Pack(tiles)) > 0;
      const bool by_parity = ParityClass(board, s) == goal_class;
      // Two arrangements reach each other iff both do or neither does
      // reach the canonical goal.
      const bool by_indexer =
          indexer.Reachable(s) == goal_canonically_reachable;
      if (reaches == by_parity && reaches == by_indexer) {
        ++agree;
      } else if (failures++ < 5) {
        ADD_FAILURE() << "arrangement " << testing::Pack(tiles) << ": search "
                      << reaches << ", parity " << by_parity << ", indexer "
                      << by_indexer;
      }
    } while (std::next_permutation(tiles.begin(), tiles.end()));
    EXPECT_EQ(agree, total);
  }
}

INSTANTIATE_TEST_SUITE_P(OddAndEvenWidths, ParityReachabilityTest,
                         ::testing::Values(Board(2, 2), Board(2, 3),
                                           Board(3, 2), Board(2, 4),
                                           Board(4, 2), Board(3, 3)),
                         testing::BoardParamName);

}  // namespace
}  // namespace slidedb
