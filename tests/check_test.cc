// slidedb-build --verify (lib/analysis/check.h): a sound database passes; a
// database's missing, short or extra pages, bad metadata, format key, stray
// keys and pattern databases, planted through RocksDB itself so that every
// block checksum still matches, are caught and described, and a flipped bit
// on disk by the checksums. Its records: tests/check_records_test.cc.
#include "lib/analysis/check.h"

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli/exit_codes.h"
#include "lib/storage/format.h"
#include "lib/storage/pdb_meta.h"
#include "lib/storage/table_meta.h"
#include "tests/check_util.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

using testing::kTable;
using testing::Rewriter;
using testing::RunBuildCli;
using testing::SmallDatabase;
using testing::TempDir;
using testing::VerifyFails;
using testing::VerifyJson;

TEST(CheckTest, SoundDatabasePasses) {
  const std::string dir = SmallDatabase("check_sound");
  int status;
  const auto j = VerifyJson(dir, &status);
  EXPECT_EQ(status, kExitOk);
  EXPECT_TRUE(j["ok"].get<bool>());
  ASSERT_EQ(j["tables"].size(), 4u);
  for (const auto& t : j["tables"]) {
    EXPECT_TRUE(t["ok"].get<bool>()) << t.dump();
    EXPECT_EQ(t["states"].get<uint64_t>(), 360u);
  }
  const auto text = RunBuildCli({"--verify", "--db", dir});
  EXPECT_EQ(text.status, kExitOk);
  EXPECT_NE(text.out.find("2x3/b5: ok, 360 states"), std::string::npos)
      << text.out;
}

TEST(CheckTest, TheSharedDatabasePasses) {
  // Every board of the suite's database, 3x3 and 2x5 included.
  const auto r = RunBuildCli({"--verify", "--db", testing::TestDatabase()});
  EXPECT_EQ(r.status, kExitOk) << r.out << r.err;
}

TEST(CheckTest, MissingShortAndExtraPagesAreCaught) {
  const std::string dir = SmallDatabase("check_pages");
  {
    Rewriter w(dir);
    w.Delete(PageKey("2x3/b4", 0));
    w.Put(PageKey("3x2/b3", 0), w.Get(PageKey("3x2/b3", 0)).substr(0, 100));
    w.Put(PageKey("3x2/b5", 1), "x");
  }
  const std::string out = VerifyFails(dir);
  EXPECT_NE(out.find("page 0 is missing"), std::string::npos) << out;
  EXPECT_NE(out.find("page 0 holds 100 records, not 360"), std::string::npos)
      << out;
  EXPECT_NE(out.find("page 1 is past the table's last page, 0"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("2x3/b5: ok"), std::string::npos) << out;
}

TEST(CheckTest, BadMetadataIsCaught) {
  const std::string dir = SmallDatabase("check_meta");
  {
    Rewriter w(dir);
    w.Put(MetaKey("2x3/b4"), "{not json");
    TableMeta meta;
    ASSERT_TRUE(TableMeta::FromJson(w.Get(MetaKey("3x2/b3")), &meta).ok());
    meta.pages = 3;
    w.Put(MetaKey("3x2/b3"), meta.ToJson());
    ASSERT_TRUE(TableMeta::FromJson(w.Get(MetaKey("3x2/b5")), &meta).ok());
    // Same total, different distances.
    --meta.histogram[3];
    ++meta.histogram[4];
    w.Put(MetaKey("3x2/b5"), meta.ToJson());
    ASSERT_TRUE(TableMeta::FromJson(w.Get(MetaKey("2x3/b5")), &meta).ok());
    meta.histogram[0] = 7;
    meta.goal = "123456";
    w.Put(MetaKey("2x3/b5"), meta.ToJson());
  }
  const std::string out = VerifyFails(dir);
  EXPECT_NE(out.find("meta/2x3/b4: table metadata is not a JSON object"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("pages is 3, not 1"), std::string::npos) << out;
  EXPECT_NE(out.find("distance 3: "), std::string::npos) << out;
  EXPECT_NE(out.find("histogram adds up to 366 states, not 360"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("the metadata's goal is 123456, not 123450"),
            std::string::npos)
      << out;
}

TEST(CheckTest, FormatKeyAndStrayKeysAreCaught) {
  const std::string dir = SmallDatabase("check_format");
  {
    Rewriter w(dir);
    w.Put(kFormatKey, std::to_string(kFormatVersion + 1));
    w.Put("junk", "1");
    w.Put(PageKey("9x9/b0", 0), "x");
  }
  std::string out = VerifyFails(dir);
  EXPECT_NE(out.find("format " + std::to_string(kFormatVersion + 1) +
                     ", but this slidedb reads formats " +
                     std::to_string(kOldestReadableFormat) + " to " +
                     std::to_string(kFormatVersion)),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("stray key junk"), std::string::npos) << out;
  EXPECT_NE(out.find("1 pages of table 9x9/b0, which has no metadata"),
            std::string::npos)
      << out;
  { Rewriter(dir).Delete(kFormatKey); }
  out = VerifyFails(dir);
  EXPECT_NE(out.find("no slidedb/format key"), std::string::npos) << out;
}

TEST(CheckTest, PatternDatabasesPassAndTheirPagesAreCounted) {
  // Pattern databases of 2x3 (slidedb-build --pdb) beside its tables: their
  // keys are not stray, and a missing, short or orphan page is caught.
  const std::string dir = SmallDatabase("check_pdb");
  const auto built =
      RunBuildCli({"--db", dir, "--board", "2x3", "--pdb", "2-3", "--quiet"});
  ASSERT_EQ(built.status, kExitOk) << built.err;
  int status;
  EXPECT_TRUE(VerifyJson(dir, &status)["ok"].get<bool>());
  EXPECT_EQ(status, kExitOk);
  {
    Rewriter w(dir);
    w.Delete(PdbPageKey(kTable, 0, 0));
    w.Put(PdbPageKey(kTable, 1, 0), "x");
    w.Put(PdbPageKey("2x3/b9", 0, 0), "x");
  }
  const std::string out = VerifyFails(dir);
  EXPECT_NE(out.find("pattern database 2x3/b5/0 has 0 pages, its metadata "
                     "says 1"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("page 0 of pattern database 2x3/b5/1 holds 1 bytes, not"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("pattern database 2x3/b9/0, which has no metadata"),
            std::string::npos)
      << out;
}

TEST(CheckTest, PatternDatabaseEntriesAreCheckedAndSelected) {
  // A sound pattern database verifies, entry by entry; one planted wrong
  // entry (its page's size and checksum intact) is caught, in text and
  // JSON, and --board/--goal select pattern databases as they select
  // tables.
  const std::string dir = SmallDatabase("check_pdb_entries");
  const auto built =
      RunBuildCli({"--db", dir, "--board", "2x3", "--pdb", "2-3", "--quiet"});
  ASSERT_EQ(built.status, kExitOk) << built.err;
  int status;
  nlohmann::json j = VerifyJson(dir, &status);
  ASSERT_EQ(status, kExitOk) << j.dump();
  // Every goal blank of 2x3 (6), two groups each.
  int pdbs = 0;
  for (const auto& t : j["tables"]) pdbs += t["kind"] == "pdb";
  EXPECT_EQ(pdbs, 12);
  // Only 2x3's goal blank 5: its two pattern databases and its table.
  auto r = RunBuildCli({"--verify", "--db", dir, "--board", "2x3", "--goal",
                        "12345_", "--format", "json"});
  ASSERT_EQ(r.status, kExitOk) << r.out << r.err;
  j = nlohmann::json::parse(r.out);
  std::vector<std::string> ids;
  for (const auto& t : j["tables"]) ids.push_back(t["table"]);
  EXPECT_EQ(ids, (std::vector<std::string>{"2x3/b5/0", "2x3/b5/1", "2x3/b5"}));
  {
    Rewriter w(dir);
    std::string page = w.Get(PdbPageKey(kTable, 1, 0));
    // Entries are four bits: byte 7's low ones are entry 14's.
    page[7] = static_cast<char>(page[7] ^ 1);
    w.Put(PdbPageKey(kTable, 1, 0), page);
  }
  const std::string out = VerifyFails(dir);
  EXPECT_NE(out.find("pattern database 2x3/b5/1: 1 problem"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("entry 14 is "), std::string::npos) << out;
  j = VerifyJson(dir, &status);
  EXPECT_EQ(status, kExitFailure);
  bool found = false;
  for (const auto& t : j["tables"]) {
    if (t["table"] == "2x3/b5/1") {
      found = true;
      EXPECT_FALSE(t["ok"].get<bool>());
      EXPECT_EQ(t["problems"], 1);
    }
  }
  EXPECT_TRUE(found);
}

TEST(CheckTest, SaysWhereItIsUnlessQuiet) {
  // A pattern database's check builds it again (minutes on 4x4): a line as
  // each check begins and at each depth of that search, on standard error;
  // none with --quiet, the report the same.
  const std::string dir = SmallDatabase("check_progress");
  ASSERT_EQ(
      RunBuildCli({"--db", dir, "--board", "2x3", "--pdb", "2-3", "--quiet"})
          .status,
      kExitOk);
  const std::vector<std::string> args = {
      "--verify", "--db", dir, "--board", "2x3", "--goal", "12345_"};
  const auto r = RunBuildCli(args);
  ASSERT_EQ(r.status, kExitOk) << r.err;
  for (const char* line :
       {"checking table 2x3/b5\n",
        "checking pattern database 2x3/b5/1 (120 entries): its search runs "
        "again\n",
        "pattern database 2x3/b5/1  depth 12  total           192  "}) {
    EXPECT_NE(r.err.find(line), std::string::npos) << line << "\n" << r.err;
  }
  EXPECT_NE(r.out.find("ok: 1 table and 2 pattern databases checked, 0 with "
                       "problems"),
            std::string::npos)
      << r.out;
  std::vector<std::string> quiet = args;
  quiet.push_back("--quiet");
  const auto q = RunBuildCli(quiet);
  EXPECT_EQ(q.status, kExitOk);
  EXPECT_EQ(q.err, "");
  EXPECT_NE(q.out.find("ok: 1 table and 2 pattern databases checked"),
            std::string::npos)
      << q.out;
}

// A table's check says how far it is as it goes, in states of the table
// (2x7 has 182 times 3x4's states, and said one line), for byte and
// two-bit records alike; at most once every progress_every.
TEST(CheckTest, ATableSaysHowFarItsCheckIs) {
  const std::string dir = testing::TempDir("check_table_progress") + "/db";
  for (const char* records : {"byte", "two-bit"}) {
    ASSERT_EQ(RunBuildCli({"--db", dir, "--board", "3x3", "--goal", "12345678_",
                           "--records", records, "--quiet"})
                  .status,
              kExitOk);
    std::vector<CheckProgress> told;
    CheckOptions options;
    options.threads = 2;
    options.progress = [&](const CheckProgress& p) { told.push_back(p); };
    options.progress_every = std::chrono::milliseconds(0);
    CheckReport report;
    ASSERT_TRUE(CheckDatabase(dir, options, &report).ok());
    ASSERT_TRUE(report.ok()) << records;
    uint64_t last = 0;
    int states_told = 0;
    for (const CheckProgress& p : told) {
      if (p.stage != CheckProgress::Stage::kStates) continue;
      ++states_told;
      EXPECT_EQ(p.table, "3x3/b8");
      EXPECT_EQ(p.of, 181440u) << records;
      EXPECT_GE(p.total, last) << records;
      EXPECT_LE(p.total, p.of) << records;
      last = p.total;
    }
    EXPECT_GE(states_told, 2) << records;  // at the start, and at the end
    EXPECT_EQ(last, 181440u) << records << ": told in states, to the last";
    // Nothing told between lines a long time apart, but that a check began.
    options.progress_every = std::chrono::hours(1);
    told.clear();
    ASSERT_TRUE(CheckDatabase(dir, options, &report).ok());
    ASSERT_EQ(told.size(), 1u) << records;
    EXPECT_EQ(told[0].stage, CheckProgress::Stage::kBegins);
  }
}

// Flips a bit of the byte a third of the way into the largest table file
// of the database at `dir` (the one holding the pages); its size, 0 for
// none. Table files may be hard links shared with nothing else here: a
// copy is edited and put in place.
uintmax_t FlipAByteOfTheLargestTableFile(const std::string& dir) {
  std::string sst;
  uintmax_t size = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    if (e.path().extension() == ".sst" && e.file_size() > size) {
      size = e.file_size();
      sst = e.path().string();
    }
  }
  if (sst.empty()) return 0;
  std::string bytes;
  {
    std::ifstream in(sst, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  bytes[bytes.size() / 3] ^= 0x10;
  std::filesystem::remove(sst);
  std::ofstream(sst, std::ios::binary) << bytes;
  return size;
}

TEST(CheckTest, FlippedBitOnDiskIsCaughtByTheChecksums) {
  const std::string dir = SmallDatabase("check_bitflip");
  ASSERT_GT(FlipAByteOfTheLargestTableFile(dir), 0u);
  const std::string out = VerifyFails(dir);
  EXPECT_NE(out.find("block checksums: Corruption"), std::string::npos)
      << out;
}

// Damage inside the pages of a table (found by --verify, not when the
// database opens) that a build rewrites fails that build (74, nothing
// changed), saying the way out, which mends it (a user's audit: 74 with no
// word of what to do).
TEST(CheckTest, ABuildOverDamagedPagesSaysTheWayOut) {
  const std::string dir = TempDir("check_rewrite_damage") + "/db";
  for (const char* goal : {"123456780", "123456708"}) {
    const auto r = RunBuildCli({"--db", dir, "--goal", goal, "--quiet"});
    ASSERT_EQ(r.status, kExitOk) << r.err;
  }
  // Far past the blocks an opening reads: inside a block of pages.
  ASSERT_GT(FlipAByteOfTheLargestTableFile(dir), 100000u);
  VerifyFails(dir);
  const auto again =
      RunBuildCli({"--db", dir, "--goal", "123456780", "--quiet"});
  EXPECT_EQ(again.status, kExitIOError) << again.err;
  EXPECT_NE(again.err.find("build with --rebuild"), std::string::npos)
      << again.err;
  EXPECT_NE(again.err.find("rm -r "), std::string::npos) << again.err;
  EXPECT_NE(again.err.find("nothing changed"), std::string::npos) << again.err;
  const auto rebuilt =
      RunBuildCli({"--db", dir, "--goal", "123456780", "--rebuild", "--quiet"});
  ASSERT_EQ(rebuilt.status, kExitOk) << rebuilt.err;
  EXPECT_EQ(RunBuildCli({"--db", dir, "--verify", "--quiet"}).status, kExitOk);
}

// A damaged block among a pattern database's pages is reported as such;
// the pages past it, which the scan of keys did not reach, are not called
// missing (an audit: "has 0 pages, its metadata says 64" of sets that the
// same report called ok).
TEST(CheckTest, PagesPastDamageAreNotCalledMissing) {
  const std::string dir = TempDir("check_pdb_damage") + "/db";
  std::filesystem::copy(testing::Pdb44Database(), dir);
  ASSERT_GT(FlipAByteOfTheLargestTableFile(dir), 100000u);
  const std::string out = VerifyFails(dir);
  EXPECT_NE(out.find("Corruption"), std::string::npos) << out;
  EXPECT_EQ(out.find("pages, its metadata says"), std::string::npos) << out;
}

// A table file cut short or gone is a problem found (exit 1), not a
// database that cannot be read (66): the database cannot even be opened.
TEST(CheckTest, ATruncatedOrMissingTableFileIsAProblemFound) {
  for (const bool truncate : {true, false}) {
    const std::string dir =
        SmallDatabase(truncate ? "check_truncated" : "check_missing");
    std::string sst;
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
      if (e.path().extension() == ".sst") sst = e.path().string();
    }
    ASSERT_FALSE(sst.empty());
    std::filesystem::remove(sst);  // a hard link, perhaps: not edited
    if (truncate) std::ofstream(sst, std::ios::binary) << "short";
    const std::string out = VerifyFails(dir);
    EXPECT_NE(out.find("its files are damaged or missing"), std::string::npos)
        << out;
    int status = 0;
    EXPECT_EQ(VerifyJson(dir, &status)["ok"], false);
    EXPECT_EQ(status, kExitFailure);
  }
}

// Without CURRENT, RocksDB cannot open the files: a damaged database (1),
// not "no database" (66).
TEST(CheckTest, ALostCurrentFileIsAProblemFound) {
  const std::string dir = SmallDatabase("check_current");
  std::filesystem::remove(dir + "/CURRENT");
  const std::string out = VerifyFails(dir);
  EXPECT_NE(out.find("not its CURRENT file"), std::string::npos) << out;
}

TEST(CheckTest, SelectsTablesAndReportsMissingOnes) {
  const std::string dir = SmallDatabase("check_select");
  auto r = RunBuildCli({"--verify", "--db", dir, "--board", "2x3", "--goal",
                        "12345_"});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  EXPECT_NE(r.out.find("1 table checked"), std::string::npos) << r.out;
  // Said with what was asked for and what there is.
  r = RunBuildCli({"--verify", "--db", dir, "--board", "3x3"});
  EXPECT_EQ(r.status, kExitNoInput);
  EXPECT_NE(r.err.find("no table of board 3x3 in " + dir + "; it holds 2x3/b"),
            std::string::npos)
      << r.err;
  const std::string none = TempDir("check_none");
  r = RunBuildCli({"--verify", "--db", none + "/db"});
  EXPECT_EQ(r.status, kExitNoInput);
  EXPECT_NE(r.err.find("no database at"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("build it with: slidedb-build --db"), std::string::npos)
      << r.err;
  // A file, or a folder of other files, is said to be so (as the query
  // tool says it).
  std::ofstream(none + "/file") << "not a database\n";
  r = RunBuildCli({"--verify", "--db", none + "/file"});
  EXPECT_EQ(r.status, kExitNoInput);
  EXPECT_NE(r.err.find("(a file"), std::string::npos) << r.err;
  r = RunBuildCli({"--verify", "--db", none});
  EXPECT_EQ(r.status, kExitNoInput);
  EXPECT_NE(r.err.find("a folder of other files"), std::string::npos) << r.err;
  r = RunBuildCli({"--verify", "--db", dir, "--format", "xml"});
  EXPECT_EQ(r.status, kExitUsage);
  r = RunBuildCli({"--db", dir, "--format", "json"});
  EXPECT_EQ(r.status, kExitUsage);
  EXPECT_NE(r.err.find("--format needs --verify"), std::string::npos);
}

}  // namespace
}  // namespace slidedb
