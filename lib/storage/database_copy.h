// The copy a DatabaseWriter makes beside the database it changes
// (lib/storage/database_writer.h), DIR.building.PID: made, synced, and
// those other writers left removed.
#ifndef SLIDEDB_LIB_STORAGE_DATABASE_COPY_H_
#define SLIDEDB_LIB_STORAGE_DATABASE_COPY_H_

#include <filesystem>
#include <string>

#include "lib/base/env.h"
#include "lib/base/status.h"

namespace slidedb {

// What the copy's name adds to the database's: NAME.building.PID.
inline constexpr char kAsideInfix[] = ".building.";

// Removes the copies other writers left beside the database at `dir`: a
// writer that holds the lock is the only one running, so every other copy
// is stale.
void RemoveStaleCopies(Env* env, const std::filesystem::path& dir);

// Copies the database at `from` into the new directory `to` without opening
// it for writing: table files (.sst) never change once written, so they are
// hard-linked; the few small files beside them are copied (and synced).
// REQUIRES: the caller holds the writers' lock, so that nothing writes to
// `from`.
Status CopyDatabase(Env* env, const std::string& from, const std::string& to);

// Makes the copy durable before it is swapped in: RocksDB syncs what it
// writes, but the hard links CopyDatabase made live only in the copy's
// directory entries. (Every file is synced again, whoever wrote it: cheap,
// and the copy's durability then rests on no one else's.)
Status SyncCopy(Env* env, const std::string& dir);

// Whether the directory `dir` exists and holds anything.
bool HasEntries(Env* env, const std::string& dir);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_STORAGE_DATABASE_COPY_H_
