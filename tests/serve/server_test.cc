// slidedb-serve as a process: started on --port 0 on 127.0.0.1, asked over
// HTTP with httplib's client, stopped by the test with a signal.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <httplib.h>
#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <thread>

#include "tests/serve/raw_http.h"
#include "tests/serve/server_process.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

using testing::RunBuildCli;
using testing::RunQueryCli;
using testing::TempDir;

TEST(ServerTest, AnswersAsTheCliOverHttp) {
  ServerProcess server({"--db", testing::TestDatabase()});
  ASSERT_GT(server.port(), 0) << server.first_line();
  EXPECT_EQ(server.first_line(),
            "listening on http://127.0.0.1:" + std::to_string(server.port()) +
                "\n");
  httplib::Client client = server.Client();
  std::mt19937 rng(3);
  std::string batch;
  for (int n = 0; n < 50; ++n) {
    std::string start = "012345678";
    std::shuffle(start.begin(), start.end(), rng);
    batch += start + "\n";
    auto r = client.Get(("/api/solve?start=" + start).c_str());
    ASSERT_TRUE(r) << httplib::to_string(r.error());
    EXPECT_EQ(r->status, 200);
    EXPECT_EQ(r->get_header_value("Content-Type"), "application/json");
    EXPECT_EQ(r->body, RunQueryCli({"--db", testing::TestDatabase(),
                                    "--format", "json", start})
                           .out);
  }
  // A goal with spaces and slashes, encoded in the URL.
  auto r = client.Get("/api/solve?start=283164705&goal=123%2F8_4%2F765");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->body, RunQueryCli({"--db", testing::TestDatabase(), "--format",
                                  "json", "--goal", "123/8_4/765",
                                  "283164705"})
                         .out);
  // The batch, even sent as a form.
  r = client.Post("/api/solve?steps=1", batch,
                  "application/x-www-form-urlencoded");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
  EXPECT_EQ(r->body, RunQueryCli({"--db", testing::TestDatabase(), "--format",
                                  "json", "--steps"},
                                 batch)
                         .out);
  for (const char* path :
       {"/api/moves?start=123405786", "/api/count?start=123405786",
        "/api/verify?start=123405786&moves=RD", "/api/histogram",
        "/api/sample?n=3", "/api/tables", "/healthz"}) {
    r = client.Get(path);
    ASSERT_TRUE(r) << path;
    EXPECT_EQ(r->status, 200) << path;
  }
  r = client.Head("/api/tables");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
  EXPECT_TRUE(r->body.empty());
  EXPECT_EQ(server.Stop(SIGTERM), 0);
}

// A sample of more states than there are at a distance answers all of
// them, with the CLI's standard-error note in a header a page on the
// --cors origin may read; a whole sample has none.
TEST(ServerTest, AShortSampleCarriesTheCliNote) {
  ServerProcess server({"--db", testing::TestDatabase(), "--cors", "*"});
  ASSERT_GT(server.port(), 0) << server.first_line();
  httplib::Client client = server.Client();
  const testing::CliResult cli =
      RunQueryCli({"--db", testing::TestDatabase(), "--format", "json",
                   "--sample", "100", "--distance", "31"});
  ASSERT_EQ(cli.status, 0) << cli.err;
  auto r = client.Get("/api/sample?n=100&distance=31",
                      {{"Origin", "https://example.org"}});
  ASSERT_TRUE(r) << httplib::to_string(r.error());
  EXPECT_EQ(r->status, 200);
  EXPECT_EQ(r->body, cli.out);
  EXPECT_EQ(r->get_header_value("X-Slidedb-Note") + "\n",
            cli.err.substr(cli.err.find(": ") + 2));
  EXPECT_NE(r->get_header_value("X-Slidedb-Note").find("only 2 states"),
            std::string::npos);
  EXPECT_EQ(r->get_header_value("Access-Control-Expose-Headers"),
            "X-Slidedb-Note");
  r = client.Get("/api/sample?n=2&distance=31",
                 {{"Origin", "https://example.org"}});
  ASSERT_TRUE(r);
  EXPECT_FALSE(r->has_header("X-Slidedb-Note"));
  EXPECT_FALSE(r->has_header("Access-Control-Expose-Headers"));
  // A 405's Allow may be read there too (a 503's Retry-After likewise).
  r = client.Delete("/api/solve", {{"Origin", "https://example.org"}});
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 405);
  EXPECT_EQ(r->get_header_value("Access-Control-Expose-Headers"), "Allow");
  // So may a refusal by the HTTP layer, once the head has named the
  // origin: the page says why its request failed, not "network error".
  r = client.Get(("/api/solve?start=" + std::string(9000, '1')).c_str(),
                 {{"Origin", "https://example.org"}});
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 414);
  EXPECT_EQ(r->get_header_value("Access-Control-Allow-Origin"), "*");
}

TEST(ServerTest, ErrorStatusesOverHttp) {
  ServerProcess server({"--db", testing::TestDatabase()});
  ASSERT_GT(server.port(), 0);
  httplib::Client client = server.Client();
  auto r = client.Get("/api/solve?start=12");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 400);
  r = client.Get("/api/solve?start=1,2,3,4,5,6,7,8,9,10,11,0&board=3x4");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 404);
  EXPECT_NE(r->body.find("slidedb-build"), std::string::npos);
  r = client.Get(("/api/solve?start=" + std::string(9000, '1')).c_str());
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 414);
  EXPECT_NE(r->body.find("longer than 8192 bytes"), std::string::npos)
      << r->body;
  r = client.Delete("/api/solve");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 405);
  EXPECT_EQ(r->get_header_value("Allow"), "GET, HEAD, POST");
  r = client.Options("/");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 405);
  // Past the byte limit httplib refuses the body before reading it.
  r = client.Post("/api/solve", std::string((1 << 20) + 1, '\n'),
                  "text/plain");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 413);
  EXPECT_NE(r->body.find("\"error\""), std::string::npos) << r->body;
  std::string lines;
  for (int n = 0; n <= 10000; ++n) lines += "123456780\n";
  r = client.Post("/api/solve", lines, "text/plain");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 413);
  EXPECT_EQ(server.Stop(SIGINT), 0);
}

TEST(ServerTest, NoPathLeadsOutOfThePage) {
  namespace fs = std::filesystem;
  const std::string root = TempDir("server-web");
  fs::create_directories(root + "/web");
  std::ofstream(root + "/web/index.html") << "<!doctype html>page";
  std::ofstream(root + "/secret.txt") << "outside";
  fs::create_symlink(root + "/secret.txt", root + "/web/link.txt");
  ServerProcess server(
      {"--db", testing::TestDatabase(), "--web", root + "/web"});
  ASSERT_GT(server.port(), 0);
  httplib::Client client = server.Client();
  auto r = client.Get("/");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
  EXPECT_EQ(r->body, "<!doctype html>page");
  EXPECT_EQ(r->get_header_value("Content-Type"), "text/html; charset=utf-8");
  const std::string abs = root + "/secret.txt";
  for (const std::string& target : std::vector<std::string>{
           "/../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E%2Fsecret.txt",
        "/..%2fsecret.txt", "/link.txt", "/." + abs, abs, "//" + abs,
        "/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/..\\secret.txt",
        "/index.html%00.txt", "http://127.0.0.1" + abs}) {
    const std::string reply = RawExchange(
        server.port(),
        "GET " + target + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
        /*half_close=*/false);
    EXPECT_EQ(reply.find("outside"), std::string::npos) << target;
    EXPECT_EQ(reply.find("root:"), std::string::npos) << target;
    EXPECT_TRUE(reply.rfind("HTTP/1.1 404", 0) == 0 ||
                reply.rfind("HTTP/1.1 400", 0) == 0)
        << target << ": " << reply.substr(0, 40);
  }
  EXPECT_EQ(server.Stop(SIGTERM), 0);
}

TEST(ServerTest, MalformedRequestsNeitherCrashNorHang) {
  ServerProcess server({"--db", testing::TestDatabase()});
  ASSERT_GT(server.port(), 0);
  const std::vector<std::string> junk = {
      "",
      "\r\n\r\n",
      "GARBAGE\r\n\r\n",
      "GET\r\n\r\n",
      "GET /api/solve?start=%zz HTTP/1.1\r\nHost: localhost\r\n\r\n",
      "GET /api/solve?start=" + std::string(20000, '1') +
          " HTTP/1.1\r\nHost: localhost\r\n\r\n",
      "GET /healthz HTTP/1.1\r\n" + std::string(20000, 'X') + ": y\r\n\r\n",
      "POST /api/solve HTTP/1.1\r\nHost: localhost\r\nContent-Length: 99999999999\r\n\r\n",
      "POST /api/solve HTTP/1.1\r\nHost: localhost\r\nContent-Length: -5\r\n\r\n",
      "POST /api/solve HTTP/1.1\r\nHost: localhost\r\nContent-Length: 50\r\n\r\nshort",
      "POST /api/solve HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n"
      "zz\r\n",
      std::string("GET /\0/ HTTP/1.1\r\n\r\n", 20),
      "GET /api/solve?start=\xff\xfe\x80 HTTP/1.1\r\nHost: localhost\r\n\r\n",
      "BREW /coffee HTTP/1.1\r\nHost: localhost\r\n\r\n",
  };
  // All at once: an incomplete request waits out the server's 5 s read
  // timeout.
  std::vector<std::thread> senders;
  for (const std::string& bytes : junk) {
    senders.emplace_back([&server, bytes] {
      RawExchange(server.port(), bytes);
      RawExchange(server.port(), bytes, /*half_close=*/false);
    });
  }
  // A client that connects and says nothing, while others are served.
  std::string silent_reply;
  std::thread silent(
      [&] { silent_reply = RawExchange(server.port(), "", false); });
  {
    httplib::Client client = server.Client();
    auto h = client.Get("/healthz");
    EXPECT_TRUE(h && h->status == 200);
  }
  silent.join();
  for (auto& t : senders) t.join();
  EXPECT_EQ(silent_reply.find("200"), std::string::npos);
  httplib::Client client = server.Client();
  auto r = client.Get("/api/solve?start=%C3%A9%FF");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 400);
  r = client.Get("/healthz");
  ASSERT_TRUE(r) << "the server still answers";
  EXPECT_EQ(r->status, 200);
  EXPECT_EQ(server.Stop(SIGTERM), 0);
}

TEST(ServerTest, ConcurrentClientsAndIdleConnections) {
  ServerProcess server({"--db", testing::TestDatabase(), "--threads", "24"});
  ASSERT_GT(server.port(), 0);
  // 12 idle keep-alive connections: each asked once, then left open.
  std::vector<std::unique_ptr<httplib::Client>> idle;
  for (int k = 0; k < 12; ++k) {
    idle.push_back(std::make_unique<httplib::Client>("127.0.0.1", server.port()));
    idle.back()->set_keep_alive(true);
    auto r = idle.back()->Get("/healthz");
    ASSERT_TRUE(r);
  }
  std::atomic<int> wrong{0}, answered{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      httplib::Client client = server.Client();
      client.set_keep_alive(true);
      std::mt19937 rng(t);
      for (int n = 0; n < 100; ++n) {
        std::string start = "012345678";
        std::shuffle(start.begin(), start.end(), rng);
        auto r = client.Get(("/api/moves?start=" + start).c_str());
        if (!r || r->status != 200 ||
            r->body.find("\"start\":\"" + start + "\"") == std::string::npos) {
          ++wrong;
        }
        ++answered;
      }
    });
  }
  // A new client is answered while all that is going on.
  httplib::Client fresh = server.Client();
  auto r = fresh.Get("/api/tables");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
  for (auto& t : threads) t.join();
  EXPECT_EQ(wrong.load(), 0);
  EXPECT_EQ(answered.load(), 800);
  EXPECT_EQ(server.Stop(SIGTERM), 0);
}

TEST(ServerTest, SighupReopensARebuiltDatabaseUnderRequests) {
  const std::string db = TempDir("server-reload") + "/db";
  ASSERT_EQ(RunBuildCli({"--db", db, "--board", "2x3", "--quiet"}).status, 0);
  ServerProcess server({"--db", db});
  ASSERT_GT(server.port(), 0);
  std::atomic<bool> stop{false};
  std::atomic<int> wrong{0}, answered{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      httplib::Client client = server.Client();
      client.set_keep_alive(true);
      std::mt19937 rng(t);
      while (!stop) {
        std::string start = "012345";
        std::shuffle(start.begin(), start.end(), rng);
        auto r = client.Get(("/api/solve?board=2x3&start=" + start).c_str());
        if (!r || r->status != 200) ++wrong;
        ++answered;
      }
    });
  }
  httplib::Client client = server.Client();
  auto has_2x2 = [&] {
    auto r = client.Get("/api/histogram?board=2x2");
    return r && r->status == 200;
  };
  EXPECT_FALSE(has_2x2());
  // slidedb-build swaps a new database in; the server sees it on SIGHUP.
  ASSERT_EQ(RunBuildCli({"--db", db, "--board", "2x2", "--quiet"}).status, 0);
  EXPECT_FALSE(has_2x2()) << "not before SIGHUP";
  kill(server.pid(), SIGHUP);
  bool seen = false;
  for (int k = 0; k < 200 && !seen; ++k) {
    seen = has_2x2();
    if (!seen) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_TRUE(seen);
  // A second rebuild and reload, still under requests.
  ASSERT_EQ(RunBuildCli({"--db", db, "--board", "3x2", "--quiet"}).status, 0);
  kill(server.pid(), SIGHUP);
  seen = false;
  for (int k = 0; k < 200 && !seen; ++k) {
    auto r = client.Get("/api/histogram?board=3x2");
    seen = r && r->status == 200;
    if (!seen) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_TRUE(seen);
  stop = true;
  for (auto& t : threads) t.join();
  EXPECT_EQ(wrong.load(), 0);
  EXPECT_GT(answered.load(), 0);
  EXPECT_EQ(server.Stop(SIGTERM), 0);
}

TEST(ServerTest, SigtermFinishesTheRequestInFlight) {
  ServerProcess server({"--db", testing::TestDatabase()});
  ASSERT_GT(server.port(), 0);
  // A batch big enough to be in flight when the signal comes.
  std::string batch;
  for (int n = 0; n < 10000; ++n) batch += "867254301\n";
  std::unique_ptr<httplib::Response> r;
  std::thread t([&] {
    httplib::Client client = server.Client();
    auto result = client.Post("/api/solve?steps=1", batch, "text/plain");
    if (result) r = std::make_unique<httplib::Response>(*result);
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_EQ(server.Stop(SIGTERM), 0);
  t.join();
  // Either it was answered whole, or it had not reached the server yet.
  if (r) {
    EXPECT_EQ(r->status, 200);
    EXPECT_EQ(std::count(r->body.begin(), r->body.end(), '\n'), 10000);
  }
}

// A script may stop the server as soon as it says it is listening: the
// signal must not be lost in the moment before the server's loops run
// (a clean-clone CI run once hung here for ten minutes, with httplib),
// nor to a thread that cannot act on it (another hung for thirty under
// ThreadSanitizer, whose runtime dropped the signal a handler deferred).
// A second stop while it closes changes nothing.
TEST(ServerTest, SigtermRightAfterListeningStopsIt) {
  for (int k = 0; k < 20; ++k) {
    ServerProcess server({"--db", testing::TestDatabase()});
    ASSERT_GT(server.port(), 0);
    if (k % 4 == 3) kill(server.pid(), SIGTERM);
    ASSERT_EQ(server.Stop(k % 2 ? SIGINT : SIGTERM), 0) << "round " << k;
  }
}

// Stops that keep coming while the server closes (a user's Ctrl-C again
// and again) are ignored to its end: its exit status stays 0, not death
// by the signal once its handling of them was undone (17 runs of 20 died
// so before slidedb-serve's main blocked them for the whole process).
TEST(ServerTest, StopsThatKeepComingEndItWithStatusZero) {
  for (int k = 0; k < 10; ++k) {
    ServerProcess server({"--db", testing::TestDatabase()});
    ASSERT_GT(server.port(), 0);
    ASSERT_EQ(server.Stop(k % 2 ? SIGINT : SIGTERM, /*again=*/true), 0)
        << "round " << k;
  }
}

// A shell starts a job with & ignoring SIGINT: the server still stops on
// it, as it says.
TEST(ServerTest, SigintStopsItStartedIgnoringSigint) {
  struct sigaction ignore = {}, old = {};
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  sigaction(SIGINT, &ignore, &old);
  ServerProcess server({"--db", testing::TestDatabase()});
  sigaction(SIGINT, &old, nullptr);
  ASSERT_GT(server.port(), 0);
  EXPECT_EQ(server.Stop(SIGINT), 0);
}

TEST(ServerTest, DatabaseFromSlidedbDb) {
  setenv("SLIDEDB_DB", testing::TestDatabase().c_str(), 1);
  ServerProcess server({});
  unsetenv("SLIDEDB_DB");
  ASSERT_GT(server.port(), 0);
  auto r = server.Client().Get("/api/solve?start=123456708");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
  EXPECT_EQ(server.Stop(SIGTERM), 0);
}

}  // namespace
}  // namespace slidedb
