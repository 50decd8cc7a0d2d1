// The tables' memory of their own (lib/search/bfs_memory.h): FreshBytes,
// the vector the multi-tile walking-distance tables live in.
#include "lib/search/bfs_memory.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <new>

namespace slidedb {
namespace {

constexpr size_t kLarge = size_t{40} << 20;  // past the 2 MB pages' floor

// Bytes made without a value are the kernel's zeros (never cleared by the
// vector); with a value, that value; a copy is equal and of its own.
TEST(FreshBytesTest, HoldWhatTheyWereMadeWith) {
  bfs::FreshBytes fresh(kLarge);
  ASSERT_EQ(fresh.size(), kLarge);
  for (size_t i = 0; i < kLarge; i += 4093) ASSERT_EQ(fresh[i], 0) << i;
  EXPECT_EQ(fresh.back(), 0);
  fresh.assign(kLarge / 2, 0xAB);
  EXPECT_EQ(fresh.size(), kLarge / 2);
  EXPECT_EQ(fresh.front(), 0xAB);
  EXPECT_EQ(fresh.back(), 0xAB);
  bfs::FreshBytes copy = fresh;
  copy[7] = 1;
  EXPECT_EQ(fresh[7], 0xAB);
  copy[7] = 0xAB;
  EXPECT_EQ(copy, fresh);
  fresh.push_back(3);  // grows into a new mapping, the old bytes kept
  EXPECT_EQ(fresh[kLarge / 2 - 1], 0xAB);
  EXPECT_EQ(fresh.back(), 3);
}

// Memory the system refuses is std::bad_alloc, as a vector's would be.
TEST(FreshBytesTest, RefusedMemoryIsBadAlloc) {
  RefuseMemoryForTesting(kLarge);
  EXPECT_THROW(bfs::FreshBytes bytes(kLarge), std::bad_alloc);
  EXPECT_NO_THROW(bfs::FreshBytes bytes(kLarge / 2));
  RefuseMemoryForTesting(0);
  EXPECT_NO_THROW(bfs::FreshBytes bytes(kLarge));
}

}  // namespace
}  // namespace slidedb
