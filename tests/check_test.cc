// slidedb-build --verify (lib/analysis/check.h): a sound database passes; every kind
// of corruption planted through RocksDB itself, so that every block checksum
// still matches, is caught and described.
#include "lib/analysis/check.h"
#include "lib/analysis/record_check.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <rocksdb/db.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "cli/exit_codes.h"
#include "lib/puzzle/index.h"
#include "lib/puzzle/state.h"
#include "lib/search/bfs.h"
#include "lib/storage/format.h"
#include "lib/storage/pdb_meta.h"
#include "lib/storage/table_meta.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

using testing::RunBuildCli;
using testing::TempDir;

// A fresh database of every 2x3 table (360 states each) at a new directory.
std::string SmallDatabase(const std::string& name) {
  const std::string dir = TempDir(name) + "/db";
  // Two tables each (lib/puzzle/symmetry.h): 2x3/b4, 2x3/b5, 3x2/b3, 3x2/b5.
  for (const char* board : {"2x3", "3x2"}) {
    const auto r = RunBuildCli({"--db", dir, "--board", board, "--quiet"});
    EXPECT_EQ(r.status, kExitOk) << r.err;
  }
  return dir;
}

// Changes the database at `dir` through RocksDB, as any client could.
class Rewriter {
 public:
  explicit Rewriter(const std::string& dir) {
    rocksdb::Options options;
    rocksdb::DB* raw = nullptr;
    const auto s = rocksdb::DB::Open(options, dir, &raw);
    EXPECT_TRUE(s.ok()) << s.ToString();
    db_.reset(raw);
  }
  ~Rewriter() { EXPECT_TRUE(db_->Close().ok()); }

  std::string Get(const std::string& key) {
    std::string v;
    EXPECT_TRUE(db_->Get(rocksdb::ReadOptions(), key, &v).ok()) << key;
    return v;
  }
  void Put(const std::string& key, const std::string& value) {
    ASSERT_TRUE(db_->Put(rocksdb::WriteOptions(), key, value).ok());
  }
  void Delete(const std::string& key) {
    ASSERT_TRUE(db_->Delete(rocksdb::WriteOptions(), key).ok());
  }
  // Sets the record of index i of table `id` (in page 0 of a 2x3 table).
  void SetRecord(const std::string& id, Index i, uint8_t record) {
    std::string page = Get(PageKey(id, 0));
    ASSERT_LT(i, page.size());
    page[i] = static_cast<char>(record);
    Put(PageKey(id, 0), page);
  }
  uint8_t Record(const std::string& id, Index i) {
    return static_cast<uint8_t>(Get(PageKey(id, 0)).at(i));
  }

 private:
  std::unique_ptr<rocksdb::DB> db_;
};

constexpr char kTable[] = "2x3/b5";
const Board kBoard(2, 3);

// The records of the 2x3/b5 table, from a fresh search.
std::vector<uint8_t> TrueRecords() {
  BfsResult bfs;
  EXPECT_TRUE(RunBfs(Indexer(kBoard, 5), 1, nullptr, &bfs).ok());
  return bfs.records;
}

// A 2x3 state as the tools write it: "123450".
std::string StateText(const State& s) {
  std::string text;
  for (int c = 0; c < kBoard.cells(); ++c) text += std::to_string(s.tile[c]);
  return text;
}

// An index of the 2x3/b5 table at distance d whose state has the blank in
// the middle column (three moves), from a fresh search.
Index IndexAtDistance(int d) {
  const std::vector<uint8_t> records = TrueRecords();
  for (Index i = 0; i < records.size(); ++i) {
    if (RecordDistance(records[i]) == d && i % 3 == 1) return i;
  }
  ADD_FAILURE() << "no state at distance " << d;
  return 0;
}

// The report of --verify on `dir` as JSON, with its exit status.
nlohmann::json VerifyJson(const std::string& dir, int* status) {
  const auto r = RunBuildCli({"--verify", "--db", dir, "--format", "json"});
  *status = r.status;
  return nlohmann::json::parse(r.out);
}

// Runs --verify on `dir`, expects it to fail, and returns the text report.
std::string VerifyFails(const std::string& dir) {
  const auto r = RunBuildCli({"--verify", "--db", dir});
  EXPECT_EQ(r.status, kExitFailure) << r.out << r.err;
  EXPECT_NE(r.out.find("FAILED"), std::string::npos) << r.out;
  return r.out;
}

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

TEST(CheckTest, WrongDistanceIsCaught) {
  const std::string dir = SmallDatabase("check_distance");
  const Index i = IndexAtDistance(10);
  {
    Rewriter w(dir);
    const uint8_t rec = w.Record(kTable, i);
    // One more than the truth, same move: checksums stay valid.
    w.SetRecord(kTable, i, EncodeRecord(11, RecordMove(rec)));
  }
  const std::string out = VerifyFails(dir);
  EXPECT_NE(out.find("2x3/b5: "), std::string::npos) << out;
  EXPECT_NE(out.find("index " + std::to_string(i) + ", state " +
                     StateText(Indexer(kBoard, 5).StateAt(i))),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("histogram in the metadata does not match"),
            std::string::npos)
      << out;
  // The other tables are untouched.
  EXPECT_NE(out.find("2x3/b4: ok"), std::string::npos) << out;
}

TEST(CheckTest, TooSmallDistanceIsCaught) {
  // A state stored one nearer than it is, with the histogram mended so that
  // only the records can tell.
  const std::string dir = SmallDatabase("check_small");
  const Index i = IndexAtDistance(10);
  {
    Rewriter w(dir);
    w.SetRecord(kTable, i, EncodeRecord(9, RecordMove(w.Record(kTable, i))));
    TableMeta meta;
    ASSERT_TRUE(TableMeta::FromJson(w.Get(MetaKey(kTable)), &meta).ok());
    --meta.histogram[10];
    ++meta.histogram[9];
    w.Put(MetaKey(kTable), meta.ToJson());
  }
  const std::string out = VerifyFails(dir);
  EXPECT_NE(out.find("index " + std::to_string(i)), std::string::npos) << out;
  EXPECT_NE(out.find("leads to"), std::string::npos) << out;
  EXPECT_EQ(out.find("histogram"), std::string::npos) << out;
}

TEST(CheckTest, WrongAndIllegalMovesAreCaught) {
  const std::string dir = SmallDatabase("check_moves");
  const Index i = IndexAtDistance(8);  // blank in the middle column
  const Index j = IndexAtDistance(12) - 1;  // blank in the left column
  const std::vector<uint8_t> truth = TrueRecords();
  const Indexer ix(kBoard, 5);
  // A legal move that does not lead one nearer (there is one: the move back
  // towards a state at distance 9).
  Move other = Move::kUp;
  for (Move m : kAllMoves) {
    State s = ix.StateAt(i);
    if (ApplyMove(kBoard, m, &s) &&
        RecordDistance(truth[ix.AfterMove(i, m, s)]) != 7) {
      other = m;
    }
  }
  {
    Rewriter w(dir);
    w.SetRecord(kTable, i, EncodeRecord(8, other));
    // From the left column, Left leaves the board.
    w.SetRecord(kTable, j, EncodeRecord(RecordDistance(truth[j]), Move::kLeft));
  }
  int status;
  const auto j_report = VerifyJson(dir, &status);
  EXPECT_EQ(status, kExitFailure);
  bool wrong = false, illegal = false;
  for (const auto& t : j_report["tables"]) {
    if (t["table"] != kTable) {
      EXPECT_TRUE(t["ok"].get<bool>());
      continue;
    }
    EXPECT_FALSE(t["ok"].get<bool>());
    EXPECT_EQ(t["problems"].get<int>(), 2) << t.dump();
    for (const auto& p : t["listed"]) {
      const std::string what = p["what"];
      if (p["index"] == i) wrong = what.find("leads to") != std::string::npos;
      if (p["index"] == j) {
        illegal = what.find("best move L leaves the board") != std::string::npos;
      }
    }
  }
  EXPECT_TRUE(wrong) << j_report.dump();
  EXPECT_TRUE(illegal) << j_report.dump();
}

TEST(CheckTest, GoalRecordsAreCaught) {
  const std::string dir = SmallDatabase("check_goal");
  const Indexer ix(kBoard, 5);
  const Index goal = ix.IndexOf(CanonicalGoal(kBoard, 5));
  const Index i = IndexAtDistance(1);
  {
    Rewriter w(dir);
    w.SetRecord(kTable, goal, EncodeRecord(1, Move::kUp));
    w.SetRecord(kTable, i, 0);
  }
  const std::string out = VerifyFails(dir);
  EXPECT_NE(out.find("the goal's record is 4, not 0"), std::string::npos)
      << out;
  EXPECT_NE(out.find("distance 0, but it is not the goal"), std::string::npos)
      << out;
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

TEST(CheckTest, FlippedBitOnDiskIsCaughtByTheChecksums) {
  const std::string dir = SmallDatabase("check_bitflip");
  // The largest table file holds the pages; flip one byte in its middle.
  std::string sst;
  uintmax_t size = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    if (e.path().extension() == ".sst" && e.file_size() > size) {
      size = e.file_size();
      sst = e.path().string();
    }
  }
  ASSERT_FALSE(sst.empty());
  // Table files may be hard links shared with nothing else here: edit a
  // copy and put it in place.
  std::string bytes;
  {
    std::ifstream in(sst, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  bytes[bytes.size() / 3] ^= 0x10;
  std::filesystem::remove(sst);
  std::ofstream(sst, std::ios::binary) << bytes;
  const std::string out = VerifyFails(dir);
  EXPECT_NE(out.find("block checksums: Corruption"), std::string::npos)
      << out;
}

TEST(CheckTest, SelectsTablesAndReportsMissingOnes) {
  const std::string dir = SmallDatabase("check_select");
  auto r = RunBuildCli({"--verify", "--db", dir, "--board", "2x3", "--goal",
                        "12345_"});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  EXPECT_NE(r.out.find("1 table checked"), std::string::npos) << r.out;
  r = RunBuildCli({"--verify", "--db", dir, "--board", "3x3"});
  EXPECT_EQ(r.status, kExitNoInput);
  EXPECT_NE(r.err.find("no table in"), std::string::npos) << r.err;
  r = RunBuildCli({"--verify", "--db", TempDir("check_none") + "/db"});
  EXPECT_EQ(r.status, kExitNoInput);
  EXPECT_NE(r.err.find("no database at"), std::string::npos) << r.err;
  r = RunBuildCli({"--verify", "--db", dir, "--format", "xml"});
  EXPECT_EQ(r.status, kExitUsage);
  r = RunBuildCli({"--db", dir, "--format", "json"});
  EXPECT_EQ(r.status, kExitUsage);
  EXPECT_NE(r.err.find("--format needs --verify"), std::string::npos);
}

// Saturated records (distance 63, "63 or more") are resolved by walking
// their best moves. On a small board none may be saturated, so each one
// marked so is reported with the distance its walk finds, and the
// histogram recounts the true distances; a walk that goes round in circles
// is caught.
TEST(CheckTest, SaturatedRecordsAreResolvedByWalking) {
  const Indexer ix(kBoard, 5);
  BfsResult bfs;
  ASSERT_TRUE(RunBfs(ix, 1, nullptr, &bfs).ok());
  std::vector<uint8_t> records = bfs.records;
  int marked = 0;
  for (auto& r : records) {
    if (RecordDistance(r) >= 15) {
      r = EncodeRecord(kDistanceSaturated, RecordMove(r));
      ++marked;
    }
  }
  ASSERT_GT(marked, 10);
  TableCheck check;
  std::vector<uint64_t> histogram;
  CheckRecords(kBoard, 5, Metric::kStm, records, 2, 10, &check, &histogram);
  EXPECT_EQ(check.problems, static_cast<uint64_t>(marked));
  EXPECT_EQ(histogram, bfs.histogram);
  ASSERT_FALSE(check.listed.empty());
  const Index first = static_cast<Index>(check.listed[0].index);
  EXPECT_EQ(check.listed[0].what,
            "stored as 63 or more, but its best moves reach the goal in " +
                std::to_string(RecordDistance(bfs.records[first])));

  // Two neighbouring saturated states whose best moves point at each other.
  Index i = 0;
  while (RecordDistance(bfs.records[i]) < 16 || i % 3 == 2) ++i;
  records[i] = EncodeRecord(kDistanceSaturated, Move::kRight);
  records[i + 1] = EncodeRecord(kDistanceSaturated, Move::kLeft);
  check = TableCheck();
  CheckRecords(kBoard, 5, Metric::kStm, records, 1, 10, &check, &histogram);
  ASSERT_GT(check.problems, 0u);
  EXPECT_NE(check.listed[0].what.find("never reaches a record below 63"),
            std::string::npos)
      << check.listed[0].what;
}

TEST(CheckTest, ThreadsFindTheSameProblems) {
  const Indexer ix(Board(3, 3), 8);
  BfsResult bfs;
  ASSERT_TRUE(RunBfs(ix, 2, nullptr, &bfs).ok());
  for (Index i = 1000; i < bfs.records.size(); i += 20000) {
    bfs.records[i] = EncodeRecord(RecordDistance(bfs.records[i]) + 2,
                                  RecordMove(bfs.records[i]));
  }
  TableCheck one, four;
  std::vector<uint64_t> h1, h4;
  CheckRecords(Board(3, 3), 8, Metric::kStm, bfs.records, 1, 100, &one, &h1);
  CheckRecords(Board(3, 3), 8, Metric::kStm, bfs.records, 4, 100, &four, &h4);
  EXPECT_GE(one.problems, 9u);
  EXPECT_EQ(one.problems, four.problems);
  EXPECT_EQ(h1, h4);
  ASSERT_EQ(one.listed.size(), four.listed.size());
  for (size_t k = 0; k < one.listed.size(); ++k) {
    EXPECT_EQ(one.listed[k].index, four.listed[k].index);
  }
  EXPECT_EQ(one.listed[0].index, 1000);
}

}  // namespace
}  // namespace slidedb
