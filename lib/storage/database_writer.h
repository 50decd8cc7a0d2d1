// DatabaseWriter: changes a database atomically. Every write goes to a copy
// made beside the database (hard links to its table files, so the copy is
// cheap; the database in place is never opened for writing), and Commit()
// swaps the copy in with one rename. Until then the database in
// place is untouched, and a build that fails or is killed leaves at most a
// stale copy, which the next writer removes. A writer holds an flock on
// "<dir>.lock" from Begin() until it is destroyed, so writers take turns.
#ifndef SLIDEDB_LIB_STORAGE_DATABASE_WRITER_H_
#define SLIDEDB_LIB_STORAGE_DATABASE_WRITER_H_

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "lib/base/env.h"
#include "lib/base/status.h"
#include "lib/storage/pdb_meta.h"
#include "lib/storage/table_meta.h"

namespace rocksdb {
class DB;
class SstFileWriter;
}

namespace slidedb {

// Where this process's latest writer is in its Commit, for a signal
// handler to read (a lock-free atomic: async-signal-safe): what a build
// stopped by a signal can truthfully say of its database.
enum class CommitStage : int {
  kNone,      // no writer began: this process wrote nothing (--verify)
  kBefore,    // the database in place is the old one
  kSwapping,  // the swap is being made: the old one or the new one, whole
  kSwapped,   // the new one is in place
};
CommitStage CurrentCommitStage();

class DatabaseWriter {
 public:
  // Starts a change to the database at `dir`, which need not exist yet. Fails
  // if `dir` holds something other than a slidedb database, or if another
  // writer has it open. With `fresh` the change starts from an empty
  // database, which replaces the one in place (of any format, or damaged
  // past reading: its format key is read) at Commit; without it, a damaged
  // one fails, naming --rebuild.
  // IOError only when writing the copy failed (a full disk): nothing
  // changed; the other failures (Busy, InvalidArgument, Corruption, or
  // ResourceExhausted) say that the database cannot be written.
  // Every file operation outside RocksDB (the lock, the copy, the swap and
  // the syncs) goes through `env`, Env::Default() if null; RocksDB writes
  // the tables through its own.
  static Status Begin(const std::string& dir,
                      std::unique_ptr<DatabaseWriter>* writer,
                      bool fresh = false, Env* env = nullptr);
  // Discards the copy unless Commit() succeeded.
  ~DatabaseWriter();
  DatabaseWriter(const DatabaseWriter&) = delete;
  DatabaseWriter& operator=(const DatabaseWriter&) = delete;

  // Adds a table, or replaces the one with the same id. Small tables are
  // held until Commit(), which writes them, every table's metadata and the
  // format version as one sorted file, so that a reader opens one file;
  // a large table's pages go in at once, as files of their own.
  // REQUIRES: records.size() == meta.states; meta is complete.
  Status PutTable(const TableMeta& meta, const std::vector<uint8_t>& records);
  // The same for a two-bit table (lib/storage/format.h): `residues` packed
  // four states a byte as its pages hold them (TwoBitTable::data(),
  // lib/search/twobit_table.h), read in place, not copied, unless the
  // table is small. REQUIRES: meta.two_bit(); `residues` holds at least
  // RecordBytes(meta.records, meta.states) bytes; meta is complete.
  Status PutTwoBitTable(const TableMeta& meta, const uint8_t* residues);

  // Removes every pattern database of the table `table_id`, with the files
  // of their successor words and cross tables, so that a new partition
  // replaces the old one whole.
  Status RemovePdbs(const std::string& table_id);
  // Adds one group's pattern database.
  // `bytes` are the entries as stored (meta.entry_bits each).
  // REQUIRES: bytes.size() == meta.stored_bytes(); meta is complete.
  Status PutPdb(const PdbMeta& meta, const std::vector<uint8_t>& bytes);
  // Writes its successor words' file (meta.words set); before PutPdb,
  // which writes the metadata that says they are there.
  Status PutPdbWords(const PdbMeta& meta, const std::vector<uint32_t>& words);
  // Writes its cross group's direct table's file (meta.cross_tiles set,
  // lib/search/pdb_cross.h), as PutPdbWords its words: before PutPdb.
  // REQUIRES: table.size() == meta.cross_bytes().
  Status PutPdbCross(const PdbMeta& meta, const std::vector<uint8_t>& table);

  // Makes the copy the database.
  Status Commit();

  // Where the copy is being written.
  const std::string& aside_dir() const { return aside_; }
  // After a Commit that succeeded: the folder of the old database, swapped
  // out beside the new one, that could not be removed (the next writer
  // removes it), and why; "" when it was removed.
  const std::string& left_behind() const { return left_behind_; }
  const std::string& left_behind_why() const { return left_behind_why_; }

 private:
  DatabaseWriter() = default;
  // Adds a table whose pages are `bytes` bytes at `data`, cut every
  // PageBytes(meta.records).
  Status PutPagedTable(const TableMeta& meta, const uint8_t* data,
                       uint64_t bytes);
  // Writes `bytes` bytes at `data` as pages of page_bytes under key(page),
  // through ingested sorted files: one, or one per core for a large table.
  template <typename KeyOf>
  Status IngestPages(const uint8_t* data, uint64_t bytes, uint32_t page_bytes,
                     uint32_t pages, const KeyOf& key, bool compress = true);
  // Writes one sorted file through each of `fills` (which adds its keys in
  // order; the files' key ranges must not overlap), on a thread each, and
  // ingests them together.
  // The files are LZ4-compressed unless !compress.
  Status IngestFiles(
      const std::vector<std::function<Status(rocksdb::SstFileWriter*)>>& fills,
      bool compress = true);

  // Tables held for Commit(), by page prefix (the order of their keys).
  struct Held {
    std::string id;
    std::vector<uint8_t> bytes;  // its pages, one after the other
    uint32_t page_bytes;         // PageBytes() of its kind
    uint32_t pages;
  };
  std::map<std::string, Held> held_;
  uint64_t held_bytes_ = 0;
  // The metadata of every table put, by key, written by Commit().
  std::map<std::string, std::string> table_meta_;

  std::string dir_;
  std::string aside_;
  std::string left_behind_;
  std::string left_behind_why_;
  std::unique_ptr<rocksdb::DB> db_;
  Env* env_ = nullptr;
  std::unique_ptr<FileLock> lock_;
  int ingested_ = 0;
  // The key ranges [first, second) whose old keys this change deleted, for
  // Commit to compact them away (only them: the rest stays as it is).
  std::vector<std::pair<std::string, std::string>> replaced_;
  bool committed_ = false;
};

}  // namespace slidedb

#endif  // SLIDEDB_LIB_STORAGE_DATABASE_WRITER_H_
