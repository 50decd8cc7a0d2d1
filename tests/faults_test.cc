// Faults: a build that cannot write (a file-size limit, as on a full disk)
// fails with exit 74 and a clear message, leaves the old database as it was
// and removes its copy; the database still verifies and answers.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>

#include "cli/exit_codes.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

namespace fs = std::filesystem;
using testing::RunBuildCli;
using testing::RunQueryCli;
using testing::TempDir;

// Runs `tool` (the binary beside this test) with `args`, unable to write a
// file past `limit` bytes (RLIMIT_FSIZE, ulimit -f), SIGXFSZ as a shell
// leaves it: the tool itself makes a write past it fail with EFBIG, as with
// ENOSPC, instead of dying by the signal. Standard output goes to `out` (a
// file, which the limit holds to). Returns the exit status; *err gets
// standard error.
int RunWithFileLimit(const std::string& tool,
                     const std::vector<std::string>& args, rlim_t limit,
                     std::string* err, const std::string& out = "/dev/null") {
  const std::string path =
      (fs::read_symlink("/proc/self/exe").parent_path() / tool).string();
  const std::string err_file = TempDir("faults-stderr") + "/err";
  const pid_t pid = fork();
  if (pid == 0) {
    const int fd = open(err_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(fd, 2);
    dup2(open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644), 1);
    signal(SIGXFSZ, SIG_DFL);
    const rlimit rl{limit, limit};
    setrlimit(RLIMIT_FSIZE, &rl);
    std::vector<char*> argv{const_cast<char*>(path.c_str())};
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execv(path.c_str(), argv.data());
    _exit(127);
  }
  int status = -1;
  waitpid(pid, &status, 0);
  std::ifstream in(err_file);
  err->assign(std::istreambuf_iterator<char>(in), {});
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

TEST(FaultsTest, BuildThatCannotWriteLeavesTheOldDatabase) {
  const std::string parent = TempDir("faults-full");
  const std::string dir = parent + "/db";
  ASSERT_EQ(RunBuildCli({"--db", dir, "--board", "2x3", "--quiet"}).status,
            kExitOk);
  const auto before = testing::FileSnapshot(dir);
  // The 3x3 tables need files of about 100 KB; 20 KB is too little.
  std::string err;
  const int status = RunWithFileLimit(
      "slidedb-build",
      {"--db", dir, "--board", "3x3", "--goal", "123456780", "--quiet"}, 20000,
      &err);
  EXPECT_EQ(status, kExitIOError) << err;
  EXPECT_NE(err.find("File too large"), std::string::npos) << err;
  EXPECT_NE(err.find("nothing changed in " + dir), std::string::npos) << err;
  EXPECT_TRUE(testing::FileSnapshot(dir) == before)
      << "the failed build changed the db";
  for (const auto& e : fs::directory_iterator(parent)) {
    EXPECT_EQ(e.path().filename().string().find(".building."),
              std::string::npos)
        << "left behind: " << e.path();
  }
  EXPECT_EQ(RunBuildCli({"--verify", "--db", dir}).status, kExitOk);
  EXPECT_EQ(RunQueryCli({"--db", dir, "--board", "2x3", "12345_"}).status,
            kExitOk);
  // With room, the same build succeeds.
  EXPECT_EQ(RunWithFileLimit("slidedb-build",
                             {"--db", dir, "--board", "3x3", "--goal",
                              "123456780", "--quiet"},
                             RLIM_INFINITY, &err),
            kExitOk)
      << err;
  EXPECT_EQ(RunQueryCli({"--db", dir, "867254301"}).status, kExitOk);
}

// The copy made beside the database at the start (its OPTIONS file is
// about 7 KB) cannot be written: a write that failed (74), nothing
// changed, not a database that cannot be opened for writing (73).
TEST(FaultsTest, ACopyThatCannotBeWrittenIsAWriteThatFailed) {
  const std::string dir = TempDir("faults-copy") + "/db";
  ASSERT_EQ(RunBuildCli({"--db", dir, "--board", "2x3", "--quiet"}).status,
            kExitOk);
  std::string err;
  EXPECT_EQ(
      RunWithFileLimit("slidedb-build",
                       {"--db", dir, "--board", "2x2", "--quiet"}, 1024, &err),
      kExitIOError)
      << err;
  EXPECT_NE(err.find("File too large"), std::string::npos) << err;
  EXPECT_NE(err.find("nothing changed in " + dir), std::string::npos) << err;
  EXPECT_EQ(RunQueryCli({"--db", dir, "--board", "2x3", "12345_"}).status,
            kExitOk);
}

TEST(FaultsTest, FirstBuildThatCannotWriteLeavesNothing) {
  const std::string parent = TempDir("faults-first");
  std::string err;
  EXPECT_EQ(RunWithFileLimit("slidedb-build",
                             {"--db", parent + "/db", "--board", "3x3",
                              "--goal", "123456780", "--quiet"},
                             20000, &err),
            kExitIOError)
      << err;
  for (const auto& e : fs::directory_iterator(parent)) {
    ADD_FAILURE() << "left behind: " << e.path().filename().string();
  }
  EXPECT_EQ(RunQueryCli({"--db", parent + "/db", "867254301"}).status,
            kExitNoInput);
}

// Output past a file-size limit is an output that cannot be written (74),
// as on a full disk, not a death by SIGXFSZ (exit 153, nothing said).
TEST(FaultsTest, QueryOutputPastAFileSizeLimitIsAWriteThatFailed) {
  const std::string parent = TempDir("faults-query-limit");
  ASSERT_EQ(
      RunBuildCli({"--db", parent + "/db", "--board", "2x3", "--quiet"}).status,
      kExitOk);
  std::string err;
  EXPECT_EQ(RunWithFileLimit(
                "slidedb-query",
                {"--db", parent + "/db", "--board", "2x3", "--export", "csv"},
                1000, &err, parent + "/out.csv"),
            kExitIOError)
      << err;
  EXPECT_NE(err.find("cannot write the output"), std::string::npos) << err;
}

}  // namespace
}  // namespace slidedb
