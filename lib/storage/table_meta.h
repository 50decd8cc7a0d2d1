// TableMeta: what the database says about one table (docs/FORMAT.md), stored
// as a JSON object under MetaKey(table id).
#ifndef SLIDEDB_LIB_STORAGE_TABLE_META_H_
#define SLIDEDB_LIB_STORAGE_TABLE_META_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "lib/base/status.h"
#include "lib/puzzle/board.h"
#include "lib/puzzle/metric.h"
#include "lib/storage/format.h"

namespace slidedb {

struct TableMeta {
  Board board;
  int goal_blank = 0;
  // How its distances count moves; "metric" in the JSON, absent (tables
  // built before the multi-tile metric) meaning "stm".
  Metric metric = Metric::kStm;
  // How a state is stored: "records" in the JSON, absent (tables of format
  // 2) meaning a byte. Two-bit tables are of the single-tile metric.
  RecordKind records = RecordKind::kByte;
  std::string goal;  // the canonical goal, written as FormatArrangement does
  uint64_t states = 0;
  int max_distance = 0;
  std::vector<uint64_t> histogram;  // histogram[d]: states at distance d
  uint32_t page_records = 0;        // PageStates(records)
  uint32_t pages = 0;
  // How it was built.
  std::string built_by;  // "slidedb-build 0.1.0"
  std::string built_at;  // UTC, ISO 8601
  double build_seconds = 0;
  int threads = 1;

  // The metadata of a table that a search filled: histogram[d] states at
  // distance d. The goal and the build fields are left for the caller.
  static TableMeta FromHistogram(const Board& board, int goal_blank,
                                 std::vector<uint64_t> histogram,
                                 Metric metric = Metric::kStm,
                                 RecordKind records = RecordKind::kByte);
  bool two_bit() const { return records == RecordKind::kTwoBit; }

  std::string Id() const;  // TableId(board, goal_blank, metric)
  std::string ToJson() const;
  static Status FromJson(std::string_view json, TableMeta* out);
};

// The metadata of the goal with the blank on `goal_blank` that the stored
// table `stored` serves: the same counts and provenance, that goal blank and
// its canonical goal. REQUIRES: StoredGoalBlank(board, goal_blank) is
// stored.goal_blank.
TableMeta ServedTableMeta(const TableMeta& stored, int goal_blank);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_STORAGE_TABLE_META_H_
