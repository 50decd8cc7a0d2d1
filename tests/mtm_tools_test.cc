// The multi-tile metric as users meet it: tables built with slidedb-build
// --metric mtm and answered by every tool, against the independent search
// of tests/reference_search.h (MtmDistancesTo), which shares no code with
// lib/.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "lib/analysis/check.h"
#include "lib/analysis/record_check.h"
#include "lib/puzzle/index.h"
#include "lib/puzzle/move_notation.h"
#include "lib/puzzle/problem.h"
#include "lib/search/mtm_bfs.h"
#include "lib/solve/solver.h"
#include "lib/storage/database.h"
#include "tests/reference_search.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

using testing::CliResult;
using testing::MtmDistancesTo;
using testing::MtmNeighbours;
using testing::PackState;
using testing::RefShape;
using testing::RunBuildCli;
using testing::RunQueryCli;
using Json = nlohmann::json;

// The multi-tile distance of every state to the canonical goal of `board`
// with the blank on `goal_blank`, by the reference search.
std::unordered_map<uint64_t, int> Truth(const Board& board, int goal_blank) {
  return MtmDistancesTo(RefShape{board.rows(), board.cols()},
                        PackState(board, CanonicalGoal(board, goal_blank)));
}

std::string Text(const Board& board, const State& s) {
  std::string t;
  for (int c = 0; c < board.cells(); ++c) {
    t += static_cast<char>('0' + s.tile[c]);
  }
  return t;
}

// Every goal blank of 3x3 and 2x3 (stored or served by a symmetry): every
// state's walk is legal, reaches the goal, and has the reference's length
// in MTM moves, each run of one direction one move.
TEST(MtmTablesTest, EveryStateWalksAShortestMultiTilePath) {
  std::unique_ptr<Database> db;
  ASSERT_TRUE(Database::Open(testing::TestDatabase(), &db).ok());
  Solver solver(db.get());
  for (const Board& board : {Board(3, 3), Board(2, 3)}) {
    for (int g = 0; g < board.cells(); ++g) {
      SCOPED_TRACE(board.Name() + " b" + std::to_string(g));
      const auto truth = Truth(board, g);
      const Indexer indexer(board, g);
      ASSERT_EQ(truth.size(), indexer.size());
      Problem p;
      p.board = board;
      p.goal_blank = g;
      p.metric = Metric::kMtm;
      p.solvable = true;
      Path path;
      int failures = 0;
      // Every state of 2x3; a seventh of 3x3's, to keep the suite quick.
      const Index stride = board.cells() <= 6 ? 1 : 7;
      for (Index i = 0; i < indexer.size() && failures < 5; i += stride) {
        p.start = indexer.StateAt(i);
        const int want = truth.at(PackState(board, p.start));
        ASSERT_TRUE(solver.Solve(p, &path).ok());
        State s = p.start;
        bool legal = true;
        for (Move m : path.moves) legal = legal && ApplyMove(board, m, &s);
        int d = -1;
        ASSERT_TRUE(solver.Distance(p, &d).ok());
        if (path.distance() != want || !legal ||
            !(s == CanonicalGoal(board, g)) || d != want ||
            path.metric != Metric::kMtm) {
          ADD_FAILURE() << Text(board, p.start) << ": walk of "
                        << path.distance() << " MTM moves, distance " << d
                        << ", want " << want;
          ++failures;
        }
      }
    }
  }
}

TEST(MtmTablesTest, HistogramIsTheReferenceOne) {
  for (const char* board : {"3x3", "2x3"}) {
    Board b;
    ASSERT_TRUE(Board::Parse(board, &b).ok());
    const CliResult r =
        RunQueryCli({"--db", testing::TestDatabase(), "--board", board,
                     "--metric", "mtm", "--histogram", "--format", "json"});
    ASSERT_EQ(r.status, 0) << r.err;
    const Json j = Json::parse(r.out);
    EXPECT_EQ(j["metric"], "mtm");
    EXPECT_EQ(j["counts"].get<std::vector<uint64_t>>(),
              testing::HistogramOf(Truth(b, b.cells() - 1)))
        << board;
  }
}

// The optimal MTM solutions of a state, counted by the reference: those of
// each neighbour one nearer.
uint64_t RefCount(const RefShape& shape,
                  const std::unordered_map<uint64_t, int>& dist, uint64_t p,
                  std::unordered_map<uint64_t, uint64_t>* memo) {
  const int d = dist.at(p);
  if (d == 0) return 1;
  auto it = memo->find(p);
  if (it != memo->end()) return it->second;
  uint64_t n = 0;
  for (uint64_t q : MtmNeighbours(shape, p)) {
    if (dist.at(q) == d - 1) n += RefCount(shape, dist, q, memo);
  }
  memo->emplace(p, n);
  return n;
}

// --count and --all in MTM: the reference's number of optimal solutions,
// each listed one distinct, of the optimal length and reaching the goal
// (checked by --verify of the same run of the tool).
TEST(MtmTablesTest, CountAndAllAreTheReferenceOnes) {
  const Board board(3, 3);
  const RefShape shape{3, 3};
  const auto truth = Truth(board, 8);
  std::unordered_map<uint64_t, uint64_t> memo;
  const Indexer indexer(board, 8);
  std::mt19937_64 rng(24);
  for (int k = 0; k < 12; ++k) {
    const State s = indexer.StateAt(rng() % indexer.size());
    const std::string start = Text(board, s);
    const CliResult r = RunQueryCli(
        {"--db", testing::TestDatabase(), "--metric", "mtm", "--count", "--all",
         "--limit", "1000", "--format", "json", start});
    ASSERT_EQ(r.status, 0) << r.err;
    const Json j = Json::parse(r.out);
    const uint64_t want = RefCount(shape, truth, PackState(board, s), &memo);
    EXPECT_EQ(j["optimal_solutions"].get<uint64_t>(), want) << start;
    const auto listed = j["solutions"].get<std::vector<std::string>>();
    EXPECT_EQ(listed.size(), std::min<uint64_t>(want, 1000)) << start;
    EXPECT_EQ(std::set<std::string>(listed.begin(), listed.end()).size(),
              listed.size());
    for (const std::string& sol : listed) {
      const CliResult v =
          RunQueryCli({"--db", testing::TestDatabase(), "--metric", "mtm",
                       "--verify", sol, "--format", "json", start});
      const Json vj = Json::parse(v.out);
      EXPECT_TRUE(vj["verify"]["reaches_goal"]) << start << " " << sol;
      EXPECT_EQ(vj["verify"]["gap"], 0) << start << " " << sol;
    }
  }
}

// The tiles' notation is the blank's turned round, and --verify and
// --analyse read back what the tool wrote in either.
TEST(MtmTablesTest, NotationsRoundTrip) {
  for (const char* metric : {"stm", "mtm"}) {
    const std::string db = testing::TestDatabase();
    const CliResult blank = RunQueryCli(
        {"--db", db, "--metric", metric, "--format", "json", "867254301"});
    const CliResult tile =
        RunQueryCli({"--db", db, "--metric", metric, "--notation", "tile",
                     "--format", "json", "867254301"});
    ASSERT_EQ(tile.status, 0) << tile.err;
    const Json b = Json::parse(blank.out), t = Json::parse(tile.out);
    EXPECT_EQ(b["notation"], "blank");
    EXPECT_EQ(t["notation"], "tile");
    EXPECT_EQ(t["metric"], metric);
    std::vector<Move> from_blank, from_tile;
    ASSERT_TRUE(ParseMoves(b["moves"].get<std::string>(),
                           MoveConvention::kBlank, &from_blank)
                    .ok());
    ASSERT_TRUE(ParseMoves(t["moves"].get<std::string>(), MoveConvention::kTile,
                           &from_tile)
                    .ok());
    EXPECT_EQ(from_blank, from_tile) << metric;
    EXPECT_EQ(MoveCount(from_tile, metric == std::string("mtm") ? Metric::kMtm
                                                                : Metric::kStm),
              t["distance"].get<int>());
    const CliResult v = RunQueryCli(
        {"--db", db, "--metric", metric, "--notation", "tile", "--verify",
         t["moves"].get<std::string>(), "--format", "json", "867254301"});
    EXPECT_EQ(Json::parse(v.out)["verify"]["gap"], 0) << v.out;
  }
}

// --analyse of a solve with a detour, in both metrics: every move's
// distances are the reference's, the lost count is the detour's, and the
// stretch that went the wrong way is named.
TEST(MtmTablesTest, AnalyseFollowsTheReferenceDistances) {
  const Board board(3, 3);
  const RefShape shape{3, 3};
  const std::string db = testing::TestDatabase();
  for (Metric metric : {Metric::kStm, Metric::kMtm}) {
    const auto truth =
        metric == Metric::kMtm
            ? Truth(board, 8)
            : testing::DistancesTo(shape,
                                   PackState(board, CanonicalGoal(board, 8)));
    const char* name = MetricName(metric);
    // A start with a move that leads away (STM) or no nearer (MTM): the
    // detour, that move and back, before an optimal solution.
    const Indexer indexer(board, 8);
    std::mt19937_64 rng(7);
    State start;
    Move away = Move::kUp;
    for (bool found = false; !found;) {
      start = indexer.StateAt(rng() % indexer.size());
      const int d = truth.at(PackState(board, start));
      for (Move m : kAllMoves) {
        State t = start;
        if (!found && ApplyMove(board, m, &t) &&
            truth.at(PackState(board, t)) >= d + (metric == Metric::kStm)) {
          away = m;
          found = true;
        }
      }
    }
    const std::string start_text = Text(board, start);
    const CliResult solved = RunQueryCli(
        {"--db", db, "--metric", name, "--format", "json", start_text});
    const std::string best = Json::parse(solved.out)["moves"];
    std::vector<Move> moves;
    ASSERT_TRUE(ParseMoves(best, MoveConvention::kBlank, &moves).ok());
    std::vector<Move> solve(2 + moves.size());
    solve[0] = away;
    solve[1] = Inverse(away);
    std::copy(moves.begin(), moves.end(), solve.begin() + 2);
    const std::string text = FormatMoves(solve, MoveConvention::kBlank, true);
    const CliResult r =
        RunQueryCli({"--db", db, "--metric", name, "--analyse", "--start",
                     start_text, "--moves", text, "--format", "json"});
    ASSERT_EQ(r.status, 0) << r.err;
    const Json a = Json::parse(r.out);
    State s = start;
    const int optimal = truth.at(PackState(board, s));
    EXPECT_EQ(a["optimal_length"], optimal);
    EXPECT_EQ(a["length"], MoveCount(solve, metric));
    EXPECT_TRUE(a["reaches_goal"]);
    EXPECT_TRUE(a["complete"]);
    EXPECT_EQ(a["lost"], MoveCount(solve, metric) - optimal);
    int before = optimal;
    size_t k = 0;
    for (const Json& m : a["moves"]) {
      const size_t end = MoveEnd(solve, k, metric);
      for (; k < end; ++k) ASSERT_TRUE(ApplyMove(board, solve[k], &s));
      const int after = truth.at(PackState(board, s));
      EXPECT_EQ(m["before"], before);
      EXPECT_EQ(m["after"], after);
      EXPECT_EQ(m["optimal"], after == before - 1);
      before = after;
    }
    EXPECT_EQ(k, solve.size());
    // The detour's first move is the first stretch's, and the stretches
    // lose what the solve lost.
    ASSERT_FALSE(a["stretches"].empty()) << r.out;
    EXPECT_EQ(a["stretches"][0]["first"], 1);
    int lost = 0;
    for (const Json& w : a["stretches"]) lost += w["lost"].get<int>();
    EXPECT_EQ(lost, a["lost"]);
  }
}

TEST(MtmTablesTest, AnalyseNamesAnIllegalStepAndTheTextSaysTheVerdict) {
  const std::string db = testing::TestDatabase();
  CliResult r = RunQueryCli({"--db", db, "--analyse", "--start", "867254301",
                             "--moves", "U L D D R"});
  EXPECT_EQ(r.status, 65);
  EXPECT_NE(r.err.find("step 4 of 5 (D) is not legal"), std::string::npos)
      << r.err;
  // From the goal every move leads away.
  r = RunQueryCli({"--db", db, "--analyse", "--start", "123456780", "--moves",
                   "U U D D L"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("wrong way: moves 1-2 (4 lost)"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("wrong way: move 5 (2 lost)"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("does not reach the goal: it ends 1 move from it"),
            std::string::npos)
      << r.out;
  r = RunQueryCli(
      {"--db", db, "--analyse", "--start", "123456780", "--moves", "U U D D"});
  EXPECT_NE(r.out.find("reaches the goal in 4 moves; optimal 0, 4 lost"),
            std::string::npos)
      << r.out;
  r = RunQueryCli({"--db", db, "--analyse", "--moves", "U", "867254301"});
  EXPECT_EQ(r.status, 64);
  EXPECT_NE(r.err.find("--analyse needs --start"), std::string::npos);
}

// Every state within `depth` multi-tile moves of the canonical goal with
// the blank on `goal_blank`, with its distance, by the reference search's
// neighbours.
std::unordered_map<uint64_t, int> MtmWithin(const Board& board,
                                            const RefShape& shape,
                                            int goal_blank, int depth) {
  const uint64_t goal = PackState(board, CanonicalGoal(board, goal_blank));
  std::unordered_map<uint64_t, int> near = {{goal, 0}};
  std::vector<uint64_t> frontier = {goal};
  for (int d = 1; d <= depth; ++d) {
    std::vector<uint64_t> next;
    for (uint64_t p : frontier) {
      for (uint64_t q : MtmNeighbours(shape, p)) {
        if (near.emplace(q, d).second) next.push_back(q);
      }
    }
    frontier = std::move(next);
  }
  return near;
}

// 4x4 has no table: the multi-tile search answers (no database needed
// beyond the directory), in one batch, states up to 6 MTM moves out at the
// reference search's distances, and --analyse works through it.
TEST(MtmTablesTest, FifteenPuzzleIsSearchedInTheMultiTileMetric) {
  const Board board(4, 4);
  const RefShape shape{4, 4};
  // Every state within 6 MTM moves, by the reference's neighbours.
  const std::unordered_map<uint64_t, int> near =
      MtmWithin(board, shape, 15, 6);
  std::vector<uint64_t> states;
  for (const auto& [p, d] : near) states.push_back(p);
  std::sort(states.begin(), states.end());
  std::mt19937_64 rng(44);
  std::string input;
  std::vector<int> want;
  for (int k = 0; k < 12; ++k) {
    const uint64_t p = states[rng() % states.size()];
    for (int c = 0; c < 16; ++c) {
      if (c > 0) input += ',';
      input += std::to_string((p >> (4 * c)) & 15);
    }
    input += "\n";
    want.push_back(near.at(p));
  }
  const CliResult r =
      RunQueryCli({"--db", testing::TestDatabase(), "--board", "4x4",
                   "--metric", "mtm", "--format", "json"},
                  input);
  ASSERT_EQ(r.status, 0) << r.err;
  std::istringstream lines(r.out);
  std::string line;
  for (int k = 0; std::getline(lines, line); ++k) {
    const Json j = Json::parse(line);
    ASSERT_LT(k, static_cast<int>(want.size()));
    EXPECT_EQ(j["distance"], want[k]) << line;
    EXPECT_EQ(j["metric"], "mtm");
    EXPECT_TRUE(j["optimal"]);
  }
  const CliResult a = RunQueryCli(
      {"--db", testing::TestDatabase(), "--board", "4x4", "--metric", "mtm",
       "--analyse", "--start", "5,1,2,3,9,6,7,4,13,10,11,8,0,14,15,12",
       "--moves", "U3 R D U R2 D3", "--format", "json"});
  ASSERT_EQ(a.status, 0) << a.err;
  const Json aj = Json::parse(a.out);
  EXPECT_EQ(aj["optimal_length"], 3);
  EXPECT_EQ(aj["length"], 6);
  EXPECT_TRUE(aj["reaches_goal"]);
  EXPECT_EQ(aj["lost"], 3);
}

// --moves on 4x4 in the multi-tile metric (named in upper case, as
// speedsolvers write it): every move's distance, from bounded iterations,
// is the reference search's.
TEST(MtmTablesTest, FifteenPuzzleMovesAreTheReferenceDistances) {
  const Board board(4, 4);
  const RefShape shape{4, 4};
  const std::unordered_map<uint64_t, int> near =
      MtmWithin(board, shape, 15, 5);
  // States 4 moves out: their neighbours are 3 to 5 out, all known.
  std::vector<uint64_t> states;
  for (const auto& [p, d] : near) {
    if (d == 4) states.push_back(p);
  }
  std::sort(states.begin(), states.end());
  std::mt19937_64 rng(4);
  for (int k = 0; k < 3; ++k) {
    const uint64_t p = states[rng() % states.size()];
    std::string start;
    for (int c = 0; c < 16; ++c) {
      start += (c > 0 ? "," : "") + std::to_string((p >> (4 * c)) & 15);
    }
    const CliResult r =
        RunQueryCli({"--db", testing::TestDatabase(), "--board", "4x4",
                     "--metric", "MTM", "--moves", "--format", "json", start});
    ASSERT_EQ(r.status, 0) << r.err;
    const Json j = Json::parse(r.out);
    EXPECT_EQ(j["metric"], "mtm");
    EXPECT_EQ(j["distance"], 4);
    ASSERT_FALSE(j["moves"].empty());
    for (const Json& m : j["moves"]) {
      const std::string state = m["state"];
      uint64_t q = 0;
      int c = 0;
      for (size_t at = 0; at <= state.size(); ++c) {
        const size_t comma = std::min(state.find(',', at), state.size());
        q |= std::stoull(state.substr(at, comma - at)) << (4 * c);
        at = comma + 1;
      }
      EXPECT_EQ(m["distance"], near.at(q)) << start << " " << m["move"];
    }
  }
}

// A multi-tile analysis names an illegal step by its move's number, as its
// table numbers them, and the step's.
TEST(MtmTablesTest, MultiTileAnalysisNumbersMovesAsItsTable) {
  const CliResult r = RunQueryCli(
      {"--db", testing::TestDatabase(), "--board", "4x4", "--metric", "MTM",
       "--analyse", "--start", "5,1,2,3,9,6,7,4,13,10,11,8,0,14,15,12",
       "--moves", "U3 R D U R2 D4"});
  EXPECT_EQ(r.status, 65);
  EXPECT_NE(r.err.find("move 6 of 6, step 12 of 12 (D) is not legal"),
            std::string::npos)
      << r.err;
}

TEST(MtmTablesTest, BadMetricsAndMissingTablesSayWhatToDo) {
  const std::string db = testing::TestDatabase();
  CliResult r = RunQueryCli({"--db", db, "--metric", "hex", "867254301"});
  EXPECT_EQ(r.status, 64);
  EXPECT_NE(r.err.find("metric 'hex': expected stm"), std::string::npos);
  r = RunQueryCli({"--db", db, "--notation", "finger", "867254301"});
  EXPECT_EQ(r.status, 64);
  r = RunQueryCli(
      {"--db", db, "--board", "2x4", "--metric", "mtm", "12345670"});
  EXPECT_EQ(r.status, 66);
  EXPECT_NE(r.err.find("--board 2x4 --metric mtm"), std::string::npos) << r.err;
  r = RunQueryCli({"--db", db, "--metric", "mtm", "--heuristics"});
  EXPECT_EQ(r.status, 64);
  r = RunBuildCli({"--db", testing::TempDir("mtm-4x4"), "--board", "4x4",
                   "--metric", "mtm"});
  EXPECT_EQ(r.status, 64);
  EXPECT_NE(r.err.find("needs no build in the multi-tile metric"),
            std::string::npos)
      << r.err;
}

// One database holds both metrics: rebuilding one keeps the other's
// tables, page for page (their ids never share a page range).
TEST(MtmTablesTest, RebuildingOneMetricKeepsTheOther) {
  const std::string db = testing::TempDir("mtm-both");
  ASSERT_EQ(RunBuildCli({"--db", db, "--board", "2x3", "-q"}).status, 0);
  ASSERT_EQ(RunBuildCli({"--db", db, "--board", "2x3", "--metric", "mtm", "-q"})
                .status,
            0);
  const CliResult mtm_before = RunQueryCli(
      {"--db", db, "--board", "2x3", "--metric", "mtm", "--export", "csv"});
  ASSERT_EQ(RunBuildCli({"--db", db, "--board", "2x3", "-q"}).status, 0);
  const CliResult mtm_after = RunQueryCli(
      {"--db", db, "--board", "2x3", "--metric", "mtm", "--export", "csv"});
  EXPECT_EQ(mtm_after.status, 0) << mtm_after.err;
  EXPECT_EQ(mtm_after.out, mtm_before.out);
  CliResult check = RunBuildCli({"--verify", "--db", db, "--board", "2x3"});
  EXPECT_EQ(check.status, 0) << check.out;
  EXPECT_NE(check.out.find("mtm/2x3/b5: ok"), std::string::npos) << check.out;
  EXPECT_NE(check.out.find("\n2x3/b5: ok"), std::string::npos) << check.out;
  check = RunBuildCli({"--verify", "--db", db, "--metric", "mtm"});
  EXPECT_EQ(check.status, 0) << check.out;
  EXPECT_NE(check.out.find("mtm/2x3/b5: ok"), std::string::npos) << check.out;
  EXPECT_EQ(check.out.find("\n2x3/b5"), std::string::npos) << check.out;
}

// slidedb-build --verify checks multi-tile records in their metric: a best
// move that does not lead nearer is found.
TEST(MtmTablesTest, CheckFindsAWrongMultiTileRecord) {
  const Board board(2, 3);
  BfsResult bfs;
  ASSERT_TRUE(RunMtmBfs(Indexer(board, 5), nullptr, &bfs).ok());
  TableCheck clean;
  std::vector<uint64_t> histogram;
  CheckRecords(board, 5, Metric::kMtm, bfs.records, 1, 10, &clean, &histogram);
  EXPECT_EQ(clean.problems, 0u);
  EXPECT_EQ(histogram, bfs.histogram);
  // The same records read as single-tile ones are wrong somewhere.
  TableCheck as_stm;
  CheckRecords(board, 5, Metric::kStm, bfs.records, 1, 10, &as_stm, &histogram);
  EXPECT_GT(as_stm.problems, 0u);
  // One record's distance one too many.
  for (uint8_t& r : bfs.records) {
    if (RecordDistance(r) > 3) {
      r = EncodeRecord(RecordDistance(r) + 1, RecordMove(r));
      break;
    }
  }
  TableCheck broken;
  CheckRecords(board, 5, Metric::kMtm, bfs.records, 1, 10, &broken, &histogram);
  EXPECT_GT(broken.problems, 0u);
}

}  // namespace
}  // namespace slidedb
