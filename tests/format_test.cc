// The keys of docs/FORMAT.md, built and parsed in one place
// (lib/storage/format.h, lib/base/coding.h).
#include <gtest/gtest.h>

#include <string>

#include "lib/base/coding.h"
#include "lib/storage/format.h"

namespace slidedb {
namespace {

TEST(FormatTest, KeysAreTheDocumentedBytes) {
  using namespace std::string_literals;
  EXPECT_EQ(MetaKey("3x3/b8"), "meta/3x3/b8");
  EXPECT_EQ(PageKey("3x3/b8", 258), "page/3x3/b8/\0\0\x01\x02"s);
  EXPECT_EQ(PdbMetaKey("4x4/b15", 1), "pdbmeta/4x4/b15/1");
  EXPECT_EQ(PdbPageKey("4x4/b15", 1, 0x01020304),
            "pdbpage/4x4/b15/1/\x01\x02\x03\x04"s);
  // Big-endian: page keys sort in page order.
  EXPECT_LT(PageKey("3x4/b11", 255), PageKey("3x4/b11", 256));
  EXPECT_LT(PageKey("3x4/b11", 0xffff), PageKey("3x4/b11", 0x10000));
}

TEST(FormatTest, ParsingIsTheInverseOfBuilding) {
  for (uint32_t page : {0u, 1u, 255u, 256u, 0x10000u, 0xfffffffeu,
                        0xffffffffu}) {
    std::string id;
    uint32_t back = 7;
    ASSERT_TRUE(ParsePageKey(PageKey("2x6/b11", page), &id, &back));
    EXPECT_EQ(id, "2x6/b11");
    EXPECT_EQ(back, page);
    ASSERT_TRUE(ParsePdbPageKey(PdbPageKey("4x4/b0", 2, page), &id, &back));
    EXPECT_EQ(id, "4x4/b0/2");
    EXPECT_EQ(back, page);
    std::string bytes;
    PutFixed32BigEndian(&bytes, page);
    EXPECT_EQ(DecodeFixed32BigEndian(bytes), page);
  }
  std::string id;
  EXPECT_TRUE(ParseMetaKey(MetaKey("3x3/b4"), &id));
  EXPECT_EQ(id, "3x3/b4");
  EXPECT_TRUE(ParsePdbMetaKey(PdbMetaKey("4x4/b15", 0), &id));
  EXPECT_EQ(id, "4x4/b15/0");
}

TEST(FormatTest, OtherKeysAreNotParsed) {
  std::string id = "untouched";
  uint32_t page = 7;
  for (const char* key : {"", "page/", "page/3x3", "page/3x3/b8/\x01\x02",
                          "meta/", "pdbpage/4x4/b15/1/\x01", "slidedb/format",
                          "pdbmeta/", "hello"}) {
    EXPECT_FALSE(ParsePageKey(key, &id, &page)) << key;
    EXPECT_FALSE(ParsePdbPageKey(key, &id, &page)) << key;
  }
  EXPECT_FALSE(ParseMetaKey("meta/", &id));
  EXPECT_FALSE(ParseMetaKey("page/x", &id));
  EXPECT_FALSE(ParsePdbMetaKey("pdbpage/4x4/b15/0", &id));
  EXPECT_EQ(id, "untouched");
  EXPECT_EQ(page, 7u);
}

}  // namespace
}  // namespace slidedb
