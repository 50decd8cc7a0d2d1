#include "lib/puzzle/state.h"

namespace slidedb {

State CanonicalGoal(const Board& board, int blank_cell) {
  State s;
  uint8_t next = 1;
  for (int c = 0; c < board.cells(); ++c) {
    s.tile[c] = c == blank_cell ? 0 : next++;
  }
  s.blank = static_cast<uint8_t>(blank_cell);
  return s;
}

bool IsWellFormed(const Board& board, const State& s) {
  const int n = board.cells();
  if (s.blank >= n || s.tile[s.blank] != 0) return false;
  unsigned seen = 0;
  for (int c = 0; c < n; ++c) {
    if (s.tile[c] >= n || (seen >> s.tile[c] & 1u)) return false;
    seen |= 1u << s.tile[c];
  }
  for (int c = n; c < kMaxCells; ++c) {
    if (s.tile[c] != 0) return false;
  }
  return true;
}

}  // namespace slidedb
