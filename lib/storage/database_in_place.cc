#include "lib/storage/database_in_place.h"

#include <rocksdb/db.h>
#include <rocksdb/options.h>

#include <memory>
#include <vector>

#include "lib/storage/database.h"
#include "lib/storage/format.h"
#include "lib/storage/rocks_status.h"

namespace slidedb {

namespace {

// Opens the database at `dir` and reads every table's metadata (Open reads
// none), so that a damaged one is found before anything is written.
Status OpenAndReadMetadata(const std::string& dir,
                           std::unique_ptr<Database>* db) {
  Status s = Database::Open(dir, db);
  if (!s.ok()) return s;
  std::vector<const TableMeta*> tables;
  return (*db)->Tables(&tables);
}

// What the database in place at `dir`, which failed to open with `s`, is:
// a slidedb database damaged past reading (its format key reads), one
// --rebuild (`fresh`) may replace; no slidedb database (no format key),
// left alone; or one too damaged to tell.
enum class InPlace { kOther, kDamaged, kUnreadable };

InPlace WhatIsInPlace(const std::string& dir, const Status& s) {
  if (!s.IsCorruption()) return InPlace::kOther;
  rocksdb::DB* raw = nullptr;
  if (!rocksdb::DB::OpenForReadOnly(rocksdb::Options(), dir, &raw).ok()) {
    return InPlace::kUnreadable;
  }
  const std::unique_ptr<rocksdb::DB> db(raw);
  std::string version;
  const rocksdb::Status got =
      db->Get(rocksdb::ReadOptions(), kFormatKey, &version);
  return got.ok()           ? InPlace::kDamaged
         : got.IsNotFound() ? InPlace::kOther
                            : InPlace::kUnreadable;
}

// The refusal to build into the database in place at `dir`, which failed
// to open with `s`: what to do about a damaged one.
Status Untouched(const std::string& dir, const Status& s, bool fresh) {
  // Too little memory to look: said so, not taken for a damaged database.
  if (Status room = RoomForRocksDb(kRocksDbReadRoom); !room.ok()) return room;
  switch (WhatIsInPlace(dir, s)) {
    case InPlace::kDamaged:
      if (!fresh) {
        return Status::InvalidArgument(
            s.message() +
            "; not touching it: slidedb-build --rebuild replaces it with "
            "what that build makes, and nothing else");
      }
      return Status::OK();
    case InPlace::kUnreadable:
      // Its message may say what to do already (Database::Open's).
      if (s.message().find("(rm -r ") != std::string::npos) break;
      return Status::InvalidArgument(
          s.message() +
          "; not touching it: if it is a slidedb database, "
          "damaged, remove the folder (rm -r " +
          dir + ") and build again");
    case InPlace::kOther:
      break;
  }
  return Status::InvalidArgument(s.message() + "; not touching it");
}

}  // namespace

Status CheckDatabaseInPlace(const std::string& dir, bool fresh) {
  std::unique_ptr<Database> old;
  Status s = OpenAndReadMetadata(dir, &old);
  old.reset();
  if (s.ok() || (fresh && s.IsVersionMismatch())) return Status::OK();
  return Untouched(dir, s, fresh);
}

}  // namespace slidedb
