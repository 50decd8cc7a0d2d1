#include "lib/storage/rocks_status.h"

#include <cerrno>
#include <cstring>

namespace slidedb {

Status FromRocksDb(const rocksdb::Status& s, const std::string& what) {
  if (s.ok()) return Status::OK();
  const std::string message =
      what.empty() ? s.ToString() : what + ": " + s.ToString();
  // RocksDB keeps no errno, only its text, in the C library's words.
  if (s.IsMemoryLimit() ||
      message.find(std::strerror(ENOMEM)) != std::string::npos) {
    return Status::ResourceExhausted(message);
  }
  return Status::IOError(message);
}

}  // namespace slidedb
