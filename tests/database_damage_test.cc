// A database whose files are damaged (cut short, emptied): said to be
// damaged, with its mend, by Database::Open, a build and --verify.
#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <string>

#include "cli/exit_codes.h"
#include "lib/storage/database.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

namespace fs = std::filesystem;
using testing::TempDir;

// A MANIFEST cut short lists no table file: RocksDB opens the folder as an
// empty database. That is a damaged database, said with its way out, not
// "not a slidedb database" (a fault audit).
TEST(DatabaseDamageTest, AManifestCutShortIsADamagedDatabase) {
  const std::string dir = TempDir("db-manifest") + "/db";
  ASSERT_EQ(
      testing::RunBuildCli({"--db", dir, "--board", "2x2", "--quiet"}).status,
      kExitOk);
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().filename().string().starts_with("MANIFEST-")) {
      fs::resize_file(e.path(), 60);
    }
  }
  std::unique_ptr<Database> db;
  Status s = Database::Open(dir, &db);
  EXPECT_TRUE(s.IsCorruption()) << s.ToString();
  EXPECT_NE(s.message().find("reads as empty"), std::string::npos)
      << s.message();
  EXPECT_NE(s.message().find("(rm -r " + dir + ")"), std::string::npos)
      << s.message();
}

// A table file cut to nothing fails RocksDB's open as an I/O error ("while
// mmap file for read ... Invalid argument"): a damaged database too, said
// with its way out, here and by a build (a fault audit).
TEST(DatabaseDamageTest, AnEmptyTableFileIsADamagedDatabase) {
  const std::string dir = TempDir("db-empty-sst") + "/db";
  ASSERT_EQ(
      testing::RunBuildCli({"--db", dir, "--board", "2x2", "--quiet"}).status,
      kExitOk);
  std::string emptied;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() == ".sst") {
      fs::resize_file(e.path(), 0);
      emptied = e.path().filename().string();
    }
  }
  ASSERT_FALSE(emptied.empty());
  std::unique_ptr<Database> db;
  Status s = Database::Open(dir, &db);
  EXPECT_TRUE(s.IsCorruption()) << s.ToString();
  EXPECT_NE(s.message().find("table file " + emptied + " is empty"),
            std::string::npos)
      << s.message();
  EXPECT_NE(s.message().find("(rm -r " + dir + ")"), std::string::npos)
      << s.message();
  const testing::CliResult build =
      testing::RunBuildCli({"--db", dir, "--board", "2x2", "--quiet"});
  EXPECT_EQ(build.status, kExitCantCreate);
  // Said once (a review: the build added its own advice to Open's).
  const size_t advice = build.err.find("(rm -r " + dir + ")");
  EXPECT_NE(advice, std::string::npos) << build.err;
  EXPECT_EQ(build.err.find("rm -r", advice + 2), std::string::npos)
      << build.err;
  // --verify finds the problem, with its mend.
  const testing::CliResult verify =
      testing::RunBuildCli({"--verify", "--db", dir});
  EXPECT_EQ(verify.status, 1);
  EXPECT_NE(verify.out.find("(rm -r " + dir + ")"), std::string::npos)
      << verify.out;
}

// RocksDB's own words for a table file cut short (not to nothing) get the
// mend in --verify's report too.
TEST(DatabaseDamageTest, ATableFileCutShortIsReportedWithItsMend) {
  const std::string dir = TempDir("db-short-sst") + "/db";
  ASSERT_EQ(
      testing::RunBuildCli({"--db", dir, "--board", "2x3", "--quiet"}).status,
      kExitOk);
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() == ".sst") {
      fs::resize_file(e.path(), fs::file_size(e.path()) / 2);
    }
  }
  const testing::CliResult verify =
      testing::RunBuildCli({"--verify", "--db", dir});
  EXPECT_EQ(verify.status, 1) << verify.out << verify.err;
  EXPECT_NE(verify.out.find("(rm -r " + dir + ")"), std::string::npos)
      << verify.out;
}

}  // namespace
}  // namespace slidedb
