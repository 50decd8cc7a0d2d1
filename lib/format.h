// The on-disk format, frozen here and described in docs/FORMAT.md. Anything
// that changes a byte of a key or a record changes kFormatVersion.
#ifndef SLIDEDB_LIB_FORMAT_H_
#define SLIDEDB_LIB_FORMAT_H_

#include <cstdint>
#include <string>

#include "lib/board.h"

namespace slidedb {

// 2: a table serves every goal a symmetry of the board relates to its own
// (lib/symmetry.h); only one goal blank of each class is stored.
inline constexpr int kFormatVersion = 2;

// Key holding kFormatVersion as decimal text.
inline constexpr char kFormatKey[] = "slidedb/format";

// Records per page. A page is one RocksDB value: the records of indexes
// [page * kPageRecords, (page + 1) * kPageRecords), one byte each; the last
// page of a table may be shorter.
inline constexpr uint32_t kPageRecords = 4096;
inline constexpr int kPageShift = 12;
static_assert(kPageRecords == 1u << kPageShift);

// A record is one byte: the distance to the goal in bits 7..2 and, in bits
// 1..0, the Move (lib/board.h) that takes the blank one step nearer the goal.
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

// The table of the canonical goal of `board` with the blank on `goal_blank`:
// "3x3/b8" is the goal 123456780.
std::string TableId(const Board& board, int goal_blank);
// "meta/" + table id: the table's metadata as a JSON object.
std::string MetaKey(const std::string& table_id);
// "page/" + table id + "/": every page key of the table starts so.
std::string PagePrefix(const std::string& table_id);
// PagePrefix() followed by the page number as 4 bytes, big-endian, so that
// pages sort in order.
std::string PageKey(const std::string& table_id, uint32_t page);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_FORMAT_H_
