// The public API keeps each thread's last few sets of options and
// databases read (Db::Impl::Answering): calls that take turns between them
// answer each from its own, as calls that do not.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "slidedb/slidedb.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

TEST(ApiCacheTest, CallsTakingTurnsAnswerFromTheirOwn) {
  // A database with only the 2x3 table beside the test database.
  const std::string small = testing::TempDir("api-cache") + "/db";
  ASSERT_EQ(
      testing::RunBuildCli({"--db", small, "--board", "2x3", "--quiet"}).status,
      0);
  std::unique_ptr<Db> full, only_2x3;
  ASSERT_TRUE(Db::Open(testing::TestDatabase(), &full).ok());
  ASSERT_TRUE(Db::Open(small, &only_2x3).ok());
  Options stm, mtm, two_by_three, tile;
  mtm.metric = "mtm";
  two_by_three.board = "2x3";
  tile.notation = "tile";
  // More sets than a thread keeps, in turn, twice over.
  for (int round = 0; round < 2; ++round) {
    int d = -2;
    ASSERT_TRUE(full->Distance("867254301", stm, &d).ok());
    EXPECT_EQ(d, 31);
    EXPECT_TRUE(only_2x3->Distance("867254301", stm, &d).IsNotFound());
    ASSERT_TRUE(full->Distance("867254301", mtm, &d).ok());
    EXPECT_EQ(d, 20);
    ASSERT_TRUE(only_2x3->Distance("5_4321", two_by_three, &d).ok());
    EXPECT_EQ(d, 14);
    Solution sol;
    ASSERT_TRUE(full->Solve("123456708", tile, &sol).ok());
    EXPECT_EQ(sol.moves, "L");
    ASSERT_TRUE(full->Solve("123456708", stm, &sol).ok());
    EXPECT_EQ(sol.moves, "R");
  }
}

}  // namespace
}  // namespace slidedb
