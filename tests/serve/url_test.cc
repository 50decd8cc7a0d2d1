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

TEST(UrlTest, SplitsTheAbsoluteForm) {
  std::string_view authority;
  std::string origin;
  const struct {
    const char* target;
    const char* authority;
    const char* origin;
  } cases[] = {
      {"http://localhost:8080/api/solve?start=1", "localhost:8080",
       "/api/solve?start=1"},
      {"HTTPS://[::1]", "[::1]", "/"},
      {"http://127.0.0.1?x=1", "127.0.0.1", "/?x=1"},
      {"http:///api/tables", "", "/api/tables"},
  };
  for (const auto& c : cases) {
    ASSERT_TRUE(SplitAbsoluteForm(c.target, &authority, &origin)) << c.target;
    EXPECT_EQ(authority, c.authority) << c.target;
    EXPECT_EQ(origin, c.origin) << c.target;
  }
  for (const char* other :
       {"/api/solve", "*", "localhost:80", "ftp://x/", "http:/x", ""}) {
    EXPECT_FALSE(SplitAbsoluteForm(other, &authority, &origin)) << other;
  }
}

}  // namespace
}  // namespace slidedb
