#include "lib/storage/database_writer.h"

#include <fcntl.h>
#include <rocksdb/db.h>
#include <rocksdb/options.h>
#include <rocksdb/sst_file_writer.h>
#include <rocksdb/table.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string_view>
#include <thread>

#include "lib/base/out_of_memory.h"
#include "lib/base/shell.h"
#include "lib/base/threads.h"
#include "lib/storage/database.h"
#include "lib/storage/database_copy.h"
#include "lib/storage/database_in_place.h"
#include "lib/storage/format.h"
#include "lib/storage/rocks_status.h"

namespace fs = std::filesystem;

namespace slidedb {

namespace {

// `compress`: LZ4, which byte records and pattern databases repay (3x4's
// 240 MB of records take 217 MB); two-bit residues do not (2x7's 10.9 GB
// took 10.8 GB, and each page read paid for the decompression).
// Uncompressed files (two-bit pages) also get a two-level index: a reader
// opening the database reads only its top level, not an entry a page (2x7:
// 166,280 pages, 4 MB of index, half of a one-shot query's time).
rocksdb::Options WriteOptions(bool compress = true) {
  rocksdb::Options options;
  options.create_if_missing = true;
  options.compression =
      compress ? rocksdb::kLZ4Compression : rocksdb::kNoCompression;
  if (!compress) {
    rocksdb::BlockBasedTableOptions table;
    table.index_type =
        rocksdb::BlockBasedTableOptions::IndexType::kTwoLevelIndexSearch;
    table.metadata_block_size = 4096;
    options.table_factory.reset(rocksdb::NewBlockBasedTableFactory(table));
  }
  options.info_log_level = rocksdb::InfoLogLevel::WARN_LEVEL;
  // Its files opened on the calling thread, as a query's: a thread RocksDB
  // could not start for them (out of memory) would abort the process, not
  // fail the open.
  options.max_file_opening_threads = 1;
  return options;
}

// The real directory of `dir` into *path: "db/", "./db" and a symlink to it
// are all the same database, and the lock and the copy sit beside it.
Status RealDatabaseDir(const std::string& dir, fs::path* path) {
  std::error_code ec;
  *path = RealDirPath(dir, &ec);
  if (ec || path->filename().empty() || *path == path->root_path()) {
    return Status::InvalidArgument("'" + dir +
                                   "' cannot be a database directory" +
                                   (ec ? ": " + ec.message() : std::string()));
  }
  // Its copy is made beside it as NAME.building.PID (a pid has at most 7
  // digits): said now, not as "File name too long" after the search.
  constexpr size_t kLongestName = 255 - (sizeof kAsideInfix - 1) - 7;
  const size_t length = path->filename().string().size();
  if (length > kLongestName) {
    return Status::InvalidArgument(
        "the database folder's name is " + std::to_string(length) +
        " bytes long; a build makes its copy beside it as NAME" + kAsideInfix +
        "PID, so the name can be at most " + std::to_string(kLongestName) +
        " bytes");
  }
  return Status::OK();
}

std::atomic<CommitStage> commit_stage{CommitStage::kNone};
static_assert(std::atomic<CommitStage>::is_always_lock_free);

}  // namespace

CommitStage CurrentCommitStage() { return commit_stage.load(); }

Status DatabaseWriter::Begin(const std::string& dir,
                             std::unique_ptr<DatabaseWriter>* writer,
                             bool fresh, Env* env) {
  if (env == nullptr) env = Env::Default();
  commit_stage = CommitStage::kBefore;
  std::error_code ec;
  fs::path path;
  if (Status s = RealDatabaseDir(dir, &path); !s.ok()) return s;
  const std::string clean = path.string();
  if (fs::exists(path, ec) && !fs::is_directory(path, ec)) {
    // Refused before its lock is made beside it.
    return Status::InvalidArgument(clean +
                                   " exists and is not a slidedb database");
  }
  fs::create_directories(path.parent_path(), ec);
  // The lock, the copy and the swap are made beside the database: a folder
  // holding it that cannot be written is said as such, whether or not an
  // earlier build's lock is there already.
  const std::string parent = path.parent_path().string();
  if (faccessat(AT_FDCWD, parent.c_str(), W_OK, AT_EACCESS) != 0 &&
      (errno == EACCES || errno == EROFS)) {
    return Status::InvalidArgument(
        "the folder " + parent + " holding " + clean + " cannot be written (" +
        std::strerror(errno) +
        "): a build makes its copy there and swaps it in; make it writable, "
        "or build elsewhere");
  }
  std::unique_ptr<DatabaseWriter> w(new DatabaseWriter);
  w->dir_ = clean;
  w->env_ = env;
  // One writer at a time, whether or not the database exists yet.
  const std::string lock = clean + ".lock";
  Status locked = env->LockFile(lock, &w->lock_);
  if (locked.IsBusy()) {
    return Status::Busy("another slidedb-build is writing " + clean +
                        " (it holds " + lock + ")");
  }
  // Not a write that failed: the database cannot be opened for writing.
  if (!locked.ok()) return Status::InvalidArgument(locked.message());
  RemoveStaleCopies(env, path);
  w->aside_ = clean + kAsideInfix + std::to_string(getpid());

  const bool exists = env->FileExists(clean + "/CURRENT");
  if (!exists) {
    // A folder that cannot be looked into, or a database that lost its
    // CURRENT: said now, not after the build's search.
    Status s = LocateDatabase(clean);
    if (!s.ok() && !s.IsNotFound()) {
      return Status::InvalidArgument(s.message() + "; not touching it");
    }
  }
  // A database whose folder its owner made read-only is left as it is: a
  // build would swap it out whole, and the copy it left could not be
  // removed.
  if (exists && faccessat(AT_FDCWD, clean.c_str(), W_OK, AT_EACCESS) != 0 &&
      errno == EACCES) {
    return Status::InvalidArgument(
        clean +
        " is read-only (its folder's permissions); not touching it: "
        "make it writable to build into it");
  }
  if (exists) {
    // Replaced whole at Commit when `fresh`, else copied and added to.
    Status s = CheckDatabaseInPlace(clean, fresh);
    if (s.ok() && !fresh) s = CopyDatabase(env, clean, w->aside_);
    if (!s.ok()) return s;
  } else if (env->FileExists(clean) &&
             !(fs::is_directory(path, ec) && !HasEntries(env, clean))) {
    return Status::InvalidArgument(clean +
                                   " exists and is not a slidedb database");
  }
  if (Status room = RoomForRocksDb(kRocksDbWriteRoom); !room.ok()) {
    return room;
  }
  rocksdb::DB* db = nullptr;
  rocksdb::Status s = rocksdb::DB::Open(WriteOptions(), w->aside_, &db);
  if (!s.ok()) return FromRocksDb(s, "creating " + w->aside_);
  w->db_.reset(db);
  *writer = std::move(w);
  return Status::OK();
}

DatabaseWriter::~DatabaseWriter() {
  db_.reset();
  if (!committed_ && !aside_.empty()) {
    (void)env_->RemoveAll(aside_);  // else the next writer removes it
  }
  lock_.reset();  // releases the lock
}

Status DatabaseWriter::IngestFiles(
    const std::vector<std::function<Status(rocksdb::SstFileWriter*)>>& fills,
    bool compress) {
  if (fills.empty()) return Status::OK();
  std::vector<std::string> files;
  for (size_t f = 0; f < fills.size(); ++f) {
    files.push_back(aside_ + "/ingest-" + std::to_string(ingested_++) +
                    ".sst");
  }
  std::vector<Status> statuses(fills.size());
  // The files' options, made once (RoomForRocksDb) for every thread.
  if (Status room = RoomForRocksDb(kRocksDbReadRoom); !room.ok()) return room;
  const rocksdb::Options options = WriteOptions(compress);
  // Memory that runs out in a file's writing (RocksDB's) is its failure:
  // an exception would end the process, here with threads running.
  auto write = [&](size_t f) {
    statuses[f] = StatusIfOutOfMemory([&] {
      rocksdb::SstFileWriter file(rocksdb::EnvOptions(), options);
      Status s = FromRocksDb(file.Open(files[f]), "writing " + files[f]);
      if (s.ok()) s = fills[f](&file);
      if (s.ok()) s = FromRocksDb(file.Finish(), "writing " + files[f]);
      return s;
    });
  };
  std::vector<std::thread> threads;
  threads.reserve(fills.size());
  size_t f = 1;
  for (; f < fills.size(); ++f) {
    if (!StartThread(&threads, [&write, f] { write(f); })) break;
  }
  write(0);
  for (; f < fills.size(); ++f) write(f);  // no thread could take them
  for (auto& t : threads) t.join();
  for (const Status& s : statuses) {
    if (!s.ok()) return s;
  }
  rocksdb::IngestExternalFileOptions ingest;
  ingest.move_files = true;
  return FromRocksDb(db_->IngestExternalFile(files, ingest),
                     "ingesting " + files.front());
}

namespace {

// Adds pages [begin_page, end_page) of the `bytes` bytes at `data` to
// `file`, each under key(page): page_bytes each, the last one shorter.
template <typename KeyOf>
Status PutPages(const uint8_t* data, uint64_t bytes, uint32_t page_bytes,
                uint32_t begin_page, uint32_t end_page, const KeyOf& key,
                rocksdb::SstFileWriter* file) {
  for (uint32_t p = begin_page; p < end_page; ++p) {
    const uint64_t begin = uint64_t{p} * page_bytes;
    const uint64_t len = std::min<uint64_t>(page_bytes, bytes - begin);
    rocksdb::Status s = file->Put(
        key(p), rocksdb::Slice(reinterpret_cast<const char*>(data) + begin,
                               static_cast<size_t>(len)));
    if (!s.ok()) return FromRocksDb(s, "writing a table file");
  }
  return Status::OK();
}

// Tables of at most this many bytes wait for Commit(), up to this many
// bytes in all: those of 3x3 and smaller boards, not 3x4 or 2x6 (whose
// records are not copied).
constexpr uint64_t kHoldRecords = uint64_t{1} << 22;
constexpr uint64_t kHoldBytes = uint64_t{64} << 20;

}  // namespace

template <typename KeyOf>
Status DatabaseWriter::IngestPages(const uint8_t* data, uint64_t bytes,
                                   uint32_t page_bytes, uint32_t pages,
                                   const KeyOf& key, bool compress) {
  // A large table goes in as several files of consecutive pages, written
  // (and compressed) side by side, one per core.
  uint32_t parts = 1;
  if (bytes > kHoldRecords) {
    parts = static_cast<uint32_t>(std::min(Cores(), 8));
  }
  std::vector<std::function<Status(rocksdb::SstFileWriter*)>> fills;
  for (uint32_t part = 0; part < parts; ++part) {
    const uint32_t begin =
        static_cast<uint32_t>(uint64_t{pages} * part / parts);
    const uint32_t end =
        static_cast<uint32_t>(uint64_t{pages} * (part + 1) / parts);
    if (begin == end) continue;
    fills.push_back([&, begin, end](rocksdb::SstFileWriter* file) {
      return PutPages(data, bytes, page_bytes, begin, end, key, file);
    });
  }
  return IngestFiles(fills, compress);
}

Status DatabaseWriter::PutTable(const TableMeta& meta,
                                const std::vector<uint8_t>& records) {
  if (meta.two_bit() || records.size() != meta.states) {
    return Status::Internal("table size does not match its metadata");
  }
  return PutPagedTable(meta, records.data(), records.size());
}

Status DatabaseWriter::PutTwoBitTable(const TableMeta& meta,
                                      const uint8_t* residues) {
  if (!meta.two_bit()) {
    return Status::Internal("the metadata is not of a two-bit table");
  }
  return PutPagedTable(meta, residues, RecordBytes(meta.records, meta.states));
}

Status DatabaseWriter::PutPagedTable(const TableMeta& meta, const uint8_t* data,
                                     uint64_t bytes) {
  const std::string id = meta.Id();
  const std::string prefix = PagePrefix(id);
  std::string old_meta;
  const std::string end = prefix + std::string(5, '\xff');
  if (db_->Get(rocksdb::ReadOptions(), MetaKey(id), &old_meta).ok()) {
    replaced_.emplace_back(MetaKey(id), MetaKey(id) + '\0');
    replaced_.emplace_back(prefix, end);
    rocksdb::WriteBatch batch;
    batch.Delete(MetaKey(id));
    batch.DeleteRange(prefix, end);
    Status s = FromRocksDb(db_->Write(rocksdb::WriteOptions(), &batch),
                           "removing the old " + id);
    if (!s.ok()) return s;
  }
  auto held = held_.find(prefix);
  if (held != held_.end()) {  // put twice before Commit()
    held_bytes_ -= held->second.bytes.size();
    held_.erase(held);
  } else if (table_meta_.count(MetaKey(id)) > 0) {
    replaced_.emplace_back(prefix, end);  // its pages, in a file of their own
  }
  if (bytes <= kHoldRecords && held_bytes_ + bytes <= kHoldBytes) {
    held_[prefix] = Held{id, std::vector<uint8_t>(data, data + bytes),
                         PageBytes(meta.records), meta.pages};
    held_bytes_ += bytes;
  } else {
    Status s = IngestPages(
        data, bytes, PageBytes(meta.records), meta.pages,
        [&](uint32_t p) { return PageKey(id, p); }, !meta.two_bit());
    if (!s.ok()) return s;
  }
  table_meta_[MetaKey(id)] = meta.ToJson();
  return Status::OK();
}

Status DatabaseWriter::RemovePdbs(const std::string& table_id) {
  rocksdb::WriteBatch batch;
  for (const std::string& prefix :
       {PdbMetaPrefix(table_id), PdbPagePrefix(table_id)}) {
    std::unique_ptr<rocksdb::Iterator> it(db_->NewIterator({}));
    it->Seek(prefix);
    if (!it->Valid() || !it->key().starts_with(prefix)) continue;
    replaced_.emplace_back(prefix, prefix + std::string(1, '\xff'));
    batch.DeleteRange(prefix, replaced_.back().second);
  }
  Status s = FromRocksDb(db_->Write(rocksdb::WriteOptions(), &batch),
                         "removing the pattern databases of " + table_id);
  // Their successor words' and cross tables' files: "5x5-b24-0.words",
  // "5x5-b24-0.cross" ...
  const std::string words = PdbWordFileName(table_id, 0);
  const std::string stem = words.substr(0, words.rfind('-') + 1);
  std::vector<std::string> names;
  if (s.ok()) s = env_->GetChildren(aside_, &names);
  for (size_t i = 0; s.ok() && i < names.size(); ++i) {
    const std::string& name = names[i];
    if (name.starts_with(stem) && (name.ends_with(kPdbWordFileSuffix) ||
                                   name.ends_with(kPdbCrossFileSuffix))) {
      s = env_->RemoveAll(aside_ + "/" + name);
    }
  }
  return s;
}

Status DatabaseWriter::PutPdb(const PdbMeta& meta,
                              const std::vector<uint8_t>& bytes) {
  if (bytes.size() != meta.stored_bytes()) {
    return Status::Internal(
        "pattern database size does not match its metadata");
  }
  const std::string id = meta.TableId();
  Status s =
      IngestPages(bytes.data(), bytes.size(), kPageBytes, meta.pages,
                  [&](uint32_t p) { return PdbPageKey(id, meta.group, p); });
  if (s.ok()) {
    s = FromRocksDb(db_->Put(rocksdb::WriteOptions(),
                             PdbMetaKey(id, meta.group), meta.ToJson()),
                    "writing the metadata of " + PdbMetaKey(id, meta.group));
  }
  return s;
}

Status DatabaseWriter::Commit() {
  // One file for the held tables, the metadata and the format version, in
  // the order of their keys: "meta/", "page/", then "slidedb/format".
  static_assert(std::string_view(kMetaPrefix) < std::string_view(kPagePrefix) &&
                std::string_view(kPagePrefix) < std::string_view(kFormatKey));
  Status s = IngestFiles({[&](rocksdb::SstFileWriter* file) -> Status {
    for (const auto& [key, json] : table_meta_) {
      rocksdb::Status r = file->Put(key, json);
      if (!r.ok()) return FromRocksDb(r, "writing the metadata of " + key);
    }
    for (const auto& entry : held_) {
      // (A structured binding cannot be captured by clang 14's lambdas.)
      const auto& held = entry.second;
      Status st = PutPages(
          held.bytes.data(), held.bytes.size(), held.page_bytes, 0, held.pages,
          [&](uint32_t p) { return PageKey(held.id, p); }, file);
      if (!st.ok()) return st;
    }
    return FromRocksDb(file->Put(kFormatKey, std::to_string(kFormatVersion)),
                       "writing the format version");
  }});
  held_.clear();
  held_bytes_ = 0;
  if (s.ok()) s = FromRocksDb(db_->Flush(rocksdb::FlushOptions()), "flushing");
  for (size_t r = 0; s.ok() && r < replaced_.size(); ++r) {
    const rocksdb::Slice begin(replaced_[r].first), end(replaced_[r].second);
    s = FromRocksDb(
        db_->CompactRange(rocksdb::CompactRangeOptions(), &begin, &end),
        "compacting");
    if (s.IsCorruption()) {
      // Damage in a file whose keys this build replaces cannot be carried
      // over as it is elsewhere: say where and the way out.
      s = Status::Corruption(
          s.message() +
          ": the database is damaged where this build rewrites "
          "it (slidedb-build --verify --db " +
          ShellWord(dir_) +
          " names the tables); build with --rebuild (a database of only what "
          "it builds) or remove the folder (rm -r " +
          ShellWord(dir_) + ") and build again");
    }
  }
  if (s.ok()) s = FromRocksDb(db_->Close(), "closing");
  db_.reset();
  if (!s.ok()) return s;
  s = SyncCopy(env_, aside_);
  if (!s.ok()) return s;
  // Swap the two directories in one step, then drop the old one; or, the
  // first time, move the copy into place.
  commit_stage = CommitStage::kSwapping;
  s = HasEntries(env_, dir_) ? env_->ExchangeFiles(aside_, dir_)
                             : env_->RenameFile(aside_, dir_);
  commit_stage = s.ok() ? CommitStage::kSwapped : CommitStage::kBefore;
  if (!s.ok()) return s;
  committed_ = true;
  // A rename lives in the parent directory's entries: until they reach the
  // disk, a power cut can bring back the old database, or none.
  s = env_->SyncDir(fs::path(dir_).parent_path().string());
  // The old database, if there was one (else the next writer removes it).
  const Status removed = env_->RemoveAll(aside_);
  if (!removed.ok()) {
    left_behind_ = aside_;
    left_behind_why_ = removed.message();
  }
  return s;
}

}  // namespace slidedb
