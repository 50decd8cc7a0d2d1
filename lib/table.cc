#include "lib/table.h"

namespace slidedb {

Table::Table(TableMeta meta, PageReader reader)
    : meta_(std::move(meta)),
      indexer_(meta_.board, meta_.goal_blank),
      reader_(std::move(reader)),
      pages_(meta_.pages) {}

std::unique_ptr<Table> Table::FromRecords(TableMeta meta,
                                          const std::vector<uint8_t>& records) {
  auto table = std::make_unique<Table>(std::move(meta), nullptr);
  for (uint32_t p = 0; p < table->pages_.size(); ++p) {
    const size_t begin = static_cast<size_t>(p) * kPageRecords;
    const size_t end = std::min(records.size(), begin + kPageRecords);
    table->pages_[p].assign(records.begin() + begin, records.begin() + end);
  }
  table->pages_loaded_ = static_cast<uint32_t>(table->pages_.size());
  return table;
}

Status Table::Load(uint32_t page) {
  if (!reader_) return Status::NotFound("page of an in-memory table");
  std::string data;
  Status s = reader_(page, &data);
  if (!s.ok()) return s;
  const uint64_t begin = static_cast<uint64_t>(page) * kPageRecords;
  const uint64_t want = std::min<uint64_t>(kPageRecords, meta_.states - begin);
  if (data.size() != want) {
    return Status::Corruption("page " + std::to_string(page) + " of table " +
                              meta_.Id() + " holds " +
                              std::to_string(data.size()) + " records, not " +
                              std::to_string(want));
  }
  pages_[page] = std::move(data);
  ++pages_loaded_;
  return Status::OK();
}

Status Table::GetSlow(Index i, uint8_t* record) {
  const uint32_t page = i >> kPageShift;  // < pages_.size(): Get's REQUIRES
  if (pages_[page].empty()) {
    Status s = Load(page);
    if (!s.ok()) return s;
  }
  *record = static_cast<uint8_t>(pages_[page][i & (kPageRecords - 1)]);
  return Status::OK();
}

Status Table::LoadAll() {
  for (uint32_t p = 0; p < pages_.size(); ++p) {
    if (!pages_[p].empty()) continue;
    Status s = Load(p);
    if (!s.ok()) return s;
  }
  return Status::OK();
}

}  // namespace slidedb
