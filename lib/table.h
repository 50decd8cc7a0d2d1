// Table: the records of one goal's table (lib/format.h), fetched a page at a
// time on first use and kept. A walk touches a few pages; a small table is
// read whole at once. Not thread-safe: one Table per thread.
#ifndef SLIDEDB_LIB_TABLE_H_
#define SLIDEDB_LIB_TABLE_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "lib/format.h"
#include "lib/index.h"
#include "lib/status.h"
#include "lib/table_meta.h"

namespace slidedb {

class Table {
 public:
  // Fills *records with page `page` of the table.
  using PageReader = std::function<Status(uint32_t page, std::string* records)>;

  Table(TableMeta meta, PageReader reader);
  // A table held whole in memory, from RunBfs's records (tests, benchmarks).
  static std::unique_ptr<Table> FromRecords(TableMeta meta,
                                            const std::vector<uint8_t>& records);

  const TableMeta& meta() const { return meta_; }
  const Indexer& indexer() const { return indexer_; }

  // REQUIRES: i < indexer().size().
  Status Get(Index i, uint8_t* record) {
    const std::string& page = pages_[i >> kPageShift];
    const uint32_t at = i & (kPageRecords - 1);
    if (at < page.size()) {
      *record = static_cast<uint8_t>(page[at]);
      return Status::OK();
    }
    return GetSlow(i, record);
  }

  // The record of index i if its page is loaded already: the hot path of a
  // walk, with no Status to build. False, reading nothing, otherwise.
  // REQUIRES: i < indexer().size().
  bool GetLoaded(Index i, uint8_t* record) const {
    const std::string& page = pages_[i >> kPageShift];
    const uint32_t at = i & (kPageRecords - 1);
    if (at >= page.size()) return false;
    *record = static_cast<uint8_t>(page[at]);
    return true;
  }

  // Reads every page not read yet.
  Status LoadAll();
  // Pages read so far.
  uint32_t pages_loaded() const { return pages_loaded_; }

 private:
  Status GetSlow(Index i, uint8_t* record);
  Status Load(uint32_t page);

  TableMeta meta_;
  Indexer indexer_;
  PageReader reader_;
  std::vector<std::string> pages_;  // empty until read
  uint32_t pages_loaded_ = 0;
};

}  // namespace slidedb

#endif  // SLIDEDB_LIB_TABLE_H_
