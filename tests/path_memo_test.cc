#include "lib/analysis/path_memo.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <unordered_map>
#include <utility>

namespace slidedb {
namespace {

// Keys as a count makes them: five bits a cell of a 25-cell board.
struct MemoKey {
  uint64_t lo, hi;
  bool operator==(const MemoKey& o) const { return lo == o.lo && hi == o.hi; }
};
struct MemoKeyHash {
  size_t operator()(const MemoKey& k) const { return k.lo * 31 + k.hi; }
};

MemoKey RandomKey(std::mt19937_64* rng) {
  return MemoKey{(*rng)(), (*rng)() >> 3};
}

// Every entry put is found as last put (counts past 2^64 too), through
// the table's doublings, and keys never put are not found.
TEST(PathMemoTest, FindsWhatWasPutThroughItsGrowth) {
  PathMemo memo;
  std::mt19937_64 rng(1);
  std::unordered_map<MemoKey, std::pair<int, PathCount>, MemoKeyHash> want;
  EXPECT_EQ(memo.Find(1, 2), nullptr);
  for (int k = 0; k < 300000; ++k) {
    // Some keys again, with another value: replaced.
    const MemoKey key =
        k % 7 == 0 && !want.empty() ? want.begin()->first : RandomKey(&rng);
    const PathCount count = (static_cast<PathCount>(rng() % 3) << 64) + rng();
    const int left = static_cast<int>(rng() % 200);
    memo.Put(key.lo, key.hi, left, count);
    want[key] = {left, count};
  }
  EXPECT_EQ(memo.size(), want.size());
  for (const auto& [key, value] : want) {
    const PathMemo::Entry* e = memo.Find(key.lo, key.hi);
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->left, value.first);
    EXPECT_TRUE(e->count() == value.second);
  }
  for (int k = 0; k < 1000; ++k) {
    const MemoKey key = RandomKey(&rng);
    if (want.count(key) == 0) {
      EXPECT_EQ(memo.Find(key.lo, key.hi), nullptr);
    }
  }
}

// Past half of its most slots the memo starts again, empty: what it
// held is gone, what comes after is kept.
TEST(PathMemoTest, StartsAgainPastHalfItsMostSlots) {
  PathMemo memo;
  const size_t most = PathMemo::kMaxSlots / 2;
  for (uint64_t k = 0; k < most; ++k) memo.Put(k, 7, 1, k);
  EXPECT_EQ(memo.size(), most);
  ASSERT_NE(memo.Find(0, 7), nullptr);
  ASSERT_NE(memo.Find(most - 1, 7), nullptr);
  memo.Put(most, 7, 2, 5);
  EXPECT_EQ(memo.size(), 1u);
  EXPECT_EQ(memo.Find(0, 7), nullptr);
  EXPECT_EQ(memo.Find(most - 1, 7), nullptr);
  const PathMemo::Entry* e = memo.Find(most, 7);
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->left, 2);
  EXPECT_TRUE(e->count() == 5);
}

// A memo moved from is empty and works as a new one; the one moved to
// has its entries.
TEST(PathMemoTest, AMovedFromMemoIsEmpty) {
  PathMemo memo;
  for (uint64_t k = 0; k < 5000; ++k) memo.Put(k, 1, 3, k + 1);
  PathMemo moved(std::move(memo));
  EXPECT_EQ(moved.size(), 5000u);
  ASSERT_NE(moved.Find(4999, 1), nullptr);
  EXPECT_EQ(memo.size(), 0u);  // NOLINT(bugprone-use-after-move)
  EXPECT_EQ(memo.Find(4999, 1), nullptr);
  memo.Put(7, 7, 2, 9);
  ASSERT_NE(memo.Find(7, 7), nullptr);
  EXPECT_TRUE(memo.Find(7, 7)->count() == 9);
}

}  // namespace
}  // namespace slidedb
