// The tables' memory of their own (lib/search/bfs_memory.h): FreshArray,
// which the two-bit tables and the multi-tile walking-distance tables live
// in; and a table's search (RunBfs) that runs out of memory between its
// levels.
#include "lib/search/bfs_memory.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <new>

#include "lib/base/threads.h"
#include "lib/puzzle/board.h"
#include "lib/puzzle/index.h"
#include "lib/search/bfs.h"

namespace slidedb {
namespace {

constexpr size_t kLarge = size_t{40} << 20;  // past the 2 MB pages' floor

// Bytes made as zero are the kernel's zeros (never cleared); with another
// value, that value; made again, the new size and value.
TEST(FreshArrayTest, HoldsWhatItWasMadeWith) {
  bfs::FreshArray<uint8_t> fresh;
  ASSERT_TRUE(fresh.Allocate(kLarge, /*threads=*/1, 0).ok());
  ASSERT_EQ(fresh.size(), kLarge);
  for (size_t i = 0; i < kLarge; i += 4093) ASSERT_EQ(fresh[i], 0) << i;
  EXPECT_EQ(fresh[kLarge - 1], 0);
  ASSERT_TRUE(fresh.Allocate(kLarge / 2, /*threads=*/2, 0xAB).ok());
  EXPECT_EQ(fresh.size(), kLarge / 2);
  for (size_t i = 0; i < kLarge / 2; i += 4093) ASSERT_EQ(fresh[i], 0xAB) << i;
  EXPECT_EQ(fresh[kLarge / 2 - 1], 0xAB);
}

// Memory the system refuses is ResourceExhausted, leaving the array empty.
TEST(FreshArrayTest, RefusedMemoryIsResourceExhausted) {
  bfs::FreshArray<uint8_t> fresh;
  RefuseMemoryForTesting(kLarge);
  const Status s = fresh.Allocate(kLarge, /*threads=*/1, 0);
  EXPECT_TRUE(s.IsResourceExhausted()) << s.ToString();
  EXPECT_EQ(fresh.size(), 0u);
  EXPECT_TRUE(fresh.Allocate(kLarge / 2, /*threads=*/1, 0).ok());
  RefuseMemoryForTesting(0);
  EXPECT_TRUE(fresh.Allocate(kLarge, /*threads=*/1, 0).ok());
}

// While it lives, StartThread starts nothing; after, as before, whatever
// a test's assertion left.
struct NoThreads {
  NoThreads() { refuse_threads_for_testing = true; }
  ~NoThreads() { refuse_threads_for_testing = false; }
};

// A table made on two threads when the system starts no second one
// (StartThread refused): the caller makes it all. Zeros (pages faulted
// in, which read zero either way: that it returns OK) and 0xCD (every
// byte set shows the second half done on the caller). Both halves once
// went to a raw std::thread, whose refusal threw out of the making.
TEST(FreshArrayTest, MadeWholeWhenNoThreadStarts) {
  for (const uint8_t byte : {0x00, 0xCD}) {
    bfs::FreshArray<uint8_t> fresh;
    Status s;
    {
      NoThreads none;
      s = fresh.Allocate(kLarge, /*threads=*/2, byte);
    }
    ASSERT_TRUE(s.ok()) << s.ToString();
    ASSERT_EQ(fresh.size(), kLarge);
    for (size_t i = 0; i < kLarge; i += 4093) ASSERT_EQ(fresh[i], byte) << i;
    EXPECT_EQ(fresh[kLarge / 2], byte);
    EXPECT_EQ(fresh[kLarge - 1], byte);
  }
}

// Memory that runs out between two levels of a table's search (its line
// written by on_level, the histogram grown: where the barrier's one
// thread runs, and no exception may pass) is the search's
// ResourceExhausted, on one thread or several, not the end of the process;
// the next search runs whole.
TEST(RunBfsMemoryTest, RunningOutBetweenLevelsIsResourceExhausted) {
  const Board board(3, 3);
  for (const int threads : {1, 2}) {
    for (const int at : {0, 5}) {
      BfsResult result;
      const Status s = RunBfs(
          Indexer(board, 8), threads,
          [at](const BfsLevel& level) {
            if (level.depth == at) throw std::bad_alloc();
          },
          &result);
      EXPECT_TRUE(s.IsResourceExhausted()) << threads << " " << s.ToString();
      EXPECT_EQ(s.message().rfind("out of memory", 0), 0u) << s.message();
    }
    BfsResult whole;
    ASSERT_TRUE(RunBfs(Indexer(board, 8), threads, nullptr, &whole).ok());
    EXPECT_EQ(whole.histogram.size(), 32u);  // 3x3's radius is 31
  }
}

}  // namespace
}  // namespace slidedb
