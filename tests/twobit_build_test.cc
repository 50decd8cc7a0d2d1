// slidedb-build's --records and its two-bit builds (issue 23): the flag's
// checks, the default for 2x7, the refusal of a machine too small (with
// figures pretended through the environment), the progress lines, and the
// format version: 3 written, 2 still read.
#include <gtest/gtest.h>
#include <rocksdb/db.h>
#include <stdlib.h>

#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "builder/build_text.h"
#include "builder/build_twobit.h"
#include "cli/exit_codes.h"
#include "lib/storage/database.h"
#include "lib/storage/format.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

using testing::RunBuildCli;
using testing::RunQueryCli;

using testing::ScopedEnv;

TEST(TwoBitBuildTest, RecordsFlagIsChecked) {
  const std::string db = testing::TempDir("twobit-flags") + "/db";
  struct Case {
    std::vector<std::string> args;
    std::string says;
  };
  const std::vector<Case> cases = {
      {{"--records", "nibble"}, "--records must be byte or two-bit"},
      {{"--records", "two-bit", "--metric", "mtm"},
       "multi-tile tables keep a byte a state"},
      {{"--board", "2x7", "--records", "byte"},
       "2x7 gets a two-bit table (the default)"},
      {{"--board", "4x4", "--records", "two-bit"},
       "tables of up to 14 cells; 4x4 gets pattern databases"},
      {{"--board", "2x4", "--records", "two-bit", "--pdb", "3-4"},
       "--pdb builds pattern databases instead"},
      {{"--verify", "--records", "two-bit"}, "not to --verify"},
      {{"--board", "2x7", "--metric", "mtm"}, "--metric mtm builds full"},
  };
  for (const Case& c : cases) {
    std::vector<std::string> args = {"--db", db};
    args.insert(args.end(), c.args.begin(), c.args.end());
    const testing::CliResult r = RunBuildCli(args);
    EXPECT_EQ(r.status, kExitUsage) << c.says;
    EXPECT_NE(r.err.find(c.says), std::string::npos) << r.err;
  }
  EXPECT_FALSE(std::filesystem::exists(db));
  const testing::CliResult help = RunBuildCli({"--help"});
  EXPECT_NE(help.out.find("--records"), std::string::npos);
  EXPECT_NE(help.out.find("two-bit"), std::string::npos);
}

// What the machine has is pretended: a build that does not fit is refused
// before it searches, naming the figures, and writes nothing.
TEST(TwoBitBuildTest, TooSmallAMachineIsRefusedWithTheFigures) {
  const std::string db = testing::TempDir("twobit-room") + "/db";
  const TwoBitNeeds needs = TwoBitTableNeeds(Board(2, 3));
  EXPECT_GT(needs.memory, 360u / 4 + 360u / 8);
  EXPECT_GT(needs.disk, 360u / 4);
  {
    ScopedEnv memory("SLIDEDB_PRETEND_MEM_AVAILABLE", "1000");
    const testing::CliResult r =
        RunBuildCli({"--db", db, "--board", "2x3", "--records", "two-bit"});
    EXPECT_EQ(r.status, kExitUnavailable) << r.err;
    EXPECT_NE(r.err.find("needs " + Gigabytes(needs.memory) + " of memory"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("1.0 kB available"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("depth"), std::string::npos) << "searched: " << r.err;
  }
  {
    // Two tables (2x3 stores goal blanks 4 and 5) need twice the disk.
    ScopedEnv disk("SLIDEDB_PRETEND_DISK_FREE", "2000");
    const testing::CliResult r =
        RunBuildCli({"--db", db, "--board", "2x3", "--records", "two-bit"});
    EXPECT_EQ(r.status, kExitUnavailable) << r.err;
    EXPECT_NE(r.err.find("tables of 2x3 needs " + Gigabytes(needs.disk * 2) +
                         " of disk, 2.0 kB free"),
              std::string::npos)
        << r.err;
  }
  EXPECT_FALSE(std::filesystem::exists(db));
  {
    // 2x7 takes a two-bit table by default: refused on a small machine
    // with the table's figures, before any search.
    ScopedEnv memory("SLIDEDB_PRETEND_MEM_AVAILABLE", "8000000000");
    ScopedEnv disk("SLIDEDB_PRETEND_DISK_FREE", "5000000000");
    const testing::CliResult r = RunBuildCli({"--db", db, "--board", "2x7"});
    EXPECT_EQ(r.status, kExitUnavailable) << r.err;
    EXPECT_NE(r.err.find("the two-bit table of 2x7 needs 16.6 GB of memory"),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("8.0 GB available"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("and 11.3 GB of disk, 5.0 GB free"), std::string::npos)
        << r.err;
  }
  {
    // Room enough: built.
    ScopedEnv memory("SLIDEDB_PRETEND_MEM_AVAILABLE", "1000000000");
    const testing::CliResult r = RunBuildCli(
        {"--db", db, "--board", "2x3", "--records", "two-bit", "--quiet"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("two bits a state"), std::string::npos) << r.out;
  }
}

TEST(TwoBitBuildTest, ProgressLinesEstimateTheTimeLeft) {
  const std::string db = testing::TempDir("twobit-progress") + "/db";
  const testing::CliResult r =
      RunBuildCli({"--db", db, "--board", "2x4", "--goal", "1234567_",
                   "--records", "two-bit"});
  ASSERT_EQ(r.status, 0) << r.err;
  // One line per depth, 0 to the radius, each but the last with an
  // estimate of the time left.
  const size_t at = r.out.find("max distance ");
  ASSERT_NE(at, std::string::npos) << r.out;
  const int radius = std::stoi(r.out.substr(at + 13));
  auto depth = [](int d) {
    std::string n = std::to_string(d);
    return "depth " + std::string(3 - n.size(), ' ') + n + " ";
  };
  EXPECT_NE(r.err.find(depth(0)), std::string::npos) << r.err;
  const size_t last = r.err.find(depth(radius));
  ASSERT_NE(last, std::string::npos) << r.err;
  EXPECT_EQ(r.err.find(depth(radius + 1)), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("left (estimate)"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("left (estimate)", last), std::string::npos) << r.err;
}

std::string FormatKey(const std::string& dir) {
  rocksdb::DB* raw;
  rocksdb::Options options;
  EXPECT_TRUE(rocksdb::DB::OpenForReadOnly(options, dir, &raw).ok());
  std::unique_ptr<rocksdb::DB> db(raw);
  std::string v;
  EXPECT_TRUE(db->Get({}, kFormatKey, &v).ok());
  return v;
}

// A database of format 2 (byte tables, metadata saying format 2, no
// "records") is read as it is: queried, verified, and added to.
TEST(TwoBitBuildTest, TheNewestFormatIsWrittenAndFormatTwoStillReads) {
  const std::string newest = std::to_string(kFormatVersion);
  const std::string dir = testing::TempDir("twobit-format") + "/db";
  ASSERT_EQ(RunBuildCli({"--db", dir, "--board", "2x3", "--quiet"}).status, 0);
  EXPECT_EQ(FormatKey(dir), newest);
  const testing::CliResult before = RunQueryCli(
      {"--db", dir, "--board", "2x3", "--format", "json", "--count", "54321_"});
  ASSERT_EQ(before.status, 0) << before.err;
  {
    // Made format 2, as an older slidedb-build wrote it.
    rocksdb::DB* raw;
    ASSERT_TRUE(rocksdb::DB::Open(rocksdb::Options(), dir, &raw).ok());
    std::unique_ptr<rocksdb::DB> db(raw);
    ASSERT_TRUE(db->Put({}, kFormatKey, "2").ok());
    for (int blank : {4, 5}) {
      const std::string key = MetaKey(TableId(Board(2, 3), blank));
      std::string json;
      ASSERT_TRUE(db->Get({}, key, &json).ok());
      nlohmann::ordered_json j = nlohmann::ordered_json::parse(json);
      j["format"] = 2;
      ASSERT_TRUE(db->Put({}, key, j.dump()).ok());
    }
    ASSERT_TRUE(db->Close().ok());
  }
  EXPECT_EQ(FormatKey(dir), "2");
  std::unique_ptr<Database> opened;
  ASSERT_TRUE(Database::Open(dir, &opened).ok());
  opened.reset();
  const testing::CliResult after = RunQueryCli(
      {"--db", dir, "--board", "2x3", "--format", "json", "--count", "54321_"});
  EXPECT_EQ(after.status, 0) << after.err;
  EXPECT_EQ(after.out, before.out);
  testing::CliResult verify = RunBuildCli({"--verify", "--db", dir});
  EXPECT_EQ(verify.status, 0) << verify.out << verify.err;
  // A two-bit table added beside: the database is the newest format, both
  // read.
  ASSERT_EQ(RunBuildCli({"--db", dir, "--board", "3x2", "--records", "two-bit",
                         "--quiet"})
                .status,
            0);
  EXPECT_EQ(FormatKey(dir), newest);
  const testing::CliResult mixed = RunQueryCli(
      {"--db", dir, "--board", "2x3", "--format", "json", "--count", "54321_"});
  EXPECT_EQ(mixed.out, before.out);
  EXPECT_EQ(RunQueryCli({"--db", dir, "--board", "3x2", "54/32/1_"}).status, 0);
  verify = RunBuildCli({"--verify", "--db", dir});
  EXPECT_EQ(verify.status, 0) << verify.out << verify.err;
}

}  // namespace
}  // namespace slidedb
