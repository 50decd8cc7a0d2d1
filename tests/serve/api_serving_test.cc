// What slidedb-serve's API (serve/api.h) serves beside its answers, in
// process: the page's files and nothing outside their folder, a reload
// under requests that drops none, no database, a database of two-bit
// tables answered as one of byte tables, and the budgets of /api/moves and
// /api/analyse.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>

#include "serve/api.h"
#include "tests/serve/api_test_util.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

using testing::ApiTest;
using testing::Get;
using testing::Post;
using testing::RandomStart;
using testing::RunBuildCli;
using testing::TempDir;

// The page's files from a folder, and every way out of it refused.
TEST(ApiWebFilesTest, ServesTheFolderAndNothingOutsideIt) {
  namespace fs = std::filesystem;
  const std::string root = TempDir("web-files");
  const std::string web = root + "/web";
  fs::create_directories(web + "/img");
  auto write = [](const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
  };
  write(web + "/index.html", "<!doctype html><title>t</title>");
  write(web + "/app.js", "console.log(1);");
  write(web + "/style.css", "body{}");
  write(web + "/img/logo.svg", "<svg/>");
  write(web + "/img/p.png", std::string("\x89PNG\r\n\x1a\n\0\0", 10));
  write(web + "/data.json", "{}");
  write(web + "/.secret", "hidden");
  write(root + "/secret.txt", "outside");
  fs::create_symlink(root + "/secret.txt", web + "/link.txt");
  fs::create_directory_symlink(root, web + "/up");
  const WebFiles files = WebFiles::FromDirectory(web);
  Api api(testing::TestDatabase(), &files);
  ASSERT_TRUE(api.Open().ok());
  const std::vector<std::pair<std::string, std::string>> served = {
      {"/", "text/html; charset=utf-8"},
      {"/index.html", "text/html; charset=utf-8"},
      {"/app.js", "text/javascript; charset=utf-8"},
      {"/style.css", "text/css; charset=utf-8"},
      {"/img/logo.svg", "image/svg+xml"},
      {"/img/p.png", "image/png"},
      {"/data.json", "application/json"},
  };
  for (const auto& [path, type] : served) {
    const ApiResponse r = api.Handle(Get(path));
    EXPECT_EQ(r.status, 200) << path;
    EXPECT_EQ(r.content_type, type) << path;
  }
  EXPECT_EQ(api.Handle(Get("/img/p.png")).body.size(), 10u);
  for (const std::string& path : std::vector<std::string>{
           "/../secret.txt", "/img/../../secret.txt", "/img/../app.js",
           "/./app.js", "//app.js", "/.secret", "/link.txt", "/up/secret.txt",
           "/" + root + "/secret.txt", "/img/", "/img", "/app.js/",
           "/app.js\\..\\..\\secret.txt", std::string("/app.js\0x", 9), "",
           "secret.txt", "/%2e%2e/secret.txt", "/C:/secret.txt"}) {
    const ApiResponse r = api.Handle(Get(path));
    EXPECT_EQ(r.status, 404) << path;
    EXPECT_EQ(r.body.find("outside"), std::string::npos) << path;
    EXPECT_EQ(r.body.find("hidden"), std::string::npos) << path;
  }
}

// The files built into the program are web/'s, byte for byte.
TEST(ApiWebFilesTest, EmbeddedFilesAreWebsFiles) {
  namespace fs = std::filesystem;
  const WebFiles files = WebFiles::Embedded();
  const fs::path web = fs::path(SLIDEDB_SOURCE_DIR) / "web";
  size_t on_disk = 0;
  if (fs::is_directory(web)) {
    for (const auto& e : fs::recursive_directory_iterator(web)) {
      const std::string rel = fs::relative(e.path(), web).string();
      if (!e.is_regular_file() || rel[0] == '.' ||
          rel.find("/.") != std::string::npos) {
        continue;
      }
      ++on_disk;
      std::ifstream in(e.path(), std::ios::binary);
      const std::string want((std::istreambuf_iterator<char>(in)),
                             std::istreambuf_iterator<char>());
      std::string body;
      std::string_view type;
      ASSERT_TRUE(files.Find("/" + rel, &body, &type)) << rel;
      EXPECT_EQ(body, want) << rel;
      EXPECT_EQ(type, ContentTypeOf(rel));
    }
  }
  EXPECT_EQ(WebFiles::EmbeddedCount(), on_disk);
  std::string body;
  std::string_view type;
  EXPECT_EQ(files.Find("/", &body, &type), fs::exists(web / "index.html"));
  EXPECT_FALSE(files.Find("/../CMakeLists.txt", &body, &type));
}

// SIGHUP's work: a database rebuilt and swapped in while requests run. No
// request fails; the new table appears.
TEST(ApiReloadTest, ReloadUnderRequestsDropsNothing) {
  const std::string db = TempDir("api-reload") + "/db";
  ASSERT_EQ(RunBuildCli({"--db", db, "--board", "2x3", "--quiet"}).status, 0);
  Api api(db, nullptr);
  ASSERT_TRUE(api.Open().ok());
  EXPECT_EQ(api.Handle(Get("/api/histogram", {{"board", "2x2"}})).status, 404);
  std::atomic<bool> stop{false};
  std::atomic<int> answered{0}, failed{0};
  std::vector<std::thread> clients;
  for (int t = 0; t < 4; ++t) {
    clients.emplace_back([&, t] {
      std::mt19937 rng(t);
      while (!stop) {
        const std::string start = RandomStart(Board(2, 3), &rng);
        const ApiResponse r =
            api.Handle(Get("/api/solve", {{"start", start}, {"board", "2x3"}}));
        if (r.status != 200 ||
            r.body.find("\"solvable\"") == std::string::npos) {
          ++failed;
        }
        ++answered;
      }
    });
  }
  for (int round = 0; round < 3; ++round) {
    const std::string board = round == 0 ? "2x2" : "3x2";
    ASSERT_EQ(RunBuildCli({"--db", db, "--board", board, "--quiet"}).status, 0);
    ASSERT_TRUE(api.Reload().ok());
  }
  // A failed reopen keeps the old database in service.
  std::filesystem::rename(db, db + ".away");
  EXPECT_FALSE(api.Reload().ok());
  stop = true;
  for (auto& c : clients) c.join();
  EXPECT_EQ(failed.load(), 0);
  EXPECT_GT(answered.load(), 0);
  EXPECT_EQ(api.Handle(Get("/api/histogram", {{"board", "2x2"}})).status, 200);
  EXPECT_EQ(api.Handle(Get("/api/histogram", {{"board", "3x2"}})).status, 200);
}

TEST(ApiReloadTest, NoDatabase) {
  Api api(TempDir("api-none") + "/db", nullptr);
  Status s = api.Open();
  EXPECT_TRUE(s.IsNotFound()) << s.ToString();
  EXPECT_EQ(api.Handle(Get("/api/tables")).status, 503);
  EXPECT_EQ(api.Handle(Get("/healthz")).status, 200);
}

// A database of two-bit tables (issue 23) is served as one of byte tables:
// the same answers, with no code of the server's own for it.
TEST_F(ApiTest, TwoBitTablesAnswerAsByteTables) {
  const std::string dir = TempDir("api-twobit") + "/db";
  for (const char* board : {"3x3", "2x3"}) {
    ASSERT_EQ(RunBuildCli({"--db", dir, "--board", board, "--records",
                           "two-bit", "--quiet"})
                  .status,
              0);
  }
  Api two_bit(dir, nullptr);
  ASSERT_TRUE(two_bit.Open().ok());
  const std::vector<
      std::pair<std::string, std::multimap<std::string, std::string>>>
      requests = {
          {"/api/solve", {{"start", "867254301"}, {"steps", "1"}}},
          {"/api/solve", {{"start", "867254301"}, {"goal", "_12/345/678"}}},
          {"/api/solve", {{"start", "867254301"}, {"count", "1"}}},
          {"/api/moves", {{"start", "867254301"}}},
          {"/api/histogram", {{"board", "2x3"}}},
          {"/api/sample", {{"n", "5"}, {"distance", "14"}, {"seed", "2"}}},
          {"/api/verify", {{"start", "123405786"}, {"moves", "RD"}}},
          {"/api/analyse", {{"start", "123405786"}, {"moves", "LR"}}},
      };
  for (const auto& [path, params] : requests) {
    SCOPED_TRACE(path + " " + params.begin()->second);
    const ApiResponse want = api_->Handle(Get(path, params));
    const ApiResponse got = two_bit.Handle(Get(path, params));
    EXPECT_EQ(got.status, want.status) << got.body;
    EXPECT_EQ(got.body, want.body);
  }
  // A batch of 600 lines, answered 256 at a time with a two-bit table's
  // walks together (Answerer::AnswerMany): random orders of the tiles
  // (half of them unsolvable) and a malformed line now and then.
  std::mt19937 rng(11);
  std::string body;
  for (int k = 0; k < 600; ++k) {
    const std::string state = RandomStart(Board(3, 3), &rng);
    body += (k % 50 == 3 ? state.substr(1) : state) + "\n";
  }
  const ApiResponse want = api_->Handle(Post("/api/solve", body));
  const ApiResponse got = two_bit.Handle(Post("/api/solve", body));
  EXPECT_EQ(got.status, 200);
  EXPECT_EQ(got.body, want.body);
  EXPECT_EQ(std::count(got.body.begin(), got.body.end(), '\n'), 600);
}

// A POST batch of searched states (3x5, pattern databases), each searched
// on every core (Answerer::AnswerMany): the bytes slidedb-query writes for
// the same lines on one thread, in order, malformed and unsolvable lines
// among them.
TEST(ApiSearchBatchTest, AnswersAsTheCliOnOneThread) {
  const std::string db = TempDir("api-search-batch") + "/db";
  const testing::CliResult built = RunBuildCli(
      {"--db", db, "--board", "3x5", "--pdb", "5-5-4", "--quiet"});
  ASSERT_EQ(built.status, 0) << built.err;
  std::mt19937 rng(34);
  std::string body;
  for (int k = 0; k < 12; ++k) {
    // Half of random arrangements cannot reach the goal; a search of the
    // others on 5-5-4 takes a moment: starts a random walk from the goal.
    std::vector<int> t(15);
    for (int c = 0; c < 14; ++c) t[c] = c + 1;
    int blank = 14;
    for (int step = 0; step < 50; ++step) {
      std::vector<int> to;
      if (blank >= 5) to.push_back(blank - 5);
      if (blank + 5 < 15) to.push_back(blank + 5);
      if (blank % 5 > 0) to.push_back(blank - 1);
      if (blank % 5 < 4) to.push_back(blank + 1);
      const int next = to[rng() % to.size()];
      std::swap(t[blank], t[next]);
      blank = next;
    }
    if (k % 4 == 1) std::swap(t[blank == 0 ? 1 : 0], t[blank == 2 ? 1 : 2]);
    std::string line = k % 4 == 2 ? "x," : "";
    for (int c = 0; c < 15; ++c) {
      if (c > 0) line += ',';
      line += std::to_string(t[c]);
    }
    body += line + "\n";
  }
  Api api(db, nullptr);
  ASSERT_TRUE(api.Open().ok());
  const ApiResponse r = api.Handle(Post("/api/solve", body, {{"board", "3x5"}}));
  EXPECT_EQ(r.status, 200) << r.body;
  const testing::CliResult cli = testing::RunQueryCli(
      {"--db", db, "--board", "3x5", "--format", "json", "--threads", "1"},
      body);
  EXPECT_EQ(r.body, cli.out);
  EXPECT_NE(r.body.find("\"solvable\":false"), std::string::npos);
  EXPECT_NE(r.body.find("\"error\""), std::string::npos);
}

// /api/moves takes max_seconds as slidedb-query --moves takes
// --max-seconds: its searches within it, every distance exact, or a 503
// that names it and says more time may help (no Retry-After).
TEST_F(ApiTest, MovesTakeABudget) {
  std::multimap<std::string, std::string> params = {
      {"board", "4x4"},
      {"goal", "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15"},
      {"metric", "mtm"},
      {"start", "1,0,2,3,4,5,6,7,8,9,10,11,12,13,14,15"},
      {"max_seconds", "30"}};
  ApiResponse r = api_->Handle(Get("/api/moves", params));
  ASSERT_EQ(r.status, 200) << r.body;
  const nlohmann::json moves = nlohmann::json::parse(r.body);
  EXPECT_EQ(moves["distance"], 1);
  params.erase("max_seconds");
  EXPECT_EQ(nlohmann::json::parse(api_->Handle(Get("/api/moves", params)).body),
            moves);
  params.erase("start");
  params.emplace("start", "15,2,12,11,14,13,9,5,1,3,8,7,0,10,6,4");
  params.emplace("max_seconds", "0.3");
  r = api_->Handle(Get("/api/moves", params));
  EXPECT_EQ(r.status, 503) << r.body;
  EXPECT_FALSE(r.retry);
  EXPECT_NE(r.body.find("no answer within max_seconds=0.3"), std::string::npos)
      << r.body;
  params.erase("max_seconds");
  params.emplace("max_seconds", "0x1");
  r = api_->Handle(Get("/api/moves", params));
  EXPECT_EQ(r.status, 400);
  EXPECT_NE(r.body.find("parameter 'max_seconds' '0x1'"), std::string::npos)
      << r.body;
}

// A sample at a distance reads the whole table: it stops at the request's
// deadline and when its client leaves (the cancel flag), a 503 that says
// so, and notation, which it does not write, is refused as the CLI
// refuses it.
TEST_F(ApiTest, ASampleAtADistanceStopsWithItsRequest) {
  ApiRequest ask = Get(
      "/api/sample",
      {{"n", "3"}, {"distance", "20"}, {"goal", "_12345678"}, {"blank", "_"}});
  ask.limits.deadline = SearchLimits::Clock::now();
  ApiResponse r = api_->Handle(ask);
  EXPECT_EQ(r.status, 503) << r.body;
  EXPECT_EQ(Parse(r)["code"], "DeadlineExceeded") << r.body;
  EXPECT_NE(r.body.find("a sample at a distance reads every state"),
            std::string::npos)
      << r.body;
  std::atomic<bool> cancel{true};
  ask.limits.deadline = SearchLimits::Clock::time_point::max();
  ask.limits.cancel = &cancel;
  EXPECT_EQ(api_->Handle(ask).status, 503);
  cancel = false;
  r = api_->Handle(ask);
  EXPECT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(std::count(r.body.begin(), r.body.end(), '\n'), 3) << r.body;
  for (const char* path : {"/api/sample", "/api/histogram"}) {
    std::multimap<std::string, std::string> params = {{"notation", "tile"}};
    if (std::string(path) == "/api/sample") params.emplace("n", "1");
    r = api_->Handle(Get(path, params));
    EXPECT_EQ(r.status, 400) << path;
    EXPECT_NE(r.body.find("parameter 'notation' does not apply to"),
              std::string::npos)
        << r.body;
  }
}

// An analysis's budget past the server's deadline is cut to nine tenths of
// the way to it, as a search's is: a 200 with the moves analysed and the
// budget it had, not the one asked for; without a budget, the deadline is
// a 503.
TEST(ApiAnalyseTest, ABudgetIsCutBeforeTheServersDeadline) {
  const std::string db = TempDir("api-analyse-budget") + "/db";
  ASSERT_EQ(
      RunBuildCli({"--db", db, "--board", "4x4", "--pdb", "4-4-4-3", "--quiet"})
          .status,
      0);
  Api api(db, nullptr);
  ASSERT_TRUE(api.Open().ok());
  // 80 moves from the goal: on 4-4-4-3 its search takes minutes.
  std::multimap<std::string, std::string> params = {
      {"board", "4x4"},
      {"start", "0,12,9,13,15,11,10,14,3,7,2,5,4,8,6,1"},
      {"moves", "D"},
      {"max_seconds", "20"}};
  ApiRequest request = Get("/api/analyse", params);
  request.limits.deadline =
      SearchLimits::Clock::now() + std::chrono::milliseconds(500);
  ApiResponse r = api.Handle(request);
  ASSERT_EQ(r.status, 200) << r.body;
  const auto j = nlohmann::json::parse(r.body);
  EXPECT_EQ(j.at("complete"), false);
  EXPECT_GT(j.at("budget_seconds").get<double>(), 0);
  EXPECT_LE(j.at("budget_seconds").get<double>(), 0.45);
  params.erase("max_seconds");
  request = Get("/api/analyse", params);
  request.limits.deadline =
      SearchLimits::Clock::now() + std::chrono::milliseconds(300);
  r = api.Handle(request);
  EXPECT_EQ(r.status, 503) << r.body;
}

}  // namespace
}  // namespace slidedb
