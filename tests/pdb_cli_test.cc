// slidedb-build and slidedb-query on a board over 12 cells: pattern
// databases, answers by search, Korf's goal, --threads, and the refusals.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "cli/exit_codes.h"
#include "lib/puzzle/board.h"
#include "lib/puzzle/state.h"
#include "slidedb/slidedb.h"
#include "tests/reference_search.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

using json = nlohmann::json;
using testing::CliResult;
using testing::kKorfGoal;
using testing::KorfInstances;
using testing::Pdb44Database;
using testing::RunBuildCli;
using testing::RunQueryCli;
using testing::TempDir;
using Instance = testing::KorfInstance;

// Plays the moves on the start (tiles in reading order, commas) and checks
// that each slides the named tile and that the end is `goal`.
void ExpectSolves(const std::string& start, const std::string& goal,
                  const json& answer) {
  auto parse = [](const std::string& text) {
    std::vector<int> v;
    std::istringstream in(text);
    for (std::string t; std::getline(in, t, ',');) v.push_back(std::stoi(t));
    return v;
  };
  std::vector<int> s = parse(start);
  const std::string moves = answer["moves"];
  ASSERT_EQ(moves.size(), answer["tiles"].size());
  int blank = static_cast<int>(std::find(s.begin(), s.end(), 0) - s.begin());
  for (size_t k = 0; k < moves.size(); ++k) {
    const int r = blank / 4, c = blank % 4;
    const int to = moves[k] == 'U'   ? (r > 0 ? blank - 4 : -1)
                   : moves[k] == 'D' ? (r < 3 ? blank + 4 : -1)
                   : moves[k] == 'L' ? (c > 0 ? blank - 1 : -1)
                                     : (c < 3 ? blank + 1 : -1);
    ASSERT_GE(to, 0) << "illegal move " << k;
    ASSERT_EQ(std::to_string(s[to]), answer["tiles"][k].dump());
    std::swap(s[blank], s[to]);
    blank = to;
  }
  EXPECT_EQ(s, parse(goal));
}

TEST(PdbCliTest, KorfInstancesOnTheirGoal) {
  std::vector<Instance> korf = KorfInstances();
  ASSERT_EQ(korf.size(), 100u);
  int sum = 0;
  for (const Instance& i : korf) sum += i.length;
  EXPECT_EQ(sum, 5305);
  // The shortest few: a second or so each with 5-5-5.
  std::sort(korf.begin(), korf.end(),
            [](const Instance& a, const Instance& b) {
              return a.length < b.length;
            });
  korf.resize(4);
  std::string input;
  for (const Instance& i : korf) input += i.state + "\n";
  const CliResult r = RunQueryCli({"--db", Pdb44Database(), "--board", "4x4",
                                   "--goal", kKorfGoal, "--format", "json"},
                                  input);
  ASSERT_EQ(r.status, kExitOk) << r.err;
  std::istringstream lines(r.out);
  std::string line;
  for (const Instance& i : korf) {
    ASSERT_TRUE(std::getline(lines, line));
    const json j = json::parse(line);
    EXPECT_EQ(j["start"], i.state);
    EXPECT_EQ(j["distance"], i.length) << i.state;
    EXPECT_GT(j["nodes"].get<int64_t>(), 0);
    ExpectSolves(i.state, kKorfGoal, j);
  }
  // --threads 2: the same answers, in input order.
  const CliResult t =
      RunQueryCli({"--db", Pdb44Database(), "--board", "4x4", "--goal",
                   kKorfGoal, "--format", "json", "--threads", "2"},
                  input);
  EXPECT_EQ(t.status, kExitOk) << t.err;
  EXPECT_EQ(t.out, r.out);
  // States on the command line: the pattern databases are read a page at
  // a time as the search asks (PdbValues); the same bytes.
  std::vector<std::string> args = {"--db",     Pdb44Database(), "--board",
                                   "4x4",      "--goal",        kKorfGoal,
                                   "--format", "json"};
  for (const Instance& i : korf) args.push_back(i.state);
  const CliResult a = RunQueryCli(args, "");
  EXPECT_EQ(a.status, kExitOk) << a.err;
  EXPECT_EQ(a.out, r.out);
}

TEST(PdbCliTest, DefaultGoalLabelsStepsAndVerify) {
  // 3 moves (RRD) from a goal in letters, blank last.
  const std::string goal = "a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,_";
  const std::string start = "a,b,c,d,e,f,g,h,i,_,j,k,m,n,o,l";
  CliResult r = RunQueryCli({"--db", Pdb44Database(), "--board", "4x4",
                             "--goal", goal, "--steps", start});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  EXPECT_NE(r.out.find(": 3 moves\n  moves: RRD\n  tiles: j k l\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("step 3: D (tile l)"), std::string::npos) << r.out;
  r = RunQueryCli({"--db", Pdb44Database(), "--board", "4x4", "--goal", goal,
                   "--format", "json", "--verify", "RRDL", start});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  const json j = json::parse(r.out);
  EXPECT_EQ(j["distance"], 3);
  EXPECT_EQ(j["verify"]["optimal_length"], 3);
  EXPECT_EQ(j["verify"]["reaches_goal"], false);
  // The goal itself.
  r = RunQueryCli({"--db", Pdb44Database(), "--board", "4x4", "--format",
                   "json", "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0"});
  EXPECT_EQ(json::parse(r.out)["distance"], 0);
}

TEST(PdbCliTest, EveryOtherBoardOver12CellsAnswersOptimally) {
  // 3x5, 5x3, 2x7, 7x2, 2x8 and 8x2 answer through the same code path as
  // 4x4: pattern databases of small groups, then starts made by random walks
  // from the goal, each answer replayed and its length checked against an
  // independent IDA* with the Manhattan distance (tests/reference_search.h).
  const std::vector<std::pair<std::string, std::string>> boards = {
      {"3x5", "5-5-4"}, {"5x3", "5-5-4"}, {"2x7", "5-4-4"},
      {"7x2", "5-4-4"}, {"2x8", "5-5-5"}, {"8x2", "5-5-5"}};
  std::mt19937_64 rng(20261122);
  for (const auto& [name, partition] : boards) {
    SCOPED_TRACE(name);
    Board board;
    ASSERT_TRUE(Board::Parse(name, &board).ok());
    const testing::RefShape shape{board.rows(), board.cols()};
    const int n = board.cells();
    const std::string db = TempDir("pdb-" + name) + "/db";
    const CliResult built = RunBuildCli(
        {"--db", db, "--board", name, "--pdb", partition, "--quiet"});
    ASSERT_EQ(built.status, kExitOk) << built.err;
    std::vector<int> goal(n);
    for (int c = 0; c + 1 < n; ++c) goal[c] = c + 1;  // blank last
    testing::IdaStar reference(shape, testing::Pack(goal));
    for (int k = 0; k < 4; ++k) {
      testing::Packed p = testing::Pack(goal);
      int blank = n - 1;
      for (int step = 0; step < 30; ++step) {
        const std::vector<int> to = testing::BlankTargets(shape, blank);
        const int next = to[rng() % to.size()];
        p = testing::SwapBlank(p, blank, next);
        blank = next;
      }
      std::string start;
      for (int c = 0; c < n; ++c) {
        start += (c > 0 ? "," : "") + std::to_string(testing::TileAt(p, c));
      }
      const CliResult r = RunQueryCli(
          {"--db", db, "--board", name, "--format", "json", start});
      ASSERT_EQ(r.status, kExitOk) << r.err;
      const json j = json::parse(r.out);
      EXPECT_EQ(j["distance"].get<int>(), reference.Distance(p)) << start;
      EXPECT_GE(j["nodes"].get<int64_t>(), j["distance"].get<int>()) << start;
      // Replay the moves: each slides the named tile, and they end at the
      // goal.
      const std::string moves = j["moves"];
      ASSERT_EQ(moves.size(), j["tiles"].size());
      int b = testing::BlankCell(p, n);
      for (size_t m = 0; m < moves.size(); ++m) {
        const int r0 = b / board.cols(), c0 = b % board.cols();
        const int to = moves[m] == 'U'   ? (r0 > 0 ? b - board.cols() : -1)
                       : moves[m] == 'D' ? (r0 + 1 < board.rows()
                                                ? b + board.cols()
                                                : -1)
                       : moves[m] == 'L' ? (c0 > 0 ? b - 1 : -1)
                                         : (c0 + 1 < board.cols() ? b + 1 : -1);
        ASSERT_GE(to, 0) << "illegal move " << m << " of " << start;
        ASSERT_EQ(j["tiles"][m].get<int>(), testing::TileAt(p, to));
        p = testing::SwapBlank(p, b, to);
        b = to;
      }
      EXPECT_EQ(p, testing::Pack(goal)) << start;
    }
  }
}

TEST(PdbCliTest, BadInputAndRefusals) {
  // Unsolvable and malformed inputs keep their exit statuses.
  CliResult r = RunQueryCli({"--db", Pdb44Database(), "--board", "4x4",
                             "2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,0"});
  EXPECT_EQ(r.status, kExitUnsolvable);
  EXPECT_NE(r.out.find("unsolvable"), std::string::npos);
  r = RunQueryCli({"--db", Pdb44Database(), "--board", "4x4", "--threads", "2"},
                  "1,2,3\n2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,0\n");
  EXPECT_EQ(r.status, kExitDataError);
  r = RunQueryCli(
      {"--db", Pdb44Database(), "--board", "4x4", "--threads", "-1", "x"});
  EXPECT_EQ(r.status, kExitUsage);
  // Tools that need every state refuse, saying why.
  for (std::vector<std::string> tool :
       {std::vector<std::string>{"--at-distance", "3"},
        {"--sample", "2"},
        {"--export", "csv"},
        {"--heuristics"},
        {"--metric", "mtm", "--count",
         "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15"}}) {
    tool.insert(tool.begin(), {"--db", Pdb44Database(), "--board", "4x4"});
    r = RunQueryCli(tool);
    EXPECT_EQ(r.status, kExitUsage) << tool.back();
    EXPECT_NE(r.err.find("full table"), std::string::npos) << r.err;
  }
  // --histogram shows the pattern databases'.
  r = RunQueryCli({"--db", Pdb44Database(), "--board", "4x4", "--histogram",
                   "--format", "json"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  const json h = json::parse(r.out);
  ASSERT_EQ(h["pattern_databases"].size(), 3u);
  EXPECT_EQ(h["pattern_databases"][0]["entries"], 524160);
  // No pattern databases for this board: exit 66 with the command to run.
  r = RunQueryCli({"--db", Pdb44Database(), "--board", "2x7",
                   "1,2,3,4,5,6,7,8,9,10,11,12,0,13"});
  EXPECT_EQ(r.status, kExitNoInput);
  EXPECT_NE(r.err.find("slidedb-build"), std::string::npos) << r.err;
  // Partitions that do not fit the board.
  for (const char* bad : {"7-7", "9-6", "x", "8-8"}) {
    r = RunBuildCli({"--db", TempDir("pdb-bad") + "/db", "--board", "4x4",
                     "--pdb", bad});
    EXPECT_EQ(r.status, kExitUsage) << bad;
    EXPECT_NE(r.err.find("partition"), std::string::npos) << r.err;
  }
  r = RunBuildCli({"--board", "5x6"});
  EXPECT_EQ(r.status, kExitUsage);
  EXPECT_NE(r.err.find("25 cells"), std::string::npos) << r.err;
}

// The C++ API answers the 15-puzzle as slidedb-query does, field for
// field: Korf's instances on his blank-first goal (served by the
// blank-last pattern databases), their moves, the list of goals, and the
// one refusal.
TEST(PdbCliTest, TheCppApiAnswersAsTheCli) {
  std::unique_ptr<Db> db;
  ASSERT_TRUE(Db::Open(Pdb44Database(), &db).ok());
  const Options korf = PuzzleOptions("4x4", kKorfGoal);
  const std::vector<Instance> all = KorfInstances();
  for (int k : {1, 5, 8, 11}) {
    const Instance& instance = all[k];
    const CliResult r =
        RunQueryCli({"--db", Pdb44Database(), "--board", "4x4", "--goal",
                     kKorfGoal, "--format", "json", instance.state});
    ASSERT_EQ(r.status, kExitOk) << r.err;
    const json j = json::parse(r.out);
    Solution sol;
    ASSERT_TRUE(db->Solve(instance.state, korf, &sol).ok());
    EXPECT_EQ(sol.board, j["board"]);
    EXPECT_EQ(sol.start, j["start"]);
    EXPECT_EQ(sol.goal, j["goal"]);
    EXPECT_TRUE(sol.solvable);
    EXPECT_EQ(sol.distance, instance.length);
    EXPECT_EQ(sol.distance, j["distance"]);
    EXPECT_EQ(sol.moves, j["moves"]);
    ASSERT_EQ(sol.tiles.size(), j["tiles"].size());
    for (size_t t = 0; t < sol.tiles.size(); ++t) {
      EXPECT_EQ(sol.tiles[t], std::to_string(j["tiles"][t].get<int>()));
    }
    EXPECT_EQ(sol.nodes, j["nodes"].get<int64_t>());
    int d;
    ASSERT_TRUE(db->Distance(instance.state, korf, &d).ok());
    EXPECT_EQ(d, instance.length);
    if (k == 11) {
      // Every move, with the exact distance it leads to.
      const CliResult m = RunQueryCli({"--db", Pdb44Database(), "--board",
                                       "4x4", "--goal", kKorfGoal, "--moves",
                                       "--format", "json", instance.state});
      ASSERT_EQ(m.status, kExitOk) << m.err;
      const json jm = json::parse(m.out);
      std::vector<NextMove> moves;
      ASSERT_TRUE(db->Moves(instance.state, korf, &moves).ok());
      ASSERT_EQ(moves.size(), jm["moves"].size());
      for (size_t i = 0; i < moves.size(); ++i) {
        EXPECT_EQ(std::string(1, moves[i].move), jm["moves"][i]["move"]);
        EXPECT_EQ(moves[i].state, jm["moves"][i]["state"]);
        EXPECT_EQ(moves[i].distance, jm["moves"][i]["distance"]);
        EXPECT_EQ(std::abs(moves[i].distance - instance.length), 1);
      }
    }
  }
  // The goals: the blank-last pattern databases and the other three
  // corners' goals they serve.
  int pdbs = 0;
  std::vector<TableInfo> tables;
  ASSERT_TRUE(db->Tables(&tables).ok());
  for (const TableInfo& t : tables) {
    if (t.kind != "pdb") continue;
    ++pdbs;
    EXPECT_EQ(t.board, "4x4");
    EXPECT_EQ(t.partition, "5-5-5");
    EXPECT_EQ(t.max_distance, -1);
  }
  EXPECT_EQ(pdbs, 4);
  // Sampling needs a full table: the CLI's words, as NotSupported.
  const CliResult refused =
      RunQueryCli({"--db", Pdb44Database(), "--board", "4x4", "--sample", "2"});
  ASSERT_EQ(refused.status, kExitUsage);
  std::vector<SampledState> sample;
  const Status s = db->Sample(2, -1, 1, PuzzleOptions("4x4"), &sample);
  EXPECT_TRUE(s.IsNotSupported()) << s.ToString();
  EXPECT_EQ("slidedb-query: " + s.message() + "\n", refused.err);
  // A board with nothing to answer it (2x7: no table, no pattern
  // databases) is the NotFound of what to build, as a solve says, on
  // every tool that needs a full table: a build may answer it.
  for (const std::vector<std::string>& tool :
       {std::vector<std::string>{"--sample", "2"},
        {"--at-distance", "3"},
        {"--export", "csv"}}) {
    std::vector<std::string> args = {"--db", Pdb44Database(), "--board", "2x7"};
    args.insert(args.end(), tool.begin(), tool.end());
    const CliResult missing = RunQueryCli(args);
    EXPECT_EQ(missing.status, kExitNoInput) << tool[0] << ": " << missing.err;
    EXPECT_NE(missing.err.find("slidedb-build --db"), std::string::npos)
        << missing.err;
  }
  const Status none = db->Sample(2, -1, 1, PuzzleOptions("2x7"), &sample);
  EXPECT_TRUE(none.IsNotFound()) << none.ToString();
  EXPECT_NE(none.message().find("slidedb-build --db"), std::string::npos)
      << none.message();
  Histogram h;
  EXPECT_TRUE(db->GetHistogram(PuzzleOptions("2x7"), &h).IsNotFound());
}


// A batch of searched states (solve_many, POST batches) runs them side by
// side on every core, threads with none left helping the others' searches:
// the answers are still those of one state at a time, in order, to the
// state counts.
TEST(PdbCliTest, ABatchOfSearchesAnswersAsOneAtATime) {
  std::unique_ptr<Db> db;
  ASSERT_TRUE(Db::Open(Pdb44Database(), &db).ok());
  const Options korf = PuzzleOptions("4x4", kKorfGoal);
  const std::vector<Instance> all = KorfInstances();
  std::vector<std::string> starts;
  for (int k : {0, 2, 3, 5, 7, 9}) starts.push_back(all[k].state);
  starts.push_back(kKorfGoal);  // no search at all beside the long ones
  std::vector<Solution> many;
  ASSERT_TRUE(db->SolveMany(starts, korf, &many).ok());
  ASSERT_EQ(many.size(), starts.size());
  for (size_t i = 0; i < starts.size(); ++i) {
    Solution one;
    ASSERT_TRUE(db->Solve(starts[i], korf, &one).ok());
    EXPECT_EQ(many[i].start, one.start) << i;
    EXPECT_EQ(many[i].distance, one.distance) << i;
    EXPECT_EQ(many[i].moves, one.moves) << i;
    EXPECT_EQ(many[i].nodes, one.nodes) << i;
  }
  EXPECT_EQ(many[0].distance, all[0].length);
  EXPECT_EQ(many.back().distance, 0);
}

// The goals each stored set of pattern databases answers, from --tables:
// goal blank -> (the set's id, stored).
std::map<int, std::pair<std::string, bool>> PdbGoals(const std::string& db) {
  const CliResult r = RunQueryCli({"--db", db, "--tables", "--format", "json"});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  const json tables = json::parse(r.out);
  std::map<int, std::pair<std::string, bool>> out;
  for (const json& t : tables["tables"]) {
    if (t["kind"] != "pdb") continue;
    out[t["goal_blank"].get<int>()] = {t["table"], t["stored"]};
  }
  return out;
}

TEST(PdbCliTest, AGoalAStoredSetServesIsNotBuiltAgain) {
  // 2x8 with groups of four: a second a set.
  const std::string db = TempDir("pdb-served") + "/db";
  CliResult r = RunBuildCli(
      {"--db", db, "--board", "2x8", "--pdb", "4-4-4-3", "--quiet"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  // The summary gives what was built (3 groups of 43,680 entries and one
  // of 3,360, four bits each), then the whole database's size.
  EXPECT_NE(r.out.find("1 set of pattern databases (4-4-4-3) of 2x8, "
                       "67,200 bytes of entries; the database "),
            std::string::npos)
      << r.out;
  using Goals = std::map<int, std::pair<std::string, bool>>;
  // Every corner: the blank last's own, the others by a symmetry.
  EXPECT_EQ(PdbGoals(db), (Goals{{15, {"2x8/b15", true}},
                                 {0, {"2x8/b15", false}},
                                 {7, {"2x8/b15", false}},
                                 {8, {"2x8/b15", false}}}));
  // The blank first: the half turn of the stored set answers it (the
  // search turns the board), so nothing is built, and the line says which
  // set serves it; so does the mirror for the blank in the top row's last
  // cell. The blank last written with other labels: its own set.
  const std::string first = "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15";
  const std::string top_right = "1,2,3,4,5,6,7,0,8,9,10,11,12,13,14,15";
  const std::string relabelled = "a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,_";
  for (const auto& [goal, served] :
       {std::pair{first, "2x8/b15 (4-4-4-3, the goal turned by 180 degrees)"},
        std::pair{top_right, "2x8/b15 (4-4-4-3, the goal mirrored up-down)"},
        std::pair{relabelled, "2x8/b15 (4-4-4-3)"}}) {
    r = RunBuildCli({"--db", db, "--board", "2x8", "--goal", goal});
    EXPECT_EQ(r.status, kExitOk) << r.err;
    EXPECT_NE(r.out.find(": already served by the pattern databases " +
                         std::string(served) + " in " + db),
              std::string::npos)
        << r.out;
    EXPECT_EQ(r.out.find("wrote"), std::string::npos) << r.out;
    EXPECT_EQ(r.err, "");
  }
  // Asked for the same groups again: served; other groups: built.
  r = RunBuildCli({"--db", db, "--board", "2x8", "--pdb", "4-4-4-3"});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  EXPECT_NE(r.out.find("already served"), std::string::npos) << r.out;
  EXPECT_EQ(PdbGoals(db).size(), 4u);
  // --force builds the blank-first goal's own set, which then serves it.
  r = RunBuildCli({"--db", db, "--board", "2x8", "--goal", first, "--pdb",
                   "3-4-4-4", "--force", "--quiet"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  EXPECT_EQ(r.out.find("already served"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("wrote " + db + ": 1 set of pattern databases "
                       "(3-4-4-4) of 2x8"),
            std::string::npos)
      << r.out;
  // It serves its mirror too (top right), whose half turn has no set.
  EXPECT_EQ(PdbGoals(db), (Goals{{15, {"2x8/b15", true}},
                                 {0, {"2x8/b0", true}},
                                 {7, {"2x8/b0", false}},
                                 {8, {"2x8/b15", false}}}));
  // Answers to both goals, from their own sets.
  r = RunQueryCli({"--db", db, "--board", "2x8", "--goal", first,
                   "--format", "json", "1,0,2,3,4,5,6,7,8,9,10,11,12,13,14,15"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  EXPECT_EQ(json::parse(r.out)["distance"], 1);
}

}  // namespace
}  // namespace slidedb
