// ShellWord (lib/base/shell.h): the commands the tools suggest name a path
// with a space or a quote so that a shell reads it back.
#include "lib/base/shell.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "tests/test_util.h"

namespace slidedb {
namespace {

TEST(ShellWordTest, QuotesOnlyWhatAShellWouldSplitOrExpand) {
  EXPECT_EQ(ShellWord("data/slidedb"), "data/slidedb");
  EXPECT_EQ(ShellWord("/tmp/db-1_2.x,y:z=+@%"), "/tmp/db-1_2.x,y:z=+@%");
  EXPECT_EQ(ShellWord("my db"), "'my db'");
  EXPECT_EQ(ShellWord("it's"), "'it'\\''s'");
  EXPECT_EQ(ShellWord("$HOME/*"), "'$HOME/*'");
  EXPECT_EQ(ShellWord(""), "''");
}

// A missing database's build command, pasted into a shell, names the
// folder asked for.
TEST(ShellWordTest, TheBuildCommandOfAMissingDatabaseQuotesItsFolder) {
  const std::string dir = testing::TempDir("shell word") + "/a \"q\" db";
  const testing::CliResult r = testing::RunQueryCli({"--db", dir, "867254301"});
  EXPECT_NE(r.err.find("build it with: slidedb-build --db '" + dir + "'"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir));
}

}  // namespace
}  // namespace slidedb
