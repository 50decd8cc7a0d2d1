// The 2x5 table (1,814,400 states, the largest in the test database) against
// an independent search: a plain BFS over packed states in a hash map, with
// none of the library's indexing.
#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <random>
#include <unordered_map>

#include "lib/puzzle/notation.h"
#include "lib/puzzle/problem.h"
#include "lib/solve/solver.h"
#include "lib/storage/database.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

// Cells packed 4 bits each, cell 0 lowest; 0 is the blank.
using Packed = uint64_t;

int Cell(Packed p, int c) { return static_cast<int>(p >> (4 * c) & 15); }

Packed Swap(Packed p, int a, int b) {
  const Packed ta = p >> (4 * a) & 15, tb = p >> (4 * b) & 15;
  p &= ~((Packed{15} << (4 * a)) | (Packed{15} << (4 * b)));
  return p | ta << (4 * b) | tb << (4 * a);
}

// Distances of every state from `goal` on a rows x cols board.
std::unordered_map<Packed, int> PlainBfs(int rows, int cols, Packed goal) {
  std::unordered_map<Packed, int> dist;
  dist.reserve(4'000'000);
  std::deque<Packed> queue{goal};
  dist[goal] = 0;
  const int n = rows * cols;
  while (!queue.empty()) {
    const Packed p = queue.front();
    queue.pop_front();
    int blank = 0;
    while (Cell(p, blank) != 0) ++blank;
    const int r = blank / cols, k = blank % cols, d = dist[p];
    const int next[4] = {r > 0 ? blank - cols : -1,
                         r + 1 < rows ? blank + cols : -1,
                         k > 0 ? blank - 1 : -1, k + 1 < cols ? blank + 1 : -1};
    for (int to : next) {
      if (to < 0 || to >= n) continue;
      const Packed q = Swap(p, blank, to);
      if (dist.emplace(q, d + 1).second) queue.push_back(q);
    }
  }
  return dist;
}

class LargeBoardTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    Packed goal = 0;
    for (int c = 0; c < 9; ++c) goal |= Packed(c + 1) << (4 * c);
    truth_ = new std::unordered_map<Packed, int>(PlainBfs(2, 5, goal));
  }
  static void TearDownTestSuite() {
    delete truth_;
    truth_ = nullptr;
  }
  static std::unordered_map<Packed, int>* truth_;
};

std::unordered_map<Packed, int>* LargeBoardTest::truth_ = nullptr;

TEST_F(LargeBoardTest, HistogramMatchesPlainSearch) {
  std::unique_ptr<Database> db;
  ASSERT_TRUE(Database::Open(testing::TestDatabase(), &db).ok());
  const TableMeta* meta = db->Find(Board(2, 5), 9);
  ASSERT_NE(meta, nullptr);
  std::vector<uint64_t> expected;
  for (const auto& [state, d] : *truth_) {
    if (expected.size() <= static_cast<size_t>(d)) expected.resize(d + 1);
    ++expected[d];
  }
  EXPECT_EQ(truth_->size(), 1'814'400u);
  EXPECT_EQ(meta->states, truth_->size());
  EXPECT_EQ(meta->histogram, expected);
  EXPECT_EQ(meta->max_distance, static_cast<int>(expected.size()) - 1);
}

TEST_F(LargeBoardTest, RandomStatesSolveOptimally) {
  std::unique_ptr<Database> db;
  ASSERT_TRUE(Database::Open(testing::TestDatabase(), &db).ok());
  Solver solver(db.get());
  const Board board(2, 5);
  std::vector<Packed> states;
  states.reserve(truth_->size());
  for (const auto& entry : *truth_) states.push_back(entry.first);
  std::sort(states.begin(), states.end());
  std::mt19937_64 rng(20261121);
  std::uniform_int_distribution<size_t> pick(0, states.size() - 1);
  for (int trial = 0; trial < 2000; ++trial) {
    const Packed p = states[pick(rng)];
    // Written as users write it, through the query path.
    std::string text;
    for (int c = 0; c < 10; ++c) {
      if (c > 0) text += ',';
      text += std::to_string(Cell(p, c));
    }
    Arrangement start;
    ASSERT_TRUE(ParseArrangement(text, board, {}, &start).ok()) << text;
    Problem problem;
    ASSERT_TRUE(
        MakeProblem(board, start, DefaultGoal(board, start), &problem).ok());
    ASSERT_TRUE(problem.solvable) << text;
    Path path;
    ASSERT_TRUE(solver.Solve(problem, &path).ok()) << text;
    ASSERT_EQ(path.distance(), truth_->at(p)) << text;
    // Every step is legal and goes one nearer by the plain search's count.
    Packed q = p;
    for (size_t k = 0; k < path.moves.size(); ++k) {
      int blank = 0;
      while (Cell(q, blank) != 0) ++blank;
      const int to = board.Neighbor(blank, path.moves[k]);
      ASSERT_GE(to, 0) << text << " step " << k;
      ASSERT_EQ(Cell(q, to), path.tiles[k]) << text << " step " << k;
      q = Swap(q, blank, to);
      ASSERT_EQ(truth_->at(q), path.distance() - static_cast<int>(k) - 1);
    }
    int distance = -1;
    ASSERT_TRUE(solver.Distance(problem, &distance).ok());
    EXPECT_EQ(distance, truth_->at(p));
  }
}

TEST(LargeBoardCliTest, TenCellStatesAreWrittenWithCommas) {
  auto r = testing::RunQueryCli({"--db", testing::TestDatabase(), "--board",
                                 "2x5", "--format", "json",
                                 "1 2 3 4 5 6 7 8 0 9"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"start\":\"1,2,3,4,5,6,7,8,0,9\""), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\"goal\":\"1,2,3,4,5,6,7,8,9,0\""), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\"distance\":1,\"metric\":\"stm\",\"moves\":\"R\""),
            std::string::npos)
      << r.out;
}

}  // namespace
}  // namespace slidedb
