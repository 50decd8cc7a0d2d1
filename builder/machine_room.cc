#include "builder/machine_room.h"

#include <malloc.h>
#include <sys/resource.h>
#include <sys/statvfs.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "builder/build_text.h"

namespace slidedb {

namespace {

// A number of bytes from the environment, or 0.
uint64_t Pretended(const char* name) {
  const char* v = std::getenv(name);
  if (v == nullptr || *v == '\0') return 0;
  return std::strtoull(v, nullptr, 10);
}

uint64_t MemAvailable() {
  std::ifstream in("/proc/meminfo");
  std::string key;
  uint64_t kb;
  std::string unit;
  while (in >> key >> kb) {
    std::getline(in, unit);
    if (key == "MemAvailable:") return kb * 1024;
  }
  return 0;
}

uint64_t DiskFree(const std::string& db_dir) {
  std::error_code ec;
  std::filesystem::path p = std::filesystem::absolute(db_dir, ec);
  while (!p.empty() && !std::filesystem::exists(p, ec) && p != p.root_path()) {
    p = p.parent_path();
  }
  struct statvfs fs;
  if (statvfs(p.c_str(), &fs) != 0) return 0;
  return static_cast<uint64_t>(fs.f_bavail) * fs.f_frsize;
}

}  // namespace

void OneMallocArenaUnderAddressLimit() {
  struct rlimit limit;
  if (getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) {
    mallopt(M_ARENA_MAX, 1);
  }
}

MachineRoom AvailableRoom(const std::string& db_dir) {
  MachineRoom room;
  room.memory = Pretended("SLIDEDB_PRETEND_MEM_AVAILABLE");
  if (room.memory == 0) room.memory = MemAvailable();
  room.disk = Pretended("SLIDEDB_PRETEND_DISK_FREE");
  if (room.disk == 0) room.disk = DiskFree(db_dir);
  return room;
}

std::string RoomShortfall(const std::string& what, uint64_t memory,
                          const std::string& memory_why, uint64_t disk,
                          const MachineRoom& room) {
  std::string lacks;
  if (memory != 0 && room.memory != 0 && room.memory < memory) {
    lacks = Gigabytes(memory) + " of memory (" + memory_why + "), " +
            Gigabytes(room.memory) + " available (MemAvailable)";
  }
  if (disk != 0 && room.disk != 0 && room.disk < disk) {
    lacks += (lacks.empty() ? "" : "; and ") + Gigabytes(disk) + " of disk, " +
             Gigabytes(room.disk) + " free there";
  }
  if (lacks.empty()) return "";
  return "building " + what + " needs " + lacks +
         ": this machine is too small, nothing was built";
}

}  // namespace slidedb
