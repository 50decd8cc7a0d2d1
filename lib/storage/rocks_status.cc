#include "lib/storage/rocks_status.h"

#include <sys/mman.h>
#include <sys/resource.h>

#include <cerrno>
#include <cstring>

#include "lib/base/out_of_memory.h"

namespace slidedb {

Status FromRocksDb(const rocksdb::Status& s, const std::string& what) {
  if (s.ok()) return Status::OK();
  std::string rocks = s.ToString();
  // RocksDB may name its code twice ("Corruption: Corruption: IO error",
  // a table file missing): once is enough.
  const size_t colon = rocks.find(": ");
  if (colon != std::string::npos &&
      rocks.compare(colon + 2, colon + 2, rocks, 0, colon + 2) == 0) {
    rocks.erase(0, colon + 2);
  }
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

Status RoomForRocksDb(size_t bytes) {
  // Only a limit on address space refuses a mapping ahead of its pages.
  rlimit limit;
  if (getrlimit(RLIMIT_AS, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) {
    return Status::OK();
  }
  void* room = mmap(nullptr, bytes, PROT_NONE,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (room == MAP_FAILED) {
    return Status::ResourceExhausted(OutOfMemoryText(false));
  }
  munmap(room, bytes);
  return Status::OK();
}

}  // namespace slidedb
