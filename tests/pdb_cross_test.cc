// The cross partition's tables (lib/search/pdb_cross.h) in the search over
// successor words (lib/search/ida_words.h): they only prune, so the search
// finds the same path from a subset of the states.
#include "lib/search/pdb_cross.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <memory>

#include "lib/answer/tables.h"
#include "lib/puzzle/index.h"
#include "lib/puzzle/pattern.h"
#include "lib/search/ida_search.h"
#include "lib/search/pdb_words.h"
#include "lib/solve/pdb_load.h"
#include "lib/storage/database.h"
#include "lib/storage/database_writer.h"
#include "lib/storage/format.h"
#include "tests/pdb_test_util.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

// A set by blank region with its words, and the direct tables of `cross`.
struct CrossSet {
  std::vector<std::vector<uint8_t>> values;
  std::vector<std::vector<uint32_t>> words;
  std::vector<std::vector<uint8_t>> cross;
};

CrossSet BuildCrossSet(const Board& board, int goal_blank, const Partition& p,
                       const Partition& cross) {
  CrossSet out;
  testing::PdbByRegion set = testing::BuildPdbByRegion(board, goal_blank, p);
  out.values = std::move(set.values);
  out.words = std::move(set.words);
  for (const auto& tiles : cross) {
    std::vector<uint8_t> table;
    EXPECT_TRUE(
        BuildCrossTable(board, goal_blank, tiles, 2, nullptr, &table).ok());
    EXPECT_EQ(table.size(),
              CrossTableBytes(board, static_cast<int>(tiles.size())));
    out.cross.push_back(std::move(table));
  }
  return out;
}

std::vector<PdbValues> CrossValues(
    const std::vector<std::vector<uint8_t>>& tables) {
  std::vector<PdbValues> v;
  for (const auto& t : tables) v.emplace_back(t);
  return v;
}

struct CrossCase {
  Board board;
  int goal_blank;
  Partition partition, cross;
  int step;
};

// Every case's states (one in `step`): with the cross tables the same path
// (on one thread and on two) and the same answer of one bounded iteration,
// from at most as many states, and from fewer over all of them; with
// tables of zeros (a bound that prunes nothing) the very same states.
TEST(PdbCrossTest, TheSamePathFromFewerStates) {
  const int scale = testing::kSanitized ? 4 : 1;
  for (const CrossCase& c : {CrossCase{Board(3, 4),
                                       11,
                                       ConsecutiveGroups({5, 6}),
                                       {{1, 2, 5, 6, 9, 10}, {3, 4, 7, 8, 11}},
                                       239501 * scale},
                             CrossCase{Board(3, 3),
                                       0,
                                       ConsecutiveGroups({4, 4}),
                                       {{1, 3, 4, 7}, {2, 5, 6, 8}},
                                       211 * scale},
                             CrossCase{Board(3, 3),
                                       8,
                                       ConsecutiveGroups({4, 4}),
                                       {{1, 2, 5, 8}, {3, 4, 6, 7}},
                                       211 * scale}}) {
    SCOPED_TRACE(c.board.Name() + " goal blank " +
                 std::to_string(c.goal_blank));
    const CrossSet t =
        BuildCrossSet(c.board, c.goal_blank, c.partition, c.cross);
    const PdbSearch words(c.board, c.goal_blank, c.partition,
                          PdbIndexKind::kBlankRegion, t.values, t.words);
    PdbSearch crossed(c.board, c.goal_blank, c.partition,
                      PdbIndexKind::kBlankRegion, t.values, t.words);
    crossed.AddCross(c.cross, CrossValues(t.cross));
    PdbSearch zeros(c.board, c.goal_blank, c.partition,
                    PdbIndexKind::kBlankRegion, t.values, t.words);
    std::vector<std::vector<uint8_t>> none = t.cross;
    for (auto& table : none) std::fill(table.begin(), table.end(), 0);
    zeros.AddCross(c.cross, CrossValues(none));
    // Words being read in (a cold page cache): the entries' search, which
    // has no cross tables, the states of the words alone.
    PdbSearch cold(c.board, c.goal_blank, c.partition,
                   PdbIndexKind::kBlankRegion, t.values, t.words);
    cold.AddCross(c.cross, CrossValues(t.cross));
    cold.SetWordsReadyForTesting(false);
    ASSERT_TRUE(crossed.has_cross());
    ASSERT_FALSE(words.has_cross());
    const Indexer indexer(c.board, c.goal_blank);
    uint64_t before = 0, after = 0;
    for (Index i = 0; i < indexer.size(); i += c.step) {
      const State s = indexer.StateAt(i);
      Path a, b, z, two_threads;
      ASSERT_TRUE(words.Solve(s, &a).ok());
      ASSERT_TRUE(crossed.Solve(s, &b).ok());
      ASSERT_TRUE(zeros.Solve(s, &z).ok());
      ASSERT_EQ(a.moves, b.moves) << i;
      ASSERT_EQ(a.tiles, b.tiles) << i;
      ASSERT_LE(b.nodes, a.nodes) << i;
      ASSERT_EQ(z.moves, a.moves) << i;
      ASSERT_EQ(z.nodes, a.nodes) << i;
      Path w;
      ASSERT_TRUE(cold.Solve(s, &w).ok());
      ASSERT_EQ(w.moves, a.moves) << i;
      ASSERT_EQ(w.nodes, a.nodes) << i;
      SearchLimits two;
      two.threads = 2;
      ASSERT_TRUE(crossed.Solve(s, &two_threads, two).ok());
      ASSERT_EQ(two_threads.moves, a.moves) << i;
      bool within_a, within_b;
      const int below = std::max(0, a.distance() - 2);
      ASSERT_TRUE(words.Within(s, below, &within_a).ok());
      ASSERT_TRUE(crossed.Within(s, below, &within_b).ok());
      ASSERT_EQ(within_a, within_b) << i;
      ASSERT_TRUE(crossed.Within(s, a.distance(), &within_b).ok());
      ASSERT_TRUE(within_b) << i;
      before += a.nodes;
      after += b.nodes;
    }
    EXPECT_LT(after, before);
  }
}

// Writes the set `t` (by blank region, with words, tables of `cross`) of
// 3x3's blank-last goal into a database at `dir`, as slidedb-build would.
Status CrossWriteDatabase(const std::string& dir, const Partition& p,
                          const Partition& cross, const CrossSet& t) {
  std::unique_ptr<DatabaseWriter> w;
  Status s = DatabaseWriter::Begin(dir, &w);
  const Board board(3, 3);
  for (size_t g = 0; s.ok() && g < p.size(); ++g) {
    PdbMeta m;
    m.board = board;
    m.goal_blank = 8;
    m.goal = "1,2,3,4,5,6,7,8,0";
    m.partition = p;
    m.group = static_cast<int>(g);
    m.tiles = p[g];
    m.index = PdbIndexKind::kBlankRegion;
    m.entries = t.values[g].size();
    m.max_value = *std::max_element(t.values[g].begin(), t.values[g].end());
    m.histogram.assign(m.max_value + 1, 0);
    for (uint8_t v : t.values[g]) ++m.histogram[v];
    m.words = true;
    m.cross_tiles = cross[g];
    m.SetPages();
    s = w->PutPdbWords(m, t.words[g]);
    if (s.ok()) s = w->PutPdbCross(m, t.cross[g]);
    if (s.ok()) s = w->PutPdb(m, t.values[g]);
  }
  return s.ok() ? w->Commit() : s;
}

// A database holding cross tables: loaded with them (the same paths from
// fewer states than the words alone), listed with them, and a missing
// table's file is Corruption that names it.
TEST(PdbCrossTest, ADatabaseLoadsListsAndMissesItsCrossTables) {
  const Board board(3, 3);
  const Partition p = ConsecutiveGroups({4, 4});
  const Partition cross = {{1, 2, 5, 8}, {3, 4, 6, 7}};
  const CrossSet t = BuildCrossSet(board, 8, p, cross);
  const std::string dir = testing::TempDir("pdb_cross_db");
  ASSERT_TRUE(CrossWriteDatabase(dir, p, cross, t).ok());
  std::unique_ptr<Database> db;
  ASSERT_TRUE(Database::Open(dir, &db).ok());
  std::shared_ptr<const PdbSearch> loaded;
  ASSERT_TRUE(LoadPdbs(*db, board, 8, false, nullptr, &loaded).ok());
  ASSERT_TRUE(loaded->has_words());
  ASSERT_TRUE(loaded->has_cross());
  const PdbSearch words(board, 8, p, PdbIndexKind::kBlankRegion, t.values,
                        t.words);
  const Indexer indexer(board, 8);
  uint64_t before = 0, after = 0;
  for (Index i = 0; i < indexer.size(); i += 997) {
    Path a, b;
    ASSERT_TRUE(words.Solve(indexer.StateAt(i), &a).ok());
    ASSERT_TRUE(loaded->Solve(indexer.StateAt(i), &b).ok());
    ASSERT_EQ(a.moves, b.moves) << i;
    before += a.nodes;
    after += b.nodes;
  }
  EXPECT_LT(after, before);
  std::vector<GoalInfo> goals;
  ASSERT_TRUE(ListGoals(*db, &goals).ok());
  std::string json, text;
  AppendGoalsJson(goals, &json);
  AppendGoalsText(goals, &text);
  EXPECT_NE(json.find("\"words\":true,\"cross\":true"), std::string::npos)
      << json;
  EXPECT_NE(text.find("with successor words and cross tables"),
            std::string::npos)
      << text;
  // Groups that are not a partition of every tile (tile 1 twice, 3 in
  // none) would be looked up in the wrong tables: refused.
  const Partition overlapping = {{1, 2, 5, 8}, {1, 4, 6, 7}};
  const std::string bad = testing::TempDir("pdb_cross_overlap");
  ASSERT_TRUE(CrossWriteDatabase(bad, p, overlapping,
                                 BuildCrossSet(board, 8, p, overlapping))
                  .ok());
  std::unique_ptr<Database> bad_db;
  ASSERT_TRUE(Database::Open(bad, &bad_db).ok());
  Status s = LoadPdbs(*bad_db, board, 8, false, nullptr, &loaded);
  EXPECT_TRUE(s.IsCorruption()) << s.ToString();
  EXPECT_NE(s.message().find("not a partition"), std::string::npos)
      << s.ToString();
  db.reset();
  std::filesystem::remove(dir + "/" + PdbCrossFileName("3x3/b8", 1));
  ASSERT_TRUE(Database::Open(dir, &db).ok());
  s = LoadPdbs(*db, board, 8, false, nullptr, &loaded);
  EXPECT_TRUE(s.IsCorruption()) << s.ToString();
  EXPECT_NE(s.message().find("lacks its cross table"), std::string::npos)
      << s.ToString();
}

}  // namespace
}  // namespace slidedb
