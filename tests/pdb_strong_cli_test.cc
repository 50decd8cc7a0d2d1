// slidedb-build --pdb strong and slidedb-query over what it builds, run
// in-process as the command-line tools.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "cli/exit_codes.h"
#include "lib/puzzle/board.h"
#include "lib/puzzle/index.h"
#include "lib/search/ida_search.h"
#include "lib/solve/solver.h"
#include "lib/storage/database.h"
#include "slidedb/slidedb.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

using json = nlohmann::json;
using testing::CliResult;
using testing::RunBuildCli;
using testing::RunQueryCli;
using testing::TempDir;

// 40 random 3x4 states (from `seed`) answered as a batch on `by_region`
// and on `by_placement`: the same distances, all optimal, and fewer states
// generated on the first.
void ExpectSameDistancesFromFewerStates(const std::string& by_region,
                                        const std::string& by_placement,
                                        uint64_t seed) {
  const Indexer states(Board(3, 4), 11);
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<Index> any(0, states.size() - 1);
  std::string batch;
  for (int i = 0; i < 40; ++i) {
    const State s = states.StateAt(any(rng));
    for (int c = 0; c < 12; ++c) {
      batch += (c ? "," : "") + std::to_string(s.tile[c]);
    }
    batch += "\n";
  }
  const CliResult a = RunQueryCli(
      {"--db", by_region, "--board", "3x4", "--format", "json"}, batch);
  const CliResult b = RunQueryCli(
      {"--db", by_placement, "--board", "3x4", "--format", "json"}, batch);
  ASSERT_EQ(a.status, kExitOk) << a.err;
  ASSERT_EQ(b.status, kExitOk) << b.err;
  std::istringstream x(a.out), y(b.out);
  uint64_t nodes[2] = {};
  int answers = 0;
  for (std::string lx, ly; std::getline(x, lx) && std::getline(y, ly);) {
    const json jx = json::parse(lx), jy = json::parse(ly);
    EXPECT_EQ(jx["distance"], jy["distance"]) << lx;
    EXPECT_TRUE(jx["optimal"].get<bool>());
    nodes[0] += jx["nodes"].get<uint64_t>();
    nodes[1] += jy["nodes"].get<uint64_t>();
    ++answers;
  }
  EXPECT_EQ(answers, 40);
  EXPECT_LT(nodes[0], nodes[1]);
}

// --pdb strong: the default groups numbered by the blank's region. On 3x4
// (5-6, seconds): listed as such, checked by --verify, served when asked
// again but not for groups by placement, and the same distances as the
// placement's databases from fewer states.
TEST(PdbCliTest, StrongDatabasesAnswerTheSameFromFewerStates) {
  const std::string strong = TempDir("pdb-strong") + "/db";
  const std::string plain = TempDir("pdb-plain") + "/db";
  CliResult r = RunBuildCli(
      {"--db", strong, "--board", "3x4", "--pdb", "strong", "--quiet"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  EXPECT_NE(r.out.find("1 set of pattern databases (5-6 by blank region)"),
            std::string::npos)
      << r.out;
  r = RunBuildCli({"--db", plain, "--board", "3x4", "--pdb", "5-6", "--quiet"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  r = RunQueryCli({"--db", strong, "--tables", "--format", "json"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  int listed = 0;
  const json tables = json::parse(r.out);
  for (const json& t : tables["tables"]) {
    if (t["kind"] != "pdb") continue;
    EXPECT_EQ(t["index"], "blank-region");
    EXPECT_EQ(t["partition"], "5-6");
    // Successor words only on boards of more than 16 cells by default.
    EXPECT_EQ(t["words"], false);
    ++listed;
  }
  EXPECT_GT(listed, 0);
  // The C++ API lists the same.
  std::unique_ptr<Db> api;
  ASSERT_TRUE(Db::Open(strong, &api).ok());
  std::vector<TableInfo> infos;
  ASSERT_TRUE(api->Tables(&infos).ok());
  ASSERT_FALSE(infos.empty());
  for (const TableInfo& t : infos) {
    EXPECT_EQ(t.index, "blank-region");
    EXPECT_FALSE(t.words);
  }
  r = RunQueryCli({"--db", strong, "--tables"});
  EXPECT_NE(r.out.find("pattern databases 5-6 by blank region"),
            std::string::npos)
      << r.out;
  r = RunBuildCli({"--db", strong, "--board", "3x4", "--verify"});
  EXPECT_EQ(r.status, kExitOk) << r.out << r.err;
  r = RunBuildCli({"--db", strong, "--board", "3x4", "--pdb", "strong"});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  EXPECT_NE(r.out.find("already served by the pattern databases 3x4/b11 "
                       "(5-6 by blank region)"),
            std::string::npos)
      << r.out;
  r = RunBuildCli(
      {"--db", plain, "--board", "3x4", "--pdb", "strong", "--quiet"});
  EXPECT_EQ(r.out.find("already served"), std::string::npos) << r.out;
  r = RunBuildCli(
      {"--db", plain, "--board", "3x4", "--pdb", "5-6", "--force", "--quiet"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  ExpectSameDistancesFromFewerStates(strong, plain, 7);
}

// --pdb strong:PARTITION: the groups given, numbered by the blank's region.
// On 3x4 (seconds): built, listed and served as those groups by blank
// region (not as the default ones, nor those groups by placement), the same
// distances as the groups by placement from fewer states; a partition that
// does not parse is a usage error, as it is without "strong:".
TEST(PdbCliTest, StrongWithGroupsNumbersThoseGroupsByRegion) {
  const std::string groups = "1,2,5,6/3,4,7,8/9,10,11";
  const std::string strong = TempDir("pdb-strong-groups") + "/db";
  const std::string plain = TempDir("pdb-plain-groups") + "/db";
  CliResult r = RunBuildCli({"--db", strong, "--board", "3x4", "--pdb",
                             "strong:" + groups, "--quiet"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  EXPECT_NE(r.out.find("(" + groups + " by blank region)"), std::string::npos)
      << r.out;
  r = RunBuildCli(
      {"--db", plain, "--board", "3x4", "--pdb", groups, "--quiet"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  r = RunQueryCli({"--db", strong, "--tables", "--format", "json"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  int stored = 0;
  const json listed = json::parse(r.out);
  for (const json& t : listed["tables"]) {
    if (t["kind"] != "pdb") continue;
    EXPECT_EQ(t["index"], "blank-region");
    EXPECT_EQ(t["partition"], groups);
    stored += t["stored"].get<bool>();
  }
  EXPECT_EQ(stored, 1);
  r = RunBuildCli(
      {"--db", strong, "--board", "3x4", "--pdb", "strong:" + groups});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  EXPECT_NE(r.out.find("already served"), std::string::npos) << r.out;
  ExpectSameDistancesFromFewerStates(strong, plain, 9);
  // Neither the default groups by region nor these by placement are served
  // by them: each is built (after the answers above, into the same
  // database).
  for (const std::string& other : {std::string("strong"), groups}) {
    r = RunBuildCli(
        {"--db", strong, "--board", "3x4", "--pdb", other, "--quiet"});
    EXPECT_EQ(r.status, kExitOk) << other << r.err;
    EXPECT_EQ(r.out.find("already served"), std::string::npos)
        << other << r.out;
  }
  for (const std::string bad : {"strong:", "strong:x", "strongly"}) {
    r = RunBuildCli({"--db", TempDir("pdb-strong-bad") + "/db", "--board",
                     "3x4", "--pdb", bad});
    EXPECT_EQ(r.status, kExitUsage) << bad;
    EXPECT_FALSE(r.err.empty()) << bad;
  }
}

// Successor words, built with --pdb strong --words: listed, checked
// by --verify, and the same answers from the same states as without them,
// for one state (entries and words read a page at a time) and for a batch
// (read whole).
TEST(PdbCliTest, SuccessorWordsGiveTheSameAnswersFromTheSameStates) {
  const std::string words = TempDir("pdb-words") + "/db";
  const std::string none = TempDir("pdb-no-words") + "/db";
  CliResult r = RunBuildCli({"--db", words, "--board", "3x4", "--pdb", "strong",
                             "--words", "--quiet"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  EXPECT_NE(r.out.find("successor words"), std::string::npos) << r.out;
  r = RunBuildCli({"--db", none, "--board", "3x4", "--pdb", "strong",
                   "--no-words", "--quiet"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  EXPECT_EQ(r.out.find("successor words"), std::string::npos) << r.out;
  for (const auto& [db, has] : {std::pair{words, true}, {none, false}}) {
    r = RunQueryCli({"--db", db, "--tables", "--format", "json"});
    ASSERT_EQ(r.status, kExitOk) << r.err;
    const json listed = json::parse(r.out);
    for (const json& t : listed["tables"]) {
      if (t["kind"] == "pdb") {
        EXPECT_EQ(t["words"], has) << db;
      }
    }
    // The C++ API lists the same.
    std::unique_ptr<Db> api;
    ASSERT_TRUE(Db::Open(db, &api).ok());
    std::vector<TableInfo> infos;
    ASSERT_TRUE(api->Tables(&infos).ok());
    int pdbs = 0;
    for (const TableInfo& t : infos) {
      if (t.kind != "pdb") continue;
      EXPECT_EQ(t.words, has) << db;
      ++pdbs;
    }
    EXPECT_GT(pdbs, 0) << db;
  }
  r = RunBuildCli({"--db", words, "--board", "3x4", "--verify"});
  EXPECT_EQ(r.status, kExitOk) << r.out << r.err;
  r = RunBuildCli(
      {"--db", none, "--board", "3x4", "--pdb", "5-6", "--no-words"});
  EXPECT_EQ(r.status, kExitUsage) << r.err;
  EXPECT_NE(r.err.find("--no-words goes with --pdb strong"), std::string::npos)
      << r.err;
  r = RunBuildCli({"--db", none, "--board", "3x4", "--pdb", "strong", "--words",
                   "--no-words"});
  EXPECT_EQ(r.status, kExitUsage) << r.err;
  const Indexer indexer(Board(3, 4), 11);
  std::mt19937_64 rng(14);
  std::uniform_int_distribution<Index> any(0, indexer.size() - 1);
  std::vector<std::string> states;
  for (int i = 0; i < 12; ++i) {
    const State s = indexer.StateAt(any(rng));
    std::string text;
    for (int c = 0; c < 12; ++c) {
      text += (c ? "," : "") + std::to_string(s.tile[c]);
    }
    states.push_back(text);
  }
  const auto answers = [&](const std::string& db, const std::string& in,
                           const std::vector<std::string>& extra) {
    std::vector<std::string> args = {"--db", db,         "--board",
                                     "3x4",  "--format", "json"};
    args.insert(args.end(), extra.begin(), extra.end());
    const CliResult q = RunQueryCli(args, in);
    EXPECT_EQ(q.status, kExitOk) << q.err;
    return q.out;
  };
  std::string batch;
  for (const std::string& s : states) batch += s + "\n";
  const std::string expected = answers(none, batch, {});
  EXPECT_EQ(answers(words, batch, {}), expected);
  EXPECT_EQ(answers(words, "", {states[0]}), answers(none, "", {states[0]}));
  // Another build into the database keeps the words (the file is carried
  // into the new copy).
  r = RunBuildCli({"--db", words, "--board", "2x3", "--quiet"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  EXPECT_EQ(answers(words, batch, {}), expected);
  // A word changed on disk: --verify finds it; the file gone: a query says
  // so rather than answer.
  const std::string file = words + "/3x4-b11-0.words";
  {
    std::fstream f(file, std::ios::in | std::ios::out | std::ios::binary);
    ASSERT_TRUE(f.good()) << file;
    f.seekp(4000);
    f.put('\x5a');
  }
  r = RunBuildCli({"--db", words, "--board", "3x4", "--verify"});
  EXPECT_EQ(r.status, kExitFailure) << r.out;
  EXPECT_NE(r.out.find("successor word of entry"), std::string::npos) << r.out;
  std::filesystem::remove(file);
  const CliResult q = RunQueryCli({"--db", words, "--board", "3x4", states[0]});
  EXPECT_NE(q.status, kExitOk);
  EXPECT_NE(q.err.find("lacks its successor words"), std::string::npos)
      << q.err;
  // So does a goal the set answers through the half turn (the blank
  // first), rather than "no pattern databases".
  const CliResult turned =
      RunQueryCli({"--db", words, "--board", "3x4", "--goal",
                   "0,1,2,3,4,5,6,7,8,9,10,11", "1,0,2,3,4,5,6,7,8,9,10,11"});
  EXPECT_EQ(turned.status, q.status);
  EXPECT_NE(turned.err.find("lacks its successor words"), std::string::npos)
      << turned.err;
  // --pdb strong on a set without words builds them: it does not serve.
  r = RunBuildCli({"--db", none, "--board", "3x4", "--pdb", "strong", "--words",
                   "--quiet"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  EXPECT_EQ(r.out.find("already served"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("successor words"), std::string::npos) << r.out;
}

// A batch asks for the pattern databases whole (Solver::set_pdbs_whole):
// read whole without successor words; with them only the pages the start
// states' entries are on, as a search over the words reads no other entry.
TEST(PdbCliTest, SuccessorWordsLeaveTheEntriesAPageAtATime) {
  const State start = Indexer(Board(3, 4), 11).StateAt(123456);
  for (const bool words : {true, false}) {
    const std::string db = TempDir("pdb-whole") + "/db";
    const CliResult r =
        RunBuildCli({"--db", db, "--board", "3x4", "--pdb", "strong",
                     words ? "--words" : "--no-words", "--quiet"});
    ASSERT_EQ(r.status, kExitOk) << r.err;
    std::unique_ptr<Database> opened;
    ASSERT_TRUE(Database::Open(db, &opened).ok());
    Solver solver(opened.get());
    solver.set_pdbs_whole(true);
    std::shared_ptr<const PdbSearch> search;
    int symmetry = 0;
    ASSERT_TRUE(solver.GetPdbSearch(Board(3, 4), 11, &search, &symmetry).ok());
    EXPECT_EQ(search->has_words(), words);
    EXPECT_GT(search->Heuristic(start), 0);
    if (words) {
      EXPECT_GT(search->pages_read(), 0u);
    } else {
      EXPECT_EQ(search->pages_read(), 0u);
    }
  }
}

}  // namespace
}  // namespace slidedb
