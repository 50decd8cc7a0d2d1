#include "lib/base/coding.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace slidedb {
namespace {

// Keys sort as their numbers do, and read back as written.
TEST(CodingTest, BigEndianNumbersSortAndReadBack) {
  std::string a, b;
  PutFixed32BigEndian(&a, 255);
  PutFixed32BigEndian(&b, 256);
  EXPECT_LT(a, b);
  EXPECT_EQ(DecodeFixed32BigEndian(a), 255u);
  EXPECT_EQ(DecodeFixed32BigEndian(b), 256u);
  std::string top;
  PutFixed32BigEndian(&top, 0xFFFFFFFFu);
  EXPECT_EQ(DecodeFixed32BigEndian(top), 0xFFFFFFFFu);
}

// Every four-bit entry reads back as set, whatever its neighbour in the
// byte holds, and the even entry is the low half (the layout on disk and in
// the compiled-in tables).
TEST(CodingTest, NibblesReadBackAsSet) {
  std::mt19937 rng(7);
  std::vector<unsigned> values(1001);
  for (unsigned& v : values) v = rng() % 16;
  std::vector<uint8_t> bytes((values.size() + 1) / 2, 0);
  for (size_t i = 0; i < values.size(); ++i) {
    SetZeroNibble(bytes.data(), i, values[i]);
  }
  for (size_t i = 0; i < values.size(); ++i) {
    ASSERT_EQ(GetNibble(bytes.data(), i), static_cast<int>(values[i])) << i;
    ASSERT_EQ(NibbleOf(bytes[i / 2], i), static_cast<int>(values[i])) << i;
  }
  uint8_t pair[1] = {};
  SetZeroNibble(pair, 0, 0x3);
  SetZeroNibble(pair, 1, 0xC);
  EXPECT_EQ(pair[0], 0xC3);
}

}  // namespace
}  // namespace slidedb
