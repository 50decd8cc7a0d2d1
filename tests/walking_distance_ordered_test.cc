#include "lib/search/walking_distance_ordered.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>

#include "lib/base/coding.h"
#include "lib/search/mtm_prepared.h"

namespace slidedb {
namespace {

// The tables are four bits an entry: every table a board of at most 4 rows
// and 4 columns can ask for (any lines and cells a line, the goal's blank
// on an outer or an inner line) has no entry over 15 (4x4's largest is 15).
// Made by Search (4x4's prepared), never through Make, whose tables the
// process keeps: other tests see them made afresh.
TEST(OrderedWalkingDistanceTest, EveryTableFitsFourBits) {
  constexpr int kMax = OrderedWalkingDistance::kMaxLines;
  for (int lines = 2; lines <= kMax; ++lines) {
    for (int per_line = 2; per_line <= kMax; ++per_line) {
      for (int blank_line = 0; blank_line <= (lines - 1) / 2; ++blank_line) {
        SCOPED_TRACE(std::to_string(lines) + " lines of " +
                     std::to_string(per_line) + ", blank line " +
                     std::to_string(blank_line));
        const auto table =
            lines == kMax && per_line == kMax
                ? PreparedOrderedTable(lines, per_line, blank_line)
                : OrderedWalkingDistance::Search(lines, per_line, blank_line,
                                                 {});
        ASSERT_NE(table, nullptr);
        int most = 0;
        for (size_t i = 0; i < 2 * table->size(); ++i) {
          most = std::max(most, GetNibble(table->data(), i));
        }
        EXPECT_GT(most, 0);
        EXPECT_LE(most, 15);
      }
    }
  }
}

}  // namespace
}  // namespace slidedb
