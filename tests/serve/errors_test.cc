// Errors that mean what they say (docs/ERRORS.md): each Status code's HTTP
// and exit status as the doc's table gives them, memory the system refuses
// turned into ResourceExhausted where it is asked for (a 503, after which
// the server answers again; exit 69), and the one table of limits
// (lib/answer/limits.h) on the CLI, the server and the C++ API.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <memory>
#include <regex>
#include <sstream>
#include <string>

#include "cli/exit_codes.h"
#include "lib/answer/limits.h"
#include "lib/search/bfs_memory.h"
#include "serve/api.h"
#include "serve/params.h"
#include "slidedb/slidedb.h"
#include "tests/serve/api_test_util.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

using testing::CliResult;
using testing::Get;
using testing::RunBuildCli;
using testing::RunQueryCli;
using testing::TempDir;

// docs/ERRORS.md's table of codes: code -> (HTTP status, exit status).
std::map<std::string, std::pair<int, int>> DocumentedCodes() {
  std::ifstream in(std::string(SLIDEDB_SOURCE_DIR) + "/docs/ERRORS.md");
  std::map<std::string, std::pair<int, int>> out;
  const std::regex row(R"(^\| `(\w+)` \|[^|]*\| (\d+)[^|]*\| (\d+)[^|]*\|)");
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (std::regex_search(line, m, row)) {
      out[m[1]] = {std::stoi(m[2]), std::stoi(m[3])};
    }
  }
  return out;
}

TEST(ErrorsTest, EveryCodeMapsAsTheDocSays) {
  const std::map<std::string, Status> codes = {
      {"InvalidArgument", Status::InvalidArgument("m")},
      {"NotFound", Status::NotFound("m")},
      {"NotSupported", Status::NotSupported("m")},
      {"ResourceExhausted", Status::ResourceExhausted("m")},
      {"DeadlineExceeded", Status::DeadlineExceeded("m")},
      {"Busy", Status::Busy("m")},
      {"Corruption", Status::Corruption("m")},
      {"IOError", Status::IOError("m")},
      {"VersionMismatch", Status::VersionMismatch("m")},
      {"Internal", Status::Internal("m")},
  };
  const auto documented = DocumentedCodes();
  ASSERT_EQ(documented.size(), codes.size());
  for (const auto& [name, s] : codes) {
    SCOPED_TRACE(name);
    ASSERT_EQ(documented.count(name), 1u);
    EXPECT_EQ(HttpStatus(s), documented.at(name).first);
    EXPECT_EQ(ExitStatusOf(s), documented.at(name).second);
    EXPECT_NE(s.ToString().find(": m"), std::string::npos) << s.ToString();
    EXPECT_EQ(s.CodeName(), name);  // JSON's "code": the table's names
    EXPECT_EQ(Error(s).body, "{\"error\":\"m\",\"code\":\"" + name + "\"}\n");
  }
  EXPECT_EQ(Status::ResourceExhausted("m").ToString(), "resource exhausted: m");
  EXPECT_EQ(Status::Internal("m").ToString(), "internal error: m");
  EXPECT_EQ(ExitStatusOf(Status::OK()), kExitOk);
}

// Refuses memory from the system for the life of this object.
class RefusedMemory {
 public:
  RefusedMemory() { RefuseMemoryForTesting(1); }
  ~RefusedMemory() { RefuseMemoryForTesting(0); }
};

// A 2x7 database of small pattern databases (a second to build), made once.
const std::string& Db27() {
  static const std::string dir = [] {
    const std::string d = TempDir("errors-2x7") + "/db";
    const CliResult r = RunBuildCli(
        {"--db", d, "--board", "2x7", "--pdb", "5-4-4", "--quiet"});
    EXPECT_EQ(r.status, kExitOk) << r.err;
    return d;
  }();
  return dir;
}

// Two moves from the goal.
constexpr char kNear[] = "1,2,3,4,5,6,7,8,9,10,11,0,12,13";

TEST(ErrorsTest, RefusedMemoryIsA503AndTheServerGoesOn) {
  Api api(Db27(), nullptr);
  ASSERT_TRUE(api.Open().ok());
  const ApiRequest ask = Get("/api/solve", {{"board", "2x7"}, {"start", kNear}});
  {
    RefusedMemory refused;
    const ApiResponse r = api.Handle(ask);
    EXPECT_EQ(r.status, 503) << r.body;
    EXPECT_NE(r.body.find("not enough memory for a pattern database"),
              std::string::npos)
        << r.body;
  }
  // The failure was not kept: the same question is answered now.
  const ApiResponse r = api.Handle(ask);
  EXPECT_EQ(r.status, 200) << r.body;
  EXPECT_NE(r.body.find("\"distance\":2"), std::string::npos) << r.body;
}

TEST(ErrorsTest, RefusedMemoryIsExit69AndResourceExhausted) {
  {
    RefusedMemory refused;
    // A state named on the command line (its pages read on demand) and a
    // batch (the pattern databases read whole).
    CliResult r = RunQueryCli({"--db", Db27(), "--board", "2x7", kNear});
    EXPECT_EQ(r.status, kExitUnavailable) << r.err;
    EXPECT_NE(r.err.find("not enough memory"), std::string::npos) << r.err;
    r = RunQueryCli({"--db", Db27(), "--board", "2x7"},
                    std::string(kNear) + "\n");
    EXPECT_EQ(r.status, kExitUnavailable) << r.err;
    std::unique_ptr<Db> db;
    ASSERT_TRUE(Db::Open(Db27(), &db).ok());
    Options options;
    options.board = "2x7";
    Solution sol;
    EXPECT_TRUE(db->Solve(kNear, options, &sol).IsResourceExhausted());
    // A build's search (a two-bit table's arrays): exit 69, nothing left.
    const std::string dir = TempDir("errors-twobit") + "/db";
    r = RunBuildCli(
        {"--db", dir, "--board", "2x3", "--records", "two-bit", "--quiet"});
    EXPECT_EQ(r.status, kExitUnavailable) << r.err;
    EXPECT_NE(r.err.find("not enough memory"), std::string::npos) << r.err;
  }
  EXPECT_EQ(RunQueryCli({"--db", Db27(), "--board", "2x7", kNear}).status,
            kExitOk);
}

// A start malformed for its board is its asker's fault (400), said before
// the board's missing table (404), as the CLI says it before the build.
TEST(ErrorsTest, AMalformedStartIsA400BeforeAMissingTable) {
  Api api(testing::TestDatabase(), nullptr);
  ASSERT_TRUE(api.Open().ok());
  const std::string bad = "1,2,x", good = "1,2,3,4,5,6,7,8,9,10,0,11";
  for (const char* path : {"/api/solve", "/api/count", "/api/verify",
                           "/api/moves", "/api/analyse"}) {
    SCOPED_TRACE(path);
    const bool takes_moves = std::string(path) == "/api/verify" ||
                             std::string(path) == "/api/analyse";
    auto ask = [&](const std::string& start) {
      std::multimap<std::string, std::string> params = {{"board", "3x4"},
                                                        {"start", start}};
      if (takes_moves) params.emplace("moves", "L");
      return api.Handle(Get(path, params));
    };
    ApiResponse r = ask(bad);
    EXPECT_EQ(r.status, 400) << r.body;
    EXPECT_NE(r.body.find("\"code\":\"InvalidArgument\""), std::string::npos)
        << r.body;
    EXPECT_NE(r.body.find("3 cells given; a 3x4 board has 12"),
              std::string::npos)
        << r.body;
    r = ask(good);
    EXPECT_EQ(r.status, 404) << r.body;
  }
  // The CLI says the same beside the build it names.
  const CliResult cli =
      RunQueryCli({"--db", testing::TestDatabase(), "--board", "3x4", bad});
  EXPECT_NE(cli.err.find("'1,2,x': 3 cells given; a 3x4 board has 12"),
            std::string::npos)
      << cli.err;
}

// A batch of no state says which body held none: lines, or a JSON array.
TEST(ErrorsTest, AnEmptyBatchSaysWhichBodyHeldNone) {
  Api api(testing::TestDatabase(), nullptr);
  ASSERT_TRUE(api.Open().ok());
  ApiRequest ask = testing::Post("/api/solve", "\n\n");
  ApiResponse r = api.Handle(ask);
  EXPECT_EQ(r.status, 400);
  EXPECT_NE(r.body.find("one per line, and the body holds none"),
            std::string::npos)
      << r.body;
  ask = testing::Post("/api/solve", "[]");
  ask.content_type = "application/json";
  r = api.Handle(ask);
  EXPECT_EQ(r.status, 400);
  EXPECT_NE(r.body.find("its JSON array holds none"), std::string::npos)
      << r.body;
}

TEST(ErrorsTest, LimitsHaveOneMessageAndTheServersProfile) {
  uint64_t v = 0;
  Status s = ReadNumber(UserNumber::kSample, "--sample", "0", kLibraryLimits,
                        &v);
  EXPECT_EQ(s.message(),
            "--sample must be a whole number from 1 to 4294967295, not '0'");
  s = ReadNumber(UserNumber::kSample, "parameter 'n'", "10001", kServerLimits,
                 &v);
  EXPECT_EQ(s.message(),
            "parameter 'n' must be a whole number from 1 to 10000, not "
            "'10001': the server holds a request's whole answer in memory");
  EXPECT_TRUE(ReadNumber(UserNumber::kSample, "n", "10001", kLibraryLimits, &v)
                  .ok());
  EXPECT_EQ(v, 10001u);
  s = CheckNumber(UserNumber::kDistance, "distance", -2, kLibraryLimits);
  EXPECT_EQ(s.message(),
            "distance must be a whole number of moves from 0 to 1000, not "
            "'-2'");
  EXPECT_TRUE(s.IsInvalidArgument());
  // The moves of a proposed solution: 10,000 on the server, a million
  // elsewhere.
  std::string moves;
  for (int k = 0; k < 5001; ++k) moves += "UD";
  Api api(testing::TestDatabase(), nullptr);
  ASSERT_TRUE(api.Open().ok());
  ApiResponse r = api.Handle(
      Get("/api/verify", {{"start", "867254301"}, {"moves", moves}}));
  EXPECT_EQ(r.status, 400);
  EXPECT_NE(r.body.find("the solution holds at most 10000 moves: the server "
                        "holds a request's whole answer in memory"),
            std::string::npos)
      << r.body.substr(0, 300);
  r = api.Handle(
      Get("/api/analyse", {{"start", "867254301"}, {"moves", moves}}));
  EXPECT_EQ(r.status, 400);
  EXPECT_NE(r.body.find("holds at most 10000 moves"), std::string::npos)
      << r.body.substr(0, 300);
  const CliResult cli = RunQueryCli({"--db", testing::TestDatabase(),
                                     "--verify", moves, "867254301"});
  EXPECT_EQ(cli.status, kExitOk) << cli.err.substr(0, 300);
  // The C++ API reads a sample's n through the same table.
  std::unique_ptr<Db> db;
  ASSERT_TRUE(Db::Open(testing::TestDatabase(), &db).ok());
  std::vector<SampledState> states;
  s = db->Sample(0, -1, 1, Options(), &states);
  EXPECT_EQ(s.message(),
            "n must be a whole number from 1 to 4294967295, not '0'");
}

}  // namespace
}  // namespace slidedb
