// FaultInjectionEnv: the real file system (Env::Default()) with faults a
// test chooses, in-process and deterministic: the Nth write fails with
// ENOSPC, renames fail, the process "stops" at its Nth step (every file
// operation from then on fails, as if it had died there), and a power cut
// undoes what was never synced.
//
// What a power cut undoes, newest first: the bytes appended to a file
// written through this Env since its last Sync(), and every entry created,
// linked, renamed or swapped in a directory since that directory's last
// SyncDir(). Files it did not write (RocksDB's) count as synced: their
// durability is RocksDB's to keep. A removal is never undone.
// Not thread-safe: one writer's calls, one after another.
#ifndef SLIDEDB_TESTS_FAULT_ENV_H_
#define SLIDEDB_TESTS_FAULT_ENV_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "lib/base/env.h"

namespace slidedb::testing {

class FaultInjectionEnv : public EnvWrapper {
 public:
  FaultInjectionEnv() : EnvWrapper(Env::Default()) {}

  // The `n`th Append from now (1 for the next) fails with ENOSPC, writing
  // nothing; 0: none.
  void FailWrite(int n) { fail_write_at_ = n > 0 ? appends_ + n : 0; }
  // RenameFile and ExchangeFiles fail with EIO, changing nothing.
  void FailRenames(bool fail) { fail_renames_ = fail; }
  // The process stops at its `n`th step (a call that changes a file or
  // makes it durable): that step and every later one fail. 0: never.
  void StopAt(int n) { stop_at_ = n; }
  // Called at each step with its number, its name and its path, before it
  // is done (a test that forks may kill itself there).
  void OnStep(std::function<void(int, const std::string&, const std::string&)>
                  on_step) {
    on_step_ = std::move(on_step);
  }
  // SyncDir() answers OK and syncs nothing: an Env that forgets.
  void ForgetSyncDir(bool forget) { forget_sync_dir_ = forget; }

  // The power goes out and comes back: what was not synced is undone (see
  // above), and the process, stopped or not, starts afresh.
  Status PowerCut();

  int steps() const { return steps_; }
  bool stopped() const { return stopped_; }

  Status NewWritableFile(const std::string& path,
                         std::unique_ptr<WritableFile>* file) override;
  Status LinkFile(const std::string& from, const std::string& to) override;
  Status SyncFile(const std::string& path) override;
  Status RenameFile(const std::string& from, const std::string& to) override {
    return Rename(/*exchange=*/false, from, to);
  }
  Status ExchangeFiles(const std::string& a, const std::string& b) override {
    return Rename(/*exchange=*/true, a, b);
  }
  Status SyncDir(const std::string& dir) override;
  Status CreateDir(const std::string& dir) override;
  Status RemoveAll(const std::string& path) override;
  Status LockFile(const std::string& path,
                  std::unique_ptr<FileLock>* lock) override;

 private:
  friend class FaultFile;
  // A file written through this Env: where it is now, how long, how much
  // of it is synced.
  struct Written {
    std::string path;
    uint64_t size = 0;
    uint64_t synced = 0;
  };
  // A change to directory entries not yet durable: until each directory in
  // `dirs` is synced.
  struct DirChange {
    enum Kind { kCreate, kRename, kExchange } kind;
    std::string a, b;  // kCreate: a; kRename: a to b; kExchange: a with b
    std::set<std::string> dirs;
  };

  // One step named `op` on `path`: an error if the process has stopped.
  Status Step(const std::string& op, const std::string& path);
  Status Append(Written* file, WritableFile* target, std::string_view data);
  // RenameFile (a to b), or ExchangeFiles.
  Status Rename(bool exchange, const std::string& a, const std::string& b);
  // Every path recorded under `from` is now under `to`.
  void Move(const std::string& from, const std::string& to);
  // The same when `a` and `b` swapped names.
  void Exchanged(const std::string& a, const std::string& b);

  std::vector<std::shared_ptr<Written>> written_;
  std::vector<DirChange> pending_;
  int steps_ = 0;
  int appends_ = 0;
  int fail_write_at_ = 0;
  int stop_at_ = 0;
  bool stopped_ = false;
  bool fail_renames_ = false;
  bool forget_sync_dir_ = false;
  std::function<void(int, const std::string&, const std::string&)> on_step_;
};

}  // namespace slidedb::testing

#endif  // SLIDEDB_TESTS_FAULT_ENV_H_
