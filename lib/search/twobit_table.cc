#include "lib/search/twobit_table.h"

#include <algorithm>

#include "lib/puzzle/record.h"

namespace slidedb {

Status TwoBitTable::Reset(uint64_t size, int threads) {
  max_distance_ = -1;
  const Status s = bytes_.Allocate((size + 63) / 64 * 16, threads, 0xFF);
  size_ = s.ok() ? size : 0;
  return s;
}

TwoBitTable TwoBitFromRecords(const std::vector<uint8_t>& records) {
  TwoBitTable table(records.size());
  int max_distance = -1;
  for (uint64_t i = 0; i < records.size(); ++i) {
    const int d = RecordDistance(records[i]);
    max_distance = std::max(max_distance, d);
    table.Set(i, static_cast<uint8_t>(d % 3));
  }
  table.set_max_distance(max_distance);
  return table;
}

}  // namespace slidedb
