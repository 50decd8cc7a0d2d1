#include "lib/database_writer.h"

#include <rocksdb/db.h>
#include <rocksdb/options.h>
#include <rocksdb/sst_file_writer.h>
#include <fcntl.h>
#include <sys/file.h>
#include <stdio.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "lib/database.h"
#include "lib/format.h"

namespace fs = std::filesystem;

namespace slidedb {

namespace {

constexpr char kAsideInfix[] = ".building.";

rocksdb::Options WriteOptions() {
  rocksdb::Options options;
  options.create_if_missing = true;
  options.compression = rocksdb::kLZ4Compression;
  options.info_log_level = rocksdb::InfoLogLevel::WARN_LEVEL;
  return options;
}

// Removes the copies other writers left: a writer that holds the lock is
// the only one running, so every other copy is stale.
void RemoveStaleCopies(const fs::path& dir) {
  std::error_code ec;
  const std::string stem = dir.filename().string() + kAsideInfix;
  for (const auto& entry : fs::directory_iterator(dir.parent_path(), ec)) {
    if (entry.path().filename().string().rfind(stem, 0) == 0) {
      fs::remove_all(entry.path(), ec);
    }
  }
}

// Copies the database at `from` into the new directory `to` without opening
// it for writing: table files (.sst) never change once written, so they are
// hard-linked; the few small files beside them are copied. REQUIRES: the
// caller holds the writers' lock, so that nothing writes to `from`.
Status CopyDatabase(const fs::path& from, const fs::path& to) {
  std::error_code ec;
  fs::create_directory(to, ec);
  for (const auto& entry : fs::directory_iterator(from, ec)) {
    const std::string name = entry.path().filename().string();
    if (name == "LOCK" || name.rfind("LOG", 0) == 0) continue;
    if (entry.path().extension() == ".sst") {
      fs::create_hard_link(entry.path(), to / name, ec);
      if (!ec) continue;  // else (another file system) copy it
    }
    fs::copy_file(entry.path(), to / name, ec);
    if (ec) {
      return Status::IOError("copying " + entry.path().string() + ": " +
                             ec.message());
    }
  }
  if (ec) return Status::IOError("reading " + from.string() + ": " + ec.message());
  return Status::OK();
}

Status FromRocks(const rocksdb::Status& s, const std::string& what) {
  if (s.ok()) return Status::OK();
  return Status::IOError(what + ": " + s.ToString());
}

}  // namespace

Status DatabaseWriter::Begin(const std::string& dir,
                             std::unique_ptr<DatabaseWriter>* writer,
                             bool fresh) {
  std::error_code ec;
  // The real directory: "db/", "./db" and a symlink to it are all the same
  // database, and the lock and the copy sit beside it.
  fs::path given = fs::absolute(dir, ec).lexically_normal();
  if (!given.has_filename()) given = given.parent_path();  // "db/", "."
  const fs::path path = fs::weakly_canonical(given, ec);
  if (ec || path.filename().empty() || path == path.root_path()) {
    return Status::InvalidArgument("'" + dir +
                                   "' cannot be a database directory");
  }
  const std::string clean = path.string();
  fs::create_directories(path.parent_path(), ec);
  std::unique_ptr<DatabaseWriter> w(new DatabaseWriter);
  w->dir_ = clean;
  // One writer at a time, whether or not the database exists yet.
  const std::string lock = clean + ".lock";
  w->lock_fd_ = open(lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (w->lock_fd_ < 0) {
    return Status::IOError("cannot create " + lock + ": " +
                           std::strerror(errno));
  }
  if (flock(w->lock_fd_, LOCK_EX | LOCK_NB) != 0) {
    return Status::IOError("another slidedb-build is writing " + clean +
                           " (it holds " + lock + ")");
  }
  RemoveStaleCopies(path);
  w->aside_ = clean + kAsideInfix + std::to_string(getpid());

  if (fresh && fs::exists(path / "CURRENT", ec)) {
    // Replaced whole at Commit, nothing of it copied: a slidedb database of
    // any format ("has format" is Database::Open's message for another
    // version), and nothing else.
    std::unique_ptr<Database> old;
    Status s = Database::Open(clean, &old);
    if (!s.ok() && s.message().find(" has format ") == std::string::npos) {
      return Status::InvalidArgument(s.message() + "; not touching it");
    }
  } else if (fs::exists(path / "CURRENT", ec)) {
    // Check what is there through a read-only open, as a query does: the
    // database in place is never opened for writing.
    std::unique_ptr<Database> old;
    Status s = Database::Open(clean, &old);
    if (!s.ok()) {
      return Status::InvalidArgument(s.message() + "; not touching it");
    }
    old.reset();
    s = CopyDatabase(path, w->aside_);
    if (!s.ok()) return s;
  } else if (fs::exists(path, ec) &&
             !(fs::is_directory(path, ec) && fs::is_empty(path, ec))) {
    return Status::InvalidArgument(clean +
                                   " exists and is not a slidedb database");
  }
  rocksdb::DB* db = nullptr;
  rocksdb::Status s = rocksdb::DB::Open(WriteOptions(), w->aside_, &db);
  if (!s.ok()) return FromRocks(s, "creating " + w->aside_);
  w->db_.reset(db);
  *writer = std::move(w);
  return Status::OK();
}

DatabaseWriter::~DatabaseWriter() {
  db_.reset();
  if (!committed_ && !aside_.empty()) {
    std::error_code ec;
    fs::remove_all(aside_, ec);
  }
  if (lock_fd_ >= 0) close(lock_fd_);  // releases the lock
}

template <typename KeyOf>
Status DatabaseWriter::IngestPages(const std::vector<uint8_t>& records,
                                   uint32_t pages, const KeyOf& key) {
  // The pages go in as one sorted file.
  const std::string sst =
      aside_ + "/ingest-" + std::to_string(ingested_++) + ".sst";
  rocksdb::SstFileWriter file(rocksdb::EnvOptions(), WriteOptions());
  Status s = FromRocks(file.Open(sst), "writing " + sst);
  for (uint32_t p = 0; s.ok() && p < pages; ++p) {
    const size_t begin = static_cast<size_t>(p) * kPageRecords;
    const size_t len = std::min<size_t>(kPageRecords, records.size() - begin);
    s = FromRocks(
        file.Put(key(p),
                 rocksdb::Slice(reinterpret_cast<const char*>(records.data()) +
                                    begin,
                                len)),
        "writing " + sst);
  }
  if (s.ok()) s = FromRocks(file.Finish(), "writing " + sst);
  if (s.ok()) {
    rocksdb::IngestExternalFileOptions ingest;
    ingest.move_files = true;
    s = FromRocks(db_->IngestExternalFile({sst}, ingest), "ingesting " + sst);
  }
  return s;
}

Status DatabaseWriter::PutTable(const TableMeta& meta,
                                const std::vector<uint8_t>& records) {
  if (records.size() != meta.states) {
    return Status::InvalidArgument("table size does not match its metadata");
  }
  const std::string id = meta.Id();
  const std::string prefix = PagePrefix(id);
  std::string old_meta;
  if (db_->Get(rocksdb::ReadOptions(), MetaKey(id), &old_meta).ok()) {
    replaced_ = true;
    rocksdb::WriteBatch batch;
    batch.Delete(MetaKey(id));
    batch.DeleteRange(prefix, prefix + std::string(5, '\xff'));
    Status s = FromRocks(db_->Write(rocksdb::WriteOptions(), &batch),
                         "removing the old " + id);
    if (!s.ok()) return s;
  }
  Status s = IngestPages(records, meta.pages,
                         [&](uint32_t p) { return PageKey(id, p); });
  if (s.ok()) {
    s = FromRocks(db_->Put(rocksdb::WriteOptions(), MetaKey(id), meta.ToJson()),
                  "writing the metadata of " + id);
  }
  return s;
}

Status DatabaseWriter::RemovePdbs(const std::string& table_id) {
  rocksdb::WriteBatch batch;
  for (const std::string& prefix :
       {PdbMetaPrefix(table_id), PdbPagePrefix(table_id)}) {
    std::unique_ptr<rocksdb::Iterator> it(db_->NewIterator({}));
    it->Seek(prefix);
    if (!it->Valid() || !it->key().starts_with(prefix)) continue;
    replaced_ = true;
    batch.DeleteRange(prefix, prefix + std::string(1, '\xff'));
  }
  return FromRocks(db_->Write(rocksdb::WriteOptions(), &batch),
                   "removing the pattern databases of " + table_id);
}

Status DatabaseWriter::PutPdb(const PdbMeta& meta,
                              const std::vector<uint8_t>& values) {
  if (values.size() != meta.entries) {
    return Status::InvalidArgument(
        "pattern database size does not match its metadata");
  }
  const std::string id = meta.TableId();
  Status s = IngestPages(values, meta.pages, [&](uint32_t p) {
    return PdbPageKey(id, meta.group, p);
  });
  if (s.ok()) {
    s = FromRocks(db_->Put(rocksdb::WriteOptions(),
                           PdbMetaKey(id, meta.group), meta.ToJson()),
                  "writing the metadata of " + PdbMetaKey(id, meta.group));
  }
  return s;
}

Status DatabaseWriter::Commit() {
  Status s = FromRocks(db_->Put(rocksdb::WriteOptions(), kFormatKey,
                                std::to_string(kFormatVersion)),
                       "writing the format version");
  if (s.ok()) s = FromRocks(db_->Flush(rocksdb::FlushOptions()), "flushing");
  if (s.ok() && replaced_) {
    s = FromRocks(db_->CompactRange(rocksdb::CompactRangeOptions(), nullptr,
                                    nullptr),
                  "compacting");
  }
  if (s.ok()) s = FromRocks(db_->Close(), "closing");
  db_.reset();
  if (!s.ok()) return s;
  std::error_code ec;
  const bool exists = fs::exists(dir_, ec);
  if (exists && !fs::is_empty(dir_, ec)) {
    // Swap the two directories in one step, then drop the old one.
    if (renameat2(AT_FDCWD, aside_.c_str(), AT_FDCWD, dir_.c_str(),
                  RENAME_EXCHANGE) != 0) {
      return Status::IOError("swapping in " + dir_ + ": " +
                             std::strerror(errno));
    }
  } else if (std::rename(aside_.c_str(), dir_.c_str()) != 0) {
    return Status::IOError("moving " + aside_ + " to " + dir_ + ": " +
                           std::strerror(errno));
  }
  committed_ = true;
  fs::remove_all(aside_, ec);  // the old database, if there was one
  return Status::OK();
}

}  // namespace slidedb
