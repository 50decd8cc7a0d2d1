// FromRocksDb (lib/storage/rocks_status.h): what RocksDB's failures mean
// to a caller; memory the system refused is too little memory (exit 69),
// not a bad database (66); a checksum that fails is Corruption.
#include "lib/storage/rocks_status.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <cstring>

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

}  // namespace
}  // namespace slidedb
