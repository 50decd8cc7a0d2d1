// Cross tables (lib/search/pdb_cross.h) as slidedb-build makes them: the
// goal's cross partition, a group's direct table against its pattern
// database by placement, their metadata, their files written, carried into
// a later build's copy and removed with their set (DatabaseWriter), their
// check (slidedb-build --verify), and which sets carry them (the builder).
// 5x5's tables take a minute each: the tables here are of small boards.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "builder/build_pdb.h"
#include "lib/analysis/check.h"
#include "lib/puzzle/pattern.h"
#include "lib/puzzle/symmetry.h"
#include "lib/search/pdb_build.h"
#include "lib/search/pdb_cross.h"
#include "lib/solve/pdb_load.h"
#include "lib/storage/database.h"
#include "lib/storage/database_writer.h"
#include "lib/storage/format.h"
#include "lib/storage/pdb_meta.h"
#include "tests/pdb_test_util.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

namespace fs = std::filesystem;
using testing::TempDir;

// The cells of `tiles` in the canonical goal with the blank on
// `goal_blank`: tile t on the t-th cell the blank leaves free.
std::set<int> CrossHomeCells(int goal_blank, const std::vector<int>& tiles) {
  std::set<int> cells;
  for (int t : tiles) cells.insert(t - 1 < goal_blank ? t - 1 : t);
  return cells;
}

// A 3x3 set of SmallPdbMeta's partition (1,2,3 / 4-8) by placement: group
// 0's cross group `cross` (meta, entries, table), group 1's the tiles it
// leaves (rest_meta, rest_entries, rest_table).
struct CrossSmallSet {
  PdbMeta meta;
  std::vector<uint8_t> entries;
  std::vector<uint8_t> table;
  PdbMeta rest_meta;
  std::vector<uint8_t> rest_entries;
  std::vector<uint8_t> rest_table;
};

// Group `group` (its tiles `tiles`) with the cross group `cross`, into
// *meta, *entries and *table.
void CrossMakeGroup(int group, const std::vector<int>& tiles,
                    const std::vector<int>& cross, PdbMeta* meta,
                    std::vector<uint8_t>* entries,
                    std::vector<uint8_t>* table) {
  const Board board(3, 3);
  PdbResult r;
  EXPECT_TRUE(
      BuildPatternDb(board, 8, tiles, PdbIndexKind::kPlacement, 1, nullptr, &r)
          .ok());
  *meta = testing::SmallPdbMeta(PdbIndexKind::kPlacement, r);
  meta->group = group;
  meta->tiles = tiles;
  meta->cross_tiles = cross;
  meta->SetPages();
  *entries = std::move(r.values);
  EXPECT_TRUE(BuildCrossTable(board, 8, cross, 1, nullptr, table).ok());
}

CrossSmallSet CrossMakeSmallSet(const std::vector<int>& cross) {
  CrossSmallSet p;
  CrossMakeGroup(0, {1, 2, 3}, cross, &p.meta, &p.entries, &p.table);
  std::vector<int> rest;
  for (int t = 1; t < 9; ++t) {
    if (std::find(cross.begin(), cross.end(), t) == cross.end()) {
      rest.push_back(t);
    }
  }
  CrossMakeGroup(1, {4, 5, 6, 7, 8}, rest, &p.rest_meta, &p.rest_entries,
                 &p.rest_table);
  return p;
}

// Writes `set` into the database at `dir` as a build does: its set
// replaced, the cross table before the metadata that names it.
Status CrossWriteSet(const std::string& dir, const CrossSmallSet& set) {
  std::unique_ptr<DatabaseWriter> w;
  Status s = DatabaseWriter::Begin(dir, &w);
  if (s.ok()) s = w->RemovePdbs(set.meta.TableId());
  if (s.ok()) s = w->PutPdbCross(set.meta, set.table);
  if (s.ok()) s = w->PutPdb(set.meta, set.entries);
  if (s.ok() && set.rest_meta.has_cross()) {
    s = w->PutPdbCross(set.rest_meta, set.rest_table);
  }
  if (s.ok()) s = w->PutPdb(set.rest_meta, set.rest_entries);
  return s.ok() ? w->Commit() : s;
}

std::vector<uint8_t> CrossReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {});
}

// The problems --verify lists for 3x3's pattern databases in `dir`.
std::string CrossCheckProblems(const std::string& dir) {
  return testing::PdbCheckProblems(dir, Board(3, 3));
}

TEST(PdbCrossBuildTest, TheFiveByFiveBlankLastGroups) {
  const Partition want = {{1, 6, 11, 16, 21, 22},
                          {2, 7, 12, 13, 17, 18},
                          {3, 4, 5, 8, 9, 10},
                          {14, 15, 19, 20, 23, 24}};
  EXPECT_EQ(CrossPartition(Board(5, 5), 24), want);
}

TEST(PdbCrossBuildTest, TheBlankFirstGetsTheHalfTurn) {
  // Tile t of the blank-last goal is on cell t - 1; the half turn takes it
  // to cell 25 - t, where the blank-first goal has tile 25 - t.
  Partition want;
  for (const auto& group : CrossPartition(Board(5, 5), 24)) {
    std::vector<int> turned;
    for (int t : group) turned.push_back(25 - t);
    std::sort(turned.begin(), turned.end());
    want.push_back(turned);
  }
  std::sort(want.begin(), want.end());
  const Partition first = CrossPartition(Board(5, 5), 0);
  EXPECT_EQ(first, want);
  EXPECT_NE(first, CrossPartition(Board(5, 5), 24));
}

TEST(PdbCrossBuildTest, EveryCornerSplitsAllTilesIntoFourGroupsOfSix) {
  const Board board(5, 5);
  const Partition last = CrossPartition(board, 24);
  for (const int corner : {0, 4, 20, 24}) {
    const Partition p = CrossPartition(board, corner);
    ASSERT_EQ(p.size(), 4u) << corner;
    std::vector<int> all;
    for (const auto& group : p) {
      EXPECT_EQ(group.size(), 6u) << corner;
      EXPECT_TRUE(std::is_sorted(group.begin(), group.end())) << corner;
      all.insert(all.end(), group.begin(), group.end());
    }
    std::sort(all.begin(), all.end());
    std::vector<int> tiles(24);
    for (int t = 1; t <= 24; ++t) tiles[t - 1] = t;
    EXPECT_EQ(all, tiles) << corner;
    // Its groups' cells are the blank-last groups' cells turned or
    // mirrored by a symmetry that takes cell 24 to the corner.
    std::set<std::set<int>> cells;
    for (const auto& group : p) cells.insert(CrossHomeCells(corner, group));
    bool found = false;
    for (int k = 0; k < ShapeSymmetries(board); ++k) {
      if (ApplySymmetry(board, k, 24) != corner) continue;
      std::set<std::set<int>> moved;
      for (const auto& group : last) {
        std::set<int> image;
        for (int c : CrossHomeCells(24, group)) {
          image.insert(ApplySymmetry(board, k, c));
        }
        moved.insert(image);
      }
      found = found || moved == cells;
    }
    EXPECT_TRUE(found) << corner;
  }
}

TEST(PdbCrossBuildTest, OtherBlanksAndBoardsHaveNone) {
  for (int blank = 0; blank < 25; ++blank) {
    if (blank == 0 || blank == 4 || blank == 20 || blank == 24) continue;
    EXPECT_TRUE(CrossPartition(Board(5, 5), blank).empty()) << blank;
  }
  for (const Board& board :
       {Board(3, 3), Board(4, 4), Board(4, 5), Board(5, 4), Board(3, 5)}) {
    EXPECT_TRUE(CrossPartition(board, board.cells() - 1).empty())
        << board.Name();
    EXPECT_TRUE(CrossPartition(board, 0).empty()) << board.Name();
  }
}

// Every byte of a direct table at a placement is the pattern database's
// entry by placement there; a byte whose digits repeat a cell is 0.
TEST(PdbCrossBuildTest, ADirectTableHoldsThePlacementEntries) {
  struct Case {
    Board board;
    int goal_blank;
    std::vector<int> tiles;
  };
  for (const Case& c :
       {Case{Board(3, 3), 8, {2, 5, 7}}, Case{Board(2, 4), 0, {3, 6}},
        Case{Board(3, 3), 4, {8, 1}}}) {
    const int cells = c.board.cells();
    const int k = static_cast<int>(c.tiles.size());
    std::vector<uint8_t> table;
    ASSERT_TRUE(
        BuildCrossTable(c.board, c.goal_blank, c.tiles, 2, nullptr, &table)
            .ok());
    PdbResult placement;
    ASSERT_TRUE(BuildPatternDb(c.board, c.goal_blank, c.tiles,
                               PdbIndexKind::kPlacement, 1, nullptr, &placement)
                    .ok());
    uint64_t size = 1;
    for (int i = 0; i < k; ++i) size *= cells;
    EXPECT_EQ(table.size(), size);
    EXPECT_EQ(CrossTableBytes(c.board, k), size);
    ASSERT_EQ(table.size(), size) << c.board.Name();
    const PatternIndexer indexer(cells, k);
    uint64_t placements = 0;
    for (uint64_t at = 0; at < size; ++at) {
      uint8_t cell[kMaxCrossTiles];
      uint32_t used = 0;
      bool repeated = false;
      uint64_t rest = at;
      for (int i = 0; i < k; ++i) {
        cell[i] = static_cast<uint8_t>(rest % cells);
        rest /= cells;
        repeated = repeated || (used >> cell[i] & 1) != 0;
        used |= 1u << cell[i];
      }
      if (repeated) {
        EXPECT_EQ(table[at], 0) << c.board.Name() << " byte " << at;
        continue;
      }
      ++placements;
      EXPECT_EQ(table[at], placement.values[indexer.IndexOf(cell)])
          << c.board.Name() << " byte " << at;
    }
    EXPECT_EQ(placements, placement.values.size());
    // Not all zeros: the tiles off their goal cells are some moves away.
    EXPECT_GT(*std::max_element(table.begin(), table.end()), 0);
  }
}

TEST(PdbCrossBuildTest, MetadataKeepsItsCrossGroup) {
  const CrossSmallSet set = CrossMakeSmallSet({2, 5, 7});
  const std::string json = set.meta.ToJson();
  PdbMeta read;
  ASSERT_TRUE(PdbMeta::FromJson(json, &read).ok()) << json;
  EXPECT_EQ(read.cross_tiles, (std::vector<int>{2, 5, 7}));
  EXPECT_TRUE(read.has_cross());
  EXPECT_EQ(read.cross_bytes(), 729u);
  EXPECT_EQ(read.CrossFileName(), "3x3-b8-0.cross");
  EXPECT_EQ(read.CrossFileName(), PdbCrossFileName(read.TableId(), 0));
  const auto j = nlohmann::json::parse(json);
  EXPECT_EQ(j.at("cross_file").get<std::string>(), "3x3-b8-0.cross");
  EXPECT_EQ(j.at("cross_bytes").get<uint64_t>(), 729u);
  // Without a cross group, none of its fields.
  PdbMeta plain = set.meta;
  plain.cross_tiles.clear();
  EXPECT_FALSE(plain.has_cross());
  EXPECT_FALSE(nlohmann::json::parse(plain.ToJson()).contains("cross_file"));
  ASSERT_TRUE(PdbMeta::FromJson(plain.ToJson(), &read).ok());
  EXPECT_FALSE(read.has_cross());
  // Fields that do not agree are corruption.
  const auto corrupt = [&](const char* key, const nlohmann::json& value) {
    auto bad = j;
    bad[key] = value;
    PdbMeta out;
    const Status s = PdbMeta::FromJson(bad.dump(), &out);
    EXPECT_TRUE(s.IsCorruption()) << key << ": " << s.ToString();
  };
  corrupt("cross_bytes", 728);
  corrupt("cross_bytes", 81);
  corrupt("cross_file", "3x3-b8-1.cross");
  corrupt("cross_file", "3x3-b8-0.words");
  corrupt("cross_tiles", std::vector<int>{2, 5, 5});
  corrupt("cross_tiles", std::vector<int>{2, 5, 9});
}

TEST(PdbCrossBuildTest, TheWriterRefusesATableNotOfItsMetadata) {
  const std::string dir = TempDir("cross-refused") + "/db";
  CrossSmallSet set = CrossMakeSmallSet({2, 5, 7});
  std::unique_ptr<DatabaseWriter> w;
  ASSERT_TRUE(DatabaseWriter::Begin(dir, &w).ok());
  std::vector<uint8_t> short_table(set.table.begin(), set.table.end() - 1);
  EXPECT_TRUE(w->PutPdbCross(set.meta, short_table).IsInternal());
  PdbMeta none = set.meta;
  none.cross_tiles.clear();
  EXPECT_TRUE(w->PutPdbCross(none, {0}).IsInternal());
  EXPECT_FALSE(fs::exists(w->aside_dir() + "/" + set.meta.CrossFileName()));
  EXPECT_TRUE(w->PutPdbCross(set.meta, set.table).ok());
  EXPECT_TRUE(fs::exists(w->aside_dir() + "/" + set.meta.CrossFileName()));
}

// The file is written whole; a later build's copy links it (the same file,
// not a copy), and a set built again in its place removes it.
TEST(PdbCrossBuildTest, TheFileIsWrittenCarriedAndRemovedWithItsSet) {
  const std::string dir = TempDir("cross-carried") + "/db";
  const CrossSmallSet set = CrossMakeSmallSet({2, 5, 7});
  ASSERT_TRUE(CrossWriteSet(dir, set).ok());
  const std::string path = dir + "/" + set.meta.CrossFileName();
  ASSERT_TRUE(fs::exists(path));
  EXPECT_EQ(fs::file_size(path), set.meta.cross_bytes());
  EXPECT_EQ(CrossReadFile(path), set.table);
  {
    std::unique_ptr<Database> db;
    ASSERT_TRUE(Database::Open(dir, &db).ok());
    ASSERT_EQ(db->pdbs().size(), 2u);
    EXPECT_EQ(db->pdbs()[0].cross_tiles, set.meta.cross_tiles);
    EXPECT_EQ(db->PdbCrossPath(db->pdbs()[0]), dir + "/3x3-b8-0.cross");
  }
  struct stat before {};
  ASSERT_EQ(stat(path.c_str(), &before), 0);
  {
    std::unique_ptr<DatabaseWriter> w;
    ASSERT_TRUE(DatabaseWriter::Begin(dir, &w).ok());
    const std::string carried = w->aside_dir() + "/" + set.meta.CrossFileName();
    struct stat copy {};
    ASSERT_EQ(stat(carried.c_str(), &copy), 0);
    EXPECT_EQ(copy.st_ino, before.st_ino);  // linked
    const auto [meta, records] = testing::SmallTable(Board(2, 2), 3);
    ASSERT_TRUE(w->PutTable(meta, records).ok());
    ASSERT_TRUE(w->Commit().ok());
  }
  EXPECT_EQ(CrossReadFile(path), set.table);
  EXPECT_EQ(CrossCheckProblems(dir), "");
  // The set built again without cross groups: their files go with it.
  CrossSmallSet plain = set;
  plain.meta.cross_tiles.clear();
  plain.rest_meta.cross_tiles.clear();
  {
    std::unique_ptr<DatabaseWriter> w;
    ASSERT_TRUE(DatabaseWriter::Begin(dir, &w).ok());
    ASSERT_TRUE(w->RemovePdbs(plain.meta.TableId()).ok());
    EXPECT_FALSE(fs::exists(w->aside_dir() + "/" + set.meta.CrossFileName()));
    ASSERT_TRUE(w->PutPdb(plain.meta, plain.entries).ok());
    ASSERT_TRUE(w->PutPdb(plain.rest_meta, plain.rest_entries).ok());
    ASSERT_TRUE(w->Commit().ok());
  }
  EXPECT_FALSE(fs::exists(path));
  EXPECT_FALSE(fs::exists(dir + "/" + set.rest_meta.CrossFileName()));
  EXPECT_EQ(CrossCheckProblems(dir), "");
}

// --verify: a sound table passes; a byte changed, a file cut short or gone
// is a problem of its pattern database; a file that no metadata names is
// one of the database.
TEST(PdbCrossBuildTest, VerifyChecksTheCrossFile) {
  const std::string dir = TempDir("cross-verify") + "/db";
  const CrossSmallSet set = CrossMakeSmallSet({2, 5, 7});
  ASSERT_TRUE(CrossWriteSet(dir, set).ok());
  const std::string path = dir + "/" + set.meta.CrossFileName();
  EXPECT_EQ(CrossCheckProblems(dir), "");
  // A byte at a placement (tiles 2, 5, 7 on cells 0, 1, 2), then one whose
  // cells repeat (all on cell 0), which must be 0.
  for (const uint64_t at : {uint64_t{0 + 1 * 9 + 2 * 81}, uint64_t{0}}) {
    std::vector<uint8_t> changed = set.table;
    changed[at] ^= 0x10;
    std::ofstream(path, std::ios::binary | std::ios::trunc)
        .write(reinterpret_cast<const char*>(changed.data()),
               static_cast<std::streamsize>(changed.size()));
    const std::string problems = CrossCheckProblems(dir);
    EXPECT_NE(problems.find("byte " + std::to_string(at) +
                            " of its cross table's file 3x3-b8-0.cross"),
              std::string::npos)
        << problems;
  }
  fs::resize_file(path, 700);
  std::string problems = CrossCheckProblems(dir);
  EXPECT_NE(problems.find("holds 700 bytes, its metadata says 729"),
            std::string::npos)
      << problems;
  fs::remove(path);
  problems = CrossCheckProblems(dir);
  EXPECT_NE(problems.find("3x3-b8-0.cross cannot be read"), std::string::npos)
      << problems;
  // Put back, and another beside it that no metadata names.
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(set.table.data()),
             static_cast<std::streamsize>(set.table.size()));
  EXPECT_EQ(CrossCheckProblems(dir), "");
  fs::copy_file(path, dir + "/3x3-b8-2.cross");
  problems = CrossCheckProblems(dir);
  EXPECT_NE(problems.find("stray file 3x3-b8-2.cross"), std::string::npos)
      << problems;
}

// --verify tells a set whose cross groups are not a partition of the
// tiles, or that only some groups have, and the loader refuses it (each
// group's own file sound).
TEST(PdbCrossBuildTest, VerifyChecksTheCrossGroupsOfTheWholeSet) {
  const std::string dir = TempDir("cross-set") + "/db";
  const auto load = [&dir] {
    std::unique_ptr<Database> db;
    Status s = Database::Open(dir, &db);
    std::shared_ptr<const PdbSearch> search;
    if (s.ok()) s = LoadPdbs(*db, Board(3, 3), 8, false, nullptr, &search);
    return s;
  };
  CrossSmallSet set = CrossMakeSmallSet({2, 5, 7});
  ASSERT_TRUE(CrossWriteSet(dir, set).ok());
  EXPECT_EQ(CrossCheckProblems(dir), "");
  EXPECT_TRUE(load().ok());
  // Group 1's cross group without tile 8: no group has it.
  CrossMakeGroup(1, {4, 5, 6, 7, 8}, {1, 3, 4, 6}, &set.rest_meta,
                 &set.rest_entries, &set.rest_table);
  ASSERT_TRUE(CrossWriteSet(dir, set).ok());
  std::string problems = CrossCheckProblems(dir);
  EXPECT_NE(problems.find("the cross tables of 3x3/b8 are not a partition of "
                          "every tile"),
            std::string::npos)
      << problems;
  EXPECT_TRUE(load().IsCorruption()) << load().ToString();
  set.rest_meta.cross_tiles.clear();
  ASSERT_TRUE(CrossWriteSet(dir, set).ok());
  problems = CrossCheckProblems(dir);
  EXPECT_NE(problems.find("have cross tables for some groups only"),
            std::string::npos)
      << problems;
  EXPECT_TRUE(load().IsCorruption()) << load().ToString();
}

// The builder builds cross tables for 5x5's default groups by blank region
// with successor words, the blank in a corner, and for no other set.
TEST(PdbCrossBuildTest, OnlyTheStrongDefaultSetWithWordsCarriesThem) {
  const Board board(5, 5);
  constexpr PdbIndexKind kRegion = PdbIndexKind::kBlankRegion;
  for (const int corner : {0, 4, 20, 24}) {
    const Partition groups = DefaultPartition(board, corner);
    EXPECT_EQ(CarriedCrossPartition(board, corner, groups, kRegion, true),
              CrossPartition(board, corner))
        << corner;
    EXPECT_TRUE(
        CarriedCrossPartition(board, corner, groups, kRegion, false).empty());
    EXPECT_TRUE(CarriedCrossPartition(board, corner, groups,
                                      PdbIndexKind::kPlacement, true)
                    .empty());
  }
  Partition other;
  ASSERT_TRUE(ParsePartition("6-6-6-6", board, &other).ok());
  EXPECT_TRUE(CarriedCrossPartition(board, 24, other, kRegion, true).empty());
  EXPECT_TRUE(CarriedCrossPartition(board, 12, DefaultPartition(board, 12),
                                    kRegion, true)
                  .empty());
  const Board four(4, 4);
  EXPECT_TRUE(
      CarriedCrossPartition(four, 15, DefaultPartition(four, 15), kRegion, true)
          .empty());
}

}  // namespace
}  // namespace slidedb
