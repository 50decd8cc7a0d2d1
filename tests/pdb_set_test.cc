// A goal's pattern databases as one set: what the loader (LoadPdbs) needs
// of the whole set beyond each group's own entries (PdbSetOk), and that
// slidedb-build --verify names the sets it refuses, in the loader's words.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "lib/puzzle/board.h"
#include "lib/puzzle/pattern.h"
#include "lib/search/pdb_build.h"
#include "lib/solve/pdb_load.h"
#include "lib/storage/database.h"
#include "lib/storage/database_writer.h"
#include "lib/storage/pdb_meta.h"
#include "tests/pdb_test_util.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

// One group of 3x3's set 1,2,3 / 4,5,6,7,8 (the blank last) as a build
// writes it: its metadata and entries.
struct SetGroup {
  PdbMeta meta;
  std::vector<uint8_t> entries;
};

// Group `group` (0 or 1) numbered by `index`.
SetGroup MakeSetGroup(int group, PdbIndexKind index) {
  const std::vector<int> tiles =
      group == 0 ? std::vector<int>{1, 2, 3} : std::vector<int>{4, 5, 6, 7, 8};
  PdbResult r;
  EXPECT_TRUE(
      BuildPatternDb(Board(3, 3), 8, tiles, index, 1, nullptr, &r).ok());
  SetGroup g{testing::SmallPdbMeta(index, r), std::move(r.values)};
  g.meta.group = group;
  g.meta.tiles = tiles;
  g.meta.SetPages();
  return g;
}

// Writes `groups` as the whole set of their goal in the database at `dir`,
// in place of the set there.
Status WriteSet(const std::string& dir, const std::vector<SetGroup>& groups) {
  std::unique_ptr<DatabaseWriter> w;
  Status s = DatabaseWriter::Begin(dir, &w);
  if (s.ok()) s = w->RemovePdbs(groups[0].meta.TableId());
  for (const SetGroup& g : groups) {
    if (s.ok()) s = w->PutPdb(g.meta, g.entries);
  }
  return s.ok() ? w->Commit() : s;
}

// What loading the set of 3x3's goal in `dir` for a search gives.
Status LoadSet(const std::string& dir) {
  std::unique_ptr<Database> db;
  Status s = Database::Open(dir, &db);
  std::shared_ptr<const PdbSearch> search;
  if (s.ok()) s = LoadPdbs(*db, Board(3, 3), 8, false, nullptr, &search);
  return s;
}

// A set without one of its groups, with groups of two partitions or two
// numberings: --verify names it, the loader refuses it with the same
// words (Corruption), each group's own entries sound.
TEST(PdbSetTest, VerifyNamesEverySetTheLoaderRefuses) {
  const std::string dir = testing::TempDir("pdb-set") + "/db";
  const SetGroup first = MakeSetGroup(0, PdbIndexKind::kPlacement);
  const SetGroup second = MakeSetGroup(1, PdbIndexKind::kPlacement);
  ASSERT_TRUE(WriteSet(dir, {first, second}).ok());
  EXPECT_EQ(testing::PdbCheckProblems(dir, Board(3, 3)), "");
  EXPECT_TRUE(LoadSet(dir).ok());
  const auto refused = [&dir](const std::vector<SetGroup>& groups,
                              const std::string& want) {
    ASSERT_TRUE(WriteSet(dir, groups).ok());
    const std::string problems = testing::PdbCheckProblems(dir, Board(3, 3));
    EXPECT_NE(problems.find(want), std::string::npos) << problems;
    const Status s = LoadSet(dir);
    EXPECT_TRUE(s.IsCorruption()) << s.ToString();
    EXPECT_NE(s.message().find(want), std::string::npos) << s.ToString();
  };
  refused({first},
          "the pattern databases of 3x3/b8 lack group 1 of "
          "partition 3-5");
  refused({second},
          "the pattern databases of 3x3/b8 lack group 0 of "
          "partition 3-5");
  SetGroup other = second;  // group 1 of 1,2 / 4,5,6,7,8 / 3
  other.meta.partition = {{1, 2}, {4, 5, 6, 7, 8}, {3}};
  refused({first, other},
          "the pattern databases of 3x3/b8 mix partitions (3-5 "
          "and " +
              PartitionName(other.meta.partition) + ")");
  refused({first, MakeSetGroup(1, PdbIndexKind::kBlankRegion)},
          "the pattern databases of 3x3/b8 mix numberings (placement and "
          "blank-region)");
  // Whole again: nothing to say.
  ASSERT_TRUE(WriteSet(dir, {first, second}).ok());
  EXPECT_EQ(testing::PdbCheckProblems(dir, Board(3, 3)), "");
  EXPECT_TRUE(LoadSet(dir).ok());
}

// The options that build another goal's set like a stored one: what a
// missing goal's message suggests (TableErrorMessage).
TEST(PdbSetTest, BuildOptionsMakeASetLikeTheStoredOne) {
  PdbMeta meta;
  meta.board = Board(4, 4);
  meta.goal_blank = 5;
  meta.partition = DefaultPartition(meta.board, 5);
  EXPECT_EQ(PdbBuildOptions(meta), "");
  meta.index = PdbIndexKind::kBlankRegion;
  EXPECT_EQ(PdbBuildOptions(meta), " --pdb strong");
  meta.words = true;  // not 4x4's default
  EXPECT_EQ(PdbBuildOptions(meta), " --pdb strong --words");
  ASSERT_TRUE(ParsePartition("5-5-5", meta.board, &meta.partition).ok());
  EXPECT_EQ(PdbBuildOptions(meta), " --pdb strong:5-5-5 --words");
  meta.index = PdbIndexKind::kPlacement;
  meta.words = false;
  EXPECT_EQ(PdbBuildOptions(meta), " --pdb 5-5-5");
  // Groups of tiles not in order are named by their tiles, which the
  // builder reads back as the same groups.
  const std::string tiles = "1,2,5,6,9/3,4,7,8,10/11,12,13,14,15";
  ASSERT_TRUE(ParsePartition(tiles, meta.board, &meta.partition).ok());
  EXPECT_EQ(PdbBuildOptions(meta), " --pdb " + tiles);
  // 5x5 by blank region has words unless told.
  meta.board = Board(5, 5);
  meta.goal_blank = 24;
  meta.partition = DefaultPartition(meta.board, 24);
  meta.index = PdbIndexKind::kBlankRegion;
  EXPECT_EQ(PdbBuildOptions(meta), " --pdb strong --no-words");
  meta.words = true;
  EXPECT_EQ(PdbBuildOptions(meta), " --pdb strong");
}

}  // namespace
}  // namespace slidedb
