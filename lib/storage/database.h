// Database: a slidedb database opened read-only, so that any number of
// processes may query it at once. It lists the tables it holds and hands out
// Table readers over them.
#ifndef SLIDEDB_LIB_STORAGE_DATABASE_H_
#define SLIDEDB_LIB_STORAGE_DATABASE_H_

#include <atomic>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "lib/base/status.h"
#include "lib/storage/pdb_meta.h"
#include "lib/storage/table.h"
#include "lib/storage/table_meta.h"

namespace rocksdb {
class DB;
}

namespace slidedb {

// Whether `dir` holds a database: OK when it does (its CURRENT file is
// there); NotFound "no database at DIR" when it holds none; IOError when it
// cannot be looked into (permissions, a loop of symbolic links); Corruption
// when it holds a database's own files (a MANIFEST, table files) but no
// CURRENT, without which RocksDB cannot open them.
Status LocateDatabase(const std::string& dir);

// The one path of database directory `dir`: absolute, its symbolic links
// followed (as far as it exists), no trailing slash, so that "db/", "./db"
// and a link to db are the same. *ec set when it cannot be made so.
std::filesystem::path RealDirPath(const std::string& dir, std::error_code* ec);

// Whether a slidedb-build holds DIR's lock ("DIR.lock", as
// lib/storage/database_writer.h takes it): a build of it is under way.
bool BuildUnderWay(const std::string& dir);

// What follows "no database at DIR" in a message: that a build of it is
// under way, the command that builds one where slidedb-build would (DIR
// missing, or an empty folder; `build_args` after --db DIR), else why it
// would not (a file, a folder of other files).
std::string MissingDatabaseHint(const std::string& dir,
                                const std::string& build_args = "");

// What to do with the database at `dir` damaged past reading: "if it was
// slidedb's, remove the folder (rm -r DIR) and build it again".
std::string RemoveAdvice(const std::string& dir);

class Database {
 public:
  // LocateDatabase's failures; VersionMismatch when it holds one
  // of a format this version does not read (the message names the command
  // that rebuilds it); Corruption when it holds something else.
  static Status Open(const std::string& dir, std::unique_ptr<Database>* db);
  // A database that holds nothing, named `dir` (there may be none there):
  // for the questions that read none (the multi-tile search of 4x4 ...).
  static std::unique_ptr<Database> Empty(const std::string& dir);
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  const std::string& dir() const { return dir_; }
  // The ids (TableId, lib/storage/format.h) of the tables stored, in key order. Open
  // reads no table's metadata: each is parsed when first asked for, below,
  // so a query that needs one table does not parse every table's JSON.
  const std::vector<std::string>& table_ids() const { return table_ids_; }
  // Every table's metadata, in the order of table_ids(). Corruption, naming
  // the key, if a table's metadata cannot be read.
  Status Tables(std::vector<const TableMeta*>* tables) const;
  // The table that serves goals of `board` with the blank on `goal_blank`
  // in `metric`: their own, or the one of StoredGoalBlank
  // (lib/puzzle/symmetry.h), whose goal_blank then differs. *meta is nullptr
  // (and the Status OK) when it was not built; Corruption, naming the key, when
  // its metadata cannot be read. *meta stays valid while the Database lives.
  Status FindTable(const Board& board, int goal_blank, Metric metric,
                   const TableMeta** meta) const;
  Status FindTable(const Board& board, int goal_blank,
                   const TableMeta** meta) const {
    return FindTable(board, goal_blank, Metric::kStm, meta);
  }
  // FindTable's table, or nullptr when it was not built or its metadata
  // cannot be read (FindTable says which).
  const TableMeta* Find(const Board& board, int goal_blank,
                        Metric metric = Metric::kStm) const;

  // The pattern databases of every goal (lib/storage/pdb_meta.h), and those of one.
  const std::vector<PdbMeta>& pdbs() const { return pdbs_; }
  std::vector<const PdbMeta*> FindPdbs(const Board& board,
                                       int goal_blank) const;
  // Reads one pattern database's stored bytes whole into *bytes
  // (meta.stored_bytes(): entries of meta.entry_bits bits).
  Status ReadPdb(const PdbMeta& meta, std::vector<uint8_t>* bytes) const;
  // Reads it whole, handing each page to `page` with the offset of its
  // first byte, in order. Once `*stop` is set (looked at before each
  // page), DeadlineExceeded with the pages so far handed.
  using PdbPageSink =
      std::function<void(uint64_t first, std::string_view bytes)>;
  Status ReadPdb(const PdbMeta& meta, const PdbPageSink& page,
                 const std::atomic<bool>* stop = nullptr) const;
  // One page of it (kPageBytes bytes, meta.page_records entries; the last
  // page shorter), for a search that reads its entries on demand.
  // Corruption when missing.
  Status ReadPdbPage(const PdbMeta& meta, uint32_t page,
                     std::string* out) const;
  // The file of its successor words (meta.has_words(): meta.word_bytes()
  // bytes, 32 bits an entry, little-endian), to map or read whole.
  std::string PdbWordPath(const PdbMeta& meta) const {
    return dir_ + "/" + meta.WordFileName();
  }
  // The file of its cross group's direct table (meta.has_cross():
  // meta.cross_bytes() bytes, lib/search/pdb_cross.h).
  std::string PdbCrossPath(const PdbMeta& meta) const {
    return dir_ + "/" + meta.CrossFileName();
  }

  // How OpenTable reads a table's pages. kSmallWhole: tables of up to
  // kPreloadStates states are read whole now (a batch then walks without
  // meeting an unread page), larger ones a page at a time as they are used.
  // kOnUse: every table a page at a time as it is used (a query of a few
  // states reads only the pages its walks touch: at most 32 of the 45 of a
  // 3x3 table for a walk of 31 moves).
  enum class PageLoading { kSmallWhole, kOnUse };
  // A reader over one table, reading its pages as `loading` says.
  // REQUIRES: the Database outlives the Table.
  static constexpr uint64_t kPreloadStates = 1u << 22;
  Status OpenTable(const TableMeta& meta, std::unique_ptr<Table>* table,
                   PageLoading loading = PageLoading::kSmallWhole) const;

 private:
  Database() = default;
  Status ReadPage(const std::string& table_id, uint32_t page,
                  PageData* out) const;

  // Table i's metadata, parsed on first use. Corruption if it cannot be.
  Status ParsedTable(size_t i, const TableMeta** meta) const;

  std::string dir_;
  std::unique_ptr<rocksdb::DB> db_;
  std::vector<std::string> table_ids_;
  std::vector<std::string> table_json_;  // table i's metadata, as stored
  // Guards tables_: table i's metadata once parsed (never changed after).
  mutable std::mutex tables_mutex_;
  mutable std::vector<std::unique_ptr<TableMeta>> tables_;
  std::vector<PdbMeta> pdbs_;
};

}  // namespace slidedb

#endif  // SLIDEDB_LIB_STORAGE_DATABASE_H_
