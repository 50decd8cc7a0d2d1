// The acceptor comes back: a connection the server could not take (out of
// descriptors) waits in the queue and is answered once it can.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <thread>

#include "serve/params.h"
#include "tests/serve/running_server.h"

namespace slidedb {
namespace {

// accept() fails with EMFILE while the process may open no descriptor:
// the log says so, the server waits a moment and tries again, and the
// connection is answered once a descriptor is free.
TEST(AcceptTest, OutOfDescriptorsTheConnectionWaitsAndIsAnswered) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  // Their runtimes need descriptors of their own (UBSan's check of a
  // dynamic type reads memory through a pipe).
  GTEST_SKIP() << "no descriptor limit under a sanitizer";
#endif
  RunningServer server([](const ApiRequest&) { return Json(200, "{}\n"); });
  ASSERT_TRUE(server.ok());
  // Every thread of the server runs before the limit falls.
  auto warm = server.Client().Get("/warm");
  ASSERT_TRUE(warm);
  const int client = socket(AF_INET, SOCK_STREAM, 0);
  ASSERT_GE(client, 0);
  // The lowest free descriptor: none at or past it may be opened.
  const int free_fd = dup(client);
  ASSERT_GE(free_fd, 0);
  close(free_fd);
  rlimit before{};
  ASSERT_EQ(getrlimit(RLIMIT_NOFILE, &before), 0);
  rlimit low = before;
  low.rlim_cur = free_fd;
  ASSERT_EQ(setrlimit(RLIMIT_NOFILE, &low), 0);
  sockaddr_in to{};
  to.sin_family = AF_INET;
  to.sin_port = htons(server.port());
  to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  const int connected =
      connect(client, reinterpret_cast<sockaddr*>(&to), sizeof to);
  bool said = false;
  for (int i = 0; i < 500 && !said; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    said = server.LogSays("accept: ");
  }
  ASSERT_EQ(setrlimit(RLIMIT_NOFILE, &before), 0);
  ASSERT_EQ(connected, 0);
  EXPECT_TRUE(said) << "no accept failed";
  const std::string ask =
      "GET /x HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
  ASSERT_EQ(send(client, ask.data(), ask.size(), 0),
            static_cast<ssize_t>(ask.size()));
  timeval wait{10, 0};
  setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof wait);
  std::string got;
  char buffer[4096];
  for (ssize_t n; (n = recv(client, buffer, sizeof buffer, 0)) > 0;) {
    got.append(buffer, n);
  }
  close(client);
  EXPECT_EQ(got.rfind("HTTP/1.1 200", 0), 0u) << got;
  // And the next connection too.
  auto r = server.Client().Get("/y");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
}

}  // namespace
}  // namespace slidedb
