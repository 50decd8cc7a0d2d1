// Table: the records of one goal's table (lib/storage/format.h), fetched a page
// at a time on first use and kept. A walk touches a few pages; a small table is
// read whole at once.
//
// A table of either record kind (RecordKind): a two-bit table gives each
// state's residue (GetResidue), and Get makes its byte record by a walk
// (lib/puzzle/residue_walk.h), so that code written for byte records reads
// it correctly, if at a walk per record; the walks and the tools read its
// residues instead.
//
// Thread-safe: one Table serves every thread. A page is loaded once (under a
// mutex, on the load path only) and then published through an atomic
// pointer, so reading a loaded page takes no lock. Pages are never unloaded
// while the Table lives. A page is kept as its reader hands it over: bytes
// of its own, or the database's bytes in place (PageData), so that a batch
// over a 10.9 GB table (2x7) reads the mapped file rather than copying it.
#ifndef SLIDEDB_LIB_STORAGE_TABLE_H_
#define SLIDEDB_LIB_STORAGE_TABLE_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "lib/base/status.h"
#include "lib/puzzle/index.h"
#include "lib/storage/format.h"
#include "lib/storage/table_meta.h"

namespace slidedb {

// A page's bytes and what keeps them: a string of their own, or a value the
// database holds pinned in place (lib/storage/database.cc).
struct PageData {
  std::string_view bytes;
  std::shared_ptr<const void> keep;  // bytes stay valid while it lives

  // Bytes of their own.
  static PageData Own(std::string data) {
    auto kept = std::make_shared<const std::string>(std::move(data));
    return PageData{std::string_view(*kept), kept};
  }
};

class Table {
 public:
  // Sets *out to page `page` of the table. Called from any thread that
  // meets a page not loaded yet, possibly from several at once.
  using PageReader = std::function<Status(uint32_t page, PageData* out)>;
  // Computes the record of index i, whose state is s (its residue, in a
  // two-bit table). Called from any thread.
  using RecordReader =
      std::function<Status(Index i, const State& s, uint8_t* record)>;

  Table(TableMeta meta, PageReader reader);
  // A table held whole in memory, from RunBfs's records (tests, benchmarks).
  static std::unique_ptr<Table> FromRecords(TableMeta meta,
                                            const std::vector<uint8_t>& records);
  // A table whose records are computed one at a time by `reader` (a goal
  // served by another goal's table, lib/puzzle/symmetry.h): Get computes a record
  // unless LoadAll has computed and kept every page.
  static std::unique_ptr<Table> FromRecordReader(TableMeta meta,
                                                 RecordReader reader);

  const TableMeta& meta() const { return meta_; }
  const Indexer& indexer() const { return indexer_; }
  // The index of the table's goal: the one state whose record may say
  // distance 0.
  Index goal_index() const { return goal_index_; }

  // Whether the table holds two bits a state (meta().records).
  bool two_bit() const { return two_bit_; }

  // The record of index i, loading its page if need be. In a two-bit table,
  // the byte record a byte table would hold (lib/puzzle/record.h): the
  // distance by a walk to the goal (saturated at kDistanceSaturated, so at
  // most 63 steps), the move to the nearer neighbour of lowest index.
  // REQUIRES: i < indexer().size().
  Status Get(Index i, uint8_t* record) {
    if (GetLoaded(i, record)) return Status::OK();
    return GetSlow(i, record);
  }

  // The record of index i if its page is loaded already: the hot path of a
  // walk, with no Status to build. False, reading nothing, otherwise, and
  // always in a two-bit table.
  // REQUIRES: i < indexer().size().
  bool GetLoaded(Index i, uint8_t* record) const {
    if (two_bit_) return false;
    // Acquire pairs with Load's release: the page's bytes are visible.
    const char* page = loaded_[i >> kPageShift].load(std::memory_order_acquire);
    if (page == nullptr) return false;
    *record = static_cast<uint8_t>(page[i & (kPageRecords - 1)]);
    return true;
  }

  // The residue of index i in a two-bit table (its distance modulo 3),
  // loading its page if need be. REQUIRES: two_bit(), i < indexer().size().
  Status GetResidue(Index i, uint8_t* residue) {
    if (GetResidueLoaded(i, residue)) return Status::OK();
    return GetResidueSlow(i, residue);
  }

  // The residue of index i if its page is loaded already: the hot path of a
  // two-bit walk. REQUIRES: two_bit(), i < indexer().size().
  bool GetResidueLoaded(Index i, uint8_t* residue) const {
    const char* byte = ResidueByte(i);
    if (byte == nullptr) return false;
    *residue = (static_cast<uint8_t>(*byte) >> ((i & 3) * 2)) & 3;
    return true;
  }

  // Reads index i's residue and drops it, if its page is loaded: a load
  // whose cache miss may overlap with other such loads before the residue
  // is read (GetResidueLoaded). (Here a prefetch instruction costs more
  // than the load: BENCHMARKS.md, "The batch floor, second session".)
  // REQUIRES: two_bit().
  void TouchResidue(Index i) const {
    if (const char* byte = ResidueByte(i)) {
      const char value = *byte;
      asm volatile("" : : "r"(value));  // loaded, though unused
    }
  }

  // Reads every page not read yet. Before each, `stop` (when set) may
  // end the reading with its error.
  Status LoadAll(const std::function<Status()>& stop = nullptr);
  // Pages read so far.
  uint32_t pages_loaded() const {
    return pages_loaded_.load(std::memory_order_relaxed);
  }

 private:
  // The byte that holds index i's residue in a two-bit table, nullptr until
  // its page is loaded.
  const char* ResidueByte(Index i) const {
    // Acquire pairs with Load's release: the page's bytes are visible.
    const char* page =
        loaded_[i >> kTwoBitPageShift].load(std::memory_order_acquire);
    if (page == nullptr) return nullptr;
    return page + ((i & (kTwoBitPageStates - 1)) >> 2);
  }
  Status GetSlow(Index i, uint8_t* record);
  Status GetResidueSlow(Index i, uint8_t* residue);
  // A two-bit table's record of index i, made by a walk.
  Status WalkRecord(Index i, uint8_t* record);
  Status Load(uint32_t page);
  // The bytes page p holds: a page's worth, the last one fewer.
  uint64_t PageSize(uint32_t page) const;
  // Keeps page p's records and publishes them. REQUIRES: load_mutex_ held.
  void Publish(uint32_t page, PageData data);

  TableMeta meta_;
  bool two_bit_;
  Indexer indexer_;
  Index goal_index_;
  PageReader reader_;
  RecordReader record_reader_;  // set for a table of computed records
  // What keeps the pages loaded, in the order they were: each is added once,
  // under load_mutex_, before loaded_[p] points at its bytes.
  std::vector<std::shared_ptr<const void>> pages_;
  uint32_t page_count_;
  std::unique_ptr<std::atomic<const char*>[]> loaded_;  // nullptr until read
  std::mutex load_mutex_;
  std::atomic<uint32_t> pages_loaded_{0};
};

}  // namespace slidedb

#endif  // SLIDEDB_LIB_STORAGE_TABLE_H_
