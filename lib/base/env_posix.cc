// Env::Default(): the real file system, through POSIX calls.
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>
#include <utility>

#include "lib/base/env.h"

namespace slidedb {

namespace {

Status Error(const std::string& what, const std::string& path, int err) {
  return Status::IOError(what + " " + path + ": " + std::strerror(err));
}

class PosixWritableFile : public WritableFile {
 public:
  PosixWritableFile(std::string path, int fd)
      : path_(std::move(path)), fd_(fd) {}
  ~PosixWritableFile() override {
    if (fd_ >= 0) close(fd_);
  }

  Status Append(std::string_view data) override {
    while (!data.empty()) {
      const ssize_t n = write(fd_, data.data(), data.size());
      if (n < 0) {
        if (errno == EINTR) continue;
        return Error("writing", path_, errno);
      }
      data.remove_prefix(static_cast<size_t>(n));
    }
    return Status::OK();
  }
  Status Sync() override {
    if (fdatasync(fd_) != 0) return Error("syncing", path_, errno);
    return Status::OK();
  }
  Status Close() override {
    const int rc = close(fd_);
    fd_ = -1;
    if (rc != 0) return Error("closing", path_, errno);
    return Status::OK();
  }

 private:
  std::string path_;
  int fd_;
};

// Whether `fd` is the file `path` names now.
bool SameFile(int fd, const std::string& path) {
  struct stat open_file, named;
  return fstat(fd, &open_file) == 0 && stat(path.c_str(), &named) == 0 &&
         open_file.st_dev == named.st_dev && open_file.st_ino == named.st_ino;
}

// A lock file is removed by its holder before the lock is released, so
// that none is left beside the database. A locker may have opened the file
// just before it went: it then holds a lock on a file no longer there, so
// each locker makes sure, once locked, that the file it holds is the one
// the path names (LockFile), and tries again if not.
class PosixFileLock : public FileLock {
 public:
  PosixFileLock(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}
  ~PosixFileLock() override {
    if (SameFile(fd_, path_)) unlink(path_.c_str());
    close(fd_);  // releases the lock
  }

 private:
  int fd_;
  std::string path_;
};

// fsync of `path` opened with `flags`.
Status SyncPath(const std::string& path, int flags) {
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | flags);
  if (fd < 0) return Error("opening to sync", path, errno);
  const int rc = fsync(fd);
  const int err = errno;
  close(fd);
  if (rc != 0) return Error("syncing", path, err);
  return Status::OK();
}

class PosixEnv : public Env {
 public:
  Status NewWritableFile(const std::string& path,
                         std::unique_ptr<WritableFile>* file) override {
    const int fd =
        open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return Error("creating", path, errno);
    file->reset(new PosixWritableFile(path, fd));
    return Status::OK();
  }
  Status ReadFile(const std::string& path, std::string* data) override {
    const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return Error("opening", path, errno);
    data->clear();
    char buf[1 << 16];
    for (;;) {
      const ssize_t n = read(fd, buf, sizeof buf);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) {
        const int err = errno;
        close(fd);
        return Error("reading", path, err);
      }
      if (n == 0) break;
      data->append(buf, static_cast<size_t>(n));
    }
    close(fd);
    return Status::OK();
  }
  Status LinkFile(const std::string& from, const std::string& to) override {
    if (link(from.c_str(), to.c_str()) != 0) {
      return Error("linking " + from + " as", to, errno);
    }
    return Status::OK();
  }
  Status SyncFile(const std::string& path) override {
    return SyncPath(path, 0);
  }
  Status RenameFile(const std::string& from, const std::string& to) override {
    if (rename(from.c_str(), to.c_str()) != 0) {
      return Error("moving " + from + " to", to, errno);
    }
    return Status::OK();
  }
  Status ExchangeFiles(const std::string& a, const std::string& b) override {
    if (renameat2(AT_FDCWD, a.c_str(), AT_FDCWD, b.c_str(), RENAME_EXCHANGE) !=
        0) {
      return Error("swapping " + a + " with", b, errno);
    }
    return Status::OK();
  }
  Status SyncDir(const std::string& dir) override {
    return SyncPath(dir, O_DIRECTORY);
  }
  Status CreateDir(const std::string& dir) override {
    if (mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST) {
      return Error("creating", dir, errno);
    }
    return Status::OK();
  }
  Status GetChildren(const std::string& dir,
                     std::vector<std::string>* names) override {
    names->clear();
    DIR* d = opendir(dir.c_str());
    if (d == nullptr) return Error("reading", dir, errno);
    while (const dirent* e = readdir(d)) {
      const std::string name = e->d_name;
      if (name != "." && name != "..") names->push_back(name);
    }
    closedir(d);
    return Status::OK();
  }
  Status RemoveAll(const std::string& path) override {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
    if (ec) return Status::IOError("removing " + path + ": " + ec.message());
    return Status::OK();
  }
  bool FileExists(const std::string& path) override {
    return access(path.c_str(), F_OK) == 0;
  }
  Status LockFile(const std::string& path,
                  std::unique_ptr<FileLock>* lock) override {
    // Each try that finds the file removed under it (its holder gone)
    // meets a new holder or a free lock the next time.
    for (int tries = 0; tries < 100; ++tries) {
      const int fd = open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
      if (fd < 0) return Error("cannot create", path, errno);
      if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        const int err = errno;
        close(fd);
        if (err == EWOULDBLOCK) return Status::Busy(path + " is locked");
        return Error("locking", path, err);
      }
      if (SameFile(fd, path)) {
        lock->reset(new PosixFileLock(fd, path));
        return Status::OK();
      }
      close(fd);
    }
    return Status::Busy(path + " is locked and unlocked over and over");
  }
};

}  // namespace

Env* Env::Default() {
  static Env* const env = new PosixEnv;
  return env;
}

Status CopyFile(Env* env, const std::string& from, const std::string& to) {
  std::string data;
  Status s = env->ReadFile(from, &data);
  std::unique_ptr<WritableFile> file;
  if (s.ok()) s = env->NewWritableFile(to, &file);
  if (s.ok()) s = file->Append(data);
  if (s.ok()) s = file->Sync();
  if (s.ok()) s = file->Close();
  return s;
}

}  // namespace slidedb
