// slidedb-serve --db A --db B: one server answering from several databases
// (issue 37), the first given answering a goal that both hold.
#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "cli/exit_codes.h"
#include "lib/base/shell.h"
#include "serve/api.h"
#include "serve/serve_cli.h"
#include "tests/serve/server_process.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

using testing::RunBuildCli;
using testing::TempDir;

// board -> the database /api/tables says answers it (every goal of a board
// comes from one database in these tests).
std::map<std::string, std::string> Databases(const std::string& body) {
  std::map<std::string, std::string> by_board;
  const nlohmann::json tables = nlohmann::json::parse(body)["tables"];
  for (const auto& t : tables) {
    by_board[t["board"].get<std::string>()] = t.value("database", "");
  }
  return by_board;
}

TEST(MultiDbTest, OneServerAnswersFromTwoDatabases) {
  const std::string a = TempDir("multidb-a") + "/db";
  const std::string b = TempDir("multidb-b") + "/db";
  ASSERT_EQ(RunBuildCli({"--db", a, "--board", "3x3", "--quiet"}).status, 0);
  ASSERT_EQ(RunBuildCli({"--db", b, "--board", "2x3", "--quiet"}).status, 0);
  ServerProcess server({"--db", a, "--db", b});
  ASSERT_GT(server.port(), 0);
  httplib::Client client = server.Client();
  auto r = client.Get("/api/solve?start=867254301");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200) << r->body;
  EXPECT_EQ(nlohmann::json::parse(r->body)["distance"], 31);
  r = client.Get("/api/solve?board=2x3&start=123405");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200) << r->body;
  EXPECT_EQ(nlohmann::json::parse(r->body)["distance"], 1);
  r = client.Get("/api/histogram?board=2x3");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200) << r->body;
  r = client.Get("/api/tables");
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200);
  std::map<std::string, std::string> dbs = Databases(r->body);
  EXPECT_EQ(dbs["3x3"], a);
  EXPECT_EQ(dbs["2x3"], b);
  // ?board= keeps that board's entries of the whole listing, whichever
  // database holds them; a name that is no board is a 400.
  const nlohmann::json whole = nlohmann::json::parse(r->body);
  nlohmann::json of_board = nlohmann::json::array();
  for (const auto& t : whole["tables"]) {
    if (t["board"] == "2x3") of_board.push_back(t);
  }
  ASSERT_FALSE(of_board.empty());
  r = client.Get("/api/tables?board=2x3");
  ASSERT_TRUE(r);
  ASSERT_EQ(r->status, 200) << r->body;
  EXPECT_EQ(nlohmann::json::parse(r->body)["tables"], of_board);
  r = client.Get("/api/tables?board=9x9");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 400);
  EXPECT_NE(r->body.find("9x9"), std::string::npos) << r->body;
  // Neither holds it: a 404 as with one database, whose command builds it
  // into the database holding the board's other tables (the second), else
  // into the first (a page audit: it always named the first).
  r = client.Get("/api/solve?board=2x2&start=1230");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 404);
  EXPECT_NE(r->body.find("slidedb-build --db " + ShellWord(a) + " --board 2x2"),
            std::string::npos)
      << r->body;
  r = client.Get("/api/solve?board=2x3&metric=mtm&start=123405");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 404);
  EXPECT_NE(r->body.find("slidedb-build --db " + ShellWord(b) +
                         " --board 2x3 --metric mtm"),
            std::string::npos)
      << r->body;
  // SIGHUP reopens them all: a table built into the second is served.
  ASSERT_EQ(RunBuildCli({"--db", b, "--board", "2x2", "--quiet"}).status, 0);
  kill(server.pid(), SIGHUP);
  bool seen = false;
  for (int k = 0; k < 250 && !seen; ++k) {
    r = client.Get("/api/solve?board=2x2&start=1230");
    seen = r && r->status == 200;
    if (!seen) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_TRUE(seen);
  r = client.Get("/api/tables");
  ASSERT_TRUE(r);
  dbs = Databases(r->body);
  EXPECT_EQ(dbs["2x2"], b);
  EXPECT_EQ(dbs["3x3"], a);
  EXPECT_EQ(server.Stop(SIGTERM), 0);
}

TEST(MultiDbTest, TheFirstGivenAnswersATableBothHoldAndSaysSo) {
  const std::string a = TempDir("multidb-first") + "/db";
  const std::string b = TempDir("multidb-second") + "/db";
  ASSERT_EQ(RunBuildCli({"--db", a, "--board", "2x3", "--quiet"}).status, 0);
  ASSERT_EQ(RunBuildCli({"--db", b, "--board", "2x3", "--quiet"}).status, 0);
  ASSERT_EQ(RunBuildCli({"--db", b, "--board", "2x2", "--quiet"}).status, 0);
  Api api(std::vector<std::string>{a, b}, nullptr);
  ASSERT_TRUE(api.Open().ok());
  const std::vector<std::string> shadowed = api.Shadowed();
  ASSERT_FALSE(shadowed.empty());
  for (const std::string& line : shadowed) {
    EXPECT_NE(line.find("2x3"), std::string::npos) << line;
    EXPECT_NE(line.find(a + " answers it"), std::string::npos) << line;
  }
  ApiRequest request;
  request.method = "GET";
  request.path = "/api/tables";
  const ApiResponse r = api.Handle(request);
  ASSERT_EQ(r.status, 200);
  const nlohmann::json tables = nlohmann::json::parse(r.body)["tables"];
  int goals_2x3 = 0;
  for (const auto& t : tables) {
    if (t["board"] == "2x3") {
      ++goals_2x3;
      EXPECT_EQ(t["database"], a);
    } else {
      EXPECT_EQ(t["database"], b);
    }
  }
  EXPECT_GT(goals_2x3, 0);
  // Each goal once, not once a database.
  std::set<std::string> goals;
  for (const auto& t : tables) {
    goals.insert(t["board"].get<std::string>() + " " +
                 t["goal"].get<std::string>() + " " +
                 t["metric"].get<std::string>());
  }
  EXPECT_EQ(goals.size(), tables.size());
}

TEST(MultiDbTest, AMissingDatabaseIsNamed) {
  std::istringstream in;
  std::ostringstream out, err;
  const std::string missing = TempDir("multidb-none") + "/db";
  const int status = RunServe(
      {"--db", testing::TestDatabase(), "--db", missing, "--port", "0"}, in,
      out, err);
  EXPECT_EQ(status, kExitNoInput);
  // The command that builds the one missing, as for a server of one.
  EXPECT_NE(err.str().find("no database at " + missing +
                           "; build it with: slidedb-build --db " +
                           ShellWord(missing) + "\n"),
            std::string::npos)
      << err.str();
}

// --web names the page's folder: one without the page is refused at once.
TEST(MultiDbTest, AWebFolderWithoutThePageIsRefused) {
  std::istringstream in;
  std::ostringstream out, err;
  const std::string empty = TempDir("multidb-web");
  const int status =
      RunServe({"--db", testing::TestDatabase(), "--web", empty, "--port", "0"},
               in, out, err);
  EXPECT_EQ(status, kExitNoInput);
  EXPECT_NE(err.str().find("no index.html"), std::string::npos) << err.str();
}

// Values that could never work are refused at start: an empty value (an
// empty --bind once listened on every address), a --cors origin no
// browser sends.
TEST(MultiDbTest, ValuesThatCannotWorkAreRefused) {
  const std::string db = testing::TestDatabase();
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"--db", ""},
        {"--db", db, "--bind", ""},
        {"--db", db, "--allow-host", ""},
        {"--db", db, "--access-log", ""},
        {"--db", db, "--web", ""},
        {"--db", testing::TestDatabase(), "--cors", "https://example.org/"},
        {"--db", testing::TestDatabase(), "--cors", "not a url"}}) {
    std::istringstream in;
    std::ostringstream out, err;
    std::vector<std::string> full = args;
    full.insert(full.end(), {"--port", "0"});
    EXPECT_EQ(RunServe(full, in, out, err), kExitUsage) << args.back();
    EXPECT_NE(err.str().find("slidedb-serve: --"), std::string::npos)
        << err.str();
  }
}

// A database named without --db is an error, not data/slidedb served.
TEST(MultiDbTest, AWordThatIsNoOptionIsRefused) {
  std::istringstream in;
  std::ostringstream out, err;
  const int status =
      RunServe({testing::TestDatabase(), "--port", "0"}, in, out, err);
  EXPECT_EQ(status, kExitUsage);
  EXPECT_NE(
      err.str().find("unexpected argument '" + testing::TestDatabase() + "'"),
      std::string::npos)
      << err.str();
}

}  // namespace
}  // namespace slidedb
