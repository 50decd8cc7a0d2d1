#include "serve/http_fields.h"

#include <gtest/gtest.h>

namespace slidedb {
namespace {

TEST(HttpFieldsTest, MediaTypeDropsParametersAndCase) {
  EXPECT_EQ(MediaType("Text/Plain; charset=utf-8"), "text/plain");
  EXPECT_EQ(MediaType("  application/json  "), "application/json");
  EXPECT_EQ(MediaType(""), "");
}

TEST(HttpFieldsTest, LoopbackHostsAndOthers) {
  for (const char* host : {"localhost", "LOCALHOST:8080", "127.0.0.1",
                           "127.1.2.3:99", "[::1]", "[::1]:8080",
                           "app.localhost"}) {
    EXPECT_TRUE(IsLoopbackHost(host)) << host;
  }
  for (const char* host : {"", "evil.example", "localhost.evil.example",
                           "127.0.0.1.nip.io", "128.0.0.1", "[::2]",
                           "0.0.0.0", "localhostx"}) {
    EXPECT_FALSE(IsLoopbackHost(host)) << host;
  }
  EXPECT_EQ(HostName("Example.ORG:80"), "example.org");
}

}  // namespace
}  // namespace slidedb
