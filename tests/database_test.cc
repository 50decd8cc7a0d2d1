// Database, Table and TableMeta: opening, reading pages and refusing what is
// not a readable database (DatabaseWriter: tests/database_writer_test.cc).
#include "lib/storage/database.h"

#include <gtest/gtest.h>
#include <rocksdb/db.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "cli/default_db.h"
#include "cli/exit_codes.h"
#include "lib/base/shell.h"
#include "lib/puzzle/index.h"
#include "lib/search/bfs.h"
#include "lib/storage/database_writer.h"
#include "lib/storage/format.h"
#include "lib/storage/table.h"
#include "lib/storage/table_meta.h"
#include "slidedb/slidedb.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

namespace fs = std::filesystem;
using testing::TempDir;

using KeyValues = std::vector<std::pair<std::string, std::string>>;

// A RocksDB database at `dir` holding exactly `kv`.
void WriteRaw(const std::string& dir, const KeyValues& kv) {
  rocksdb::Options options;
  options.create_if_missing = true;
  rocksdb::DB* raw = nullptr;
  ASSERT_TRUE(rocksdb::DB::Open(options, dir, &raw).ok());
  std::unique_ptr<rocksdb::DB> db(raw);
  for (const auto& [k, v] : kv) {
    ASSERT_TRUE(db->Put(rocksdb::WriteOptions(), k, v).ok());
  }
  ASSERT_TRUE(db->Close().ok());
}

// Metadata of a table of `board`/`goal_blank` whose histogram is made up
// but consistent with `states`.
TableMeta FakeMeta(const Board& board, int goal_blank, uint64_t states) {
  TableMeta m = TableMeta::FromHistogram(board, goal_blank, {1, states - 1});
  m.goal = "made up";
  m.built_by = "database_test";
  return m;
}

std::string FormatValue() { return std::to_string(kFormatVersion); }

TEST(DatabaseTest, OpensTheTestDatabase) {
  std::unique_ptr<Database> db;
  Status s = Database::Open(testing::TestDatabase(), &db);
  ASSERT_TRUE(s.ok()) << s.ToString();
  EXPECT_EQ(db->dir(), testing::TestDatabase());
  // 3 + 1 + 2 + 2 + 2 + 2 + 1 tables serve 9 + 4 + 6 + 6 + 8 + 8 + 4 goal
  // blanks (lib/puzzle/symmetry.h); 3 + 2 more are 3x3's and 2x3's in the
  // multi-tile metric.
  EXPECT_EQ(db->table_ids().size(), 18u);
  ASSERT_NE(db->Find(Board(3, 3), 0, Metric::kMtm), nullptr);
  EXPECT_EQ(db->Find(Board(3, 3), 0, Metric::kMtm)->metric, Metric::kMtm);
  EXPECT_EQ(db->Find(Board(3, 3), 0, Metric::kMtm)->max_distance, 24);
  EXPECT_EQ(db->Find(Board(3, 3), 0)->metric, Metric::kStm);
  EXPECT_EQ(db->Find(Board(2, 5), 9, Metric::kMtm), nullptr);
  EXPECT_NE(db->Find(Board(3, 3), 0), nullptr);
  EXPECT_EQ(db->Find(Board(3, 3), 0)->goal_blank, 8) << "served by symmetry";
  EXPECT_NE(db->Find(Board(2, 5), 9), nullptr);
  EXPECT_EQ(db->Find(Board(2, 5), 0), db->Find(Board(2, 5), 9));
  EXPECT_EQ(db->Find(Board(2, 5), 1), nullptr);
  EXPECT_EQ(db->Find(Board(3, 4), 11), nullptr);
  EXPECT_EQ(db->Find(Board(5, 2), 9), nullptr);
}

TEST(DatabaseTest, MissingDatabaseIsNotFound) {
  std::unique_ptr<Database> db;
  const std::string dir = TempDir("db-missing");
  Status s = Database::Open(dir + "/none", &db);
  EXPECT_TRUE(s.IsNotFound()) << s.ToString();
  EXPECT_NE(s.message().find(dir + "/none"), std::string::npos);
  s = Database::Open(dir, &db);  // exists, empty
  EXPECT_TRUE(s.IsNotFound()) << s.ToString();
  EXPECT_EQ(db, nullptr);
}

// A folder that cannot be looked into is said so, not "no database", and a
// database's files without CURRENT are a damaged database, not none: a
// query names it, and a build refuses it before its search (it had run the
// whole search, then failed to move its copy over the folder).
TEST(DatabaseTest, UnreadableFolderOrLostCurrentIsSaidSo) {
  const std::string base = TempDir("db-locate");
  fs::create_directory_symlink(base + "/loop", base + "/loop");
  const std::string loop = base + "/loop";
  Status s = LocateDatabase(loop);
  EXPECT_TRUE(s.IsIOError()) << s.ToString();
  EXPECT_NE(s.message().find("cannot read " + loop + ": "), std::string::npos)
      << s.message();
  const std::string lost = base + "/lost";
  WriteRaw(lost, {{"hello", "world"}});
  fs::remove(lost + "/CURRENT");
  std::unique_ptr<Database> db;
  s = Database::Open(lost, &db);
  EXPECT_TRUE(s.IsCorruption()) << s.ToString();
  EXPECT_NE(s.message().find("not its CURRENT file"), std::string::npos)
      << s.message();
  for (const std::string& dir : {loop, lost}) {
    for (const bool fresh : {false, true}) {
      std::unique_ptr<DatabaseWriter> writer;
      s = DatabaseWriter::Begin(dir, &writer, fresh);
      EXPECT_TRUE(s.IsInvalidArgument()) << s.ToString();
      // The loop's why: its path cannot be resolved.
      EXPECT_NE(
          s.message().find(dir == loop ? "symbolic links" : "not touching it"),
          std::string::npos)
          << s.message();
    }
  }
  EXPECT_TRUE(LocateDatabase(base + "/none").IsNotFound());
}

TEST(DatabaseTest, OtherRocksDbIsCorruption) {
  const std::string dir = TempDir("db-other") + "/db";
  WriteRaw(dir, {{"hello", "world"}});
  std::unique_ptr<Database> db;
  Status s = Database::Open(dir, &db);
  EXPECT_TRUE(s.IsCorruption()) << s.ToString();
  EXPECT_NE(s.message().find("not a slidedb database"), std::string::npos)
      << s.message();
  // Not a slidedb database, damaged or not: a build leaves it alone, even
  // starting afresh.
  for (const bool fresh : {false, true}) {
    std::unique_ptr<DatabaseWriter> writer;
    s = DatabaseWriter::Begin(dir, &writer, fresh);
    EXPECT_TRUE(s.IsInvalidArgument()) << s.ToString();
    EXPECT_EQ(s.message().find("--rebuild"), std::string::npos) << s.message();
  }
}

TEST(DatabaseTest, OtherFormatVersionIsVersionMismatch) {
  const std::string dir = TempDir("db-format") + "/db";
  WriteRaw(dir, {{kFormatKey, std::to_string(kFormatVersion + 1)}});
  std::unique_ptr<Database> db;
  Status s = Database::Open(dir, &db);
  EXPECT_TRUE(s.IsVersionMismatch()) << s.ToString();
  EXPECT_NE(s.message().find("format " + std::to_string(kFormatVersion + 1)),
            std::string::npos)
      << s.message();
  // The query tool reports it as an unreadable database.
  const auto r = testing::RunQueryCli({"--db", dir, "123456780"});
  EXPECT_EQ(r.status, kExitNoInput);
  EXPECT_NE(r.err.find("format"), std::string::npos) << r.err;
}

TEST(DatabaseTest, BadMetadataIsCorruption) {
  const std::string dir = TempDir("db-bad-meta") + "/db";
  TableMeta inconsistent = FakeMeta(Board(2, 2), 3, 12);
  inconsistent.pages = 7;
  for (const std::string& meta :
       {std::string("not json"), std::string("[1,2]"),
        std::string("{\"format\":1}"), inconsistent.ToJson()}) {
    fs::remove_all(dir);
    WriteRaw(dir, {{kFormatKey, FormatValue()}, {MetaKey("2x2/b3"), meta}});
    // Open lists the table without reading its metadata; the first use
    // reports it, naming the key.
    std::unique_ptr<Database> db;
    ASSERT_TRUE(Database::Open(dir, &db).ok()) << meta;
    EXPECT_EQ(db->table_ids(), std::vector<std::string>{"2x2/b3"});
    const TableMeta* found = nullptr;
    Status s = db->FindTable(Board(2, 2), 3, &found);
    EXPECT_TRUE(s.IsCorruption()) << meta << ": " << s.ToString();
    EXPECT_NE(s.message().find("meta/2x2/b3: "), std::string::npos)
        << s.message();
    EXPECT_EQ(found, nullptr);
    EXPECT_EQ(db->Find(Board(2, 2), 3), nullptr);
    std::vector<const TableMeta*> all;
    EXPECT_TRUE(db->Tables(&all).IsCorruption()) << meta;
    // Asked again, it says the same.
    EXPECT_EQ(db->FindTable(Board(2, 2), 3, &found).message(), s.message());
    // A one-shot query and a batch say so and stop.
    for (const auto& args :
         {std::vector<std::string>{"--db", dir, "--board", "2x2", "1230"},
          std::vector<std::string>{"--db", dir, "--board", "2x2"}}) {
      const auto r = testing::RunQueryCli(args, "1230\n");
      EXPECT_NE(r.status, kExitOk) << meta;
      EXPECT_NE(r.err.find("meta/2x2/b3: "), std::string::npos) << r.err;
      EXPECT_EQ(r.out, "") << meta;
    }
    // The library's Db and the server read every table's metadata at open,
    // and a build adds no table to such a database.
    std::unique_ptr<Db> api_db;
    EXPECT_TRUE(Db::Open(dir, &api_db).IsCorruption()) << meta;
    std::unique_ptr<DatabaseWriter> writer;
    s = DatabaseWriter::Begin(dir, &writer);
    EXPECT_TRUE(s.IsInvalidArgument()) << meta << ": " << s.ToString();
    EXPECT_NE(s.message().find("not touching it: slidedb-build --rebuild "
                               "replaces it"),
              std::string::npos)
        << s.message();
    // Starting afresh replaces it, as --rebuild says.
    db.reset();
    ASSERT_TRUE(DatabaseWriter::Begin(dir, &writer, /*fresh=*/true).ok())
        << meta;
    writer.reset();
  }
}

TEST(DatabaseTest, MetadataUnderAnotherTablesKeyIsCorruption) {
  const std::string dir = TempDir("db-meta-key") + "/db";
  WriteRaw(dir, {{kFormatKey, FormatValue()},
                 {MetaKey("2x2/b3"), FakeMeta(Board(2, 3), 5, 360).ToJson()}});
  std::unique_ptr<Database> db;
  ASSERT_TRUE(Database::Open(dir, &db).ok());
  const TableMeta* found;
  Status s = db->FindTable(Board(2, 2), 3, &found);
  EXPECT_TRUE(s.IsCorruption()) << s.ToString();
  EXPECT_NE(s.message().find("meta/2x2/b3: the metadata is of table 2x3/b5"),
            std::string::npos)
      << s.message();
}

TEST(DatabaseTest, ListsTablesWithoutReadingTheirMetadata) {
  // Two tables: one damaged, one sound. Open lists both; the sound one is
  // found and read while the damaged one is never asked for.
  const std::string dir = TempDir("db-lazy-meta") + "/db";
  WriteRaw(dir, {{kFormatKey, FormatValue()},
                 {MetaKey("2x2/b3"), FakeMeta(Board(2, 2), 3, 12).ToJson()},
                 {MetaKey("2x3/b5"), "not json"}});
  std::unique_ptr<Database> db;
  ASSERT_TRUE(Database::Open(dir, &db).ok());
  EXPECT_EQ(db->table_ids(),
            (std::vector<std::string>{"2x2/b3", "2x3/b5"}));
  const TableMeta* found = nullptr;
  ASSERT_TRUE(db->FindTable(Board(2, 2), 0, &found).ok());
  ASSERT_NE(found, nullptr);
  EXPECT_EQ(found->Id(), "2x2/b3") << "goal blank 0 is served by b3";
  EXPECT_EQ(found->states, 12u);
  EXPECT_EQ(db->Find(Board(2, 2), 3), found) << "parsed once, kept";
  ASSERT_TRUE(db->FindTable(Board(3, 3), 8, &found).ok());
  EXPECT_EQ(found, nullptr) << "not built";
  EXPECT_TRUE(db->FindTable(Board(2, 3), 5, &found).IsCorruption());
}

TEST(TableMetaTest, JsonRoundTrip) {
  TableMeta m = FakeMeta(Board(2, 4), 6, 20160);
  m.built_at = "2026-01-01T00:00:00Z";
  m.build_seconds = 1.5;
  m.threads = 3;
  TableMeta back;
  ASSERT_TRUE(TableMeta::FromJson(m.ToJson(), &back).ok());
  EXPECT_EQ(back.board, m.board);
  EXPECT_EQ(back.goal_blank, 6);
  EXPECT_EQ(back.goal, m.goal);
  EXPECT_EQ(back.states, m.states);
  EXPECT_EQ(back.histogram, m.histogram);
  EXPECT_EQ(back.max_distance, m.max_distance);
  EXPECT_EQ(back.pages, m.pages);
  EXPECT_EQ(back.built_by, m.built_by);
  EXPECT_EQ(back.built_at, m.built_at);
  EXPECT_EQ(back.build_seconds, 1.5);
  EXPECT_EQ(back.threads, 3);
  EXPECT_EQ(back.Id(), "2x4/b6");
}

// Format 2 stores only the goal blank of each class (lib/puzzle/symmetry.h), and
// says which goal blanks the table serves.
TEST(TableMetaTest, OnlyStoredGoalBlanksWithWhatTheyServe) {
  TableMeta m = FakeMeta(Board(2, 4), 6, 20160);
  const std::string json = m.ToJson();
  EXPECT_NE(json.find("\"serves\":[1,2,5,6]"), std::string::npos) << json;
  TableMeta back;
  Status s =
      TableMeta::FromJson(FakeMeta(Board(2, 4), 5, 20160).ToJson(), &back);
  EXPECT_TRUE(s.IsCorruption());
  EXPECT_NE(s.message().find("served by the table of goal_blank 6"),
            std::string::npos)
      << s.message();
  std::string wrong = json;
  wrong.replace(wrong.find("[1,2,5,6]"), 9, "[6]");
  EXPECT_TRUE(TableMeta::FromJson(wrong, &back).IsCorruption());
}

// A database of format 1 (every goal blank stored) is refused with the
// command that rebuilds it, and that command works.
TEST(DatabaseTest, FormatOneNamesTheRebuild) {
  const std::string dir = TempDir("db-format1") + "/db";
  WriteRaw(dir, {{kFormatKey, "1"},
                 {"meta/2x2/b0", "{}"},
                 {"meta/2x3/b5", "{}"}});
  std::unique_ptr<Database> db;
  Status s = Database::Open(dir, &db);
  EXPECT_TRUE(s.IsVersionMismatch()) << s.ToString();
  const std::string rebuild = "slidedb-build --db " + ShellWord(dir) +
                              " --rebuild --board 2x2, then slidedb-build "
                              "--db " +
                              ShellWord(dir) + " --board 2x3";
  EXPECT_NE(s.message().find(rebuild), std::string::npos) << s.message();
  // A multi-tile table's key ("mtm/2x3/b5") names its metric, not a board.
  const std::string with_mtm = TempDir("db-format1-mtm") + "/db";
  WriteRaw(
      with_mtm,
      {{kFormatKey, "1"}, {"meta/2x3/b5", "{}"}, {"meta/mtm/2x3/b5", "{}"}});
  EXPECT_NE(Database::Open(with_mtm, &db)
                .message()
                .find(" --rebuild --board 2x3, then slidedb-build --db " +
                      ShellWord(with_mtm) + " --board 2x3 --metric mtm"),
            std::string::npos);
  const auto q = testing::RunQueryCli({"--db", dir, "--board", "2x2", "1_32"});
  EXPECT_EQ(q.status, kExitNoInput);
  EXPECT_NE(q.err.find(rebuild), std::string::npos) << q.err;
  // A plain build refuses to touch it; --rebuild replaces it.
  auto b = testing::RunBuildCli({"--db", dir, "--board", "2x2", "--quiet"});
  EXPECT_NE(b.status, 0);
  EXPECT_NE(b.err.find("--rebuild"), std::string::npos) << b.err;
  b = testing::RunBuildCli(
      {"--db", dir, "--rebuild", "--board", "2x2", "--quiet"});
  ASSERT_EQ(b.status, 0) << b.err;
  ASSERT_TRUE(Database::Open(dir, &db).ok());
  ASSERT_EQ(db->table_ids().size(), 1u);
  EXPECT_EQ(db->table_ids()[0], "2x2/b3");
  EXPECT_EQ(testing::RunQueryCli({"--db", dir, "--board", "2x2", "--goal",
                                  "_123", "1_23"})
                .status,
            0);
  // --rebuild replaces slidedb databases only.
  const std::string other = TempDir("db-not-slidedb") + "/db";
  WriteRaw(other, {{"hello", "world"}});
  b = testing::RunBuildCli(
      {"--db", other, "--rebuild", "--board", "2x2", "--quiet"});
  EXPECT_NE(b.status, 0);
  EXPECT_NE(b.err.find("not a slidedb database"), std::string::npos) << b.err;
}

TEST(DatabaseTest, MissingOrShortPageIsCorruption) {
  const Board board(2, 3);
  const TableMeta meta = FakeMeta(board, 5, 360);
  for (bool short_page : {false, true}) {
    const std::string dir =
        TempDir(short_page ? "db-short-page" : "db-missing-page") + "/db";
    KeyValues kv = {{kFormatKey, FormatValue()},
                    {MetaKey(meta.Id()), meta.ToJson()}};
    if (short_page) kv.emplace_back(PageKey(meta.Id(), 0), std::string(359, 4));
    WriteRaw(dir, kv);
    std::unique_ptr<Database> db;
    ASSERT_TRUE(Database::Open(dir, &db).ok());
    std::unique_ptr<Table> table;
    Status s = db->OpenTable(*db->Find(board, 5), &table);
    EXPECT_TRUE(s.IsCorruption()) << s.ToString();
    EXPECT_NE(s.message().find("page 0 of table 2x3/b5"), std::string::npos)
        << s.message();
    const auto r = testing::RunQueryCli({"--db", dir, "--board", "2x3", "12345_"});
    EXPECT_EQ(r.status, kExitNoInput) << r.out;
    EXPECT_NE(r.err.find("page 0"), std::string::npos) << r.err;
  }
}

// Tables too big to read whole are read a page at a time, as used.
TEST(DatabaseTest, LargeTablesAreReadPageByPage) {
  const Board board(3, 4);
  const Indexer indexer(board, 11);
  const TableMeta meta = FakeMeta(board, 11, indexer.size());
  ASSERT_GT(meta.states, Database::kPreloadStates);
  std::string page0(kPageRecords, 0), page9(kPageRecords, 0);
  for (uint32_t k = 0; k < kPageRecords; ++k) {
    page0[k] = static_cast<char>(EncodeRecord(k % 50, Move::kUp));
    page9[k] = static_cast<char>(EncodeRecord(k % 60, Move::kRight));
  }
  const std::string dir = TempDir("db-lazy") + "/db";
  WriteRaw(dir, {{kFormatKey, FormatValue()},
                 {MetaKey(meta.Id()), meta.ToJson()},
                 {PageKey(meta.Id(), 0), page0},
                 {PageKey(meta.Id(), 9), page9}});
  std::unique_ptr<Database> db;
  ASSERT_TRUE(Database::Open(dir, &db).ok());
  std::unique_ptr<Table> table;
  ASSERT_TRUE(db->OpenTable(*db->Find(board, 11), &table).ok());
  EXPECT_EQ(table->pages_loaded(), 0u);
  uint8_t rec;
  ASSERT_TRUE(table->Get(77, &rec).ok());
  EXPECT_EQ(RecordDistance(rec), 77 % 50);
  EXPECT_EQ(table->pages_loaded(), 1u);
  ASSERT_TRUE(table->Get(9 * kPageRecords + 123, &rec).ok());
  EXPECT_EQ(RecordDistance(rec), 123 % 60);
  EXPECT_EQ(RecordMove(rec), Move::kRight);
  ASSERT_TRUE(table->Get(5, &rec).ok());
  EXPECT_EQ(table->pages_loaded(), 2u) << "a page is read once";
  Status s = table->Get(3 * kPageRecords, &rec);
  EXPECT_TRUE(s.IsCorruption()) << s.ToString();
  EXPECT_NE(s.message().find("page 3"), std::string::npos) << s.message();
}

// Metadata whose state count is not the board's (cells!/2) is refused on
// opening, before a walk can index past the pages it describes. (Found by
// this suite: such a table opened, and Table::Get then read past the end of
// its page vector.)
TEST(DatabaseTest, StateCountNotTheBoardsIsCorruption) {
  const Board board(3, 3);
  const TableMeta meta = FakeMeta(board, 8, 100);
  const std::string dir = TempDir("db-wrong-states") + "/db";
  WriteRaw(dir, {{kFormatKey, FormatValue()},
                 {MetaKey(meta.Id()), meta.ToJson()},
                 {PageKey(meta.Id(), 0), std::string(100, 4)}});
  std::unique_ptr<Database> db;
  Status s = Database::Open(dir, &db);
  ASSERT_TRUE(s.ok()) << "the metadata is read when the table is used";
  const TableMeta* found;
  s = db->FindTable(board, 8, &found);
  EXPECT_TRUE(s.IsCorruption()) << s.ToString();
  EXPECT_EQ(found, nullptr);
}

TEST(DatabaseTest, DefaultPath) {
  const char* old = std::getenv("SLIDEDB_DB");
  const std::string saved = old ? old : "";
  setenv("SLIDEDB_DB", "/some/where", 1);
  EXPECT_EQ(DefaultDatabasePath(), "/some/where");
  setenv("SLIDEDB_DB", "", 1);
  EXPECT_EQ(DefaultDatabasePath(), "data/slidedb");
  unsetenv("SLIDEDB_DB");
  EXPECT_EQ(DefaultDatabasePath(), "data/slidedb");
  if (old) setenv("SLIDEDB_DB", saved.c_str(), 1);
}

}  // namespace
}  // namespace slidedb
