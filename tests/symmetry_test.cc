// Goals served by another goal's table through a symmetry of the board
// (lib/puzzle/symmetry.h): which tables are stored, that the maps keep the puzzle's
// moves, and that every state of every goal the test database serves gets
// an answer as long as an independent search's distance, replayed move by
// move to the goal.
#include "lib/puzzle/symmetry.h"

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <random>
#include <set>
#include <sstream>

#include "lib/puzzle/index.h"
#include "lib/search/bfs.h"
#include "lib/solve/solver.h"
#include "lib/solve/walk.h"
#include "lib/storage/database.h"
#include "lib/storage/format.h"
#include "lib/storage/table.h"
#include "tests/reference_search.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

using testing::DistancesTo;
using testing::Packed;
using testing::PackState;
using testing::RefShape;

std::vector<int> Stored(const Board& board) {
  std::set<int> s;
  for (int c = 0; c < board.cells(); ++c) s.insert(StoredGoalBlank(board, c));
  return {s.begin(), s.end()};
}

TEST(SymmetryTest, StoredGoalBlanksOfEachBoard) {
  // 3x3: corner, edge, centre.
  EXPECT_EQ(Stored(Board(3, 3)), (std::vector<int>{4, 7, 8}));
  EXPECT_EQ(ServedGoalBlanks(Board(3, 3), 8), (std::vector<int>{0, 2, 6, 8}));
  EXPECT_EQ(ServedGoalBlanks(Board(3, 3), 7), (std::vector<int>{1, 3, 5, 7}));
  EXPECT_EQ(ServedGoalBlanks(Board(3, 3), 4), (std::vector<int>{4}));
  // Rectangles: the two mirrors and the half turn.
  EXPECT_EQ(Stored(Board(3, 4)), (std::vector<int>{6, 7, 10, 11}));
  EXPECT_EQ(ServedGoalBlanks(Board(3, 4), 7), (std::vector<int>{4, 7}));
  EXPECT_EQ(Stored(Board(2, 6)), (std::vector<int>{9, 10, 11}));
  EXPECT_EQ(Stored(Board(2, 2)), (std::vector<int>{3}));
  EXPECT_EQ(Stored(Board(2, 3)), (std::vector<int>{4, 5}));
  // Boards without tables share nothing here.
  EXPECT_EQ(Stored(Board(4, 4)).size(), 16u);
}

// Every table shape, every goal blank: the map takes the goal to the stored
// goal, is undone by FromStored, and carries every move to a move.
TEST(SymmetryTest, MapsKeepGoalsAndMoves) {
  std::mt19937_64 rng(13);
  for (const auto& [rows, cols] : std::vector<std::pair<int, int>>{
           {2, 2}, {2, 3}, {3, 2}, {2, 4}, {4, 2}, {3, 3}, {2, 5}, {5, 2},
           {3, 4}, {4, 3}, {2, 6}, {6, 2}}) {
    const Board board(rows, cols);
    for (int g = 0; g < board.cells(); ++g) {
      SCOPED_TRACE(board.Name() + " b" + std::to_string(g));
      const GoalMap map(board, g);
      EXPECT_EQ(map.stored_blank(), StoredGoalBlank(board, g));
      EXPECT_EQ(map.ToStored(CanonicalGoal(board, g)),
                CanonicalGoal(board, map.stored_blank()));
      const Indexer asked(board, g), stored(board, map.stored_blank());
      for (int k = 0; k < 200; ++k) {
        const State s = asked.StateAt(rng() % asked.size());
        const State t = map.ToStored(s);
        ASSERT_TRUE(IsWellFormed(board, t));
        ASSERT_TRUE(stored.Reachable(t));
        ASSERT_EQ(map.FromStored(t), s);
        for (Move m : kAllMoves) {
          State t2 = t, s2 = s;
          uint8_t moved_t, moved_s;
          const bool ok_t = ApplyMove(board, m, &t2, &moved_t);
          const bool ok_s =
              ApplyMove(board, map.MoveFromStored(m), &s2, &moved_s);
          ASSERT_EQ(ok_t, ok_s);
          if (!ok_t) continue;
          EXPECT_EQ(map.ToStored(s2), t2);
          EXPECT_EQ(map.TileFromStored(moved_t), moved_s);
        }
      }
    }
  }
}

// Every goal blank the test database serves, stored or by symmetry (all 9
// of 3x3): every state's answer from the Solver (the query tools' path)
// has the reference search's length and replays legally to the goal;
// Distance agrees; and the goal's table from GetTable (the table tools'
// path) holds the true distance and a move one nearer in every record.
TEST(SymmetryTest, EveryStateOfEveryServedGoalIsOptimal) {
  std::unique_ptr<Database> db;
  ASSERT_TRUE(Database::Open(testing::TestDatabase(), &db).ok());
  Solver solver(db.get());
  std::set<std::pair<std::string, int>> goals;
  int symmetric = 0;
  std::vector<const TableMeta*> tables;
  ASSERT_TRUE(db->Tables(&tables).ok());
  for (const TableMeta* stored : tables) {
    const TableMeta& meta = *stored;
    // Here against the single-tile reference; the multi-tile tables are
    // checked in tests/mtm_tools_test.cc.
    if (meta.metric != Metric::kStm) continue;
    int mapped = 0;
    for (int g : ServedGoalBlanks(meta.board, meta.goal_blank)) {
      const Board& board = meta.board;
      // Under a sanitizer, two of 2x5's four goals (the stored one and one
      // mapped): the reference search of each takes 15 s there.
      if (testing::kSanitized && board.cells() == 10 && g != meta.goal_blank &&
          mapped++ > 0) {
        continue;
      }
      SCOPED_TRACE(board.Name() + " b" + std::to_string(g));
      goals.insert({board.Name(), g});
      symmetric += g != meta.goal_blank;
      EXPECT_EQ(db->Find(board, g), &meta);
      const auto truth = DistancesTo(
          RefShape{board.rows(), board.cols()},
          PackState(board, CanonicalGoal(board, g)));
      const Indexer indexer(board, g);
      ASSERT_EQ(truth.size(), indexer.size());
      Table* table;
      ASSERT_TRUE(solver.GetTable(board, g, &table).ok());
      EXPECT_EQ(table->meta().goal_blank, g);
      EXPECT_EQ(table->meta().histogram, meta.histogram);
      const State goal = CanonicalGoal(board, g);
      Problem p;
      p.board = board;
      p.goal_blank = g;
      p.solvable = true;
      Path path;
      int failures = 0;
      // Every state on boards of up to 9 cells; every third of 2x5's
      // 1,814,400, to keep the suite quick (every 21st under a sanitizer).
      const Index stride =
          (board.cells() <= 9 ? 1 : 3) * (testing::kSanitized ? 7 : 1);
      for (Index i = 0; i < indexer.size() && failures < 5; i += stride) {
        p.start = indexer.StateAt(i);
        const int want = truth.at(PackState(board, p.start));
        Status s = solver.Solve(p, &path);
        ASSERT_TRUE(s.ok()) << s.ToString();
        State at = p.start;
        bool legal = true;
        for (size_t k = 0; k < path.moves.size() && legal; ++k) {
          uint8_t tile;
          legal = ApplyMove(board, path.moves[k], &at, &tile) &&
                  tile == path.tiles[k];
        }
        int distance = -1;
        ASSERT_TRUE(solver.Distance(p, &distance).ok());
        uint8_t record;
        ASSERT_TRUE(table->Get(i, &record).ok());
        bool record_ok =
            RecordDistance(record) == std::min(want, kDistanceSaturated);
        if (want > 0 && record_ok) {
          State next = p.start;
          record_ok = ApplyMove(board, RecordMove(record), &next) &&
                      truth.at(PackState(board, next)) == want - 1;
        }
        if (path.distance() != want || !legal || at != goal ||
            distance != want || !record_ok) {
          ++failures;
          ADD_FAILURE() << "index " << i << ": path of " << path.distance()
                        << " (legal " << legal << ", reaches the goal "
                        << (at == goal) << "), distance " << distance
                        << ", record " << int{record} << ", true distance "
                        << want;
        }
      }
    }
  }
  // 3x3 all 9, 2x2 4, 2x3 and 3x2 6, 2x4 and 4x2 8, 2x5 the 4 of its corner
  // (2 under a sanitizer).
  EXPECT_EQ(goals.size(),
            9u + 4 + 6 + 6 + 8 + 8 + (testing::kSanitized ? 2 : 4));
  EXPECT_GT(symmetric, 0);
}

// Against each 3x3 goal's own table, as format 1 stored it: the same length
// on every state. The path may differ, only where a state has more than one
// optimal solution: the two tables break ties between best moves
// differently. Both paths are replayed to the goal (above and here), so a
// different path of the same length is another optimal one.
TEST(SymmetryTest, ThreeByThreeMatchesEachGoalsOwnTable) {
  std::unique_ptr<Database> db;
  ASSERT_TRUE(Database::Open(testing::TestDatabase(), &db).ok());
  Solver solver(db.get());
  const Board board(3, 3);
  for (int g = 0; g < board.cells(); ++g) {
    if (StoredGoalBlank(board, g) == g) continue;
    SCOPED_TRACE("b" + std::to_string(g));
    BfsResult own;
    ASSERT_TRUE(RunBfs(Indexer(board, g), 1, nullptr, &own).ok());
    auto table = Table::FromRecords(
        TableMeta::FromHistogram(board, g, own.histogram), own.records);
    Problem p;
    p.board = board;
    p.goal_blank = g;
    p.solvable = true;
    const State goal = CanonicalGoal(board, g);
    Path mine, theirs;
    uint64_t different = 0;
    for (Index i = 0; i < table->indexer().size(); ++i) {
      p.start = table->indexer().StateAt(i);
      ASSERT_TRUE(solver.Solve(p, &mine).ok());
      ASSERT_TRUE(WalkToGoal(table.get(), p.start, &theirs).ok());
      ASSERT_EQ(mine.distance(), theirs.distance()) << "index " << i;
      if (mine.moves == theirs.moves) continue;
      ++different;
      State at = p.start;
      for (Move m : theirs.moves) ASSERT_TRUE(ApplyMove(board, m, &at));
      ASSERT_EQ(at, goal);
    }
    // Ties are common on 3x3; this says the test met some.
    EXPECT_GT(different, 0u);
  }
}

}  // namespace
}  // namespace slidedb

namespace slidedb {
namespace {

// The table tools on a goal served by symmetry (3x3, blank top left, served
// by 3x3/b8): the same histogram as the stored goal's; an export whose every
// row, in the asked goal's labels, has a best move to a row one nearer; and
// samples at the distance asked for.
TEST(SymmetryTest, TableToolsAnswerAServedGoal) {
  const std::string db = testing::TestDatabase();
  const auto served = testing::RunQueryCli(
      {"--db", db, "--goal", "012345678", "--histogram", "--format", "json"});
  const auto stored = testing::RunQueryCli(
      {"--db", db, "--histogram", "--format", "json"});
  ASSERT_EQ(served.status, 0) << served.err;
  const auto counts = [](const std::string& json) {
    return json.substr(json.find("\"counts\""));
  };
  EXPECT_EQ(counts(served.out), counts(stored.out));
  EXPECT_NE(served.out.find("\"goal\":\"012345678\""), std::string::npos);

  const auto exported = testing::RunQueryCli(
      {"--db", db, "--goal", "012345678", "--export", "csv"});
  ASSERT_EQ(exported.status, 0) << exported.err;
  std::map<std::string, std::pair<int, char>> rows;  // state: distance, move
  std::istringstream in(exported.out);
  std::string line;
  std::getline(in, line);  // the header
  while (std::getline(in, line)) {
    const size_t a = line.find(','), b = line.find(',', a + 1);
    rows[line.substr(0, a)] = {std::stoi(line.substr(a + 1, b - a - 1)),
                               b + 1 < line.size() ? line[b + 1] : '-'};
  }
  ASSERT_EQ(rows.size(), 181440u);
  const Board board(3, 3);
  for (const auto& [text, row] : rows) {
    const auto [distance, letter] = row;
    if (distance == 0) {
      EXPECT_EQ(text, "012345678");
      continue;
    }
    State s;
    for (int c = 0; c < 9; ++c) s.tile[c] = static_cast<uint8_t>(text[c] - '0');
    s.blank = static_cast<uint8_t>(text.find('0'));
    Move m;
    ASSERT_TRUE(ParseMoveLetter(letter, &m)) << text;
    ASSERT_TRUE(ApplyMove(board, m, &s)) << text;
    std::string next;
    for (int c = 0; c < 9; ++c) next += static_cast<char>('0' + s.tile[c]);
    ASSERT_EQ(rows.at(next).first, distance - 1) << text;
  }

  const auto sampled = testing::RunQueryCli({"--db", db, "--goal", "012345678",
                                             "--sample", "20", "--distance",
                                             "25", "--seed", "5"});
  ASSERT_EQ(sampled.status, 0) << sampled.err;
  std::istringstream picks(sampled.out);
  int n = 0;
  for (std::string state; picks >> state; ++n) {
    ASSERT_EQ(rows.at(state).first, 25) << state;
  }
  EXPECT_EQ(n, 20);
}

}  // namespace
}  // namespace slidedb
