// Env: every file operation slidedb makes itself (RocksDB writes its own
// files through its own Env), behind one small interface, so that a test
// can put a fault-injecting Env in its place (tests/fault_env.h): drop
// what was not synced, fail the Nth write, fail a rename, stop at a
// chosen step. Env::Default() is the real file system (env_posix.cc).
//
// Every error is an IOError whose message names the path and the reason,
// as "writing /x/db.building.7/MANIFEST-000005: No space left on device".
#ifndef SLIDEDB_LIB_BASE_ENV_H_
#define SLIDEDB_LIB_BASE_ENV_H_

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "lib/base/status.h"

namespace slidedb {

// A file being written from its start. Nothing is durable before Sync().
class WritableFile {
 public:
  virtual ~WritableFile() = default;
  virtual Status Append(std::string_view data) = 0;
  // Flushes what was appended to the disk (fsync).
  virtual Status Sync() = 0;
  virtual Status Close() = 0;
};

// Held while it lives: an exclusive lock on a file (flock).
class FileLock {
 public:
  virtual ~FileLock() = default;
};

class Env {
 public:
  virtual ~Env() = default;
  // The real file system; never deleted.
  static Env* Default();

  // Creates `path` (or empties it) for writing.
  virtual Status NewWritableFile(const std::string& path,
                                 std::unique_ptr<WritableFile>* file) = 0;
  // The whole of `path`.
  virtual Status ReadFile(const std::string& path, std::string* data) = 0;
  // A second name, `to`, for the file `from` (a hard link).
  virtual Status LinkFile(const std::string& from, const std::string& to) = 0;
  // Flushes a file written by someone else (RocksDB) to the disk.
  virtual Status SyncFile(const std::string& path) = 0;
  // Renames `from` to `to`, which must not exist or be an empty directory.
  // Durable only once the directories holding both names are synced.
  virtual Status RenameFile(const std::string& from, const std::string& to) = 0;
  // Swaps the two names `a` and `b` in one step (renameat2 RENAME_EXCHANGE):
  // whoever looks sees one or the other, never neither.
  virtual Status ExchangeFiles(const std::string& a, const std::string& b) = 0;
  // Flushes the entries of the directory `dir` (the files created, linked,
  // renamed in it) to the disk.
  virtual Status SyncDir(const std::string& dir) = 0;
  // Creates the directory `dir`; OK if it exists.
  virtual Status CreateDir(const std::string& dir) = 0;
  // The names in `dir`, without "." and "..".
  virtual Status GetChildren(const std::string& dir,
                             std::vector<std::string>* names) = 0;
  // Removes `path` and, if a directory, everything in it; OK if absent.
  virtual Status RemoveAll(const std::string& path) = 0;
  virtual bool FileExists(const std::string& path) = 0;
  // Creates `path` if need be and locks it, or fails with Busy if another
  // holder (in this process or another) has it. The lock's release
  // removes the file.
  virtual Status LockFile(const std::string& path,
                          std::unique_ptr<FileLock>* lock) = 0;
};

// An Env that hands every call to another: a base for Envs that change a
// few of them.
class EnvWrapper : public Env {
 public:
  explicit EnvWrapper(Env* target) : target_(target) {}
  Env* target() const { return target_; }

  Status NewWritableFile(const std::string& path,
                         std::unique_ptr<WritableFile>* file) override {
    return target_->NewWritableFile(path, file);
  }
  Status ReadFile(const std::string& path, std::string* data) override {
    return target_->ReadFile(path, data);
  }
  Status LinkFile(const std::string& from, const std::string& to) override {
    return target_->LinkFile(from, to);
  }
  Status SyncFile(const std::string& path) override {
    return target_->SyncFile(path);
  }
  Status RenameFile(const std::string& from, const std::string& to) override {
    return target_->RenameFile(from, to);
  }
  Status ExchangeFiles(const std::string& a, const std::string& b) override {
    return target_->ExchangeFiles(a, b);
  }
  Status SyncDir(const std::string& dir) override {
    return target_->SyncDir(dir);
  }
  Status CreateDir(const std::string& dir) override {
    return target_->CreateDir(dir);
  }
  Status GetChildren(const std::string& dir,
                     std::vector<std::string>* names) override {
    return target_->GetChildren(dir, names);
  }
  Status RemoveAll(const std::string& path) override {
    return target_->RemoveAll(path);
  }
  bool FileExists(const std::string& path) override {
    return target_->FileExists(path);
  }
  Status LockFile(const std::string& path,
                  std::unique_ptr<FileLock>* lock) override {
    return target_->LockFile(path, lock);
  }

 private:
  Env* target_;
};

// Copies the file `from` to the new file `to` through `env`, synced.
Status CopyFile(Env* env, const std::string& from, const std::string& to);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_BASE_ENV_H_
