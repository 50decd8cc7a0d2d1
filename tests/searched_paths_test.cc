// SearchedPaths (lib/analysis/searched_paths.h) against answers found
// another way: on 3x3 the full table's counts and lists (OptimalPaths),
// under bounds from none to Manhattan plus linear conflicts; on 4x4 a
// breadth-first count of shortest paths from the start, over the moves of
// tests/reference_search.h; and the limits.
#include "lib/analysis/searched_paths.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <deque>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <thread>
#include <unordered_map>
#include <vector>

#include "lib/analysis/optimal_paths.h"
#include "lib/puzzle/symmetry.h"
#include "lib/search/heuristics.h"
#include "lib/solve/solver.h"
#include "lib/solve/walk.h"
#include "lib/storage/database.h"
#include "tests/reference_search.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

// A state `steps` random moves from the canonical goal with the blank on
// `goal_blank`, none undoing the one before.
State WalkedFromGoal(const Board& board, int goal_blank, int steps,
                     std::mt19937* rng) {
  State s = CanonicalGoal(board, goal_blank);
  int prev = -1;
  for (int k = 0; k < steps; ++k) {
    Move m;
    do {
      m = kAllMoves[(*rng)() % 4];
    } while (board.Neighbor(s.blank, m) < 0 ||
             static_cast<int>(m) == (prev ^ 1));
    ApplyMove(board, m, &s);
    prev = static_cast<int>(m);
  }
  return s;
}

// Every state within `depth` moves of `from`: its distance and the number
// of shortest paths to it, each state's count the sum of its parents'.
std::unordered_map<testing::Packed, std::pair<int, uint64_t>> Ball(
    const testing::RefShape& shape, testing::Packed from, int depth) {
  std::unordered_map<testing::Packed, std::pair<int, uint64_t>> seen;
  std::deque<testing::Packed> queue = {from};
  seen[from] = {0, 1};
  while (!queue.empty()) {
    const testing::Packed p = queue.front();
    queue.pop_front();
    const auto [d, n] = seen[p];
    if (d == depth) continue;
    for (testing::Packed q : testing::StmNeighbours(shape, p)) {
      auto [it, fresh] = seen.try_emplace(q, d + 1, 0);
      if (fresh) queue.push_back(q);
      if (it->second.first == d + 1) it->second.second += n;
    }
  }
  return seen;
}

// The distance from `start` to `goal` (at most 2 * 10) and the number of
// shortest paths between them, by breadth-first searches from both ends:
// each shortest path crosses the layer half way once.
std::pair<int, uint64_t> ReferenceCount(const testing::RefShape& shape,
                                        testing::Packed start,
                                        testing::Packed goal) {
  const auto ahead = Ball(shape, start, 10), behind = Ball(shape, goal, 10);
  int d = INT_MAX;
  for (const auto& [p, at] : ahead) {
    if (auto it = behind.find(p); it != behind.end()) {
      d = std::min(d, at.first + it->second.first);
    }
  }
  uint64_t n = 0;
  for (const auto& [p, at] : ahead) {
    auto it = behind.find(p);
    if (at.first == d / 2 && it != behind.end() &&
        it->second.first == d - d / 2) {
      n += at.second * it->second.second;
    }
  }
  return {d == INT_MAX ? -1 : d, n};
}

// The tiles joined by commas, as the CLI reads them.
std::string CommaText(const Board& board, const State& s) {
  std::string text;
  for (int c = 0; c < board.cells(); ++c) {
    text += (c > 0 ? "," : "") + std::to_string(s.tile[c]);
  }
  return text;
}

// A bound computed anew for each state from a function of it.
class FunctionBound : public SearchedPaths::Bound {
 public:
  FunctionBound(const Board& board, const State& start,
                std::function<int(const State&)> f)
      : board_(board), states_{start}, f_(std::move(f)) {}
  int Value() const override { return f_(states_.back()); }
  void Push(Move m) override {
    states_.push_back(states_.back());
    ApplyMove(board_, m, &states_.back());
  }
  void Pop() override { states_.pop_back(); }

 private:
  Board board_;
  std::vector<State> states_;
  std::function<int(const State&)> f_;
};

// Bounds of `f` standing at `start`, one a thread.
SearchedPaths::BoundMaker FunctionBounds(const Board& board, const State& start,
                                         std::function<int(const State&)> f) {
  return [=] { return std::make_unique<FunctionBound>(board, start, f); };
}

// Bounds of 0 standing at `start` whose pages could not be read.
SearchedPaths::BoundMaker FailingBounds(const Board& board,
                                        const State& start) {
  class Failing : public FunctionBound {
   public:
    using FunctionBound::FunctionBound;
    Status error() const override { return Status::IOError("page 7"); }
  };
  return [=] {
    return std::make_unique<Failing>(board, start,
                                     [](const State&) { return 0; });
  };
}

testing::Packed PackedOf(const Board& board, const State& s) {
  std::vector<int> tiles(board.cells());
  for (int c = 0; c < board.cells(); ++c) tiles[c] = s.tile[c];
  return testing::Pack(tiles);
}

class SearchedPaths3x3Test : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(Database::Open(testing::TestDatabase(), &db_).ok());
    const TableMeta* meta = db_->Find(board_, 8);
    ASSERT_NE(meta, nullptr);
    ASSERT_TRUE(db_->OpenTable(*meta, &table_).ok());
  }
  const Board board_{3, 3};
  std::unique_ptr<Database> db_;
  std::unique_ptr<Table> table_;
};

TEST_F(SearchedPaths3x3Test, CountsAndListsAreTheFullTables) {
  const Heuristics h(board_, 8);
  const std::vector<std::function<int(const State&)>> bounds = {
      [](const State&) { return 0; },
      [&h](const State& s) { return h.Manhattan(s); },
      [&h](const State& s) { return h.LinearConflict(s); }};
  OptimalPaths table_paths(table_.get());
  std::mt19937 rng(7);
  std::vector<State> starts = {CanonicalGoal(board_, 8)};
  for (int k = 0; k < 40; ++k)
    starts.push_back(WalkedFromGoal(board_, 8, 40, &rng));
  // On one thread, and on three (tasks split a few moves from the start,
  // counted side by side, their memos merged for the lists).
  for (size_t b = 0; b < 2 * bounds.size(); ++b) {
    SearchLimits limits;
    limits.threads = b < bounds.size() ? 1 : 3;
    SearchedPaths searched(board_, 8, limits);
    // No bound is a search of every path: the near states only.
    const bool none = b % bounds.size() == 0;
    const size_t n = none ? 6 : starts.size();
    for (size_t k = 0; k < n; ++k) {
      const State& s = none ? WalkedFromGoal(board_, 8, 14, &rng) : starts[k];
      int d;
      ASSERT_TRUE(DistanceToGoal(table_.get(), s, &d).ok());
      PathCount want, got;
      ASSERT_TRUE(table_paths.Count(s, &want).ok());
      const auto bound = FunctionBounds(board_, s, bounds[b % bounds.size()]);
      ASSERT_TRUE(searched.Count(s, d, bound, &got).ok());
      EXPECT_EQ(PathCountToString(got), PathCountToString(want))
          << "bound " << b << ", distance " << d;
      std::vector<std::vector<Move>> want_list, got_list;
      bool want_complete, got_complete;
      ASSERT_TRUE(table_paths.List(s, 7, &want_list, &want_complete).ok());
      ASSERT_TRUE(searched.List(s, d, bound, 7, &got_list, &got_complete).ok());
      EXPECT_EQ(got_list, want_list) << "bound " << b << ", distance " << d;
      EXPECT_EQ(got_complete, want_complete);
    }
  }
}

// A budget (--max-seconds: answer_by), a deadline, a cancel and a count
// of states each stop a count at its first look, 4,096 states in.
TEST_F(SearchedPaths3x3Test, StopsAtItsLimits) {
  std::mt19937 rng(3);
  const State far = WalkedFromGoal(board_, 8, 200, &rng);
  int d;
  ASSERT_TRUE(DistanceToGoal(table_.get(), far, &d).ok());
  ASSERT_GE(d, 14);  // far enough for 4,096 states without a bound
  const std::atomic<bool> cancelled{true};
  for (int limit = 0; limit < 4; ++limit) {
    SearchLimits limits;
    if (limit == 0) limits.answer_by = SearchLimits::Clock::now();
    if (limit == 1) limits.deadline = SearchLimits::Clock::now();
    if (limit == 2) limits.cancel = &cancelled;
    if (limit == 3) limits.max_nodes = 100;
    std::atomic<uint64_t> generated{0};
    limits.generated = &generated;
    SearchedPaths searched(board_, 8, limits);
    PathCount n;
    const Status s = searched.Count(
        far, d, FunctionBounds(board_, far, [](const State&) { return 0; }),
        &n);
    EXPECT_TRUE(s.IsDeadlineExceeded()) << s.ToString();
    EXPECT_NE(s.message().find(limit < 2 ? "in the time given" : "stopped"),
              std::string::npos)
        << s.message();
    EXPECT_EQ(generated.load(), 4096u);
    EXPECT_EQ(searched.nodes(), 4096u);
  }
}

// A bound that cannot be trusted (a page not read) stops the count with
// its error, at the first look.
TEST_F(SearchedPaths3x3Test, ABoundsErrorIsTheCountsError) {
  std::mt19937 rng(4);
  const State far = WalkedFromGoal(board_, 8, 200, &rng);
  int d;
  ASSERT_TRUE(DistanceToGoal(table_.get(), far, &d).ok());
  const SearchLimits limits;
  SearchedPaths searched(board_, 8, limits);
  PathCount n;
  const Status s = searched.Count(far, d, FailingBounds(board_, far), &n);
  EXPECT_TRUE(s.IsIOError()) << s.ToString();
  EXPECT_EQ(searched.nodes(), 4096u);
}

TEST(SearchedPaths4x4Test, CountsAreThoseOfABreadthFirstSearch) {
  const Board board(4, 4);
  const Heuristics h(board, 15);
  const SearchLimits limits;
  SearchedPaths searched(board, 15, limits);
  const testing::RefShape shape{4, 4};
  const testing::Packed goal = PackedOf(board, CanonicalGoal(board, 15));
  std::mt19937 rng(11);
  int several = 0;
  for (int k = 0; k < 30; ++k) {
    const State s = WalkedFromGoal(board, 15, 20, &rng);
    const auto [d, want] = ReferenceCount(shape, PackedOf(board, s), goal);
    ASSERT_GE(d, 0);
    PathCount got;
    ASSERT_TRUE(searched
                    .Count(s, d,
                           FunctionBounds(
                               board, s,
                               [&h](const State& t) { return h.Manhattan(t); }),
                           &got)
                    .ok());
    EXPECT_EQ(PathCountToString(got), std::to_string(want)) << d;
    several += want > 1;
  }
  EXPECT_GT(several, 3);  // not only states with one optimal path
}

// Calls f with the 5-5-5 databases' search of each 4x4 goal they answer
// and how it maps onto theirs: their own (the blank last), Korf's (the
// blank first, by the half turn) and the other two corners' (mirrored).
void ForEachGoalsSearch(
    const std::function<void(int, const PdbSearch*, const GoalMap&)>& f) {
  std::unique_ptr<Database> db;
  ASSERT_TRUE(Database::Open(testing::Pdb44Database(), &db).ok());
  Solver solver(db.get());
  const Board board(4, 4);
  for (const auto& [goal_blank, want] :
       {std::pair{15, 0}, std::pair{0, 3}, std::pair{12, 1}, std::pair{3, 2}}) {
    std::shared_ptr<const PdbSearch> search;
    int symmetry;
    ASSERT_TRUE(
        solver.GetPdbSearch(board, goal_blank, &search, &symmetry).ok());
    ASSERT_EQ(symmetry, want);
    f(goal_blank, search.get(), GoalMap(board, goal_blank, symmetry));
  }
}

// On several threads (tasks split a few moves from the start, their
// memos apart) and on the helpers of a batch, the counts and lists of one
// thread, under the pattern databases' bound on both goals; the progress
// told on the calling thread, as a count of that distance.
TEST(SearchedPaths4x4Test, ThreadsCountAndListAsOneDoes) {
  const Board board(4, 4);
  std::mt19937 rng(13);
  ForEachGoalsSearch([&](int goal_blank, const PdbSearch* search,
                         const GoalMap& map) {
    for (int k = 0; k < 4; ++k) {
      const State s = WalkedFromGoal(board, goal_blank, 60, &rng);
      const State turned = map.ToStored(s);
      const SearchedPaths::BoundMaker bound = [&] {
        return std::make_unique<PdbBound>(
            *search, turned, MoveOrder::OfSymmetry(map.symmetry()));
      };
      Path path;
      ASSERT_TRUE(search->Solve(turned, &path).ok());
      const int d = path.distance();
      std::vector<std::vector<Move>> lists[3];
      PathCount counts[3];
      bool complete[3];
      for (int t = 0; t < 3; ++t) {
        SearchLimits limits;
        limits.threads = t == 1 ? 2 : 1;
        SearchHelpers helpers;
        if (t == 2) limits.helpers = &helpers;  // none come: the caller's
        const std::thread::id caller = std::this_thread::get_id();
        int told = 0;
        limits.progress = [&](const SearchProgress& p) {
          EXPECT_EQ(std::this_thread::get_id(), caller);
          EXPECT_TRUE(p.counting);
          EXPECT_EQ(p.bound, d);
          ++told;
        };
        SearchedPaths searched(board, goal_blank, limits);
        searched.set_progress_every(std::chrono::seconds(0));
        ASSERT_TRUE(searched.Count(s, d, bound, &counts[t]).ok());
        ASSERT_TRUE(
            searched.List(s, d, bound, 50, &lists[t], &complete[t]).ok());
        // As it begins, and every 4,096 states of one thread after.
        EXPECT_GE(told, 1);
        if (t == 0) {
          EXPECT_GE(static_cast<uint64_t>(told), 1 + searched.nodes() / 8192);
        }
      }
      for (int t = 1; t < 3; ++t) {
        EXPECT_EQ(PathCountToString(counts[t]), PathCountToString(counts[0]));
        EXPECT_EQ(lists[t], lists[0]);
        EXPECT_EQ(complete[t], complete[0]);
      }
    }
  });
}

// On two threads a count of states stops the count, and a bound's error
// is the count's.
TEST_F(SearchedPaths3x3Test, ThreadsStopAtLimitsAndErrors) {
  std::mt19937 rng(5);
  const State far = WalkedFromGoal(board_, 8, 200, &rng);
  int d;
  ASSERT_TRUE(DistanceToGoal(table_.get(), far, &d).ok());
  ASSERT_GE(d, 16);
  SearchLimits limits;
  limits.threads = 2;
  PathCount n;
  SearchedPaths whole(board_, 8, limits);
  ASSERT_TRUE(
      whole
          .Count(far, d,
                 FunctionBounds(board_, far, [](const State&) { return 0; }),
                 &n)
          .ok());
  ASSERT_GT(whole.nodes(), 12000u);
  limits.max_nodes = 4096;
  std::atomic<uint64_t> generated{0};
  limits.generated = &generated;
  SearchedPaths searched(board_, 8, limits);
  Status s = searched.Count(
      far, d, FunctionBounds(board_, far, [](const State&) { return 0; }), &n);
  EXPECT_TRUE(s.IsDeadlineExceeded()) << s.ToString();
  EXPECT_NE(s.message().find("stopped after"), std::string::npos)
      << s.message();
  EXPECT_EQ(generated.load(), searched.nodes());
  EXPECT_LT(searched.nodes(), 12000u);
  limits.max_nodes = UINT64_MAX;
  SearchedPaths failing(board_, 8, limits);
  s = failing.Count(far, d, FailingBounds(board_, far), &n);
  EXPECT_TRUE(s.IsIOError()) << s.ToString();
}

// The pattern databases' bound kept move by move (PdbSearch::Cursor) is
// the heuristic computed anew at every state of a random walk that goes
// forward and back, by the databases' own goal and by the half turn.
TEST(SearchedPaths4x4Test, TheKeptBoundIsTheHeuristicAnew) {
  const Board board(4, 4);
  std::mt19937 rng(9);
  ForEachGoalsSearch(
      [&](int goal_blank, const PdbSearch* search, const GoalMap& map) {
        auto anew = [&](const State& s) {
          return search->Heuristic(map.ToStored(s));
        };
        State s = WalkedFromGoal(board, goal_blank, 40, &rng);
        PdbBound bound(*search, map.ToStored(s),
                       MoveOrder::OfSymmetry(map.symmetry()));
        std::vector<State> path = {s};
        for (int step = 0; step < 3000; ++step) {
          if (path.size() > 1 && (path.size() > 200 || rng() % 3 == 0)) {
            bound.Pop();
            path.pop_back();
          } else {
            Move m;
            State next;
            do {
              m = kAllMoves[rng() % 4];
              next = path.back();
            } while (!ApplyMove(board, m, &next));
            bound.Push(m);
            path.push_back(next);
          }
          ASSERT_EQ(bound.Value(), anew(path.back())) << "step " << step;
        }
      });
}

// The CLI over the 5-5-5 databases: the blank-last goal they were built
// for, and the blank-first one (Korf's) they answer by the half turn.
TEST(SearchedPaths4x4Test, TheCliCountsAndListsThemOnBothGoals) {
  const Board board(4, 4);
  const testing::RefShape shape{4, 4};
  std::mt19937 rng(5);
  for (int goal_blank : {15, 0}) {
    const State goal = CanonicalGoal(board, goal_blank);
    for (int k = 0; k < 4; ++k) {
      const State s = WalkedFromGoal(board, goal_blank, 20, &rng);
      const auto [d, want] =
          ReferenceCount(shape, PackedOf(board, s), PackedOf(board, goal));
      const testing::CliResult r = testing::RunQueryCli(
          {"--db", testing::Pdb44Database(), "--board", "4x4", "--goal",
           CommaText(board, goal), "--count", "--all", "--limit", "1000",
           "--format", "json", CommaText(board, s)});
      ASSERT_EQ(r.status, 0) << r.err;
      const nlohmann::json a = nlohmann::json::parse(r.out);
      ASSERT_EQ(a["distance"], d);
      EXPECT_EQ(a["optimal_solutions"].get<uint64_t>(), want);
      EXPECT_TRUE(a["solutions_complete"].get<bool>());
      std::vector<std::string> listed = a["solutions"];
      ASSERT_EQ(listed.size(), want);
      // Each distinct, in the order U < D < L < R, and reaching the goal.
      std::vector<std::string> keys;
      for (const std::string& moves : listed) {
        ASSERT_EQ(moves.size(), static_cast<size_t>(d));
        State t = s;
        std::string key;
        for (char c : moves) {
          const Move m = c == 'U'   ? Move::kUp
                         : c == 'D' ? Move::kDown
                         : c == 'L' ? Move::kLeft
                                    : Move::kRight;
          ASSERT_TRUE(ApplyMove(board, m, &t)) << moves;
          key.push_back(static_cast<char>('0' + static_cast<int>(m)));
        }
        EXPECT_EQ(t, goal) << moves;
        keys.push_back(key);
      }
      EXPECT_TRUE(std::is_sorted(keys.begin(), keys.end()));
      EXPECT_EQ(std::adjacent_find(keys.begin(), keys.end()), keys.end());
      // The answer's states are the solve's and the count's.
      const testing::CliResult solved = testing::RunQueryCli(
          {"--db", testing::Pdb44Database(), "--board", "4x4", "--goal",
           CommaText(board, goal), "--format", "json", CommaText(board, s)});
      ASSERT_EQ(solved.status, 0) << solved.err;
      if (d > 0) {
        EXPECT_GT(a["nodes"].get<int64_t>(),
                  nlohmann::json::parse(solved.out)["nodes"].get<int64_t>());
      }
    }
  }
}

}  // namespace
}  // namespace slidedb
