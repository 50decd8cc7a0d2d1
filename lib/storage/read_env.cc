#include "lib/storage/read_env.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <memory>
#include <string>

#include <rocksdb/env.h>

namespace slidedb {

namespace {

// A mapped file whose small reads are copied (kCopiedReadBytes).
class CopySmallReads : public rocksdb::RandomAccessFileWrapper {
 public:
  CopySmallReads(std::unique_ptr<rocksdb::RandomAccessFile> mapped, int fd)
      : rocksdb::RandomAccessFileWrapper(mapped.get()),
        mapped_(std::move(mapped)),
        fd_(fd) {}
  ~CopySmallReads() override { close(fd_); }

  rocksdb::Status Read(uint64_t offset, size_t n, rocksdb::Slice* result,
                       char* scratch) const override {
    if (n > kCopiedReadBytes || scratch == nullptr) {
      return mapped_->Read(offset, n, result, scratch);
    }
    size_t got = 0;
    while (got < n) {
      const ssize_t r =
          pread(fd_, scratch + got, n - got, static_cast<off_t>(offset + got));
      if (r < 0 && errno == EINTR) continue;
      if (r < 0) {
        return rocksdb::Status::IOError("pread at " + std::to_string(offset),
                                        std::strerror(errno));
      }
      if (r == 0) break;  // the end of the file: a short read
      got += static_cast<size_t>(r);
    }
    *result = rocksdb::Slice(scratch, got);
    return rocksdb::Status::OK();
  }

 private:
  std::unique_ptr<rocksdb::RandomAccessFile> mapped_;
  int fd_;
};

class ReadEnv : public rocksdb::EnvWrapper {
 public:
  ReadEnv() : rocksdb::EnvWrapper(rocksdb::Env::Default()) {}
  const char* Name() const override { return "SlidedbReadEnv"; }
  void IncBackgroundThreadsIfNeeded(int /*num*/, Priority /*pri*/) override {}

  rocksdb::Status NewRandomAccessFile(
      const std::string& name, std::unique_ptr<rocksdb::RandomAccessFile>* out,
      const rocksdb::EnvOptions& options) override {
    std::unique_ptr<rocksdb::RandomAccessFile> file;
    rocksdb::Status s = target()->NewRandomAccessFile(name, &file, options);
    if (!s.ok() || !options.use_mmap_reads) {
      *out = std::move(file);
      return s;
    }
    const int fd = open(name.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
      return rocksdb::Status::IOError("cannot open " + name,
                                      std::strerror(errno));
    }
    *out = std::make_unique<CopySmallReads>(std::move(file), fd);
    return rocksdb::Status::OK();
  }
};

}  // namespace

rocksdb::Env* ReadOnlyEnv() {
  static rocksdb::Env* const env = new ReadEnv;
  return env;
}

}  // namespace slidedb
