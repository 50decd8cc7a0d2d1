// The tables' memory of their own (lib/search/bfs_memory.h): FreshArray,
// which the two-bit tables and the multi-tile walking-distance tables live
// in.
#include "lib/search/bfs_memory.h"

#include <gtest/gtest.h>

#include <cstdint>

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

}  // namespace
}  // namespace slidedb
