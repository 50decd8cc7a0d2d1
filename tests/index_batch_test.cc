#include "lib/search/index_batch.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

namespace slidedb {
namespace {

std::vector<uint64_t> Decoded(const std::vector<uint8_t>& bytes, bool* ok) {
  std::vector<uint64_t> out;
  *ok = DecodeIndexBatch(bytes.data(), bytes.size(),
                         [&](uint64_t v) { out.push_back(v); });
  return out;
}

TEST(IndexBatchTest, RoundTripsSortedUniqueIndexes) {
  std::mt19937_64 random(7);
  std::vector<uint64_t> indexes = {5, 0, 5, ~0ull, 127, 128, 1ull << 40, 3};
  for (int i = 0; i < 1000; ++i) indexes.push_back(random() % 100000);
  SortUnique(&indexes);
  ASSERT_TRUE(std::is_sorted(indexes.begin(), indexes.end()));
  std::vector<uint8_t> bytes;
  EncodeIndexBatch(indexes, &bytes);
  bool ok = false;
  EXPECT_EQ(Decoded(bytes, &ok), indexes);
  EXPECT_TRUE(ok);
  EXPECT_LE(bytes.size(), indexes.size() * kMaxIndexBatchBytes);
}

TEST(IndexBatchTest, SmallStepsTakeOneByteEach) {
  std::vector<uint64_t> indexes;
  for (uint64_t v = 1000; v < 2000; v += 100) indexes.push_back(v);
  std::vector<uint8_t> bytes;
  EncodeIndexBatch(indexes, &bytes);
  // 1000 takes two bytes, each step of 100 one.
  EXPECT_EQ(bytes.size(), 2u + 9u);
  std::vector<uint8_t> empty;
  EncodeIndexBatch({}, &empty);
  EXPECT_TRUE(empty.empty());
}

TEST(IndexBatchTest, RefusesATruncatedNumber) {
  std::vector<uint8_t> bytes;
  EncodeIndexBatch({3, 1ull << 35}, &bytes);
  bytes.pop_back();
  bool ok = true;
  EXPECT_EQ(Decoded(bytes, &ok), std::vector<uint64_t>{3});
  EXPECT_FALSE(ok);
  const std::vector<uint8_t> too_long(11, 0xFF);
  EXPECT_TRUE(Decoded(too_long, &ok).empty());
  EXPECT_FALSE(ok);
}

}  // namespace
}  // namespace slidedb
