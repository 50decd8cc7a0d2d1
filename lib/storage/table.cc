#include "lib/storage/table.h"

#include <algorithm>

#include "lib/puzzle/record.h"
#include "lib/puzzle/residue_walk.h"
#include "lib/puzzle/state.h"

namespace slidedb {

Table::Table(TableMeta meta, PageReader reader)
    : meta_(std::move(meta)),
      two_bit_(meta_.two_bit()),
      indexer_(meta_.board, meta_.goal_blank),
      goal_index_(
          indexer_.IndexOf(CanonicalGoal(meta_.board, meta_.goal_blank))),
      reader_(std::move(reader)),
      page_count_(meta_.pages),
      loaded_(new std::atomic<const char*>[meta_.pages]) {
  for (uint32_t p = 0; p < meta_.pages; ++p) {
    loaded_[p].store(nullptr, std::memory_order_relaxed);
  }
}

std::unique_ptr<Table> Table::FromRecords(TableMeta meta,
                                          const std::vector<uint8_t>& records) {
  auto table = std::make_unique<Table>(std::move(meta), nullptr);
  std::lock_guard<std::mutex> lock(table->load_mutex_);
  for (uint32_t p = 0; p < table->page_count_; ++p) {
    const size_t begin = static_cast<size_t>(p) * kPageRecords;
    const size_t end = std::min(records.size(), begin + kPageRecords);
    table->Publish(p, PageData::Own(std::string(records.begin() + begin,
                                                records.begin() + end)));
  }
  return table;
}

std::unique_ptr<Table> Table::FromRecordReader(TableMeta meta,
                                               RecordReader reader) {
  auto table = std::make_unique<Table>(std::move(meta), nullptr);
  Table* t = table.get();
  t->record_reader_ = std::move(reader);
  t->reader_ = [t](uint32_t page, PageData* out) {
    const uint64_t per = PageStates(t->meta_.records);
    const Index begin = static_cast<Index>(page) * per;
    const Index end = std::min<Index>(t->meta_.states, begin + per);
    std::string data(t->PageSize(page), t->two_bit_ ? '\xff' : '\0');
    Status s;
    t->indexer_.ForEachState(begin, end, [&](Index i, const State& state) {
      uint8_t value;
      if (!s.ok()) return;
      s = t->record_reader_(i, state, &value);
      if (!s.ok()) return;
      if (!t->two_bit_) {
        data[i - begin] = static_cast<char>(value);
        return;
      }
      char& byte = data[(i - begin) >> 2];
      const int shift = static_cast<int>(i & 3) * 2;
      byte = static_cast<char>((static_cast<uint8_t>(byte) & ~(3u << shift)) |
                               (value & 3u) << shift);
    });
    if (!s.ok()) return s;
    *out = PageData::Own(std::move(data));
    return Status::OK();
  };
  return table;
}

uint64_t Table::PageSize(uint32_t page) const {
  const uint64_t per = PageStates(meta_.records);
  const uint64_t begin = static_cast<uint64_t>(page) * per;
  return RecordBytes(meta_.records,
                     std::min<uint64_t>(per, meta_.states - begin));
}

void Table::Publish(uint32_t page, PageData data) {
  pages_.push_back(std::move(data.keep));
  loaded_[page].store(data.bytes.data(), std::memory_order_release);
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
  PageData data;
  Status s = reader_(page, &data);
  if (!s.ok()) return s;
  const uint64_t want = PageSize(page);
  if (data.bytes.size() != want) {
    return Status::Corruption("page " + std::to_string(page) + " of table " +
                              meta_.Id() + " holds " +
                              std::to_string(data.bytes.size()) +
                              " bytes, not " + std::to_string(want));
  }
  std::lock_guard<std::mutex> lock(load_mutex_);
  if (loaded_[page].load(std::memory_order_relaxed) == nullptr) {
    Publish(page, std::move(data));
  }
  return Status::OK();
}

Status Table::GetSlow(Index i, uint8_t* record) {
  if (two_bit_) return WalkRecord(i, record);
  if (record_reader_) return record_reader_(i, indexer_.StateAt(i), record);
  const uint32_t page = i >> kPageShift;  // < page_count_: Get's REQUIRES
  Status s = Load(page);
  if (!s.ok()) return s;
  *record = static_cast<uint8_t>(
      loaded_[page].load(std::memory_order_acquire)[i & (kPageRecords - 1)]);
  return Status::OK();
}

Status Table::GetResidueSlow(Index i, uint8_t* residue) {
  if (record_reader_) return record_reader_(i, indexer_.StateAt(i), residue);
  Status s = Load(static_cast<uint32_t>(i >> kTwoBitPageShift));
  if (!s.ok()) return s;
  GetResidueLoaded(i, residue);
  return Status::OK();
}

Status Table::WalkRecord(Index i, uint8_t* record) {
  Move first = Move::kUp;
  int taken = 0;
  int steps;
  bool reached;
  Status s = WalkResidues(
      indexer_, indexer_.StateAt(i), goal_index_, kDistanceSaturated,
      [this](Index j, uint8_t* r) { return GetResidue(j, r); },
      [&](const ResidueStep& step) {
        if (taken++ == 0) first = step.move;
      },
      "table " + meta_.Id(), &steps, &reached);
  if (!s.ok()) return s;
  // Not at the goal after kDistanceSaturated steps: saturated.
  *record = steps == 0 && reached ? 0 : EncodeRecord(steps, first);
  return Status::OK();
}

Status Table::LoadAll(const std::function<Status()>& stop) {
  for (uint32_t p = 0; p < page_count_; ++p) {
    Status s = stop ? stop() : Status::OK();
    if (s.ok()) s = Load(p);
    if (!s.ok()) return s;
  }
  return Status::OK();
}

}  // namespace slidedb
