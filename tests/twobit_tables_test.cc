// Two-bit tables stored and read (issue 23): the same boards built with
// byte records and with two-bit ones give the same distances, paths,
// records, histograms and tool outputs; --verify checks residues; a table
// too big to scan is refused with a reason.
#include <gtest/gtest.h>
#include <rocksdb/db.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "lib/analysis/distance_scan.h"
#include "lib/puzzle/record.h"
#include "lib/puzzle/state.h"
#include "lib/puzzle/symmetry.h"
#include "lib/solve/solver.h"
#include "lib/solve/walk.h"
#include "lib/storage/database.h"
#include "lib/storage/format.h"
#include "lib/storage/table.h"
#include "slidedb/slidedb.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

using testing::RunBuildCli;
using testing::RunQueryCli;

// The boards built both ways: every goal blank of each (at most 9 cells).
const char* const kBoards[] = {"2x3", "3x2", "2x4", "3x3"};

struct Twins {
  std::string byte_db;
  std::string two_bit_db;
};

// Two databases of kBoards, one of byte tables, one of two-bit tables,
// built once per test binary.
const Twins& TwinDatabases() {
  static const Twins twins = [] {
    Twins t;
    const std::string root = testing::TempDir("twobit-twins");
    t.byte_db = root + "/byte";
    t.two_bit_db = root + "/two-bit";
    for (const char* board : kBoards) {
      for (const bool two_bit : {false, true}) {
        std::vector<std::string> args = {"--db",
                                         two_bit ? t.two_bit_db : t.byte_db,
                                         "--board", board, "--quiet"};
        if (two_bit) args.insert(args.end(), {"--records", "two-bit"});
        const testing::CliResult r = RunBuildCli(args);
        EXPECT_EQ(r.status, 0) << r.err;
      }
    }
    return t;
  }();
  return twins;
}

// slidedb-query with `args` (and `input` on standard input) on the byte
// database and on the two-bit one: {byte's, two-bit's}.
std::pair<testing::CliResult, testing::CliResult> QueryBoth(
    const std::vector<std::string>& args, const std::string& input = "") {
  std::vector<std::string> b = {"--db", TwinDatabases().byte_db};
  std::vector<std::string> t = {"--db", TwinDatabases().two_bit_db};
  b.insert(b.end(), args.begin(), args.end());
  t.insert(t.end(), args.begin(), args.end());
  return {RunQueryCli(b, input), RunQueryCli(t, input)};
}

// n random 3x3 states (goal blank 8), one in every `swapped` with two
// tiles swapped: a start of the other parity, unsolvable.
std::vector<std::string> RandomStates(int n, uint64_t seed, int swapped) {
  const Indexer ix(Board(3, 3), 8);
  std::mt19937_64 rng(seed);
  std::vector<std::string> out;
  for (int k = 0; k < n; ++k) {
    State s = ix.StateAt(rng() % ix.size());
    if (k % swapped == swapped / 2) {
      std::swap(s.tile[s.blank == 0 ? 1 : 0], s.tile[s.blank == 8 ? 7 : 8]);
    }
    std::string text;
    for (int c = 0; c < 9; ++c) text += static_cast<char>('0' + s.tile[c]);
    out.push_back(text);
  }
  return out;
}

std::unique_ptr<Database> OpenOrFail(const std::string& dir) {
  std::unique_ptr<Database> db;
  const Status s = Database::Open(dir, &db);
  EXPECT_TRUE(s.ok()) << s.ToString();
  return db;
}

TEST(TwoBitTablesTest, MetadataSaysTwoBitAndHistogramsMatch) {
  auto bytes = OpenOrFail(TwinDatabases().byte_db);
  auto twos = OpenOrFail(TwinDatabases().two_bit_db);
  ASSERT_EQ(bytes->table_ids(), twos->table_ids());
  std::vector<const TableMeta*> b, t;
  ASSERT_TRUE(bytes->Tables(&b).ok());
  ASSERT_TRUE(twos->Tables(&t).ok());
  for (size_t k = 0; k < b.size(); ++k) {
    SCOPED_TRACE(b[k]->Id());
    EXPECT_EQ(b[k]->records, RecordKind::kByte);
    EXPECT_EQ(t[k]->records, RecordKind::kTwoBit);
    EXPECT_EQ(t[k]->histogram, b[k]->histogram);
    EXPECT_EQ(t[k]->max_distance, b[k]->max_distance);
    EXPECT_EQ(t[k]->page_records, kTwoBitPageStates);
    EXPECT_EQ(t[k]->pages,
              (t[k]->states + kTwoBitPageStates - 1) / kTwoBitPageStates);
    EXPECT_NE(t[k]->ToJson().find("\"records\":\"two-bit\""),
              std::string::npos);
  }
}

// Every state of every table: the two-bit table's distance (a walk), its
// synthesized record and its walk's path are the byte table's.
TEST(TwoBitTablesTest, EveryStateAgreesWithTheByteTable) {
  auto bytes = OpenOrFail(TwinDatabases().byte_db);
  auto twos = OpenOrFail(TwinDatabases().two_bit_db);
  std::vector<const TableMeta*> metas;
  ASSERT_TRUE(bytes->Tables(&metas).ok());
  for (const TableMeta* meta : metas) {
    SCOPED_TRACE(meta->Id());
    std::unique_ptr<Table> b, t;
    ASSERT_TRUE(bytes->OpenTable(*meta, &b).ok());
    const TableMeta* tmeta = twos->Find(meta->board, meta->goal_blank);
    ASSERT_NE(tmeta, nullptr);
    // Pages read as the walks need them.
    ASSERT_TRUE(
        twos->OpenTable(*tmeta, &t, Database::PageLoading::kOnUse).ok());
    ASSERT_TRUE(t->two_bit());
    EXPECT_EQ(t->pages_loaded(), 0u);
    const Indexer& ix = b->indexer();
    // 3x3's 181,440 states take a walk each: every 5th there.
    const Index stride = ix.size() > 100000 ? 5 : 1;
    for (Index i = 0; i < ix.size(); i += stride) {
      uint8_t rb, rt, residue;
      ASSERT_TRUE(b->Get(i, &rb).ok());
      ASSERT_TRUE(t->Get(i, &rt).ok());
      ASSERT_EQ(rt, rb) << "index " << i;
      ASSERT_TRUE(t->GetResidue(i, &residue).ok());
      ASSERT_EQ(residue, RecordDistance(rb) % 3) << "index " << i;
      const State s = ix.StateAt(i);
      int db, dt;
      ASSERT_TRUE(DistanceToGoal(b.get(), s, &db).ok());
      ASSERT_TRUE(DistanceToGoal(t.get(), s, &dt).ok());
      ASSERT_EQ(dt, db) << "index " << i;
      if (i % 97 != 0) continue;
      Path pb, pt;
      ASSERT_TRUE(WalkToGoal(b.get(), s, &pb).ok());
      ASSERT_TRUE(WalkToGoal(t.get(), s, &pt).ok());
      EXPECT_EQ(pt.moves, pb.moves) << "index " << i;
      EXPECT_EQ(pt.tiles, pb.tiles) << "index " << i;
      State at = s;
      for (Move m : pt.moves) ASSERT_TRUE(ApplyMove(ix.board(), m, &at));
      EXPECT_EQ(at, CanonicalGoal(ix.board(), ix.goal_blank()));
    }
  }
}

// The whole-table scan of a two-bit table gives every distance and the
// byte table's records.
TEST(TwoBitTablesTest, ScanIsTheByteTablesScan) {
  auto bytes = OpenOrFail(TwinDatabases().byte_db);
  auto twos = OpenOrFail(TwinDatabases().two_bit_db);
  for (const auto& [board, blank] : std::vector<std::pair<Board, int>>{
           {Board(3, 3), 8}, {Board(2, 4), 7}, {Board(3, 2), 4}}) {
    SCOPED_TRACE(board.Name());
    std::unique_ptr<Table> b, t;
    ASSERT_TRUE(bytes->OpenTable(*bytes->Find(board, blank), &b).ok());
    ASSERT_TRUE(twos->OpenTable(*twos->Find(board, blank), &t).ok());
    std::vector<std::pair<int, uint8_t>> from_bytes, from_twos;
    ASSERT_TRUE(ScanDistances(b.get(), [&](Index, int d, uint8_t r) {
                  from_bytes.emplace_back(d, r);
                }).ok());
    ASSERT_TRUE(ScanDistances(t.get(), [&](Index, int d, uint8_t r) {
                  from_twos.emplace_back(d, r);
                }).ok());
    EXPECT_EQ(from_twos, from_bytes);
  }
}

// A scan of a goal served by symmetry, from byte and two-bit tables: the
// same distances without the moves as with them; and a scan told to stop
// (a flag set, a deadline past) stops with DeadlineExceeded, the table
// answering a scan after it.
TEST(TwoBitTablesTest, ScanSkipsMovesAndStopsWhenAsked) {
  for (const std::string& dir :
       {TwinDatabases().byte_db, TwinDatabases().two_bit_db}) {
    SCOPED_TRACE(dir);
    auto db = OpenOrFail(dir);
    Solver solver(db.get());
    Table* table;
    ASSERT_TRUE(solver.GetTable(Board(3, 3), 0, &table).ok());
    ASSERT_NE(StoredGoalBlank(Board(3, 3), 0), 0) << "not served";
    std::atomic<bool> cancel{true};
    ScanOptions stop;
    stop.cancel = &cancel;
    int visits = 0;
    Status s = ScanDistances(
        table, [&](Index, int, uint8_t) { ++visits; }, stop);
    EXPECT_TRUE(s.IsDeadlineExceeded()) << s.ToString();
    stop.cancel = nullptr;
    stop.deadline = std::chrono::steady_clock::now();
    s = ScanDistances(
        table, [&](Index, int, uint8_t) { ++visits; }, stop);
    EXPECT_TRUE(s.IsDeadlineExceeded()) << s.ToString();
    EXPECT_EQ(visits, 0);
    // Set while the states are visited: looked at every 65,536 of them.
    stop.deadline = std::chrono::steady_clock::time_point::max();
    stop.cancel = &cancel;
    cancel = false;
    s = ScanDistances(
        table,
        [&](Index i, int, uint8_t) {
          if (i == 10) cancel = true;
          ++visits;
        },
        stop);
    EXPECT_TRUE(s.IsDeadlineExceeded()) << s.ToString();
    EXPECT_EQ(visits, 65536);
    std::vector<int> with_moves, without;
    ASSERT_TRUE(ScanDistances(table, [&](Index, int d, uint8_t) {
                  with_moves.push_back(d);
                }).ok());
    ASSERT_TRUE(ScanDistances(
                    table, [&](Index, int d, uint8_t) { without.push_back(d); },
                    ScanOptions{/*moves=*/false})
                    .ok());
    EXPECT_EQ(without, with_moves);
    EXPECT_EQ(with_moves.size(), 181440u);
  }
}

// The query tool answers from both databases alike: solutions and every
// per-STATE tool (the paths are the same, as both walk to the nearer
// neighbour of lowest index), and the per-table tools.
TEST(TwoBitTablesTest, QueryToolsAnswerAsFromByteTables) {
  const std::vector<std::vector<std::string>> questions = {
      {"867254301", "647850321", "123456780", "123456708"},
      {"--format", "json", "--steps", "867254301", "283164705"},
      {"--goal", "123/8_4/765", "283164705", "867254301"},
      {"--goal", "_12/345/678", "867254301"},  // served by symmetry
      {"--count", "--all", "--limit", "5", "867254301", "123405786"},
      {"--format", "json", "--count", "--goal", "_12/345/678", "867254301"},
      {"--verify", "ULDRRUULDLURDLDRRULLDRRUULLDDRR", "867254301"},
      {"--verify", "UUDD", "--format", "json", "123456708"},
      {"--moves", "--format", "json", "867254301", "123405786"},
      {"--moves", "--goal", "_12/345/678", "867254301"},
      {"--analyse", "--start", "867254301", "--moves", "ULDRRUULDLURDLDR"},
      {"--histogram", "--format", "json"},
      {"--histogram", "--goal", "_12/345/678"},
      {"--at-distance", "30"},
      {"--at-distance", "28", "--goal", "123/8_4/765"},
      {"--sample", "20", "--seed", "5", "--format", "json"},
      {"--sample", "20", "--distance", "17", "--seed", "3"},
      {"--sample", "7", "--distance", "9", "--goal", "_12/345/678"},
      {"--export", "csv"},
      {"--heuristics", "--format", "json"},
      {"--board", "2x4", "--export", "json"},
      {"--board", "2x4", "76543210", "--count"},
      {"--board", "3x2", "--heuristics"},
      {"--board", "2x3", "--goal", "_12/345", "--at-distance", "21"},
  };
  for (const auto& q : questions) {
    std::string what;
    for (const auto& a : q) what += a + " ";
    SCOPED_TRACE(what);
    const auto [rb, rt] = QueryBoth(q);
    EXPECT_EQ(rt.status, rb.status) << rt.err;
    EXPECT_EQ(rt.out, rb.out);
    // 0, or 1 for a start of the other parity.
    EXPECT_LE(rb.status, 1) << rb.err;
  }
}

// A batch on standard input, answered by several threads with the walks
// of a two-bit table taken together (Answerer::AnswerMany): the byte
// table's answers, byte for byte, in order, with malformed and unsolvable
// lines and a goal served by symmetry among them.
TEST(TwoBitTablesTest, BatchOnStandardInputAsFromByteTables) {
  std::string input;
  int k = 0;
  for (const std::string& state : RandomStates(3000, 23, 89)) {
    // Now and then a malformed line: a cell short.
    input += (k++ % 97 == 5 ? state.substr(1) : state) + "\n";
  }
  for (const std::vector<std::string>& q :
       std::vector<std::vector<std::string>>{
           {"--threads", "2"},
           {"--threads", "2", "--format", "json"},
           {"--threads", "1", "--goal", "_12/345/678"},
           {"--threads", "2", "--format", "json", "--goal", "_12/345/678"}}) {
    std::string what;
    for (const auto& a : q) what += a + " ";
    SCOPED_TRACE(what);
    const auto [rb, rt] = QueryBoth(q, input);
    EXPECT_EQ(rt.status, rb.status) << rt.err;
    EXPECT_EQ(rt.out, rb.out);
    EXPECT_EQ(rt.err, rb.err);
    EXPECT_GT(std::count(rt.out.begin(), rt.out.end(), '\n'), 2900);
  }
}

// The C++ API reads two-bit tables as it reads byte ones.
TEST(TwoBitTablesTest, ApiAnswersAsFromByteTables) {
  std::unique_ptr<Db> b, t;
  ASSERT_TRUE(Db::Open(TwinDatabases().byte_db, &b).ok());
  ASSERT_TRUE(Db::Open(TwinDatabases().two_bit_db, &t).ok());
  for (const char* start : {"867254301", "123456708", "_12345678"}) {
    SCOPED_TRACE(start);
    Solution sb, st;
    ASSERT_TRUE(b->Solve(start, Options(), &sb).ok());
    ASSERT_TRUE(t->Solve(start, Options(), &st).ok());
    EXPECT_EQ(st.distance, sb.distance);
    EXPECT_EQ(st.moves, sb.moves);
  }
  // SolveMany: 600 states in groups, a two-bit table's walks together
  // (Answerer::SolveMany), unsolvable ones among them; a malformed one is
  // an error in both.
  std::vector<std::string> starts = RandomStates(600, 5, 7);
  std::vector<Solution> many_b, many_t;
  ASSERT_TRUE(b->SolveMany(starts, Options(), &many_b).ok());
  ASSERT_TRUE(t->SolveMany(starts, Options(), &many_t).ok());
  ASSERT_EQ(many_t.size(), starts.size());
  int unsolvable = 0;
  for (size_t k = 0; k < starts.size(); ++k) {
    SCOPED_TRACE(starts[k]);
    EXPECT_EQ(many_t[k].solvable, many_b[k].solvable);
    EXPECT_EQ(many_t[k].distance, many_b[k].distance);
    EXPECT_EQ(many_t[k].moves, many_b[k].moves);
    EXPECT_EQ(many_t[k].tiles, many_b[k].tiles);
    unsolvable += !many_t[k].solvable;
  }
  EXPECT_GT(unsolvable, 50);
  starts[400] = "12345678";
  EXPECT_TRUE(t->SolveMany(starts, Options(), &many_t).IsInvalidArgument());
  Histogram hb, ht;
  ASSERT_TRUE(b->GetHistogram(Options(), &hb).ok());
  ASSERT_TRUE(t->GetHistogram(Options(), &ht).ok());
  EXPECT_EQ(ht.counts, hb.counts);
  std::vector<SampledState> sb, st;
  ASSERT_TRUE(b->Sample(10, 12, 4, Options(), &sb).ok());
  ASSERT_TRUE(t->Sample(10, 12, 4, Options(), &st).ok());
  ASSERT_EQ(st.size(), sb.size());
  for (size_t k = 0; k < sb.size(); ++k) {
    EXPECT_EQ(st[k].state, sb[k].state);
    EXPECT_EQ(st[k].distance, 12);
  }
}

// slidedb-build --verify: ok on a good two-bit table; a residue changed is
// found, with its index, and so is a histogram that does not add up.
TEST(TwoBitTablesTest, VerifyChecksResiduesAgainstNeighbours) {
  const std::string dir = testing::TempDir("twobit-verify") + "/db";
  ASSERT_EQ(RunBuildCli({"--db", dir, "--board", "2x3", "--records", "two-bit",
                         "--quiet"})
                .status,
            0);
  testing::CliResult r = RunBuildCli({"--verify", "--db", dir});
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  const std::string id = TableId(Board(2, 3), 5);
  {
    rocksdb::DB* raw;
    ASSERT_TRUE(rocksdb::DB::Open(rocksdb::Options(), dir, &raw).ok());
    std::unique_ptr<rocksdb::DB> db(raw);
    std::string page;
    ASSERT_TRUE(db->Get(rocksdb::ReadOptions(), PageKey(id, 0), &page).ok());
    ASSERT_EQ(page.size(), 90u);  // 360 states, four a byte
    // State 100's residue, one more: no neighbour is nearer any longer,
    // and its neighbours one farther now share its residue.
    const int shift = (100 % 4) * 2;
    const uint8_t old = (static_cast<uint8_t>(page[25]) >> shift) & 3;
    page[25] =
        static_cast<char>((static_cast<uint8_t>(page[25]) & ~(3u << shift)) |
                          ((old + 1) % 3) << shift);
    ASSERT_TRUE(db->Put(rocksdb::WriteOptions(), PageKey(id, 0), page).ok());
    ASSERT_TRUE(db->Close().ok());
  }
  r = RunBuildCli({"--verify", "--db", dir});
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("index 100"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("none is one step nearer the goal"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("histogram in the metadata does not match the "
                       "residues"),
            std::string::npos)
      << r.out;
}

// A two-bit table of 2x7 (its metadata alone: building it takes 16 GB) is
// opened, and the tools that need every state refuse it with the reason
// and what to do instead.
TEST(TwoBitTablesTest, WholeTableToolsRefuseATableTooBigToScan) {
  const Board board(2, 7);
  const Indexer ix(board, 13);
  std::vector<uint64_t> histogram(109, ix.size() / 109);
  histogram[0] = 1;
  histogram[108] += ix.size() - ix.size() / 109 * 108 - 1;
  TableMeta meta = TableMeta::FromHistogram(board, 13, histogram, Metric::kStm,
                                            RecordKind::kTwoBit);
  meta.goal = "1,2,3,4,5,6,7,8,9,10,11,12,13,0";
  EXPECT_EQ(meta.pages, 166280u);  // 43,589,145,600 states / 262,144
  TableMeta parsed;
  ASSERT_TRUE(TableMeta::FromJson(meta.ToJson(), &parsed).ok());
  EXPECT_TRUE(parsed.two_bit());
  Table table(parsed, [](uint32_t, PageData*) {
    return Status::IOError("no pages in this test");
  });
  const Status s = ScanDistances(&table, [](Index, int, uint8_t) {});
  EXPECT_TRUE(s.IsNotSupported()) << s.ToString();
  EXPECT_NE(s.message().find("43.6 GB"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("--sample without --distance"), std::string::npos)
      << s.message();

  // The query tool says so with exit status 64.
  const std::string dir = testing::TempDir("twobit-2x7") + "/db";
  {
    rocksdb::Options options;
    options.create_if_missing = true;
    rocksdb::DB* raw;
    ASSERT_TRUE(rocksdb::DB::Open(options, dir, &raw).ok());
    std::unique_ptr<rocksdb::DB> db(raw);
    ASSERT_TRUE(db->Put({}, MetaKey(meta.Id()), meta.ToJson()).ok());
    ASSERT_TRUE(db->Put({}, kFormatKey, std::to_string(kFormatVersion)).ok());
    ASSERT_TRUE(db->Close().ok());
  }
  for (const std::vector<std::string>& tool :
       {std::vector<std::string>{"--at-distance", "5"},
        {"--export", "csv"},
        {"--sample", "3", "--distance", "7"},
        {"--heuristics"}}) {
    std::vector<std::string> args = {"--db", dir, "--board", "2x7"};
    args.insert(args.end(), tool.begin(), tool.end());
    const testing::CliResult r = RunQueryCli(args);
    EXPECT_EQ(r.status, 64) << tool[0] << ": " << r.err;
    EXPECT_NE(r.err.find("two bits a state"), std::string::npos)
        << tool[0] << ": " << r.err;
  }
  // The stored histogram needs no scan.
  const testing::CliResult h =
      RunQueryCli({"--db", dir, "--board", "2x7", "--histogram"});
  EXPECT_EQ(h.status, 0) << h.err;
  EXPECT_NE(h.out.find("max distance 108"), std::string::npos) << h.out;
}

}  // namespace
}  // namespace slidedb
