// FromRocksDb (lib/storage/rocks_status.h): what RocksDB's failures mean
// to a caller; memory the system refused is too little memory (exit 69),
// not a bad database (66); a checksum that fails is Corruption. And
// RoomForRocksDb, the room asked for before RocksDB is entered.
#include "lib/storage/rocks_status.h"

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstring>
#include <fstream>
#include <string>

namespace slidedb {
namespace {

TEST(RocksStatusTest, RefusedMemoryIsResourceExhausted) {
  const Status mmap = FromRocksDb(
      rocksdb::Status::IOError("while mmap file for read: /db/000008.sst",
                               std::strerror(ENOMEM)),
      "cannot open database /db");
  EXPECT_TRUE(mmap.IsResourceExhausted()) << mmap.ToString();
  EXPECT_EQ(mmap.message().rfind("cannot open database /db: IO error: ", 0), 0u)
      << mmap.message();
  EXPECT_TRUE(
      FromRocksDb(rocksdb::Status::MemoryLimit()).IsResourceExhausted());
}

TEST(RocksStatusTest, OtherFailuresAreIOErrors) {
  EXPECT_TRUE(FromRocksDb(rocksdb::Status::OK()).ok());
  const Status io = FromRocksDb(rocksdb::Status::IOError(
      "while open a file for random read", std::strerror(EACCES)));
  EXPECT_TRUE(io.IsIOError()) << io.ToString();
  // The words in `what` (a path, say) are not RocksDB's.
  EXPECT_TRUE(FromRocksDb(rocksdb::Status::IOError("lock held"),
                          std::string("opening /db/") + std::strerror(ENOMEM))
                  .IsIOError());
}

// A block whose checksum does not match is stored data broken, as
// docs/ERRORS.md's Corruption says, and a build names the mend of it.
TEST(RocksStatusTest, RocksDbsCorruptionIsCorruption) {
  const Status bad = FromRocksDb(
      rocksdb::Status::Corruption("block checksum mismatch"), "reading /db");
  EXPECT_TRUE(bad.IsCorruption()) << bad.ToString();
  EXPECT_EQ(bad.message(), "reading /db: Corruption: block checksum mismatch");
  // A table file missing: RocksDB names its code twice; said once.
  const Status missing = FromRocksDb(
      rocksdb::Status::Corruption("Corruption: IO error: No such file"));
  EXPECT_EQ(missing.message(), "Corruption: IO error: No such file");
}

// The address space this process holds now, in bytes (VmSize).
size_t AddressSpaceHeld() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmSize:", 0) == 0) {
      return std::stoull(line.substr(7)) * 1024;  // kB
    }
  }
  return 0;
}

// Under a limit on address space, room there is (a page) and room there
// is not (past the limit) told apart; with no limit, nothing is refused.
// The limit, 64 MiB past what the process holds (sanitizers hold
// terabytes), is set in a child process, which says what it saw in its
// exit status.
TEST(RocksStatusTest, RoomIsAskedOfTheAddressSpaceLimit) {
  EXPECT_TRUE(RoomForRocksDb(size_t{1} << 40).ok());
  rlimit limit;
  ASSERT_EQ(getrlimit(RLIMIT_AS, &limit), 0);
  if (limit.rlim_cur != RLIM_INFINITY) GTEST_SKIP() << "already limited";
  const size_t held = AddressSpaceHeld();
  ASSERT_GT(held, 0u);
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    rlimit tight{held + (size_t{64} << 20), limit.rlim_max};
    if (setrlimit(RLIMIT_AS, &tight) != 0) _exit(10);
    if (!RoomForRocksDb(size_t{1} << 30).IsResourceExhausted()) _exit(11);
    if (!RoomForRocksDb(4096).ok()) _exit(12);
    _exit(0);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0)
      << "10: no limit set, 11: room past it granted, 12: a page refused";
}

}  // namespace
}  // namespace slidedb
