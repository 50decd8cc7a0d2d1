#include "lib/storage/table.h"

#include <algorithm>

#include "lib/puzzle/state.h"

namespace slidedb {

Table::Table(TableMeta meta, PageReader reader)
    : meta_(std::move(meta)),
      indexer_(meta_.board, meta_.goal_blank),
      goal_index_(
          indexer_.IndexOf(CanonicalGoal(meta_.board, meta_.goal_blank))),
      reader_(std::move(reader)),
      pages_(meta_.pages),
      loaded_(new std::atomic<const char*>[meta_.pages]) {
  for (uint32_t p = 0; p < meta_.pages; ++p) {
    loaded_[p].store(nullptr, std::memory_order_relaxed);
  }
}

std::unique_ptr<Table> Table::FromRecords(TableMeta meta,
                                          const std::vector<uint8_t>& records) {
  auto table = std::make_unique<Table>(std::move(meta), nullptr);
  std::lock_guard<std::mutex> lock(table->load_mutex_);
  for (uint32_t p = 0; p < table->pages_.size(); ++p) {
    const size_t begin = static_cast<size_t>(p) * kPageRecords;
    const size_t end = std::min(records.size(), begin + kPageRecords);
    table->Publish(p, std::string(records.begin() + begin,
                                  records.begin() + end));
  }
  return table;
}

std::unique_ptr<Table> Table::FromRecordReader(TableMeta meta,
                                               RecordReader reader) {
  auto table = std::make_unique<Table>(std::move(meta), nullptr);
  Table* t = table.get();
  t->record_reader_ = std::move(reader);
  t->reader_ = [t](uint32_t page, std::string* out) {
    const Index begin = static_cast<Index>(page) * kPageRecords;
    const Index end = static_cast<Index>(std::min<uint64_t>(
        t->meta_.states, uint64_t{begin} + kPageRecords));
    out->resize(end - begin);
    for (Index i = begin; i < end; ++i) {
      uint8_t record;
      Status s = t->record_reader_(i, &record);
      if (!s.ok()) return s;
      (*out)[i - begin] = static_cast<char>(record);
    }
    return Status::OK();
  };
  return table;
}

void Table::Publish(uint32_t page, std::string data) {
  pages_[page] = std::move(data);
  loaded_[page].store(pages_[page].data(), std::memory_order_release);
  pages_loaded_.fetch_add(1, std::memory_order_relaxed);
}

Status Table::Load(uint32_t page) {
  if (loaded_[page].load(std::memory_order_acquire) != nullptr) {
    return Status::OK();
  }
  if (!reader_) return Status::NotFound("page of an in-memory table");
  // Read outside the lock, so that threads loading different pages do not
  // wait for each other; two threads meeting the same new page may both read
  // it, and the first to publish wins.
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
  std::lock_guard<std::mutex> lock(load_mutex_);
  if (loaded_[page].load(std::memory_order_relaxed) == nullptr) {
    Publish(page, std::move(data));
  }
  return Status::OK();
}

Status Table::GetSlow(Index i, uint8_t* record) {
  if (record_reader_) return record_reader_(i, record);
  const uint32_t page = i >> kPageShift;  // < pages_.size(): Get's REQUIRES
  Status s = Load(page);
  if (!s.ok()) return s;
  *record = static_cast<uint8_t>(
      loaded_[page].load(std::memory_order_acquire)[i & (kPageRecords - 1)]);
  return Status::OK();
}

Status Table::LoadAll() {
  for (uint32_t p = 0; p < pages_.size(); ++p) {
    Status s = Load(p);
    if (!s.ok()) return s;
  }
  return Status::OK();
}

}  // namespace slidedb
