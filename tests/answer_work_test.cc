// The states an answer's searches generated, its JSON "nodes": a solve's
// one search, and the moves' and an analysis's several (the start's, then
// its neighbours' bounded ones), which the server's access log writes as
// WORK. A table's answers generate none and have no "nodes".
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli/exit_codes.h"
#include "slidedb/slidedb.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

using json = nlohmann::json;
using testing::CliResult;
using testing::kKorfGoal;
using testing::KorfInstances;
using testing::Pdb44Database;
using testing::RunQueryCli;
using testing::TestDatabase;

// slidedb-query's JSON answer over the 4x4 test databases, after `args`.
json Ask4x4(const std::vector<std::string>& args) {
  std::vector<std::string> all = {"--db",     Pdb44Database(), "--board",
                                  "4x4",      "--goal",        kKorfGoal,
                                  "--format", "json"};
  all.insert(all.end(), args.begin(), args.end());
  const CliResult r = RunQueryCli(all);
  EXPECT_EQ(r.status, kExitOk) << r.err;
  return json::parse(r.out);
}

TEST(AnswerWorkTest, MovesAndAnalysesCountEverySearch) {
  const std::string start = KorfInstances().at(11).state;  // Korf's #12
  const json solved = Ask4x4({start});
  const int64_t one = solved["nodes"].get<int64_t>();
  ASSERT_GT(one, 0);
  // The start's search is the solve's; its neighbours' add to it.
  const json moves = Ask4x4({"--moves", start});
  EXPECT_GT(moves.value("nodes", int64_t{-1}), one);
  const std::string first = solved["moves"].get<std::string>().substr(0, 6);
  const json analysed =
      Ask4x4({"--analyse", "--start", start, "--moves", first});
  EXPECT_TRUE(analysed["complete"].get<bool>());
  EXPECT_GT(analysed.value("nodes", int64_t{-1}), one);
  // The same count from the C++ API.
  std::unique_ptr<Db> db;
  ASSERT_TRUE(Db::Open(Pdb44Database(), &db).ok());
  Analysis a;
  ASSERT_TRUE(
      db->Analyse(start, first, PuzzleOptions("4x4", kKorfGoal), &a).ok());
  EXPECT_EQ(a.nodes, analysed["nodes"].get<int64_t>());
  ASSERT_TRUE(Db::Open(TestDatabase(), &db).ok());
  ASSERT_TRUE(db->Analyse("867254301", "UL", Options(), &a).ok());
  EXPECT_EQ(a.nodes, -1);
}

TEST(AnswerWorkTest, TablesAnswerWithoutNodes) {
  const std::vector<std::vector<std::string>> asked = {
      {"867254301"},
      {"--moves", "867254301"},
      {"--analyse", "--start", "867254301", "--moves", "UL"}};
  for (const std::vector<std::string>& args : asked) {
    std::vector<std::string> all = {"--db", TestDatabase(), "--format", "json"};
    all.insert(all.end(), args.begin(), args.end());
    const CliResult r = RunQueryCli(all);
    ASSERT_EQ(r.status, kExitOk) << r.err;
    EXPECT_FALSE(json::parse(r.out).contains("nodes")) << args[0];
  }
}

}  // namespace
}  // namespace slidedb
