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
  // Not a host and a port: each once passed as its loopback prefix.
  for (const char* host :
       {"localhost:80@evil.com", "localhost@evil.com", "[::1]evil",
        "[::1]:80@evil.com", "localhost:abc", "localhost:80:80",
        "127.0.0.1:123456", "localhost/evil", "localhost evil", "[::1",
        "[]", ":80", "localhost:-1", "[::1]:+80", "localhost:80 "}) {
    EXPECT_FALSE(IsLoopbackHost(host)) << host;
    EXPECT_EQ(HostName(host), "") << host;
  }
  EXPECT_EQ(HostName("Example.ORG:80"), "example.org");
  EXPECT_EQ(HostName("[::1]:8080"), "[::1]");
  EXPECT_EQ(HostName("localhost:"), "localhost");
}

// --cors takes what a browser's Origin header can be: a path, a trailing
// slash or no scheme would match no request.
TEST(HttpFieldsTest, CorsOriginIsASchemeAndAHost) {
  for (const char* origin :
       {"*", "https://example.org", "http://127.0.0.1:8000",
        "http://[::1]:8080", "https://app.localhost"}) {
    EXPECT_TRUE(IsCorsOrigin(origin)) << origin;
  }
  for (const char* origin :
       {"", "not a url", "example.org", "https://example.org/",
        "https://example.org/page", "ftp://example.org", "https://",
        "https://example.org:80@evil", "**"}) {
    EXPECT_FALSE(IsCorsOrigin(origin)) << origin;
  }
}

}  // namespace
}  // namespace slidedb
