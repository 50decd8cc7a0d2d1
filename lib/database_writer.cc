#include "lib/database_writer.h"

#include <rocksdb/db.h>
#include <rocksdb/options.h>
#include <rocksdb/sst_file_writer.h>
#include <rocksdb/utilities/checkpoint.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <stdio.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

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

// Removes copies left by writers that are no longer running.
void RemoveStaleCopies(const fs::path& dir) {
  std::error_code ec;
  const fs::path parent = dir.parent_path().empty() ? "." : dir.parent_path();
  const std::string stem = dir.filename().string() + kAsideInfix;
  for (const auto& entry : fs::directory_iterator(parent, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind(stem, 0) != 0) continue;
    const long pid = std::strtol(name.c_str() + stem.size(), nullptr, 10);
    if (pid > 0 && kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH) {
      fs::remove_all(entry.path(), ec);
    }
  }
}

Status FromRocks(const rocksdb::Status& s, const std::string& what) {
  if (s.ok()) return Status::OK();
  return Status::IOError(what + ": " + s.ToString());
}

}  // namespace

Status DatabaseWriter::Begin(const std::string& dir,
                             std::unique_ptr<DatabaseWriter>* writer) {
  std::error_code ec;
  // "db/" and "db" are the same database.
  std::string clean = fs::path(dir).lexically_normal().string();
  while (clean.size() > 1 && clean.back() == '/') clean.pop_back();
  const fs::path path(clean);
  if (!path.parent_path().empty()) fs::create_directories(path.parent_path(), ec);
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
  fs::remove_all(w->aside_, ec);

  if (fs::exists(path / "CURRENT", ec)) {
    // Copy the database in place through a RocksDB checkpoint.
    rocksdb::Options options = WriteOptions();
    options.create_if_missing = false;
    rocksdb::DB* old = nullptr;
    rocksdb::Status s = rocksdb::DB::Open(options, clean, &old);
    if (!s.ok()) {
      return Status::IOError("cannot open " + clean +
                             " for writing (is another slidedb-build "
                             "running?): " + s.ToString());
    }
    std::unique_ptr<rocksdb::DB> old_db(old);
    std::string version;
    if (!old->Get(rocksdb::ReadOptions(), kFormatKey, &version).ok()) {
      return Status::InvalidArgument(clean + " is a RocksDB database but "
                                     "not a slidedb one; not touching it");
    }
    if (version != std::to_string(kFormatVersion)) {
      return Status::InvalidArgument(
          clean + " has format " + version + "; remove it to rebuild with "
          "format " + std::to_string(kFormatVersion));
    }
    rocksdb::Checkpoint* cp = nullptr;
    s = rocksdb::Checkpoint::Create(old, &cp);
    if (s.ok()) {
      s = cp->CreateCheckpoint(w->aside_);
      delete cp;
    }
    if (!s.ok()) return FromRocks(s, "copying " + clean);
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
  // The pages go in as one sorted file.
  const std::string sst =
      aside_ + "/ingest-" + std::to_string(ingested_++) + ".sst";
  rocksdb::SstFileWriter file(rocksdb::EnvOptions(), WriteOptions());
  Status s = FromRocks(file.Open(sst), "writing " + sst);
  for (uint32_t p = 0; s.ok() && p < meta.pages; ++p) {
    const size_t begin = static_cast<size_t>(p) * kPageRecords;
    const size_t len = std::min<size_t>(kPageRecords, records.size() - begin);
    s = FromRocks(
        file.Put(PageKey(id, p),
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
  if (s.ok()) {
    s = FromRocks(db_->Put(rocksdb::WriteOptions(), MetaKey(id), meta.ToJson()),
                  "writing the metadata of " + id);
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
