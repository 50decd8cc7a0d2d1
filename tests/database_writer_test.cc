// DatabaseWriter: tables written into a copy beside the database and swapped
// in whole on Commit, one writer at a time, and a build killed in the middle
// leaving the database as it was.
#include "lib/storage/database_writer.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "lib/storage/database.h"
#include "lib/storage/format.h"
#include "lib/storage/table.h"
#include "lib/storage/table_meta.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

namespace fs = std::filesystem;
using testing::TempDir;
using testing::SmallTable;

TEST(DatabaseWriterTest, NothingChangesWithoutCommit) {
  const std::string dir = TempDir("writer-abandon") + "/db";
  {
    std::unique_ptr<DatabaseWriter> w;
    ASSERT_TRUE(DatabaseWriter::Begin(dir, &w).ok());
    const auto [meta, records] = SmallTable(Board(2, 2), 3);
    ASSERT_TRUE(w->PutTable(meta, records).ok());
    ASSERT_TRUE(w->Commit().ok());
  }
  {
    std::unique_ptr<DatabaseWriter> w;
    ASSERT_TRUE(DatabaseWriter::Begin(dir, &w).ok());
    EXPECT_TRUE(fs::exists(w->aside_dir()));
    const auto [meta, records] = SmallTable(Board(2, 3), 5);
    ASSERT_TRUE(w->PutTable(meta, records).ok());
    // A table whose records do not match its metadata is refused.
    TableMeta wrong = meta;
    wrong.states = 7;
    EXPECT_TRUE(w->PutTable(wrong, records).IsInternal());
    const std::string aside = w->aside_dir();
    w.reset();  // abandoned: no Commit
    EXPECT_FALSE(fs::exists(aside)) << "the abandoned copy was left";
  }
  std::unique_ptr<Database> db;
  ASSERT_TRUE(Database::Open(dir, &db).ok());
  ASSERT_EQ(db->table_ids().size(), 1u);
  EXPECT_EQ(db->table_ids()[0], "2x2/b3");
}

TEST(DatabaseWriterTest, CommittedTablesReadBack) {
  const std::string dir = TempDir("writer-commit") + "/db";
  const auto [meta, records] = SmallTable(Board(2, 4), 6);
  {
    std::unique_ptr<DatabaseWriter> w;
    ASSERT_TRUE(DatabaseWriter::Begin(dir, &w).ok());
    ASSERT_TRUE(w->PutTable(meta, records).ok());
    ASSERT_TRUE(w->PutTable(meta, records).ok()) << "replacing in one go";
    ASSERT_TRUE(w->Commit().ok());
  }
  std::unique_ptr<Database> db;
  ASSERT_TRUE(Database::Open(dir, &db).ok());
  ASSERT_EQ(db->table_ids(), std::vector<std::string>{meta.Id()});
  std::unique_ptr<Table> table;
  ASSERT_TRUE(db->OpenTable(*db->Find(meta.board, meta.goal_blank), &table).ok());
  EXPECT_EQ(table->pages_loaded(), meta.pages);
  for (Index i = 0; i < records.size(); ++i) {
    uint8_t rec;
    ASSERT_TRUE(table->Get(i, &rec).ok());
    ASSERT_EQ(rec, records[i]) << i;
  }
}

// A table replaced is compacted away alone: the files of the others stay
// the same files (it had rewritten the whole database: 2 s and its size in
// free disk for a 2x5 table beside a 3x4 one, hours beside 2x7's).
TEST(DatabaseWriterTest, ReplacingATableRewritesNoOtherTable) {
  const std::string dir = TempDir("writer-replace") + "/db";
  // 2x6's table, 240 MB: its pages go into files of their own.
  for (const char* board : {"2x6", "2x3", "2x3"}) {
    ASSERT_EQ(testing::RunBuildCli({"--db", dir, "--board", board, "--goal",
                                    board == std::string("2x6")
                                        ? "1,2,3,4,5,6,7,8,9,10,11,0"
                                        : "1,2,3,4,5,0",
                                    "--quiet"})
                  .status,
              0);
    if (board == std::string("2x6")) continue;
    static std::map<std::string, ino_t> first;
    std::map<std::string, ino_t> large;
    for (const auto& e : fs::directory_iterator(dir)) {
      struct stat st;
      if (e.path().extension() == ".sst" && e.file_size() > 1000000 &&
          stat(e.path().c_str(), &st) == 0) {
        large[e.path().filename().string()] = st.st_ino;
      }
    }
    EXPECT_FALSE(large.empty());
    if (first.empty()) {
      first = large;
    } else {
      EXPECT_EQ(large, first) << "2x6's files were rewritten";
    }
  }
  // No page of the old 2x3 left (the census of every key), and its new one
  // sound.
  EXPECT_EQ(testing::RunBuildCli(
                {"--verify", "--db", dir, "--board", "2x3", "--quiet"})
                .status,
            0);
}

// While one writer has a database, another is refused rather than racing
// it: the later Commit() would otherwise swap in a copy made before the
// first build's tables and lose them. (Found by this suite: Begin held
// RocksDB's lock only while it took its copy.) The lock is an flock, so two
// writers in one process exclude each other as two processes do.
TEST(DatabaseWriterTest, SecondWriterIsRefusedWhileOneIsOpen) {
  const std::string dir = TempDir("writer-two") + "/db";
  ASSERT_EQ(testing::RunBuildCli({"--db", dir, "--board", "2x2", "--quiet"})
                .status,
            0);
  std::unique_ptr<DatabaseWriter> first, second;
  ASSERT_TRUE(DatabaseWriter::Begin(dir, &first).ok());
  const Status s = DatabaseWriter::Begin(dir + "/", &second);
  EXPECT_FALSE(s.ok()) << "a second writer began while the first was open";
  EXPECT_NE(s.message().find("another slidedb-build"), std::string::npos)
      << s.ToString();
  // Once the first is gone, the next may begin; the database is intact.
  first.reset();
  EXPECT_TRUE(DatabaseWriter::Begin(dir, &second).ok());
  second.reset();
  std::unique_ptr<Database> db;
  ASSERT_TRUE(Database::Open(dir, &db).ok());
  EXPECT_EQ(db->table_ids().size(), 1u);
}

// A folder name too long for the copy made beside it (NAME.building.PID past
// 255 bytes) is refused before anything is made; the longest allowed one
// builds (a fault audit: "File name too long" after the search).
TEST(DatabaseWriterTest, TheLongestFolderNameThatCanBeBuilt) {
  const std::string base = TempDir("writer-long");
  const std::string longest = base + "/" + std::string(238, 'd');
  std::unique_ptr<DatabaseWriter> w;
  ASSERT_TRUE(DatabaseWriter::Begin(longest, &w).ok());
  ASSERT_TRUE(w->Commit().ok());
  w.reset();
  const Status s = DatabaseWriter::Begin(longest + "d", &w);
  EXPECT_TRUE(s.IsInvalidArgument()) << s.ToString();
  EXPECT_NE(s.message().find("at most 238 bytes"), std::string::npos)
      << s.message();
  EXPECT_FALSE(fs::exists(longest + "d.lock"));
}

// A build killed in the middle leaves the database as it was, and the next
// build clears away what the killed one left.
TEST(DatabaseWriterTest, KilledBuildLeavesTheDatabaseAsItWas) {
  const std::string build =
      (fs::read_symlink("/proc/self/exe").parent_path() / "slidedb-build")
          .string();
  if (!fs::exists(build)) GTEST_SKIP() << "no " << build;
  const std::string dir = TempDir("writer-killed") + "/db";
  ASSERT_EQ(testing::RunBuildCli({"--db", dir, "--board", "2x2", "--quiet"})
                .status,
            0);
  // A build never opens the database in place for writing: no file of it
  // may change.
  auto snapshot = [&] { return testing::FileSnapshot(dir); };
  const auto before = snapshot();
  // The build's standard error is a pipe already full: its first progress
  // line, which comes after Begin made the copy and long before anything is
  // committed, blocks it until the kill below. So the kill always lands
  // while it runs, however the machine schedules the two processes.
  int err_pipe[2];
  ASSERT_EQ(pipe2(err_pipe, O_CLOEXEC), 0);
  fcntl(err_pipe[1], F_SETPIPE_SZ, 4096);
  fcntl(err_pipe[1], F_SETFL, O_NONBLOCK);
  const std::string fill(4096, 'x');
  while (write(err_pipe[1], fill.data(), fill.size()) > 0) {
  }
  fcntl(err_pipe[1], F_SETFL, 0);
  const pid_t pid = fork();
  if (pid == 0) {
    dup2(err_pipe[1], 2);
    execl(build.c_str(), build.c_str(), "--db", dir.c_str(), "--board", "3x4",
          "--threads", "1", static_cast<char*>(nullptr));
    _exit(127);
  }
  ASSERT_GT(pid, 0);
  const std::string copy = dir + ".building." + std::to_string(pid);
  // A hang guard of 20 s, not a timing: the copy comes within milliseconds.
  for (int k = 0; k < 20000 && !fs::exists(copy); ++k) usleep(1000);
  const bool began = fs::exists(copy);
  // Killed in the copy or blocked on its first line: it must not matter.
  kill(pid, SIGKILL);
  int status = -1;
  waitpid(pid, &status, 0);
  close(err_pipe[0]);
  close(err_pipe[1]);
  ASSERT_TRUE(began) << "the build never began";
  ASSERT_TRUE(WIFSIGNALED(status)) << "the build finished before the kill";
  EXPECT_TRUE(snapshot() == before) << "the killed build changed the database";

  std::unique_ptr<Database> db;
  ASSERT_TRUE(Database::Open(dir, &db).ok());
  EXPECT_EQ(db->table_ids().size(), 1u);
  EXPECT_EQ(db->Find(Board(3, 4), 11), nullptr);
  db.reset();
  EXPECT_EQ(testing::RunQueryCli({"--db", dir, "--board", "2x2", "1_32"}).status,
            0);

  ASSERT_EQ(testing::RunBuildCli(
                {"--db", dir, "--board", "2x3", "--goal", "12345_", "--quiet"})
                .status,
            0);
  EXPECT_FALSE(fs::exists(copy)) << "the killed build's copy was left";
  ASSERT_TRUE(Database::Open(dir, &db).ok());
  EXPECT_EQ(db->table_ids().size(), 2u);
}

}  // namespace
}  // namespace slidedb
