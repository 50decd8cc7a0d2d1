// The public API (include/slidedb/slidedb.h) gives the answers
// slidedb-query gives, with its messages, and serves several threads at
// once on one open database.
#include "slidedb/slidedb.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <algorithm>
#include <random>
#include <sstream>
#include <thread>

#include "tests/test_util.h"

namespace slidedb {
namespace {

using testing::RunQueryCli;
using testing::TestDatabase;

std::unique_ptr<Db> OpenTestDb() {
  std::unique_ptr<Db> db;
  const Status s = Db::Open(TestDatabase(), &db);
  EXPECT_TRUE(s.ok()) << s.ToString();
  return db;
}

// slidedb-query's arguments for the same options.
std::vector<std::string> CliArgs(const Options& o) {
  std::vector<std::string> args = {"--db", TestDatabase(), "--board", o.board,
                                   "--format", "json"};
  if (!o.goal.empty()) args.insert(args.end(), {"--goal", o.goal});
  if (!o.blank.empty()) args.insert(args.end(), {"--blank", o.blank});
  return args;
}

// A tile label as the CLI's JSON writes it: bare numbers become strings.
std::string LabelText(const nlohmann::json& j) {
  return j.is_string() ? j.get<std::string>() : j.dump();
}

void ExpectSameAsCli(const Db& db, const std::string& start,
                     const Options& o) {
  SCOPED_TRACE(start + " on " + o.board + " goal '" + o.goal + "'");
  Solution sol;
  const Status s = db.Solve(start, o, &sol);
  ASSERT_TRUE(s.ok()) << s.ToString();
  std::vector<std::string> args = CliArgs(o);
  args.push_back("--");
  args.push_back(start);
  const testing::CliResult r = RunQueryCli(args);
  const nlohmann::json cli = nlohmann::json::parse(r.out);
  EXPECT_EQ(sol.board, cli["board"]);
  EXPECT_EQ(sol.start, cli["start"]);
  EXPECT_EQ(sol.goal, cli["goal"]);
  EXPECT_EQ(sol.solvable, cli["solvable"]);
  if (!sol.solvable) {
    EXPECT_EQ(r.status, 1);
    EXPECT_EQ(sol.reason, cli["reason"]);
    EXPECT_EQ(sol.distance, -1);
    EXPECT_TRUE(sol.moves.empty());
    // The question's metric and notation, as Verify and Analyse give them.
    EXPECT_EQ(sol.metric, o.metric.empty() ? "stm" : o.metric);
    EXPECT_EQ(sol.notation, o.notation.empty() ? "blank" : o.notation);
    return;
  }
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(sol.distance, cli["distance"]);
  EXPECT_EQ(sol.moves, cli["moves"]);
  ASSERT_EQ(sol.tiles.size(), cli["tiles"].size());
  for (size_t k = 0; k < sol.tiles.size(); ++k) {
    EXPECT_EQ(sol.tiles[k], LabelText(cli["tiles"][k]));
  }
  int d;
  ASSERT_TRUE(db.Distance(start, o, &d).ok());
  EXPECT_EQ(d, sol.distance);
}

TEST(ApiTest, SolveAnswersAsTheQueryToolDoes) {
  auto db = OpenTestDb();
  ASSERT_NE(db, nullptr);
  ExpectSameAsCli(*db, "867254301", {});
  ExpectSameAsCli(*db, "123456780", {});
  ExpectSameAsCli(*db, "123456870", {});  // unsolvable
  ExpectSameAsCli(*db, "1 2 3/4 5 6/7 _ 8", {});
  ExpectSameAsCli(*db, "283164705", PuzzleOptions("3x3", "123/8_4/765"));
  ExpectSameAsCli(*db, "abcdefgh9", PuzzleOptions("3x3", "", "9"));
  ExpectSameAsCli(*db, "5_4321", PuzzleOptions("2x3", "_54/321"));
  ExpectSameAsCli(*db, "9,8,7,6,5,4,3,2,1,0", PuzzleOptions("2x5"));
}

TEST(ApiTest, MalformedInputHasTheQueryToolsMessage) {
  auto db = OpenTestDb();
  ASSERT_NE(db, nullptr);
  for (const std::string bad : {"12345", "1234567899", "12345678x"}) {
    Solution sol;
    const Status s = db->Solve(bad, {}, &sol);
    EXPECT_TRUE(s.IsInvalidArgument()) << s.ToString();
    const testing::CliResult r = RunQueryCli({"--db", TestDatabase(), bad});
    EXPECT_EQ(r.status, 65);
    EXPECT_EQ("slidedb-query: " + s.message() + "\n", r.err);
    int d;
    EXPECT_TRUE(db->Distance(bad, {}, &d).IsInvalidArgument());
    std::vector<NextMove> moves;
    EXPECT_TRUE(db->Moves(bad, {}, &moves).IsInvalidArgument());
  }
  Solution sol;
  // A goal of a megabyte is quoted as a start is, cut short.
  Options huge;
  huge.goal = std::string(1 << 20, '7');
  const Status long_goal = db->Solve("123456780", huge, &sol);
  EXPECT_TRUE(long_goal.IsInvalidArgument()) << long_goal.ToString();
  EXPECT_EQ(
      long_goal.message().rfind("goal '" + std::string(100, '7') + "...': ", 0),
      0u)
      << long_goal.message().substr(0, 200);
  EXPECT_LT(long_goal.message().size(), 400u);
  // A board whose goal nothing in the database answers is NotFound, but
  // for a start malformed for it: that is said first, as on every face.
  EXPECT_TRUE(db->Solve("1,2,3,4,5,6,7,8,9,10,11,12,13,0,14",
                        PuzzleOptions("3x5"), &sol)
                  .IsNotFound());
  for (const char* options : {"3x5", "4x5"}) {
    const Status s = db->Solve("123456780", PuzzleOptions(options), &sol);
    EXPECT_TRUE(s.IsInvalidArgument()) << s.ToString();
    EXPECT_NE(s.message().find("9 cells given"), std::string::npos)
        << s.ToString();
    int d;
    EXPECT_TRUE(db->Distance("123456780", PuzzleOptions(options), &d)
                    .IsInvalidArgument());
    std::vector<NextMove> moves;
    EXPECT_TRUE(db->Moves("123456780", PuzzleOptions(options), &moves)
                    .IsInvalidArgument());
    Verification v;
    EXPECT_TRUE(db->Verify("123456780", "U", PuzzleOptions(options), &v)
                    .IsInvalidArgument());
  }
  EXPECT_TRUE(
      db->Solve("123456780", PuzzleOptions("6x5"), &sol).IsInvalidArgument());
  EXPECT_TRUE(db->Solve("123456780", PuzzleOptions("3x3", "1234"), &sol)
                  .IsInvalidArgument());
  EXPECT_TRUE(db->Solve("123456780", PuzzleOptions("3x3", "", "a b"), &sol)
                  .IsInvalidArgument());
}

// Input quoted in a message shows its control bytes, NUL included, as
// \xNN, so that a C string holds the whole message, and is cut short: a
// start, a goal, a board, a word of moves.
TEST(ApiTest, MessagesQuoteInputAsText) {
  auto db = OpenTestDb();
  ASSERT_NE(db, nullptr);
  const std::string nul("\0", 1);
  const auto expect_text = [](const Status& s, const std::string& shown) {
    EXPECT_TRUE(s.IsInvalidArgument()) << s.ToString();
    const std::string& m = s.message();
    EXPECT_TRUE(std::none_of(m.begin(), m.end(), [](char c) {
      return static_cast<unsigned char>(c) < 0x20;
    })) << m;
    EXPECT_NE(m.find(shown), std::string::npos) << m;
    EXPECT_LT(m.size(), 400u);
  };
  Solution sol;
  expect_text(db->Solve("12345678" + nul, {}, &sol), "'12345678\\x00'");
  Options goal;
  goal.goal = "12345678\t";
  expect_text(db->Solve("123456780", goal, &sol), "goal '12345678\\x09'");
  expect_text(db->Solve("123456780", PuzzleOptions("3" + nul + "x3"), &sol),
              "board '3\\x00x3'");
  Verification v;
  expect_text(db->Verify("123456708", "4" + nul, {}, &v), "'4\\x00'");
  expect_text(db->Verify("123456708", std::string(1000000, 'X'), {}, &v),
              "'" + std::string(100, 'X') + "...'");
}

// Tables(board) is the whole listing's entries of that board; a name that
// is no board is InvalidArgument.
TEST(ApiTest, TablesOfOneBoard) {
  const std::unique_ptr<Db> db = OpenTestDb();
  std::vector<TableInfo> all, one;
  ASSERT_TRUE(db->Tables(&all).ok());
  ASSERT_TRUE(db->Tables("3x3", &one).ok());
  std::vector<std::string> expected, got;
  for (const TableInfo& t : all) {
    if (t.board == "3x3") expected.push_back(t.goal + " " + t.metric);
  }
  for (const TableInfo& t : one)
    got.push_back(t.board + " " + t.goal + " " + t.metric);
  for (std::string& e : expected) e = "3x3 " + e;
  ASSERT_FALSE(expected.empty());
  EXPECT_LT(expected.size(), all.size());
  EXPECT_EQ(got, expected);
  EXPECT_TRUE(db->Tables("9x9", &one).IsInvalidArgument());
  EXPECT_TRUE(db->Tables("", &one).IsInvalidArgument());
}

TEST(ApiTest, MissingDatabaseAndTableAreNotFound) {
  std::unique_ptr<Db> none;
  const std::string missing = testing::TempDir("api-no-db") + "/none";
  const Status open = Db::Open(missing, &none);
  EXPECT_TRUE(open.IsNotFound()) << open.ToString();
  EXPECT_EQ(none, nullptr);
  // A path the system would cut short at a NUL is refused as such.
  EXPECT_TRUE(Db::Open(TestDatabase() + std::string(1, '\0') + "/x", &none)
                  .IsInvalidArgument());
  // So is an empty path, as --db '' is: not "no database at ".
  const Status empty = Db::Open("", &none);
  EXPECT_TRUE(empty.IsInvalidArgument()) << empty.ToString();
  EXPECT_EQ(empty.message(), "the database path is empty");
  // The message says what to build, as the tools do (slidedb.h).
  EXPECT_NE(
      open.message().find("; build it with: slidedb-build --db " + missing),
      std::string::npos)
      << open.message();

  auto db = OpenTestDb();
  ASSERT_NE(db, nullptr);
  const Options big = PuzzleOptions("3x4");  // not in the test database
  Solution sol;
  const Status s = db->Solve("1,2,3,4,5,6,7,8,9,10,0,11", big, &sol);
  EXPECT_TRUE(s.IsNotFound()) << s.ToString();
  EXPECT_NE(s.message().find("3x4"), std::string::npos) << s.message();
  Histogram h;
  EXPECT_TRUE(db->GetHistogram(big, &h).IsNotFound());
  std::vector<SampledState> states;
  EXPECT_TRUE(db->Sample(3, -1, 1, big, &states).IsNotFound());
}

TEST(ApiTest, SolveManyIsSolveForEach) {
  auto db = OpenTestDb();
  ASSERT_NE(db, nullptr);
  const std::vector<std::string> starts = {"867254301", "123456870",
                                           "123456780", "647850321"};
  std::vector<Solution> many;
  ASSERT_TRUE(db->SolveMany(starts, {}, &many).ok());
  ASSERT_EQ(many.size(), starts.size());
  for (size_t i = 0; i < starts.size(); ++i) {
    Solution one;
    ASSERT_TRUE(db->Solve(starts[i], {}, &one).ok());
    EXPECT_EQ(many[i].start, one.start);
    EXPECT_EQ(many[i].solvable, one.solvable);
    EXPECT_EQ(many[i].moves, one.moves);
    EXPECT_EQ(many[i].tiles, one.tiles);
  }
  const Status s = db->SolveMany({"867254301", "1234"}, {}, &many);
  EXPECT_TRUE(s.IsInvalidArgument());
  EXPECT_EQ(s.message().rfind("'1234': ", 0), 0u) << s.message();
  // No states: no answers (its threads were once reserved as -1 of them).
  ASSERT_TRUE(db->SolveMany(std::vector<std::string>{}, {}, &many).ok());
  EXPECT_TRUE(many.empty());
}

// More states than one group (256): the groups run on every core, and the
// answers and the error are those of one state at a time.
TEST(ApiTest, SolveManyOfManyGroupsKeepsOrderAndNamesTheFirstBadState) {
  auto db = OpenTestDb();
  ASSERT_NE(db, nullptr);
  std::mt19937 rng(11);
  std::vector<std::string> starts;
  for (int i = 0; i < 1500; ++i) {
    std::string s = "012345678";
    std::shuffle(s.begin(), s.end(), rng);
    starts.push_back(s);  // about half cannot reach the goal: answers too
  }
  std::vector<Solution> many;
  ASSERT_TRUE(db->SolveMany(starts, {}, &many).ok());
  ASSERT_EQ(many.size(), starts.size());
  for (size_t i = 0; i < starts.size(); i += 7) {
    SCOPED_TRACE(starts[i]);
    Solution one;
    ASSERT_TRUE(db->Solve(starts[i], {}, &one).ok());
    EXPECT_EQ(many[i].start, one.start);
    EXPECT_EQ(many[i].solvable, one.solvable);
    EXPECT_EQ(many[i].moves, one.moves);
  }
  starts[1300] = "bad one";
  starts[700] = "0123";
  const Status s = db->SolveMany(starts, {}, &many);
  EXPECT_TRUE(s.IsInvalidArgument());
  EXPECT_EQ(s.message().rfind("'0123': ", 0), 0u) << s.message();
}

TEST(ApiTest, MovesLeadToTheirStatesAndDistances) {
  auto db = OpenTestDb();
  ASSERT_NE(db, nullptr);
  const Options goal = PuzzleOptions("3x3", "123/8_4/765");
  for (const std::string start : {"283164705", "123804765", "_12345678"}) {
    SCOPED_TRACE(start);
    int d;
    ASSERT_TRUE(db->Distance(start, goal, &d).ok());
    std::vector<NextMove> moves;
    ASSERT_TRUE(db->Moves(start, goal, &moves).ok());
    ASSERT_GE(moves.size(), 2u);
    ASSERT_LE(moves.size(), 4u);
    bool closer = false;
    for (const NextMove& m : moves) {
      int after;
      ASSERT_TRUE(db->Distance(m.state, goal, &after).ok());
      EXPECT_EQ(m.distance, after);
      if (d < 0) {
        EXPECT_EQ(after, -1);
        continue;
      }
      EXPECT_EQ(std::abs(after - d), 1);
      closer = closer || after == d - 1;
      // The tile that slides ends where the blank was.
      const std::string before_text = start, after_text = m.state;
      EXPECT_EQ(after_text.find(m.tile), before_text.find_first_of("_0"));
    }
    EXPECT_EQ(closer, d > 0);
  }
}

TEST(ApiTest, HistogramAndSampleAsTheQueryTool) {
  auto db = OpenTestDb();
  ASSERT_NE(db, nullptr);
  for (const Options& o : {Options{}, PuzzleOptions("2x3", "_54/321")}) {
    Histogram h;
    ASSERT_TRUE(db->GetHistogram(o, &h).ok());
    std::vector<std::string> args = CliArgs(o);
    args.push_back("--histogram");
    const nlohmann::json cli = nlohmann::json::parse(RunQueryCli(args).out);
    EXPECT_EQ(h.goal, cli["goal"]);
    EXPECT_EQ(h.total, cli["total"]);
    EXPECT_EQ(h.max_distance, cli["max_distance"]);
    EXPECT_EQ(h.counts, cli["counts"].get<std::vector<uint64_t>>());

    for (int distance : {-1, 5}) {
      std::vector<SampledState> states;
      ASSERT_TRUE(db->Sample(20, distance, 7, o, &states).ok());
      std::vector<std::string> sargs = CliArgs(o);
      sargs.insert(sargs.end(), {"--sample", "20", "--seed", "7"});
      if (distance >= 0) {
        sargs.insert(sargs.end(), {"--distance", std::to_string(distance)});
      }
      std::istringstream lines(RunQueryCli(sargs).out);
      std::string line;
      size_t k = 0;
      for (; std::getline(lines, line); ++k) {
        ASSERT_LT(k, states.size());
        const nlohmann::json j = nlohmann::json::parse(line);
        EXPECT_EQ(states[k].state, j["state"]);
        EXPECT_EQ(states[k].distance, j["distance"]);
      }
      EXPECT_EQ(k, states.size());
      EXPECT_GT(k, 0u);
    }
  }
}

// Verify and AllSolutions answer as slidedb-query --verify and --count
// --all do; a limit of 0 counts without listing; counting where a search
// answers is NotSupported, as on every face.
TEST(ApiTest, VerifyAndAllSolutionsAsTheQueryTool) {
  auto db = OpenTestDb();
  ASSERT_NE(db, nullptr);
  const Options o = PuzzleOptions("2x3", "_54/321");
  const std::string start = "5_4/321";  // one move away: L
  for (const std::string moves : {"L", "R", "U", "RRR", "R L L", ""}) {
    Verification v;
    ASSERT_TRUE(db->Verify(start, moves, o, &v).ok());
    std::vector<std::string> args = CliArgs(o);
    args.insert(args.end(), {"--verify", moves, start});
    const nlohmann::json cli = nlohmann::json::parse(RunQueryCli(args).out);
    const nlohmann::json& j = cli["verify"];
    EXPECT_EQ(v.start, cli["start"]);
    EXPECT_EQ(v.legal, j["legal"]) << moves;
    EXPECT_EQ(v.reaches_goal, j["reaches_goal"]) << moves;
    EXPECT_EQ(v.length, j["length"]) << moves;
    EXPECT_EQ(v.optimal_length, j["optimal_length"]) << moves;
    EXPECT_EQ(v.gap, j["gap"].is_null() ? -1 : j["gap"].get<int>()) << moves;
    EXPECT_EQ(v.illegal_step, j.value("illegal_step", 0)) << moves;
    EXPECT_EQ(v.illegal_move, j.value("illegal_move", 0)) << moves;
  }
  OptimalSolutions all;
  ASSERT_TRUE(db->AllSolutions("867254301", 7, Options{}, &all).ok());
  const nlohmann::json cli = nlohmann::json::parse(
      RunQueryCli({"--db", TestDatabase(), "--format", "json", "--count",
                   "--all", "--limit", "7", "867254301"})
          .out);
  EXPECT_EQ(all.count, cli["optimal_solutions"].dump());
  EXPECT_EQ(all.solutions, cli["solutions"].get<std::vector<std::string>>());
  EXPECT_FALSE(all.complete);
  ASSERT_TRUE(db->AllSolutions("867254301", 0, Options{}, &all).ok());
  EXPECT_EQ(all.count, "40");
  EXPECT_TRUE(all.solutions.empty());
  const Status negative = db->AllSolutions("867254301", -1, Options{}, &all);
  EXPECT_TRUE(negative.IsInvalidArgument());
  EXPECT_NE(negative.message().find("(or 0: none listed)"), std::string::npos)
      << negative.message();
  Verification bad;
  EXPECT_TRUE(
      db->Verify("867254301", "X", Options{}, &bad).IsInvalidArgument());
}

// Every thread solves the same random states through one Db, opened fresh
// so that the threads also race to open the tables, and gets the answers a
// lone thread gets.
TEST(ApiTest, ThreadsShareOneDatabase) {
  constexpr int kThreads = 8;
  const std::vector<Options> puzzles = {{},
                                        PuzzleOptions("3x3", "123/8_4/765"),
                                        PuzzleOptions("2x5"),
                                        PuzzleOptions("2x4")};
  std::vector<std::vector<std::string>> starts(puzzles.size());
  std::mt19937 rng(11);
  for (size_t p = 0; p < puzzles.size(); ++p) {
    std::string cells = puzzles[p].board == "3x3"   ? "012345678"
                        : puzzles[p].board == "2x5" ? "0123456789"
                                                    : "01234567";
    for (int i = 0; i < 300; ++i) {
      std::shuffle(cells.begin(), cells.end(), rng);
      std::string s;
      for (char c : cells) s += std::string(s.empty() ? "" : ",") + c;
      starts[p].push_back(s);
    }
  }
  std::vector<std::vector<Solution>> expected(puzzles.size());
  {
    auto db = OpenTestDb();
    ASSERT_NE(db, nullptr);
    for (size_t p = 0; p < puzzles.size(); ++p) {
      ASSERT_TRUE(db->SolveMany(starts[p], puzzles[p], &expected[p]).ok());
    }
  }
  auto db = OpenTestDb();
  ASSERT_NE(db, nullptr);
  std::vector<int> mismatches(kThreads, 0), failures(kThreads, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (size_t k = 0; k < puzzles.size(); ++k) {
        const size_t p = (k + t) % puzzles.size();  // threads start apart
        for (size_t i = 0; i < starts[p].size(); ++i) {
          Solution sol;
          int d;
          std::vector<NextMove> moves;
          if (!db->Solve(starts[p][i], puzzles[p], &sol).ok() ||
              !db->Distance(starts[p][i], puzzles[p], &d).ok() ||
              !db->Moves(starts[p][i], puzzles[p], &moves).ok()) {
            ++failures[t];
            continue;
          }
          const Solution& want = expected[p][i];
          if (sol.moves != want.moves || sol.tiles != want.tiles ||
              sol.solvable != want.solvable || d != want.distance) {
            ++mismatches[t];
          }
        }
      }
    });
  }
  for (auto& th : threads) th.join();
  for (int t = 0; t < kThreads; ++t) {
    EXPECT_EQ(failures[t], 0) << "thread " << t;
    EXPECT_EQ(mismatches[t], 0) << "thread " << t;
  }
}

// OpenOptions::preload reads the pattern databases whole at Open: the
// answers are those of the default, which reads their pages on demand.
TEST(ApiTest, PreloadAnswersAsOnDemand) {
  const std::string dir = testing::TempDir("api-preload") + "/db";
  ASSERT_EQ(testing::RunBuildCli(
                {"--db", dir, "--board", "4x4", "--pdb", "4-4-4-3", "--quiet"})
                .status,
            0);
  std::unique_ptr<Db> on_demand, whole;
  ASSERT_TRUE(Db::Open(dir, &on_demand).ok());
  OpenOptions preload;
  preload.preload = true;
  ASSERT_TRUE(Db::Open(dir, preload, &whole).ok());
  Options o;
  o.board = "4x4";
  for (const char* start : {"1,2,3,4,5,6,7,8,9,10,11,12,0,13,14,15",
                            "1,2,3,4,5,6,0,8,9,10,7,11,13,14,15,12",
                            "0,1,2,3,5,6,7,4,9,10,11,8,13,14,15,12"}) {
    Solution a, b;
    ASSERT_TRUE(on_demand->Solve(start, o, &a).ok()) << start;
    ASSERT_TRUE(whole->Solve(start, o, &b).ok()) << start;
    EXPECT_TRUE(a.solvable) << start;
    EXPECT_EQ(a.distance, b.distance) << start;
    EXPECT_EQ(a.moves, b.moves) << start;
    EXPECT_EQ(a.nodes, b.nodes) << start;
  }
  std::unique_ptr<Db> none;
  EXPECT_TRUE(Db::Open(dir + "-missing", preload, &none).IsNotFound());
}

}  // namespace
}  // namespace slidedb
