#include "lib/storage/rocks_status.h"

#include <cerrno>
#include <cstring>

namespace slidedb {

Status FromRocksDb(const rocksdb::Status& s, const std::string& what) {
  if (s.ok()) return Status::OK();
  const std::string rocks = s.ToString();
  const std::string message = what.empty() ? rocks : what + ": " + rocks;
  // RocksDB keeps no errno, only its text, in the C library's words (in
  // its own part of the message: `what` may name any path).
  if (s.IsMemoryLimit() ||
      rocks.find(std::strerror(ENOMEM)) != std::string::npos) {
    return Status::ResourceExhausted(message);
  }
  // A checksum that does not match: stored data broken, not the file
  // system's refusal.
  if (s.IsCorruption()) return Status::Corruption(message);
  return Status::IOError(message);
}

}  // namespace slidedb
