// State: an arrangement of tiles on a board in the library's own labels:
// tiles are 1..cells()-1 and 0 is the blank. (Users' labels are mapped to
// these by lib/puzzle/problem.h.)
#ifndef SLIDEDB_LIB_PUZZLE_STATE_H_
#define SLIDEDB_LIB_PUZZLE_STATE_H_

#include <array>
#include <cstdint>

#include "lib/puzzle/board.h"

namespace slidedb {

struct State {
  std::array<uint8_t, kMaxCells> tile{};  // tile[cell]; 0 is the blank
  uint8_t blank = 0;                      // the cell that holds 0

  bool operator==(const State& o) const {
    return blank == o.blank && tile == o.tile;
  }
  bool operator!=(const State& o) const { return !(*this == o); }
};

// The canonical goal of `board` with the blank on `blank_cell`: tiles
// 1..cells()-1 in reading order on the other cells.
// REQUIRES: 0 <= blank_cell < board.cells().
State CanonicalGoal(const Board& board, int blank_cell);

// Moves the blank. Returns false, leaving *s alone, if `m` leaves the board.
// On success *moved_tile (if not null) is the tile that slid.
inline bool ApplyMove(const Board& board, Move m, State* s,
                      uint8_t* moved_tile = nullptr) {
  const int to = board.Neighbor(s->blank, m);
  if (to < 0) return false;
  const uint8_t t = s->tile[to];
  s->tile[s->blank] = t;
  s->tile[to] = 0;
  s->blank = static_cast<uint8_t>(to);
  if (moved_tile != nullptr) *moved_tile = t;
  return true;
}

// True when `s` holds each of 0..cells()-1 once and `blank` points at 0.
bool IsWellFormed(const Board& board, const State& s);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_PUZZLE_STATE_H_
