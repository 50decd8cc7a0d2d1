// Faults injected through the Env (tests/fault_env.h), in-process and
// deterministic: a write that fails for want of room, a rename that fails,
// a build stopped at each of its steps, and power cuts that drop what was
// not synced. Beside them the end-to-end tests kill slidedb-build
// (database_writer_test.cc) and fill its disk (faults_test.cc).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "lib/storage/database.h"
#include "lib/storage/database_writer.h"
#include "tests/fault_env.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

namespace fs = std::filesystem;
using testing::FaultInjectionEnv;
using testing::SmallTable;
using testing::TempDir;

std::string ReadAll(const std::string& path) {
  std::string data;
  EXPECT_TRUE(Env::Default()->ReadFile(path, &data).ok()) << path;
  return data;
}

// The ids of the tables of the database at `dir`, or the error opening it.
std::vector<std::string> TableIdsOrError(const std::string& dir) {
  std::unique_ptr<Database> db;
  const Status s = Database::Open(dir, &db);
  if (!s.ok()) return {s.ToString()};
  return db->table_ids();
}

// Adds 2x3's table to the database at `dir` through `env`; the writer is
// gone on return, as if its process ended. Returns Commit's status, or the
// first error.
Status AddTable(const std::string& dir, Env* env) {
  std::unique_ptr<DatabaseWriter> w;
  Status s = DatabaseWriter::Begin(dir, &w, /*fresh=*/false, env);
  if (!s.ok()) return s;
  const auto [meta, records] = SmallTable(Board(2, 3), 5);
  s = w->PutTable(meta, records);
  return s.ok() ? w->Commit() : s;
}

// A database at <fresh dir>/db with 2x2's table.
std::string OldDatabase(const std::string& name) {
  const std::string dir = TempDir(name) + "/db";
  std::unique_ptr<DatabaseWriter> w;
  EXPECT_TRUE(DatabaseWriter::Begin(dir, &w).ok());
  const auto [meta, records] = SmallTable(Board(2, 2), 3);
  EXPECT_TRUE(w->PutTable(meta, records).ok());
  EXPECT_TRUE(w->Commit().ok());
  return dir;
}

const std::vector<std::string> kOld = {"2x2/b3"};
const std::vector<std::string> kNew = {"2x2/b3", "2x3/b5"};

// The names beside the database that a writer left behind.
std::vector<std::string> LeftBehind(const std::string& dir) {
  std::vector<std::string> left;
  for (const auto& e : fs::directory_iterator(fs::path(dir).parent_path())) {
    const std::string name = e.path().filename().string();
    if (name != "db" && name != "db.lock") left.push_back(name);
  }
  return left;
}

TEST(FaultEnvTest, PowerCutUndoesWhatWasNotSynced) {
  const std::string dir = TempDir("fault-env");
  FaultInjectionEnv env;
  ASSERT_TRUE(env.CreateDir(dir + "/d").ok());
  ASSERT_TRUE(env.SyncDir(dir).ok());
  std::unique_ptr<WritableFile> f;
  ASSERT_TRUE(env.NewWritableFile(dir + "/d/kept", &f).ok());
  ASSERT_TRUE(f->Append("synced").ok());
  ASSERT_TRUE(f->Sync().ok());
  ASSERT_TRUE(f->Append(" lost").ok());
  ASSERT_TRUE(f->Close().ok());
  ASSERT_TRUE(env.SyncDir(dir + "/d").ok());
  ASSERT_TRUE(env.NewWritableFile(dir + "/d/unlisted", &f).ok());
  ASSERT_TRUE(f->Sync().ok());  // its data, not its name
  ASSERT_TRUE(env.RenameFile(dir + "/d", dir + "/e").ok());

  ASSERT_TRUE(env.PowerCut().ok());
  EXPECT_EQ(ReadAll(dir + "/d/kept"), "synced");
  EXPECT_FALSE(fs::exists(dir + "/d/unlisted"));
  EXPECT_FALSE(fs::exists(dir + "/e")) << "a rename never synced survived";

  ASSERT_TRUE(env.RenameFile(dir + "/d", dir + "/e").ok());
  ASSERT_TRUE(env.SyncDir(dir).ok());
  ASSERT_TRUE(env.PowerCut().ok());
  EXPECT_EQ(ReadAll(dir + "/e/kept"), "synced") << "a synced rename was lost";
}

// A disk that fills up at any of the writer's own writes: a clear error
// naming the file, the database in place untouched, nothing left beside it.
TEST(EnvFaultsTest, FailedWriteLeavesTheOldDatabase) {
  const std::string dir = OldDatabase("env-full");
  const auto before = testing::FileSnapshot(dir);
  int failed = 0;
  for (int n = 1;; ++n) {
    FaultInjectionEnv env;
    env.FailWrite(n);
    const Status s = AddTable(dir, &env);
    if (s.ok()) break;  // fewer than n writes
    ++failed;
    EXPECT_TRUE(s.IsIOError()) << s.ToString();
    EXPECT_NE(s.message().find("writing " + dir + ".building."),
              std::string::npos)
        << s.ToString();
    EXPECT_NE(s.message().find("No space left on device"), std::string::npos)
        << s.ToString();
    EXPECT_TRUE(testing::FileSnapshot(dir) == before) << "write " << n;
    EXPECT_EQ(LeftBehind(dir), std::vector<std::string>{}) << "write " << n;
    EXPECT_EQ(TableIdsOrError(dir), kOld);
  }
  EXPECT_GE(failed, 2) << "the copy writes CURRENT, MANIFEST, OPTIONS";
  EXPECT_EQ(TableIdsOrError(dir), kNew);
}

TEST(EnvFaultsTest, FailedRenameLeavesTheOldDatabase) {
  const std::string dir = OldDatabase("env-rename");
  const auto before = testing::FileSnapshot(dir);
  FaultInjectionEnv env;
  env.FailRenames(true);
  const Status s = AddTable(dir, &env);
  EXPECT_TRUE(s.IsIOError()) << s.ToString();
  EXPECT_NE(s.message().find("swapping " + dir + ".building."),
            std::string::npos)
      << s.ToString();
  EXPECT_TRUE(testing::FileSnapshot(dir) == before);
  EXPECT_EQ(LeftBehind(dir), std::vector<std::string>{});
  EXPECT_EQ(TableIdsOrError(dir), kOld);

  // The first build of a database: nothing appears.
  const std::string first = TempDir("env-rename-first") + "/db";
  EXPECT_TRUE(AddTable(first, &env).IsIOError());
  EXPECT_FALSE(fs::exists(first));
  EXPECT_EQ(LeftBehind(first), std::vector<std::string>{});
}

// What Commit reported done survives a power cut: the swap's directory
// entry is synced. An Env that forgets to sync directories loses it.
TEST(EnvFaultsTest, CommittedDatabaseSurvivesAPowerCut) {
  for (const bool first_build : {false, true}) {
    const std::string dir = first_build ? TempDir("env-power-first") + "/db"
                                        : OldDatabase("env-power");
    FaultInjectionEnv env;
    ASSERT_TRUE(AddTable(dir, &env).ok());
    ASSERT_TRUE(env.PowerCut().ok());
    EXPECT_EQ(TableIdsOrError(dir).back(), "2x3/b5")
        << "first build " << first_build;
  }
  const std::string dir = OldDatabase("env-forgets");
  FaultInjectionEnv forgets;
  forgets.ForgetSyncDir(true);
  ASSERT_TRUE(AddTable(dir, &forgets).ok());
  ASSERT_TRUE(forgets.PowerCut().ok());
  EXPECT_NE(TableIdsOrError(dir), kNew)
      << "the fault Env's power cut has no teeth";
}

// The old database, swapped out, that cannot be removed after a Commit
// that succeeded is named (it was left in silence), and the next writer
// removes it.
TEST(EnvFaultsTest, AnOldDatabaseNotRemovedIsNamed) {
  // The steps of a whole build onto an old database: the last removes it.
  FaultInjectionEnv count;
  ASSERT_TRUE(AddTable(OldDatabase("env-left-count"), &count).ok());
  const std::string dir = OldDatabase("env-left");
  FaultInjectionEnv env;
  env.StopAt(count.steps());
  std::string last_step;
  env.OnStep(
      [&](int, const std::string& op, const std::string&) { last_step = op; });
  std::unique_ptr<DatabaseWriter> w;
  ASSERT_TRUE(DatabaseWriter::Begin(dir, &w, /*fresh=*/false, &env).ok());
  const auto [meta, records] = SmallTable(Board(2, 3), 5);
  ASSERT_TRUE(w->PutTable(meta, records).ok());
  ASSERT_TRUE(w->Commit().ok());
  EXPECT_EQ(last_step, "remove");
  const std::string aside = "db.building." + std::to_string(getpid());
  EXPECT_EQ(LeftBehind(dir), std::vector<std::string>{aside});
  EXPECT_EQ(w->left_behind(), dir + ".building." + std::to_string(getpid()));
  EXPECT_FALSE(w->left_behind_why().empty());
  w.reset();
  EXPECT_EQ(TableIdsOrError(dir), kNew);
  std::unique_ptr<DatabaseWriter> next;
  ASSERT_TRUE(DatabaseWriter::Begin(dir, &next).ok());
  next.reset();  // its own copy, of the same name in this process, too
  EXPECT_EQ(LeftBehind(dir), std::vector<std::string>{});
}

// A build stopped at each of its steps in turn (the process dies there),
// then a power cut: the database is the old one or, once Commit said so,
// the new one, never a mix; the next build clears what was left.
TEST(EnvFaultsTest, StoppedAtEveryStepThenPowerCut) {
  const std::string old = OldDatabase("env-stop-old");
  int steps = 0, old_seen = 0, new_seen = 0;
  for (int k = 1;; ++k) {
    const std::string dir = TempDir("env-stop") + "/db";
    fs::copy(old, dir);
    FaultInjectionEnv env;
    env.StopAt(k);
    const Status s = AddTable(dir, &env);
    const bool stopped = env.stopped();
    // What a build stopped here by a signal says (builder/build_main.cc)
    // is true of the database its process leaves.
    const CommitStage stage = CurrentCommitStage();
    const std::vector<std::string> left_by_signal = TableIdsOrError(dir);
    if (stage == CommitStage::kBefore) {
      EXPECT_EQ(left_by_signal, kOld) << "step " << k;
    } else if (stage == CommitStage::kSwapped) {
      EXPECT_EQ(left_by_signal, kNew) << "step " << k;
    }
    ASSERT_TRUE(env.PowerCut().ok());
    const std::vector<std::string> ids = TableIdsOrError(dir);
    EXPECT_TRUE(ids == kOld || ids == kNew) << "step " << k << ": " << ids[0];
    if (s.ok()) {
      EXPECT_EQ(ids, kNew) << "step " << k << " lost a commit";
    }
    (ids == kNew ? new_seen : old_seen)++;
    // At most the copy is left, which the next writer removes.
    const std::vector<std::string> left = LeftBehind(dir);
    EXPECT_LE(left.size(), 1u) << "step " << k;
    if (!left.empty()) {
      EXPECT_EQ(left[0], "db.building." + std::to_string(getpid()));
      std::unique_ptr<DatabaseWriter> next;
      ASSERT_TRUE(DatabaseWriter::Begin(dir, &next).ok()) << "step " << k;
      next.reset();
      EXPECT_EQ(LeftBehind(dir), std::vector<std::string>{}) << "step " << k;
    }
    if (!stopped) break;
    steps = k;
  }
  EXPECT_GE(steps, 10);
  EXPECT_GT(old_seen, 0);
  EXPECT_GT(new_seen, 0);
}

}  // namespace
}  // namespace slidedb
