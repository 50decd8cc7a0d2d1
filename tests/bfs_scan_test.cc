// The search's vector scans (lib/search/bfs_scan.h) give what their scalar
// twins give, on random bytes and on the bytes that sit on each boundary:
// every distance key, kUnseen, kNoState, every offset in a 16-byte load.
#include "lib/search/bfs_scan.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace slidedb {
namespace bfs {
namespace {

#if defined(__SSE2__)

// Bytes a search's working bytes can hold, and a few no state holds.
std::vector<uint8_t> Interesting() {
  std::vector<uint8_t> v = {kUnseen, kNoState, 0, 1, 2, 3, 0xfc, 0xfd};
  for (int d = 0; d < 64; ++d) {
    for (int m = 0; m < 4; ++m) v.push_back(static_cast<uint8_t>(d << 2 | m));
  }
  return v;
}

// A buffer of bytes: random ones drawn from `pool` or, with `uniform`, any.
std::vector<uint8_t> Bytes(std::mt19937* rng, size_t n,
                           const std::vector<uint8_t>& pool, bool uniform) {
  std::vector<uint8_t> b(n);
  for (uint8_t& x : b) {
    x = uniform ? static_cast<uint8_t>((*rng)() & 0xff)
                : pool[(*rng)() % pool.size()];
  }
  return b;
}

TEST(BfsScanTest, Matches16AndKeptApart16AreTheScalarOnes) {
  std::mt19937 rng(7);
  const std::vector<uint8_t> pool = Interesting();
  for (int round = 0; round < 2000; ++round) {
    const std::vector<uint8_t> b = Bytes(&rng, 64, pool, round % 2 == 0);
    for (int offset = 0; offset < 48; ++offset) {
      const uint8_t* p = b.data() + offset;
      EXPECT_EQ(KeptApart16Sse2(p), KeptApart16Scalar(p));
      for (int depth = 0; depth < 64; depth += 1 + round % 5) {
        const uint8_t key = static_cast<uint8_t>(depth << 2);
        ASSERT_EQ(Matches16Sse2(p, key), Matches16Scalar(p, key))
            << "round " << round << " offset " << offset << " key " << +key;
      }
    }
  }
  // All bytes alike: every byte or none.
  for (uint8_t x : pool) {
    const std::vector<uint8_t> same(16, x);
    EXPECT_EQ(KeptApart16Sse2(same.data()), KeptApart16Scalar(same.data()));
    const uint8_t key = x & kDistanceBits;
    EXPECT_EQ(Matches16Sse2(same.data(), key), 0xffffu) << +x;
    EXPECT_EQ(Matches16Scalar(same.data(), key), 0xffffu) << +x;
  }
}

template <typename S>
void CheckMasks(std::mt19937* rng) {
  const std::vector<uint8_t> pool = Interesting();
  for (int round = 0; round < 500; ++round) {
    // Ranks of S::kCells bytes, and padding for the 16-byte load after the
    // last one, as the search keeps (kPad).
    const Index ranks = 8;
    std::vector<uint8_t> b =
        Bytes(rng, ranks * S::kCells + kPad, pool, round % 3 == 0);
    for (Index rank = 0; rank < ranks; ++rank) {
      for (int depth = 0; depth < 64; depth += 1 + round % 7) {
        LevelKeys keys;
        keys.cur = DepthKey(depth % kDistanceSaturated);
        keys.prev = depth == 0 ? 0x100u : DepthKey((depth - 1) % 63);
        keys.next = DepthKey((depth + 1) % 63);
        const GroupMasks v = MasksAtSse2<S>(b.data(), rank, keys);
        const GroupMasks s = MasksAtScalar<S>(b.data(), rank, keys);
        ASSERT_EQ(v.cur, s.cur) << "rank " << rank << " depth " << depth;
        ASSERT_EQ(v.prev, s.prev) << "rank " << rank << " depth " << depth;
        ASSERT_EQ(v.unseen, s.unseen) << "rank " << rank;
      }
    }
  }
}

TEST(BfsScanTest, MasksAtIsTheScalarOneOnEveryShape) {
  std::mt19937 rng(11);
#define SLIDEDB_SHAPE(r, c) CheckMasks<Shape<r, c>>(&rng);
  SLIDEDB_FOR_EACH_SHAPE(SLIDEDB_SHAPE)
#undef SLIDEDB_SHAPE
}

#endif  // __SSE2__

}  // namespace
}  // namespace bfs
}  // namespace slidedb
