// The one-byte record of a state in a full table: its distance to the goal
// and a best move. Part of the frozen on-disk format (lib/storage/format.h,
// docs/FORMAT.md); here because the search that fills a table
// (lib/search/bfs.h) writes it and knows nothing of storage.
#ifndef SLIDEDB_LIB_PUZZLE_RECORD_H_
#define SLIDEDB_LIB_PUZZLE_RECORD_H_

#include <cstdint>

#include "lib/puzzle/board.h"

namespace slidedb {

// A record is one byte: the distance to the goal in bits 7..2 and, in bits
// 1..0, the Move (lib/puzzle/board.h) that takes the blank one step nearer the goal.
// A distance of kDistanceSaturated or more is stored as kDistanceSaturated;
// such a state's distance is found by walking its best moves down to a
// state nearer than that. The goal's record is 0.
inline constexpr int kDistanceSaturated = 63;

inline uint8_t EncodeRecord(int distance, Move best) {
  const int d = distance < kDistanceSaturated ? distance : kDistanceSaturated;
  return static_cast<uint8_t>(d << 2 | static_cast<int>(best));
}
inline int RecordDistance(uint8_t record) { return record >> 2; }
inline Move RecordMove(uint8_t record) {
  return static_cast<Move>(record & 3);
}

}  // namespace slidedb

#endif  // SLIDEDB_LIB_PUZZLE_RECORD_H_
