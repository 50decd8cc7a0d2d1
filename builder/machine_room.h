// What the machine has for a build, checked before its search starts: the
// memory it may take and the disk it may write.
#ifndef SLIDEDB_BUILDER_MACHINE_ROOM_H_
#define SLIDEDB_BUILDER_MACHINE_ROOM_H_

#include <cstdint>
#include <string>

namespace slidedb {

// MemAvailable of /proc/meminfo and the space statvfs gives an
// unprivileged writer on the file system of `db_dir` (or of its nearest
// existing parent). The environment variables SLIDEDB_PRETEND_MEM_AVAILABLE
// and SLIDEDB_PRETEND_DISK_FREE, in bytes, stand for them when set (tests
// pretend a small machine). 0 when unknown.
struct MachineRoom {
  uint64_t memory = 0;
  uint64_t disk = 0;
};
MachineRoom AvailableRoom(const std::string& db_dir);

// Why building `what` ("the two-bit table of 2x7"), which takes `memory`
// bytes (for `memory_why`) and `disk` bytes, does not fit `room`, or ""
// when it does: "building WHAT needs X of memory (MEMORY_WHY), Y available
// (MemAvailable); and Z of disk, W free there: this machine is too small,
// nothing was built", naming only what is short. A need or a room of 0 is
// not checked.
std::string RoomShortfall(const std::string& what, uint64_t memory,
                          const std::string& memory_why, uint64_t disk,
                          const MachineRoom& room);

// Under a limit on the address space (ulimit -v), has malloc keep one
// arena for every thread: glibc's arena a thread reserves 64 MiB of it,
// and a build's threads (its searches', RocksDB's) ran out of it with
// most of the limit unused (a 3x4 build failed under 450 MB, needing
// 350); a thread of RocksDB's that could not allocate ended the process.
// Without a limit (the usual case) nothing changes. Call first in main.
void OneMallocArenaUnderAddressLimit();

// Memory a build takes beyond its search's tables and bits: the process,
// RocksDB's writers, a search's per-block flags.
inline constexpr uint64_t kBuildMemoryMargin = uint64_t{256} << 20;

}  // namespace slidedb

#endif  // SLIDEDB_BUILDER_MACHINE_ROOM_H_
