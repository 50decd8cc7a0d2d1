#include "lib/puzzle/parity.h"

namespace slidedb {

int Inversions(const Board& board, const State& s) {
  int inversions = 0;
  unsigned seen = 0;  // tiles already read
  for (int c = 0; c < board.cells(); ++c) {
    const uint8_t t = s.tile[c];
    if (t == 0) continue;
    // Earlier tiles larger than t.
    inversions += __builtin_popcount(seen >> t);
    seen |= 1u << t;
  }
  return inversions;
}

}  // namespace slidedb
