// What the tests of the multi-tile metric through the tools share
// (tests/mtm_tools_test.cc, tests/mtm_analyse_test.cc): the reference
// search's distances and a state as the tools write it.
#ifndef SLIDEDB_TESTS_MTM_TOOLS_UTIL_H_
#define SLIDEDB_TESTS_MTM_TOOLS_UTIL_H_

#include <cstdint>
#include <string>
#include <unordered_map>

#include "lib/puzzle/board.h"
#include "lib/puzzle/state.h"
#include "tests/reference_search.h"
#include "tests/test_util.h"

namespace slidedb::mtm_tools_test {

// The multi-tile distance of every state to the canonical goal of `board`
// with the blank on `goal_blank`, by the reference search.
inline std::unordered_map<uint64_t, int> Truth(const Board& board,
                                               int goal_blank) {
  return testing::MtmDistancesTo(
      testing::RefShape{board.rows(), board.cols()},
      testing::PackState(board, CanonicalGoal(board, goal_blank)));
}

// A state as the tools write it, a digit a cell: "123456780".
inline std::string Text(const Board& board, const State& s) {
  std::string t;
  for (int c = 0; c < board.cells(); ++c) {
    t += static_cast<char>('0' + s.tile[c]);
  }
  return t;
}

}  // namespace slidedb::mtm_tools_test

#endif  // SLIDEDB_TESTS_MTM_TOOLS_UTIL_H_
