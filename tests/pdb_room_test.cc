// slidedb-build's check of the machine's memory before a pattern database
// build searches.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "cli/exit_codes.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

using testing::CliResult;
using testing::RunBuildCli;
using testing::TempDir;

// A pattern database build that would not fit the machine's memory is
// refused before it searches, with the figures, and writes nothing: 7-7-7-3
// on 5x5 takes 19 GB, the default 8-7 of 4x4 2 GB (pretended machines).
TEST(PdbRoomTest, ABuildTooBigForTheMemoryIsRefusedWithTheFigures) {
  const std::string db = TempDir("pdb-room") + "/db";
  const testing::ScopedEnv memory("SLIDEDB_PRETEND_MEM_AVAILABLE",
                                  "1500000000");
  CliResult r = RunBuildCli({"--db", db, "--board", "5x5", "--pdb", "7-7-7-3"});
  EXPECT_EQ(r.status, kExitUnavailable) << r.err;
  EXPECT_NE(r.err.find("the pattern databases 7-7-7-3 of 5x5 needs 19."),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("1.5 GB available"), std::string::npos) << r.err;
  r = RunBuildCli({"--db", db, "--board", "4x4"});
  EXPECT_EQ(r.status, kExitUnavailable) << r.err;
  EXPECT_NE(r.err.find("8-7 of 4x4 needs 2."), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("depth"), std::string::npos) << "searched: " << r.err;
  EXPECT_FALSE(std::filesystem::exists(db));
  // Groups that fit are built.
  r = RunBuildCli({"--db", db, "--board", "4x4", "--pdb", "5-5-5", "--quiet"});
  EXPECT_EQ(r.status, kExitOk) << r.err;
}

}  // namespace
}  // namespace slidedb
