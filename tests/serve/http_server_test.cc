// The HTTP layer alone (serve/http_server.h), in-process, on port 0 of
// 127.0.0.1, with stand-ins for the API: what it does to the answers
// whatever the API says.
#include "serve/http_server.h"

#include <gtest/gtest.h>
#include <httplib.h>

#include <atomic>
#include <mutex>
#include <new>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "serve/api.h"
#include "serve/handlers.h"
#include "serve/params.h"
#include "tests/serve/raw_http.h"
#include "tests/serve/running_server.h"

namespace slidedb {
namespace {

// The cause goes to the log; the client keeps the failure's code (an
// unreadable database is IOError, not a bug's Internal).
TEST(HttpServerTest, A500ShowsNoPathAndLogsItsCause) {
  RunningServer server([](const ApiRequest&) {
    return Error(
        Status::IOError("/srv/secret/db/000012.sst: Input/output error"));
  });
  ASSERT_TRUE(server.ok());
  auto r = server.Client().Get("/api/solve?start=1");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 500);
  EXPECT_EQ(r->body.find("/srv"), std::string::npos) << r->body;
  EXPECT_NE(r->body.find("\"error\""), std::string::npos) << r->body;
  EXPECT_NE(r->body.find("\"code\":\"IOError\""), std::string::npos) << r->body;
  const auto log = server.log();
  ASSERT_EQ(log.size(), 1u);
  EXPECT_NE(log[0].find("/srv/secret/db/000012.sst"), std::string::npos);
  EXPECT_NE(log[0].find("/api/solve"), std::string::npos);
}

TEST(HttpServerTest, TheRequestReachesTheHandlerDecoded) {
  std::mutex mutex;
  ApiRequest seen;
  RunningServer server([&](const ApiRequest& r) {
    std::lock_guard<std::mutex> lock(mutex);
    seen = r;
    return Json(200, "{}\n");
  });
  ASSERT_TRUE(server.ok());
  auto r = server.Client().Post("/api/x%20y?a=1%2C2&b", "s1\ns2\n",
                                "Text/Plain; charset=utf-8");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
  std::lock_guard<std::mutex> lock(mutex);
  EXPECT_EQ(seen.method, "POST");
  EXPECT_EQ(seen.path, "/api/x y");
  EXPECT_EQ(seen.params.find("a")->second, "1,2");
  EXPECT_EQ(seen.params.count("b"), 1u);
  EXPECT_EQ(seen.body, "s1\ns2\n");
  EXPECT_EQ(seen.content_type, "text/plain");
  // The request's search has a deadline and the server's stop flag.
  EXPECT_NE(seen.limits.cancel, nullptr);
  EXPECT_LT(seen.limits.deadline, std::chrono::steady_clock::now() +
                                      std::chrono::seconds(11));
}

// A compressed body is refused (415), not read as text; identity is the
// body as it is.
TEST(HttpServerTest, AContentEncodingIsRefused) {
  RunningServer server([](const ApiRequest&) { return Json(200, "{}\n"); });
  ASSERT_TRUE(server.ok());
  auto r = server.Client().Post("/api/solve", {{"Content-Encoding", "gzip"}},
                                "123405786\n", "text/plain");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 415);
  EXPECT_NE(r->body.find("Content-Encoding 'gzip' is not taken"),
            std::string::npos)
      << r->body;
  r = server.Client().Post("/api/solve", {{"Content-Encoding", "identity"}},
                           "123405786\n", "text/plain");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
}

TEST(HttpServerTest, HeadKeepsTheLengthAndDropsTheBody) {
  RunningServer server(
      [](const ApiRequest&) { return Json(200, "{\"a\":12345}\n"); });
  ASSERT_TRUE(server.ok());
  auto r = server.Client().Head("/api/tables");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
  EXPECT_EQ(r->get_header_value("Content-Length"), "12");
  EXPECT_TRUE(r->body.empty());
}

// Stop() lets the answer in flight finish, and its search is told to stop.
TEST(HttpServerTest, StopCutsTheSearchInFlightShort) {
  std::atomic<bool> started{false}, saw_cancel{false};
  auto server = std::make_unique<RunningServer>([&](const ApiRequest& r) {
    started = true;
    while (!r.limits.cancel->load()) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    saw_cancel = true;
    return Error(503, "stopped");
  });
  ASSERT_TRUE(server->ok());
  httplib::Client client = server->Client();
  std::thread asker([&] {
    auto r = client.Get("/api/solve");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 503);
    EXPECT_NE(r->body.find("stopping"), std::string::npos) << r->body;
  });
  while (!started) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  server.reset();  // Stop() and Run()'s return
  asker.join();
  EXPECT_TRUE(saw_cancel);
}

// Each deadline, made short here: a head or a body that does not arrive
// in time gets 408, an idle connection is closed, and none waits longer.
TEST(HttpServerTest, DeadlinesOfTheHeadTheBodyAndIdleConnections) {
  HttpOptions options;
  options.head_timeout = std::chrono::milliseconds(200);
  options.body_timeout = std::chrono::milliseconds(200);
  options.idle_timeout = std::chrono::milliseconds(200);
  RunningServer server(
      [](const ApiRequest&) { return Json(200, "{}\n"); }, options);
  ASSERT_TRUE(server.ok());
  const auto start = std::chrono::steady_clock::now();
  std::string reply =
      RawExchange(server.port(), "GET /api/tables HTTP/1.1\r\nHost: local",
                  /*half_close=*/false);
  EXPECT_EQ(reply.rfind("HTTP/1.1 408", 0), 0u) << reply;
  EXPECT_NE(reply.find("head did not arrive within 200 ms"),
            std::string::npos) << reply;
  reply = RawExchange(server.port(),
                      "POST /api/solve HTTP/1.1\r\nHost: localhost\r\n"
                      "Content-Length: 10\r\n\r\n12345",
                      /*half_close=*/false);
  EXPECT_EQ(reply.rfind("HTTP/1.1 408", 0), 0u) << reply;
  EXPECT_NE(reply.find("body did not arrive"), std::string::npos) << reply;
  // Nothing sent at all: closed without a word.
  EXPECT_EQ(RawExchange(server.port(), "", /*half_close=*/false), "");
  // A whole request, then silence: the answer, then the close.
  reply = RawExchange(server.port(),
                      "GET /x HTTP/1.1\r\nHost: localhost\r\n\r\n",
                      /*half_close=*/false);
  EXPECT_EQ(reply.rfind("HTTP/1.1 200", 0), 0u) << reply;
  // A hang guard, not a timing assertion: each wait is 200 ms.
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(15));
}

// Every HTTP/1.1 request names its host (RFC 9112 3.2): one without a Host
// field is a 400; an HTTP/1.0 one need not, and is answered. Both were.
TEST(HttpServerTest, AnHttp11RequestWithoutHostIs400) {
  RunningServer server([](const ApiRequest&) { return Json(200, "{}\n"); });
  ASSERT_TRUE(server.ok());
  for (const char* target : {"/x", "http://localhost/x"}) {
    const std::string reply = RawExchange(
        server.port(), "GET " + std::string(target) + " HTTP/1.1\r\n\r\n");
    EXPECT_EQ(reply.rfind("HTTP/1.1 400", 0), 0u) << reply;
    EXPECT_NE(reply.find("must have a Host header"), std::string::npos)
        << reply;
  }
  const std::string reply =
      RawExchange(server.port(), "GET /x HTTP/1.0\r\n\r\n");
  EXPECT_NE(reply.find(" 200 "), std::string::npos) << reply;
}

// An answer that may take long runs on a work thread: the other
// connections of the same (single) loop are answered meanwhile.
TEST(HttpServerTest, ALongAnswerLeavesItsLoopFree) {
  std::atomic<bool> release{false};
  HttpOptions options;
  options.threads = 1;
  options.work_threads = 1;
  options.offload = [](const ApiRequest& r) { return r.path == "/slow"; };
  RunningServer server(
      [&](const ApiRequest& r) {
        while (r.path == "/slow" && !release) {
          std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        return Json(200, "{\"path\":\"" + r.path + "\"}\n");
      },
      options);
  ASSERT_TRUE(server.ok());
  httplib::Client slow_client = server.Client();
  std::thread slow([&] {
    auto r = slow_client.Get("/slow");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->body, "{\"path\":\"/slow\"}\n");
  });
  // Answered while /slow still runs: it would hang otherwise.
  auto r = server.Client().Get("/fast");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->body, "{\"path\":\"/fast\"}\n");
  EXPECT_FALSE(release);
  release = true;
  slow.join();
}

// Memory that runs out in the handler, on a loop's thread or a work
// thread: that request is refused (503, ResourceExhausted, which says so)
// and the server goes on answering the next on both.
TEST(HttpServerTest, AHandlerOutOfMemoryCostsOneRequest) {
  HttpOptions options;
  options.offload = [](const ApiRequest& r) {
    return r.path.rfind("/long", 0) == 0;
  };
  RunningServer server(
      [](const ApiRequest& r) {
        if (r.path.find("/out") != std::string::npos) throw std::bad_alloc();
        return Json(200, "{\"path\":\"" + r.path + "\"}\n");
      },
      options);
  ASSERT_TRUE(server.ok());
  httplib::Client client = server.Client();
  for (const char* path : {"/out", "/long/out"}) {
    SCOPED_TRACE(path);
    auto r = client.Get(path);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 503);
    EXPECT_NE(r->body.find("\"code\":\"ResourceExhausted\""), std::string::npos)
        << r->body;
    EXPECT_NE(r->body.find("out of memory"), std::string::npos) << r->body;
    EXPECT_EQ(r->get_header_value("Retry-After"), "1");
  }
  for (const char* path : {"/fine", "/long/fine"}) {
    auto r = client.Get(path);
    ASSERT_TRUE(r) << path;
    EXPECT_EQ(r->status, 200) << path;
  }
}

// Memory that runs out in the connection's own work (here its access
// log, which it writes before the answer): the request is refused (503)
// while the server can still say so; past that (the refusal's log line
// too) its connection closes unanswered, the log says so, and the loop
// goes on to answer the next.
TEST(HttpServerTest, AConnectionOutOfMemoryCostsOneRequest) {
  std::atomic<int> failures{0};
  HttpOptions options;
  options.threads = 1;
  options.cors_origin = "*";
  options.access_log = [&failures](const AccessRecord&) {
    if (failures > 0) {
      --failures;
      throw std::bad_alloc();
    }
  };
  RunningServer server([](const ApiRequest&) { return Json(200, "{}\n"); },
                       options);
  ASSERT_TRUE(server.ok());
  failures = 1;
  auto r = server.Client().Get("/", {{"Origin", "https://example.org"}});
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 503);
  EXPECT_NE(r->body.find("out of memory"), std::string::npos) << r->body;
  // The same refusal as the API's own running out: a program tells it by
  // its code, and may ask again.
  EXPECT_NE(r->body.find("\"code\":\"ResourceExhausted\""), std::string::npos)
      << r->body;
  EXPECT_EQ(r->get_header_value("Retry-After"), "1");
  // A page of the --cors origin reads it, Retry-After too.
  EXPECT_EQ(r->get_header_value("Access-Control-Allow-Origin"), "*");
  EXPECT_EQ(r->get_header_value("Access-Control-Expose-Headers"),
            "Retry-After");
  failures = 2;
  EXPECT_FALSE(server.Client().Get("/"));
  EXPECT_TRUE(server.LogSays("connection closed unanswered"));
  r = server.Client().Get("/");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
}

// Run()'s `ready` comes once the server answers (slidedb-serve says it
// listens there); what `ready` throws leaves Run() with no thread running.
TEST(HttpServerTest, ReadyComesWhenItAnswers) {
  HttpOptions options;
  options.port = 0;
  HttpServer server([](const ApiRequest&) { return Json(200, "{}\n"); },
                    options);
  ASSERT_TRUE(server.Listen().ok());
  int status = 0;
  server.Run([&] {
    httplib::Client c("127.0.0.1", server.port());
    c.set_read_timeout(20);
    auto r = c.Get("/");
    status = r ? r->status : -1;
    server.Stop();
  });
  EXPECT_EQ(status, 200);

  HttpServer failing([](const ApiRequest&) { return Json(200, "{}\n"); },
                     options);
  ASSERT_TRUE(failing.Listen().ok());
  EXPECT_THROW(failing.Run([] { throw std::runtime_error("ready failed"); }),
               std::runtime_error);
}

// A request still waiting for a work thread at its deadline: a 503 that
// says so, with what max_seconds can do for it.
TEST(HttpServerTest, PastTheDeadlineInTheQueue) {
  ApiRequest r;
  r.method = "GET";
  r.path = "/api/solve";
  r.params = {{"board", "4x4"}, {"start", "1"}};
  ApiResponse a = PastDeadlineInQueue(r);
  EXPECT_EQ(a.status, 503);
  EXPECT_NE(a.body.find("waited for a work thread"), std::string::npos);
  EXPECT_NE(a.body.find("max_seconds=T answers"), std::string::npos);
  r.params.emplace("max_seconds", "2");
  a = PastDeadlineInQueue(r);
  EXPECT_NE(a.body.find("max_seconds was given"), std::string::npos);
  r.params.emplace("metric", "MTM");
  a = PastDeadlineInQueue(r);
  EXPECT_NE(a.body.find("always optimal"), std::string::npos);
  EXPECT_EQ(a.body.find("max_seconds=T"), std::string::npos);
  // Said once where the search's own words say it (a budget cut before
  // the server's deadline).
  const std::string m = DeadlineMessage(
      "stopped after 9 states: the multi-tile search answers optimally or "
      "not at all",
      r, /*mtm=*/true, /*max_seconds=*/true);
  EXPECT_EQ(m.find("optimal"), m.rfind("optimal")) << m;
  // Where max_seconds is no parameter (/api/moves) or would not help (a
  // verification needs the exact distance), it is not suggested.
  // So do `count` and `all`.
  for (const auto& [path, exact] :
       {std::pair{"/api/moves", ""}, std::pair{"/api/verify", ""},
        std::pair{"/api/solve", "verify"}, std::pair{"/api/solve", "count"},
        std::pair{"/api/solve", "all"}}) {
    r.path = path;
    r.params = {{"board", "4x4"}, {"start", "1"}};
    if (*exact != '\0') r.params.emplace(exact, "1");
    a = PastDeadlineInQueue(r);
    EXPECT_EQ(a.status, 503);
    EXPECT_EQ(a.body.find("max_seconds"), std::string::npos)
        << path << " " << exact;
  }
  r.path = "/api/analyse";
  r.params = {{"board", "4x4"}, {"start", "1"}, {"moves", "U"}};
  a = PastDeadlineInQueue(r);
  EXPECT_NE(a.body.find("max_seconds=T answers"), std::string::npos);
}

TEST(HttpServerTest, WhatMayTakeLong) {
  auto req = [](std::string method, std::string path,
                std::multimap<std::string, std::string> params) {
    ApiRequest r;
    r.method = std::move(method);
    r.path = std::move(path);
    r.params = std::move(params);
    return r;
  };
  // A batch: a small one on a table's board is answered at once (it never
  // waits behind searches); a larger one, or one on a searched board, not.
  ApiRequest post = req("POST", "/api/solve", {});
  post.body = "867254301\n123456708\n";
  EXPECT_FALSE(MayTakeLong(post));
  post.body.assign(kQuickBatchBytes + 1, '1');
  EXPECT_TRUE(MayTakeLong(post));
  post = req("POST", "/api/solve", {{"board", "4x4"}});
  post.body = "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15\n";
  EXPECT_TRUE(MayTakeLong(post));
  post = req("POST", "/api/solve", {{"count", "1"}});
  EXPECT_TRUE(MayTakeLong(post));
  // A searched board's start near its goal (by the Manhattan distance): a
  // search of a few hundred states, answered at once; one far from it, or
  // in the multi-tile metric, or malformed, on the work threads.
  const std::string one_move = "1,2,3,4,5,6,7,8,9,10,11,0,13,14,15,12";
  EXPECT_FALSE(MayTakeLong(
      req("GET", "/api/solve", {{"board", "4x4"}, {"start", one_move}})));
  EXPECT_FALSE(MayTakeLong(req("GET", "/api/moves",
                               {{"board", "4x4"},
                                {"start", one_move},
                                {"goal", "1,2,3,4,5,6,7,8,9,10,11,12,13,14,"
                                         "15,0"}})));
  EXPECT_TRUE(MayTakeLong(req(
      "GET", "/api/solve",
      {{"board", "4x4"}, {"start", "14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3"}})));
  EXPECT_TRUE(MayTakeLong(req(
      "GET", "/api/solve",
      {{"board", "4x4"}, {"start", one_move}, {"metric", "mtm"}})));
  EXPECT_TRUE(MayTakeLong(
      req("GET", "/api/solve", {{"board", "4x4"}, {"start", "1,2,3"}})));
  EXPECT_TRUE(MayTakeLong(req(
      "GET", "/api/solve",
      {{"board", "4x4"}, {"start", one_move}, {"goal", "0,1,2,3,4,5,6,7,8,9,"
                                                       "10,11,12,13,14,15"}})));
  EXPECT_TRUE(MayTakeLong(req("GET", "/api/solve", {{"board", "4x4"}})));
  // An analysis from a start near the goal searches from wherever its
  // moves go (here three moves off and back, forty times).
  std::string there_and_back;
  for (int i = 0; i < 40; ++i) there_and_back += "LLLRRR";
  EXPECT_TRUE(MayTakeLong(
      req("GET", "/api/analyse",
          {{"board", "4x4"}, {"start", one_move}, {"moves", there_and_back}})));
  EXPECT_TRUE(MayTakeLong(req("GET", "/api/moves", {{"board", "3x5"}})));
  EXPECT_TRUE(MayTakeLong(req("GET", "/api/solve", {{"all", "1"}})));
  EXPECT_TRUE(MayTakeLong(req("GET", "/api/sample", {{"n", "1"}})));
  EXPECT_FALSE(MayTakeLong(req("GET", "/api/solve", {{"start", "1"}})));
  EXPECT_FALSE(MayTakeLong(req("GET", "/api/solve", {{"board", "3x4"}})));
  EXPECT_FALSE(MayTakeLong(req("GET", "/api/solve", {{"board", "99999999x9"}})));
  EXPECT_FALSE(MayTakeLong(req("GET", "/app.js", {})));
}

}  // namespace
}  // namespace slidedb
