#include "lib/search/walking_distance_ordered.h"

#include <gtest/gtest.h>

#include <string>

#include "lib/puzzle/board.h"
#include "lib/puzzle/state.h"

namespace slidedb {
namespace {

// The tables are four bits an entry: on every board they are made for (at
// most 4 rows and 4 columns), for every line of the goal's blank, both
// axes, no entry is over 15 (4x4's largest is 15) and the goal's alone is
// 0.
TEST(OrderedWalkingDistanceTest, EveryTableFitsFourBits) {
  for (int rows = 2; rows <= OrderedWalkingDistance::kMaxLines; ++rows) {
    for (int cols = 2; cols <= OrderedWalkingDistance::kMaxLines; ++cols) {
      const Board board(rows, cols);
      for (const int goal_blank : {board.cells() - 1, cols + 1}) {
        for (const bool columns : {false, true}) {
          SCOPED_TRACE(board.Name() + " blank " + std::to_string(goal_blank) +
                       (columns ? " columns" : " rows"));
          const OrderedWalkingDistance w(board, goal_blank, columns);
          EXPECT_EQ(w.table().size(), (w.size() + 1) / 2);
          const int most = w.max_distance();
          EXPECT_GT(most, 0);
          EXPECT_LE(most, 15);
          EXPECT_EQ(w.Distance(CanonicalGoal(board, goal_blank)), 0);
        }
      }
    }
  }
}

}  // namespace
}  // namespace slidedb
