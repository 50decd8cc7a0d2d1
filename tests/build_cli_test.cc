// slidedb-build, run in-process: exit statuses, standard output and
// standard error as a user sees them; what it refuses to build into; stale
// copies, symlinks and trailing slashes; a rebuild that readers survive.
#include "builder/build_cli.h"

#include <gtest/gtest.h>
#include <rocksdb/db.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli/exit_codes.h"
#include "cli/version.h"
#include "lib/puzzle/board.h"
#include "lib/puzzle/notation.h"
#include "lib/puzzle/pattern.h"
#include "lib/puzzle/problem.h"
#include "lib/solve/solver.h"
#include "lib/storage/database.h"
#include "lib/storage/format.h"
#include "tests/reference_search.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

namespace fs = std::filesystem;
using testing::CliResult;
using testing::JsonLines;
using testing::Lines;
using testing::Pack;
using testing::RefShape;
using testing::RunBuildCli;
using testing::RunQueryCli;
using testing::TempDir;

std::set<std::string> TableIds(const std::string& dir) {
  std::unique_ptr<Database> db;
  Status s = Database::Open(dir, &db);
  EXPECT_TRUE(s.ok()) << s.ToString();
  std::set<std::string> ids;
  if (db) {
    for (const auto& id : db->table_ids()) ids.insert(id);
  }
  return ids;
}

// Names in `dir`'s parent that start with `dir`'s name and ".building.".
std::vector<std::string> AsideCopies(const std::string& dir) {
  std::vector<std::string> out;
  const fs::path p(dir);
  const std::string stem = p.filename().string() + ".building.";
  for (const auto& e : fs::directory_iterator(p.parent_path())) {
    const std::string name = e.path().filename().string();
    if (name.rfind(stem, 0) == 0) out.push_back(name);
  }
  return out;
}

TEST(BuildCliTest, HelpAndVersion) {
  CliResult r = RunBuildCli({"--help"});
  EXPECT_EQ(r.status, kExitOk);
  EXPECT_NE(r.out.find("Usage: slidedb-build"), std::string::npos);
  EXPECT_NE(r.out.find("Exit status"), std::string::npos);
  // The default groups the help names are the ones the builder uses.
  for (const Board& board : {Board(4, 4), Board(3, 5), Board(2, 7)}) {
    const std::string named =
        PartitionName(DefaultPartition(board, board.cells() - 1)) + " on " +
        std::to_string(board.cells());
    EXPECT_NE(r.out.find(named), std::string::npos) << named;
  }
  r = RunBuildCli({"--version"});
  EXPECT_EQ(r.status, kExitOk);
  EXPECT_EQ(r.out, std::string("slidedb-build ") + kVersion + "\n");
}

TEST(BuildCliTest, BadUsageIsStatus64) {
  const std::string db = TempDir("build-usage") + "/db";
  const std::vector<std::vector<std::string>> cases = {
      {"--board", "1x5"},
      {"--board", "5x6"},
      {"--board", "abc"},
      {"--threads", "-1"},
      {"--goal", "12345"},
      {"--goal", "1234567800"},
      {"--no-such-option"},
      {"--threads", "many"},
      // A directory without --db, a word left over: not built unseen.
      {"data/elsewhere"},
      {"--board", "2x3", "extra"},
      // An empty value is no default: not the 8-7's minutes of building.
      {"--board", "4x4", "--pdb", ""},
      {"--records", ""},
      {"--goal", ""},
      {"--board", "2x3", "--blank", ""},
      // Accepted once and ignored: --force without pattern databases,
      // --blank without a goal, --pdb for a table of the multi-tile metric.
      {"--board", "2x3", "--force"},
      {"--board", "2x3", "--blank", "x"},
      {"--board", "3x3", "--pdb", "4-4", "--metric", "mtm"},
  };
  for (const auto& args : cases) {
    std::vector<std::string> full = {"--db", db, "--quiet"};
    full.insert(full.end(), args.begin(), args.end());
    const CliResult r = RunBuildCli(full);
    EXPECT_EQ(r.status, kExitUsage) << args[0] << " " << r.err;
    EXPECT_NE(r.err.find("slidedb-build: "), std::string::npos);
  }
  // --threads as every number (docs/ERRORS.md, "Limits").
  const CliResult threads =
      RunBuildCli({"--db", db, "--board", "2x2", "--threads", "1.5"});
  EXPECT_EQ(threads.status, kExitUsage);
  EXPECT_NE(threads.err.find(
                "--threads must be a whole number from 0 to 256, not '1.5'"),
            std::string::npos)
      << threads.err;
  // What only a build reads is refused with --verify, not ignored.
  for (const char* build_only :
       {"--rebuild", "--force", "--pdb", "--words", "--no-words"}) {
    std::vector<std::string> full = {"--db", db, "--verify", build_only};
    if (build_only == std::string("--pdb")) full.push_back("7-8");
    const CliResult r = RunBuildCli(full);
    EXPECT_EQ(r.status, kExitUsage) << build_only << " " << r.err;
    EXPECT_NE(r.err.find(std::string(build_only) +
                         " applies to a build, not to --verify"),
              std::string::npos)
        << r.err;
  }
  EXPECT_FALSE(fs::exists(db)) << "a refused build wrote a database";
  // The multi-tile metric's full table: the build to run instead.
  const CliResult r = RunBuildCli(
      {"--db", db, "--board", "2x3", "--pdb", "3-2", "--metric", "mtm"});
  EXPECT_NE(r.err.find("slidedb-build --board 2x3 --metric mtm"),
            std::string::npos)
      << r.err;
}

// An absurd --threads is refused or capped, not a crash.
TEST(BuildCliTest, AbsurdThreadCountIsNotACrash) {
  const std::string db = TempDir("build-threads") + "/db";
  const CliResult r = RunBuildCli(
      {"--db", db, "--board", "2x2", "--goal", "123_", "--threads", "100000",
       "--quiet"});
  EXPECT_TRUE(r.status == kExitOk || r.status == kExitUsage) << r.err;
}

TEST(BuildCliTest, BuildsIntoAnEmptyDirectoryAndTheQueryReadsIt) {
  const std::string db = TempDir("build-fresh") + "/nested/db";
  const CliResult r = RunBuildCli({"--db", db, "--board", "2x3"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  // Progress per depth on standard error, one summary line per table.
  EXPECT_NE(r.err.find("depth"), std::string::npos) << r.err;
  const size_t max_distance =
      testing::HistogramOf(
          testing::DistancesTo(RefShape{2, 3}, Pack({1, 2, 3, 4, 5, 0})))
          .size() -
      1;
  EXPECT_NE(r.out.find("2x3 goal 123450: 360 states, max distance " +
                       std::to_string(max_distance)),
            std::string::npos)
      << r.out;
  // Two tables serve the six goal blanks (lib/puzzle/symmetry.h).
  EXPECT_NE(r.out.find("wrote " + db + ": 2 tables of 2x3"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("serves the goal blanks 0 2 3 5"), std::string::npos)
      << r.out;
  EXPECT_EQ(TableIds(db), (std::set<std::string>{"2x3/b4", "2x3/b5"}));
  EXPECT_TRUE(AsideCopies(db).empty());
  EXPECT_FALSE(fs::exists(db + ".lock")) << "the build's lock left beside";
  const CliResult q =
      RunQueryCli({"--db", db, "--board", "2x3", "--format", "json", "12345_"});
  EXPECT_EQ(q.status, kExitOk) << q.err;
  EXPECT_EQ(JsonLines(q.out).at(0).at("distance"), 0);
}

TEST(BuildCliTest, QuietBuildsPrintNoProgress) {
  const std::string db = TempDir("build-quiet") + "/db";
  const CliResult r =
      RunBuildCli({"--db", db, "--board", "2x2", "--quiet", "--threads", "1"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  EXPECT_EQ(r.err, "");
}

// A report that cannot be written (--verify > a full disk) is lost: 74,
// not 0 with an empty report.
TEST(BuildCliTest, OutputNotWrittenExits74) {
  const std::string db = TempDir("build-unwritten") + "/db";
  ASSERT_EQ(RunBuildCli({"--db", db, "--board", "2x2", "--quiet"}).status,
            kExitOk);
  std::istringstream in;
  std::ostringstream out, err;
  out.setstate(std::ios::badbit);  // as a write to a full disk leaves it
  EXPECT_EQ(
      RunBuild({"--db", db, "--verify", "--format", "json"}, in, out, err),
      kExitIOError);
  EXPECT_NE(err.str().find("cannot write the output"), std::string::npos)
      << err.str();
}

TEST(BuildCliTest, GoalPicksOneTable) {
  const std::string db = TempDir("build-goal") + "/db";
  CliResult r = RunBuildCli(
      {"--db", db, "--board", "2x3", "--goal", "1_2/345", "--quiet"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  // The blank on cell 1 is served by the table of cell 4, its mirror image.
  EXPECT_EQ(TableIds(db), (std::set<std::string>{"2x3/b4"}));
  // Two goals with the same blank cell make one table; --blank is honoured.
  r = RunBuildCli({"--db", db, "--board", "2x3", "--goal", "9ab/cde",
                   "--goal", "954/321", "--blank", "9", "--quiet"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  EXPECT_EQ(TableIds(db), (std::set<std::string>{"2x3/b4", "2x3/b5"}));
  // The query answers for goals of every blank cell those tables serve.
  r = RunQueryCli({"--db", db, "--board", "2x3", "--goal", "_54/321", "5_4321"});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  EXPECT_EQ(Lines(r.out).at(0), "504321 -> 054321: 1 move") << r.out;
  r = RunQueryCli({"--db", db, "--board", "2x3", "12345_"});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  EXPECT_EQ(Lines(r.out).at(0), "123450 -> 123450: 0 moves") << r.out;
  r = RunQueryCli({"--db", db, "--board", "2x2", "123_"});
  EXPECT_EQ(r.status, kExitNoInput) << "no table for another board";
}

TEST(BuildCliTest, SecondBoardKeepsTheFirst) {
  const std::string db = TempDir("build-two-boards") + "/db";
  ASSERT_EQ(RunBuildCli({"--db", db, "--board", "2x2", "--quiet"}).status, 0);
  ASSERT_EQ(RunBuildCli({"--db", db, "--board", "3x2", "--goal", "12/34/5_",
                         "--quiet"})
                .status,
            0);
  EXPECT_EQ(TableIds(db), (std::set<std::string>{"2x2/b3", "3x2/b5"}));
  const CliResult r =
      RunQueryCli({"--db", db, "--board", "2x2", "--format", "json", "1_32"});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  EXPECT_TRUE(AsideCopies(db).empty());
}

TEST(BuildCliTest, RefusesADirectoryThatIsNotADatabase) {
  const std::string dir = TempDir("build-not-db") + "/precious";
  fs::create_directories(dir + "/sub");
  {
    std::ofstream(dir + "/notes.txt") << "my notes\n";
    std::ofstream(dir + "/sub/more.txt") << "more\n";
  }
  const CliResult r = RunBuildCli({"--db", dir, "--board", "2x2", "--quiet"});
  EXPECT_EQ(r.status, kExitCantCreate);
  EXPECT_NE(r.err.find("not a slidedb database"), std::string::npos) << r.err;
  std::set<std::string> names;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    names.insert(fs::relative(e.path(), dir).string());
  }
  EXPECT_EQ(names, (std::set<std::string>{"notes.txt", "sub", "sub/more.txt"}));
  std::ifstream in(dir + "/notes.txt");
  std::string text((std::istreambuf_iterator<char>(in)),
                   std::istreambuf_iterator<char>());
  EXPECT_EQ(text, "my notes\n");
  EXPECT_TRUE(AsideCopies(dir).empty());
  EXPECT_FALSE(fs::exists(dir + ".lock")) << "a refused build's lock left";

  // A plain file where the database should be.
  const std::string file = TempDir("build-file") + "/db";
  std::ofstream(file) << "x";
  EXPECT_EQ(RunBuildCli({"--db", file, "--board", "2x2", "--quiet"}).status,
            kExitCantCreate);
  EXPECT_TRUE(fs::is_regular_file(file));
  EXPECT_FALSE(fs::exists(file + ".lock")) << "a lock left beside a file";
}

TEST(BuildCliTest, RefusesARocksDbThatIsNotSlidedb) {
  const std::string dir = TempDir("build-other-rocksdb") + "/db";
  {
    rocksdb::Options options;
    options.create_if_missing = true;
    rocksdb::DB* raw = nullptr;
    ASSERT_TRUE(rocksdb::DB::Open(options, dir, &raw).ok());
    std::unique_ptr<rocksdb::DB> db(raw);
    ASSERT_TRUE(db->Put(rocksdb::WriteOptions(), "key", "value").ok());
    ASSERT_TRUE(db->Close().ok());
  }
  for (const bool rebuild : {false, true}) {
    std::vector<std::string> args = {"--db", dir, "--board", "2x2", "--quiet"};
    if (rebuild) args.push_back("--rebuild");
    const CliResult r = RunBuildCli(args);
    EXPECT_EQ(r.status, kExitCantCreate);
    EXPECT_NE(r.err.find("not a slidedb"), std::string::npos) << r.err;
  }
  rocksdb::DB* raw = nullptr;
  ASSERT_TRUE(rocksdb::DB::OpenForReadOnly(rocksdb::Options(), dir, &raw).ok());
  std::unique_ptr<rocksdb::DB> db(raw);
  std::string value;
  EXPECT_TRUE(db->Get(rocksdb::ReadOptions(), "key", &value).ok());
  EXPECT_EQ(value, "value");
  std::string format;
  EXPECT_TRUE(db->Get(rocksdb::ReadOptions(), kFormatKey, &format).IsNotFound());
  EXPECT_TRUE(AsideCopies(dir).empty());
}

// A database whose blocks fail their checksums is said to be damaged
// (Corruption, not "no slidedb database"), and the build that will not
// touch it says how to mend it: remove it when not even its format key
// reads, --rebuild when that key does.
TEST(BuildCliTest, ADamagedDatabaseIsSaidSoWithItsMend) {
  const std::string dir = TempDir("build-damaged") + "/db";
  ASSERT_EQ(RunBuildCli({"--db", dir, "--board", "2x3", "--quiet"}).status,
            kExitOk);
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".sst") continue;
    std::fstream f(entry.path(),
                   std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(100);
    f.write(std::string(100, '\x5a').data(), 100);
  }
  const CliResult q = RunQueryCli({"--db", dir, "--board", "2x3", "123405"});
  EXPECT_EQ(q.status, kExitNoInput);
  EXPECT_NE(q.err.find("Corruption"), std::string::npos) << q.err;
  EXPECT_EQ(q.err.find("not a slidedb"), std::string::npos) << q.err;
  for (const bool rebuild : {false, true}) {
    std::vector<std::string> args = {"--db", dir, "--board", "2x3", "--quiet"};
    if (rebuild) args.push_back("--rebuild");
    const CliResult r = RunBuildCli(args);
    EXPECT_EQ(r.status, kExitCantCreate) << r.err;
    EXPECT_NE(r.err.find("remove the folder (rm -r " + dir + ")"),
              std::string::npos)
        << r.err;
  }
  fs::remove_all(dir);
  ASSERT_EQ(RunBuildCli({"--db", dir, "--board", "2x3", "--quiet"}).status,
            kExitOk);
  // A table's metadata broken, the format key read: --rebuild mends it.
  {
    rocksdb::DB* raw = nullptr;
    ASSERT_TRUE(rocksdb::DB::Open(rocksdb::Options(), dir, &raw).ok());
    std::unique_ptr<rocksdb::DB> db(raw);
    ASSERT_TRUE(db->Put(rocksdb::WriteOptions(), MetaKey("2x3/b5"), "{").ok());
    ASSERT_TRUE(db->Close().ok());
  }
  CliResult r = RunBuildCli({"--db", dir, "--board", "2x3", "--quiet"});
  EXPECT_EQ(r.status, kExitCantCreate) << r.err;
  EXPECT_NE(r.err.find("not touching it: slidedb-build --rebuild replaces it"),
            std::string::npos)
      << r.err;
  r = RunBuildCli({"--db", dir, "--board", "2x3", "--quiet", "--rebuild"});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  EXPECT_EQ(RunQueryCli({"--db", dir, "--board", "2x3", "123405"}).status,
            kExitOk);
}

// A database directory named with a trailing slash, as shell completion
// writes it, is the same directory. (Found by this suite: the copy went
// inside the database and the final swap failed with EINVAL, exit 73.)
TEST(BuildCliTest, DatabasePathWithTrailingSlash) {
  const std::string db = TempDir("build-slash") + "/db";
  CliResult r = RunBuildCli({"--db", db + "/", "--board", "2x2", "--quiet"});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  r = RunBuildCli({"--db", db + "/", "--board", "2x3", "--goal", "12345_",
                   "--quiet"});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  EXPECT_EQ(TableIds(db).size(), 2u);
}

// Standard output that cannot be written after the database was (a full
// disk, /dev/full): 74, said as the summary lost, not the build.
TEST(BuildCliTest, ASummaryNotWrittenIsNotABuildLost) {
  const std::string db = TempDir("build-full-out") + "/db";
  std::istringstream in;
  std::ostringstream out, err;
  out.setstate(std::ios::badbit);
  EXPECT_EQ(RunBuild({"--db", db, "--board", "2x2", "--quiet"}, in, out, err),
            kExitIOError);
  EXPECT_NE(err.str().find("the database was written, but not its summary"),
            std::string::npos)
      << err.str();
  EXPECT_EQ(TableIds(db).size(), 1u);
}

// The id of a process that has exited.
pid_t DeadPid() {
  const pid_t pid = fork();
  if (pid == 0) _exit(0);
  int status;
  waitpid(pid, &status, 0);
  return pid;
}

// A build holds the writers' lock, so any copy beside the database is left
// by a build that died (whatever its process id has become since).
TEST(BuildCliTest, CleansStaleCopiesOfDeadBuilds) {
  const std::string parent = TempDir("build-stale");
  const std::string db = parent + "/db";
  const std::string stale = db + ".building." + std::to_string(DeadPid());
  const std::string reused = db + ".building." + std::to_string(getppid());
  const std::string other = parent + "/other.building.1";
  for (const auto& d : {stale, reused, other}) {
    fs::create_directories(d);
    std::ofstream(d + "/CURRENT") << "x";
  }
  const CliResult r = RunBuildCli({"--db", db, "--board", "2x2", "--quiet"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  EXPECT_FALSE(fs::exists(stale)) << "the copy of a dead build was left";
  EXPECT_FALSE(fs::exists(reused))
      << "a copy whose process id is in use again was left";
  EXPECT_TRUE(fs::exists(other)) << "another database's copy was removed";
  EXPECT_EQ(TableIds(db).size(), 1u);
}

// A --db that is a symlink, or ".", names the real directory: the build
// goes into it, and the lock and the copy sit beside it.
TEST(BuildCliTest, SymlinkAndDotPathsNameTheRealDatabase) {
  const std::string parent = TempDir("build-link");
  const std::string real = parent + "/real/db";
  ASSERT_EQ(RunBuildCli({"--db", real, "--board", "2x2", "--quiet"}).status, 0);
  fs::create_directory_symlink(real, parent + "/link");
  CliResult r = RunBuildCli(
      {"--db", parent + "/link", "--board", "2x3", "--goal", "12345_", "-q"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  EXPECT_TRUE(fs::is_symlink(parent + "/link")) << "the link was replaced";
  EXPECT_EQ(TableIds(real).size(), 2u);
  EXPECT_FALSE(fs::exists(parent + "/link.lock"));
  // "." from inside the directory means the directory itself.
  const fs::path cwd = fs::current_path();
  fs::current_path(real);
  r = RunBuildCli({"--db", ".", "--board", "2x4", "--goal", "1234567_", "-q"});
  fs::current_path(cwd);
  ASSERT_EQ(r.status, kExitOk) << r.err;
  EXPECT_EQ(TableIds(real).size(), 3u);
  EXPECT_FALSE(fs::exists(real + "/..lock"));
}

TEST(BuildCliTest, RebuildingATableKeepsTheDatabaseReadable) {
  const std::string db = TempDir("build-rebuild") + "/db";
  ASSERT_EQ(RunBuildCli({"--db", db, "--board", "2x3", "--quiet"}).status, 0);
  ASSERT_EQ(RunBuildCli({"--db", db, "--board", "2x2", "--quiet"}).status, 0);
  // A reader opened before the rebuild.
  std::unique_ptr<Database> before;
  ASSERT_TRUE(Database::Open(db, &before).ok());
  Solver solver(before.get());
  Table* table;
  ASSERT_TRUE(solver.GetTable(Board(2, 3), 5, &table).ok());

  const CliResult r = RunBuildCli(
      {"--db", db, "--board", "2x3", "--goal", "12345_", "--quiet"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  EXPECT_EQ(TableIds(db).size(), 3u) << "the rebuilt table is there once";
  EXPECT_TRUE(AsideCopies(db).empty());

  // The old reader still answers.
  Arrangement start;
  ASSERT_TRUE(ParseArrangement("54321_", Board(2, 3), {}, &start).ok());
  Problem p;
  ASSERT_TRUE(MakeProblem(Board(2, 3), start, DefaultGoal(Board(2, 3), start),
                          &p)
                  .ok());
  Path path;
  ASSERT_TRUE(solver.Solve(p, &path).ok());
  testing::IdaStar search(RefShape{2, 3}, Pack({1, 2, 3, 4, 5, 0}));
  const int want = search.Distance(Pack({5, 4, 3, 2, 1, 0}));
  EXPECT_EQ(path.distance(), want);
  // So does a new one, with the same histogram as before.
  std::unique_ptr<Database> after;
  ASSERT_TRUE(Database::Open(db, &after).ok());
  const TableMeta* old_meta = before->Find(Board(2, 3), 5);
  const TableMeta* new_meta = after->Find(Board(2, 3), 5);
  ASSERT_NE(new_meta, nullptr);
  EXPECT_EQ(new_meta->histogram, old_meta->histogram);
  const CliResult q = RunQueryCli(
      {"--db", db, "--board", "2x3", "--format", "json", "54321_"});
  EXPECT_EQ(q.status, kExitOk) << q.err;
  EXPECT_EQ(JsonLines(q.out).at(0).at("distance"), want);
  EXPECT_EQ(RunQueryCli({"--db", db, "--board", "2x2", "123_"}).status, 0);
}

}  // namespace
}  // namespace slidedb
