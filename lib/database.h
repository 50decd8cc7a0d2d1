// Database: a slidedb database opened read-only, so that any number of
// processes may query it at once. It lists the tables it holds and hands out
// Table readers over them.
#ifndef SLIDEDB_LIB_DATABASE_H_
#define SLIDEDB_LIB_DATABASE_H_

#include <memory>
#include <string>
#include <vector>

#include "lib/pdb_meta.h"
#include "lib/status.h"
#include "lib/table.h"
#include "lib/table_meta.h"

namespace rocksdb {
class DB;
}

namespace slidedb {

// The database a tool uses when none is named: $SLIDEDB_DB if set, else
// "data/slidedb".
std::string DefaultDatabasePath();

class Database {
 public:
  // NotFound when `dir` holds no database; Corruption when it holds one this
  // version cannot read.
  static Status Open(const std::string& dir, std::unique_ptr<Database>* db);
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  const std::string& dir() const { return dir_; }
  const std::vector<TableMeta>& tables() const { return tables_; }
  // The table that serves goals of `board` with the blank on `goal_blank`:
  // their own, or the one of StoredGoalBlank (lib/symmetry.h), whose
  // goal_blank then differs. nullptr when it was not built.
  const TableMeta* Find(const Board& board, int goal_blank) const;

  // The pattern databases of every goal (lib/pdb_meta.h), and those of one.
  const std::vector<PdbMeta>& pdbs() const { return pdbs_; }
  std::vector<const PdbMeta*> FindPdbs(const Board& board,
                                       int goal_blank) const;
  // Reads one pattern database whole into *values.
  Status ReadPdb(const PdbMeta& meta, std::vector<uint8_t>* values) const;

  // A reader over one table. Tables of up to kPreloadStates states are read
  // whole now; larger ones a page at a time as they are used.
  // REQUIRES: the Database outlives the Table.
  static constexpr uint64_t kPreloadStates = 1u << 22;
  Status OpenTable(const TableMeta& meta, std::unique_ptr<Table>* table) const;

 private:
  Database() = default;
  Status ReadPage(const std::string& table_id, uint32_t page,
                  std::string* out) const;

  std::string dir_;
  std::unique_ptr<rocksdb::DB> db_;
  std::vector<TableMeta> tables_;
  std::vector<PdbMeta> pdbs_;
};

}  // namespace slidedb

#endif  // SLIDEDB_LIB_DATABASE_H_
