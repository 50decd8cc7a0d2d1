// slidedb-serve's command line run in this process (RunServe): its usage,
// its exit statuses, and the line it says it listens with.
#include "serve/serve_cli.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <filesystem>
#include <iterator>
#include <regex>
#include <sstream>
#include <streambuf>
#include <string>
#include <vector>

#include "cli/exit_codes.h"
#include "tests/serve/server_process.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

using testing::TempDir;

TEST(ServerCliTest, UsageAndExitStatuses) {
  auto run = [](const std::vector<std::string>& args) {
    std::istringstream in;
    std::ostringstream out, err;
    const int status = RunServe(args, in, out, err);
    return testing::CliResult{status, out.str(), err.str()};
  };
  testing::CliResult r = run({"--help"});
  EXPECT_EQ(r.status, 0);
  for (const char* word :
       {"/api/solve", "/api/moves", "/api/count", "/api/verify",
        "/api/histogram", "/api/sample", "/api/tables", "/healthz", "--port",
        "--bind", "--threads", "--web", "SIGHUP", "413"}) {
    EXPECT_NE(r.out.find(word), std::string::npos) << word;
  }
  r = run({"--version"});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out.rfind("slidedb-serve ", 0), 0u);
  // Their whole numbers as every tool reads one (docs/ERRORS.md).
  const struct {
    const char* option;
    const char* value;
    const char* message;
  } numbers[] = {
      {"--port", "70000", "--port must be a whole number from 0 to 65535"},
      {"--threads", "0", "--threads must be a whole number from 1 to 256"},
      {"--work-threads", "1.5",
       "--work-threads must be a whole number from 1 to 256"},
  };
  for (const auto& n : numbers) {
    r = run({n.option, n.value});
    EXPECT_EQ(r.status, kExitUsage) << n.option;
    EXPECT_NE(r.err.find(std::string(n.message) + ", not '" + n.value + "'"),
              std::string::npos)
        << r.err;
  }
  EXPECT_EQ(run({"--frobnicate"}).status, kExitUsage);
  for (const char* size : {"", "M", "12X", "1.5G", "-1G", "1000",
                           "9999999999999999", "400 M", "400MB"}) {
    r = run({"--memory-limit", size});
    EXPECT_EQ(r.status, kExitUsage) << size;
    EXPECT_NE(r.err.find(*size ? "--memory-limit takes a size"
                               : "--memory-limit is empty"),
              std::string::npos)
        << size << ": " << r.err;
  }
  // One database given twice, by the same path or another to it, is
  // refused before any is opened.
  const std::string db = testing::TestDatabase();
  const std::string link = TempDir("serve-twice") + "/link";
  std::filesystem::create_directory_symlink(db, link);
  for (const std::string& again : {db, db + "/", db + "/.", link + "/"}) {
    r = run({"--db", db, "--db", again});
    EXPECT_EQ(r.status, kExitUsage) << again;
    EXPECT_NE(r.err.find("--db " + again + " is the database given before"),
              std::string::npos)
        << r.err;
  }
  r = run({"--db", TempDir("serve-none") + "/db"});
  EXPECT_EQ(r.status, kExitNoInput);
  EXPECT_NE(r.err.find("slidedb-build --db"), std::string::npos) << r.err;
  // A port already taken.
  ServerProcess first({"--db", testing::TestDatabase()});
  ASSERT_GT(first.port(), 0);
  r = run({"--db", testing::TestDatabase(), "--port",
           std::to_string(first.port()), "--bind", "127.0.0.1"});
  EXPECT_EQ(r.status, kExitUnavailable) << r.err;
  EXPECT_EQ(first.Stop(SIGTERM), 0);
}

// A stream that keeps each write made to it; at the first newline it stops
// the server in this process, as a user would, with SIGTERM.
class WritesKept : public std::streambuf {
 public:
  std::vector<std::string> writes;

 protected:
  int overflow(int c) override {
    if (c != EOF) Keep(std::string(1, static_cast<char>(c)));
    return c;
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    Keep(std::string(s, n));
    return n;
  }

 private:
  void Keep(const std::string& w) {
    writes.push_back(w);
    if (w.find('\n') != std::string::npos) kill(getpid(), SIGTERM);
  }
};

TEST(ServerCliTest, SaysItListensInOneWrite) {
  // Short of memory, standard output may have no buffer: each write goes
  // out as made, and a reader must never see "listening on " without the
  // URL (memory_limit_serve_test.sh once did, and asked for no address).
  // The SIGTERM that stops it must reach its signal thread: a thread
  // started before the server's signals were blocked (RocksDB's, when this
  // process built the test database) would take it and end the process.
  const std::string db = testing::TestDatabase();
  const auto threads =
      std::distance(std::filesystem::directory_iterator("/proc/self/task"),
                    std::filesystem::directory_iterator());
  if (threads > 1) {
    GTEST_SKIP() << threads << " threads already run; set SLIDEDB_TEST_DB";
  }
  WritesKept kept;
  std::ostream out(&kept);
  std::istringstream in;
  std::ostringstream err;
  EXPECT_EQ(RunServe({"--db", db, "--port", "0"}, in, out, err), kExitOk)
      << err.str();
  ASSERT_FALSE(kept.writes.empty());
  EXPECT_TRUE(std::regex_match(
      kept.writes[0],
      std::regex("listening on http://127\\.0\\.0\\.1:[0-9]+\n")))
      << kept.writes[0];
}

}  // namespace
}  // namespace slidedb
