// slidedb-build reads the names among its values in any case, as every
// face does (docs/TOOLS.md: --format JSON, --metric MTM): --records,
// --format, --metric and --pdb's strong; never the words of the user's
// own (--db's path, --pdb's partition).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "cli/exit_codes.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

namespace fs = std::filesystem;
using testing::CliResult;
using testing::RunBuildCli;
using testing::TempDir;

TEST(BuildCaseTest, RecordsAndMetricInAnyCase) {
  const std::string dir = TempDir("build-case-records");
  for (const char* records : {"Byte", "BYTE", "Two-Bit"}) {
    const std::string db = dir + "/" + records;
    const CliResult r =
        RunBuildCli({"--db", db, "--board", "2x3", "--goal", "12345_",
                     "--records", records, "--quiet"});
    EXPECT_EQ(r.status, kExitOk) << records << ": " << r.err;
    // The path is the user's own: not lower-cased.
    EXPECT_TRUE(fs::is_directory(db)) << db;
  }
  const CliResult r =
      RunBuildCli({"--db", dir + "/mtm", "--board", "2x3", "--goal", "12345_",
                   "--metric", "MTM", "--records", "BYTE", "--quiet"});
  EXPECT_EQ(r.status, kExitOk) << r.err;
}

TEST(BuildCaseTest, VerifyFormatInAnyCase) {
  const std::string db = TempDir("build-case-verify") + "/db";
  CliResult r =
      RunBuildCli({"--db", db, "--board", "2x2", "--goal", "123_", "--quiet"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  for (const char* format : {"JSON", "Json"}) {
    r = RunBuildCli({"--db", db, "--verify", "--format", format});
    EXPECT_EQ(r.status, kExitOk) << format << ": " << r.err;
    EXPECT_EQ(r.out.substr(0, 1), "{") << format << ": " << r.out;
  }
  r = RunBuildCli({"--db", db, "--verify", "--format", "TEXT"});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  EXPECT_NE(r.out.substr(0, 1), "{") << r.out;
  // Still refused: a name it does not know, in any case.
  r = RunBuildCli({"--db", db, "--verify", "--format", "XML"});
  EXPECT_EQ(r.status, kExitUsage);
  EXPECT_NE(r.err.find("--format must be text or json"), std::string::npos)
      << r.err;
}

// --pdb's word strong in any case; its partition, or a partition alone,
// as before.
TEST(BuildCaseTest, PdbStrongInAnyCase) {
  const std::string dir = TempDir("build-case-pdb");
  const std::vector<std::string> pdbs = {"STRONG", "Strong:1,2,3/4,5",
                                         "strong:2-3", "2-3", "1,2/3,4,5"};
  int n = 0;
  for (const std::string& pdb : pdbs) {
    const CliResult r =
        RunBuildCli({"--db", dir + "/db" + std::to_string(n++), "--board",
                     "2x3", "--goal", "12345_", "--pdb", pdb, "--quiet"});
    EXPECT_EQ(r.status, kExitOk) << pdb << ": " << r.err;
  }
  // A partition that is not one is still refused, quoted as given.
  const CliResult r = RunBuildCli({"--db", dir + "/bad", "--board", "2x3",
                                   "--pdb", "STRONG:x-Y", "--quiet"});
  EXPECT_EQ(r.status, kExitUsage) << r.err;
  EXPECT_NE(r.err.find("'x-Y'"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir + "/bad"));
}

}  // namespace
}  // namespace slidedb
