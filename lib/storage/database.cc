#include "lib/storage/database.h"

#include <fcntl.h>
#include <rocksdb/db.h>
#include <rocksdb/options.h>
#include <rocksdb/table.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <thread>
#include <vector>

#include "lib/base/shell.h"
#include "lib/puzzle/symmetry.h"
#include "lib/storage/format.h"
#include "lib/storage/read_env.h"
#include "lib/storage/rocks_status.h"

namespace slidedb {

namespace {

class SilentLogger : public rocksdb::Logger {
 public:
  using rocksdb::Logger::Logv;
  void Logv(const char* /*format*/, va_list /*ap*/) override {}
};

// The command that rebuilds the database at `dir` in this format, with the
// boards (and metrics) its table and pattern database keys name: "3x3/b8",
// "mtm/3x3/b8" (the multi-tile table of 3x3).
std::string RebuildCommand(const std::string& dir, rocksdb::Iterator* it) {
  std::vector<std::string> builds;  // each build's options after --board
  for (const std::string prefix : {kMetaPrefix, kPdbMetaPrefix}) {
    for (it->Seek(prefix); it->Valid() && it->key().starts_with(prefix);
         it->Next()) {
      std::string key = it->key().ToString().substr(prefix.size());
      const bool mtm = key.starts_with("mtm/");
      if (mtm) key = key.substr(4);
      const std::string build =
          key.substr(0, key.find('/')) + (mtm ? " --metric mtm" : "");
      if (std::find(builds.begin(), builds.end(), build) == builds.end()) {
        builds.push_back(build);
      }
    }
  }
  if (builds.empty()) builds.push_back("3x3");
  std::string command;
  for (size_t i = 0; i < builds.size(); ++i) {
    command += (i == 0 ? "" : ", then ") + std::string("slidedb-build --db ") +
               ShellWord(dir) + (i == 0 ? " --rebuild" : "") + " --board " +
               builds[i];
  }
  return command;
}

// The options of a query's read-only open.
rocksdb::Options QueryOpenOptions() {
  rocksdb::Options options;
  options.create_if_missing = false;
  // A query is a short read-only process: no log file in the database
  // directory, no statistics, and no pool of threads to open the files.
  options.info_log = std::make_shared<SilentLogger>();
  // Every table file is opened now, none later: a build that swaps a new
  // database in (lib/storage/database_writer.h) cannot pull one away mid-query.
  options.max_open_files = -1;
  options.max_file_opening_threads = 1;
  options.skip_stats_update_on_db_open = true;
  options.skip_checking_sst_file_sizes_on_db_open = true;
  options.env = ReadOnlyEnv();
  options.stats_dump_period_sec = 0;
  options.stats_persist_period_sec = 0;
  // Table files are mapped, not read: a page stored uncompressed (two-bit
  // pages, lib/storage/format.h) is then read in place, pinned (ReadPage),
  // with no copy; a batch over the 2x7 table touches all 10.9 GB of it.
  // Compressed pages are copied out instead (lib/storage/read_env.h).
  options.allow_mmap_reads = true;
  // Pages are cached by Table (ReadPage fills no cache), and each table
  // file's index is held by its reader: RocksDB needs no block cache.
  rocksdb::BlockBasedTableOptions table_options;
  table_options.no_block_cache = true;
  // One shard, for one table file: the default 64 of the table cache cost a
  // query more to set up than its lookups.
  options.table_cache_numshardbits = 0;
  options.table_factory.reset(rocksdb::NewBlockBasedTableFactory(table_options));
  return options;
}

// Opens the database at `dir` read-only into *raw. A build may swap a new
// database in while this one is being opened; the open then sees files of
// both and fails. Opening again sees the new one.
rocksdb::Status OpenReadOnly(const rocksdb::Options& options,
                             const std::string& dir, rocksdb::DB** raw) {
  rocksdb::Status s;
  for (int attempt = 0; attempt < 3; ++attempt) {
    if (attempt > 0) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20 * attempt));
    }
    // The column-family form: the plain one first tries the database as
    // fully compacted, fails on ours and reads everything a second time.
    std::vector<rocksdb::ColumnFamilyHandle*> handles;
    s = rocksdb::DB::OpenForReadOnly(options, dir,
                                     {{rocksdb::kDefaultColumnFamilyName,
                                       rocksdb::ColumnFamilyOptions(options)}},
                                     &handles, raw);
    if (s.ok()) {
      // Reads go to (*raw)->DefaultColumnFamily(); this handle is not needed.
      for (auto* h : handles) (*raw)->DestroyColumnFamilyHandle(h);
      break;
    }
  }
  return s;
}

// An error unless `version` (the format key's value) is a format this
// slidedb reads; for format 1, with the commands that rebuild the database.
Status CheckVersion(const std::string& dir, const std::string& version,
                    rocksdb::Iterator* it) {
  bool readable = false;
  for (int v = kOldestReadableFormat; v <= kFormatVersion; ++v) {
    readable = readable || version == std::to_string(v);
  }
  if (readable) return Status::OK();
  std::string m = dir + " has format " + version +
                  "; this slidedb reads formats " +
                  std::to_string(kOldestReadableFormat) + " to " +
                  std::to_string(kFormatVersion);
  if (version == "1") {
    m += " (one table for each class of goals related by a rotation or "
         "reflection of the board). Rebuild it with: " +
         RebuildCommand(dir, it);
  }
  return Status::VersionMismatch(m);
}

}  // namespace

Database::~Database() = default;

std::unique_ptr<Database> Database::Empty(const std::string& dir) {
  std::unique_ptr<Database> out(new Database);
  out->dir_ = dir;
  return out;
}

namespace {

// Whether `dir` holds a table file (RocksDB's ".sst"), or with `manifest`
// a MANIFEST; an error listing it, other than its absence, in *ec.
bool HoldsDatabaseFiles(const std::string& dir, bool manifest,
                        std::error_code* ec) {
  std::filesystem::directory_iterator it(dir, *ec);
  if (*ec == std::errc::no_such_file_or_directory ||
      *ec == std::errc::not_a_directory) {
    ec->clear();
  }
  for (; !*ec && it != std::filesystem::directory_iterator();
       it.increment(*ec)) {
    const std::string name = it->path().filename().string();
    if (name.ends_with(".sst") || (manifest && name.starts_with("MANIFEST-"))) {
      return true;
    }
  }
  return false;
}

// The name of a table file of `dir` with no bytes (cut short to nothing,
// which RocksDB reports as an I/O error, "Invalid argument" of mmap) that
// `error` names; "" when there is none or the folder cannot be listed.
std::string EmptyTableFile(const std::string& dir, const std::string& error) {
  std::error_code ec;
  std::filesystem::directory_iterator it(dir, ec);
  for (; !ec && it != std::filesystem::directory_iterator(); it.increment(ec)) {
    const std::string name = it->path().filename().string();
    std::error_code size_ec;
    if (name.ends_with(".sst") && error.find(name) != std::string::npos &&
        it->file_size(size_ec) == 0 && !size_ec) {
      return name;
    }
  }
  return "";
}

}  // namespace

std::string RemoveAdvice(const std::string& dir) {
  return "if it was slidedb's, remove the folder (rm -r " + ShellWord(dir) +
         ") and build it again";
}

bool BuildUnderWay(const std::string& dir) {
  const int fd = open((dir + ".lock").c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const bool held = flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK;
  close(fd);
  return held;
}

std::string MissingDatabaseHint(const std::string& dir,
                                const std::string& build_args) {
  namespace fs = std::filesystem;
  if (BuildUnderWay(dir)) {
    return "; a slidedb-build of it is under way: try again when it ends";
  }
  std::error_code ec;
  const fs::file_status st = fs::status(dir, ec);
  if (!fs::exists(st) || (fs::is_directory(st) && fs::is_empty(dir, ec))) {
    return "; build it with: slidedb-build --db " + ShellWord(dir) + build_args;
  }
  if (!fs::is_directory(st)) return " (a file: a database is a folder)";
  return " (a folder of other files: name an empty or new folder to build "
         "one)";
}

std::filesystem::path RealDirPath(const std::string& dir, std::error_code* ec) {
  std::filesystem::path given =
      std::filesystem::absolute(dir, *ec).lexically_normal();
  if (!given.has_filename()) given = given.parent_path();  // "db/", "."
  return std::filesystem::weakly_canonical(given, *ec);
}

Status LocateDatabase(const std::string& dir) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::exists(fs::path(dir) / "CURRENT", ec)) return Status::OK();
  // (A missing folder, or a file, is no error to exists(): not there.)
  if (ec) return Status::IOError("cannot read " + dir + ": " + ec.message());
  if (HoldsDatabaseFiles(dir, /*manifest=*/true, &ec)) {
    return Status::Corruption(
        dir +
        " holds a database's files but not its CURRENT file, without "
        "which they cannot be read: " +
        RemoveAdvice(dir));
  }
  // A folder that can be searched but not listed (mode 0311).
  if (ec) return Status::IOError("cannot read " + dir + ": " + ec.message());
  return Status::NotFound("no database at " + dir);
}

Status Database::Open(const std::string& dir, std::unique_ptr<Database>* db) {
  if (Status s = LocateDatabase(dir); !s.ok()) return s;
  rocksdb::DB* raw = nullptr;
  if (Status room = RoomForRocksDb(kRocksDbReadRoom); !room.ok()) {
    return room;
  }
  rocksdb::Status s = OpenReadOnly(QueryOpenOptions(), dir, &raw);
  if (!s.ok()) {
    const std::string empty =
        s.IsIOError() ? EmptyTableFile(dir, s.ToString()) : "";
    if (!empty.empty()) {
      return Status::Corruption(dir +
                                " is a damaged database: its table "
                                "file " +
                                empty + " is empty: " + RemoveAdvice(dir));
    }
    return FromRocksDb(s, "cannot open database " + dir);
  }
  std::unique_ptr<Database> out(new Database);
  out->dir_ = dir;
  out->db_.reset(raw);
  std::string version;
  s = raw->Get(rocksdb::ReadOptions(), kFormatKey, &version);
  if (s.IsNotFound()) {
    // No key at all beside table files: their MANIFEST, which lists them,
    // lost its records (cut short), not a database of another program.
    std::unique_ptr<rocksdb::Iterator> any(raw->NewIterator({}));
    any->SeekToFirst();
    std::error_code ec;
    if (!any->Valid() && any->status().ok() &&
        HoldsDatabaseFiles(dir, /*manifest=*/false, &ec)) {
      return Status::Corruption(
          dir +
          " is a damaged database: it holds table files but reads as "
          "empty (its MANIFEST lists none of them): " +
          RemoveAdvice(dir));
    }
    return Status::Corruption(dir + " is not a slidedb database (no " +
                              std::string(kFormatKey) + " key)");
  }
  if (!s.ok()) return FromRocksDb(s, "cannot read database " + dir);
  std::unique_ptr<rocksdb::Iterator> it(raw->NewIterator({}));
  Status st = CheckVersion(dir, version, it.get());
  if (!st.ok()) return st;
  const std::string meta_prefix = MetaKey("");
  for (it->Seek(meta_prefix);
       it->Valid() && it->key().starts_with(meta_prefix); it->Next()) {
    out->table_ids_.push_back(
        it->key().ToString().substr(meta_prefix.size()));
    out->table_json_.push_back(it->value().ToString());
  }
  out->tables_.resize(out->table_ids_.size());
  if (!it->status().ok()) return FromRocksDb(it->status());
  for (it->Seek(kPdbMetaPrefix);
       it->Valid() && it->key().starts_with(kPdbMetaPrefix); it->Next()) {
    PdbMeta meta;
    st = PdbMeta::FromJson(it->value().ToStringView(), &meta);
    if (!st.ok()) {
      return Status::Corruption(it->key().ToString() + ": " + st.message());
    }
    out->pdbs_.push_back(std::move(meta));
  }
  if (!it->status().ok()) return FromRocksDb(it->status());
  *db = std::move(out);
  return Status::OK();
}

Status Database::ParsedTable(size_t i, const TableMeta** meta) const {
  std::lock_guard<std::mutex> lock(tables_mutex_);
  if (tables_[i] == nullptr) {
    auto parsed = std::make_unique<TableMeta>();
    Status s = TableMeta::FromJson(table_json_[i], parsed.get());
    if (s.ok() && parsed->Id() != table_ids_[i]) {
      s = Status::Corruption("the metadata is of table " + parsed->Id());
    }
    if (!s.ok()) {
      return Status::Corruption(MetaKey(table_ids_[i]) + ": " + s.message());
    }
    tables_[i] = std::move(parsed);
  }
  *meta = tables_[i].get();
  return Status::OK();
}

Status Database::Tables(std::vector<const TableMeta*>* tables) const {
  tables->resize(table_ids_.size());
  for (size_t i = 0; i < table_ids_.size(); ++i) {
    Status s = ParsedTable(i, &(*tables)[i]);
    if (!s.ok()) return s;
  }
  return Status::OK();
}

Status Database::FindTable(const Board& board, int goal_blank, Metric metric,
                           const TableMeta** meta) const {
  *meta = nullptr;
  const std::string id =
      TableId(board, StoredGoalBlank(board, goal_blank), metric);
  for (size_t i = 0; i < table_ids_.size(); ++i) {
    if (table_ids_[i] == id) return ParsedTable(i, meta);
  }
  return Status::OK();
}

const TableMeta* Database::Find(const Board& board, int goal_blank,
                                Metric metric) const {
  const TableMeta* meta;
  return FindTable(board, goal_blank, metric, &meta).ok() ? meta : nullptr;
}

std::vector<const PdbMeta*> Database::FindPdbs(const Board& board,
                                               int goal_blank) const {
  std::vector<const PdbMeta*> found;
  for (const auto& p : pdbs_) {
    if (p.board == board && p.goal_blank == goal_blank) found.push_back(&p);
  }
  return found;
}

Status Database::ReadPdb(const PdbMeta& meta,
                         std::vector<uint8_t>* bytes) const {
  bytes->assign(meta.stored_bytes(), 0);
  return ReadPdb(meta, [bytes](uint64_t first, std::string_view page) {
    std::copy(page.begin(), page.end(), bytes->begin() + first);
  });
}

Status Database::ReadPdb(const PdbMeta& meta, const PdbPageSink& page,
                         const std::atomic<bool>* stop) const {
  const std::string id = meta.TableId();
  const std::string prefix =
      PdbPagePrefix(id) + std::to_string(meta.group) + "/";
  std::unique_ptr<rocksdb::Iterator> it(db_->NewIterator({}));
  uint32_t expect = 0;
  for (it->Seek(prefix); it->Valid() && it->key().starts_with(prefix);
       it->Next(), ++expect) {
    const uint64_t begin = uint64_t{expect} * kPageBytes;
    const uint64_t len = meta.page_bytes(expect);
    if (expect >= meta.pages || it->key() != PdbPageKey(id, meta.group, expect) ||
        it->value().size() != len) {
      break;
    }
    if (stop != nullptr && stop->load(std::memory_order_relaxed)) {
      return Status::DeadlineExceeded("stopped reading pattern database " +
                                      PdbMetaKey(id, meta.group));
    }
    page(begin, std::string_view(it->value().data(), len));
  }
  if (!it->status().ok()) return FromRocksDb(it->status());
  if (expect != meta.pages) {
    return Status::Corruption("pattern database " + PdbMetaKey(id, meta.group) +
                              ": page " + std::to_string(expect) +
                              " is missing or damaged");
  }
  return Status::OK();
}

Status Database::ReadPdbPage(const PdbMeta& meta, uint32_t page,
                             std::string* out) const {
  rocksdb::ReadOptions read;
  read.fill_cache = false;  // PdbValues keeps every page it reads
  rocksdb::Status s =
      db_->Get(read, PdbPageKey(meta.TableId(), meta.group, page), out);
  if (s.IsNotFound()) {
    return Status::Corruption("pattern database " +
                              PdbMetaKey(meta.TableId(), meta.group) +
                              ": page " + std::to_string(page) +
                              " is missing");
  }
  if (!s.ok()) return FromRocksDb(s);
  return Status::OK();
}

Status Database::ReadPage(const std::string& table_id, uint32_t page,
                          PageData* out) const {
  // Table keeps every page it reads: RocksDB's block cache need not.
  rocksdb::ReadOptions read;
  read.fill_cache = false;
  // Pinned: an uncompressed page stays where the mapped file holds it; a
  // compressed one in the block it was uncompressed into.
  auto value = std::make_shared<rocksdb::PinnableSlice>();
  rocksdb::Status s = db_->Get(read, db_->DefaultColumnFamily(),
                               PageKey(table_id, page), value.get());
  if (s.IsNotFound()) {
    return Status::Corruption("page " + std::to_string(page) + " of table " +
                              table_id + " is missing");
  }
  if (!s.ok()) return FromRocksDb(s);
  out->bytes = std::string_view(value->data(), value->size());
  out->keep = std::move(value);
  return Status::OK();
}

Status Database::OpenTable(const TableMeta& meta, std::unique_ptr<Table>* table,
                           PageLoading loading) const {
  const std::string id = meta.Id();
  auto t =
      std::make_unique<Table>(meta, [this, id](uint32_t page, PageData* out) {
        return ReadPage(id, page, out);
      });
  if (loading == PageLoading::kSmallWhole && meta.states <= kPreloadStates) {
    Status s = t->LoadAll();
    if (!s.ok()) return s;
  }
  *table = std::move(t);
  return Status::OK();
}

}  // namespace slidedb
