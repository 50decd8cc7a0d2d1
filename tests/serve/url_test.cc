#include "serve/url.h"

#include <gtest/gtest.h>

namespace slidedb {
namespace {

TEST(UrlTest, DecodesPathAndParameters) {
  std::string path, error;
  std::multimap<std::string, std::string> params;
  ASSERT_TRUE(ParseTarget("/api/solve?start=1%2C2+3&steps&&x=a%3Db",
                          &path, &params, &error));
  EXPECT_EQ(path, "/api/solve");
  ASSERT_EQ(params.size(), 3u);
  EXPECT_EQ(params.find("start")->second, "1,2 3");
  EXPECT_EQ(params.find("steps")->second, "");
  EXPECT_EQ(params.find("x")->second, "a=b");
  ASSERT_TRUE(ParseTarget("/a%20b+c", &path, &params, &error));
  EXPECT_EQ(path, "/a b+c");  // '+' is a space in the query only
  EXPECT_TRUE(params.empty());
}

TEST(UrlTest, RefusesMalformedTargets) {
  std::string path, error;
  std::multimap<std::string, std::string> params;
  for (const char* bad : {"", "api/solve", "http://x/", "/a%2", "/a%zz",
                          "/?start=%", "/?start=%4"}) {
    EXPECT_FALSE(ParseTarget(bad, &path, &params, &error)) << bad;
    EXPECT_FALSE(error.empty());
  }
}

}  // namespace
}  // namespace slidedb
