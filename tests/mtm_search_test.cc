// The multi-tile metric's IDA* (lib/search/mtm_search.h) and its walking
// distance (lib/search/walking_distance.h) against the full MTM tables of
// small boards (lib/search/mtm_bfs.h), and on 4x4 against a plain
// breadth-first search of short scrambles.
#include "lib/search/mtm_search.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <random>
#include <set>
#include <vector>

#include "lib/puzzle/index.h"
#include "lib/puzzle/record.h"
#include "lib/search/mtm_bfs.h"
#include "lib/search/mtm_prepared.h"
#include "lib/search/mtm_search_fsm.h"
#include "lib/search/walking_distance.h"
#include "lib/search/walking_distance_ordered.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

// Replays `path` from `start`: every step legal, its tiles the ones that
// slide, ending on `goal`, with `mtm_length` runs of equal steps.
void ExpectPathReaches(const Board& board, const State& start,
                       const State& goal, const Path& path, int mtm_length) {
  ASSERT_EQ(path.tiles.size(), path.moves.size());
  State s = start;
  for (size_t i = 0; i < path.moves.size(); ++i) {
    uint8_t tile = 0;
    ASSERT_TRUE(ApplyMove(board, path.moves[i], &s, &tile)) << i;
    EXPECT_EQ(tile, path.tiles[i]) << i;
  }
  EXPECT_EQ(s, goal);
  EXPECT_EQ(MoveCount(path.moves, Metric::kMtm), mtm_length);
  // No two moves in a row on the same axis: they would merge or cancel.
  int prev_axis = -1;
  for (size_t i = 0; i < path.moves.size(); ++i) {
    if (i > 0 && path.moves[i] == path.moves[i - 1]) continue;
    const int axis = static_cast<int>(path.moves[i]) / 2;
    EXPECT_NE(axis, prev_axis) << i;
    prev_axis = axis;
  }
}

TEST(MtmSearchTest, CountsRunsOfSteps) {
  using M = Move;
  EXPECT_EQ(MoveCount({}, Metric::kMtm), 0);
  EXPECT_EQ(MoveCount({M::kUp}, Metric::kMtm), 1);
  EXPECT_EQ(MoveCount({M::kUp, M::kUp, M::kLeft}, Metric::kMtm), 2);
  EXPECT_EQ(MoveCount({M::kUp, M::kDown, M::kDown, M::kUp}, Metric::kMtm), 3);
}

// 4x4's table has the 24,964 states of the classic walking distance (the
// same tables, reached by single steps); the goal's is 0.
TEST(MtmSearchTest, WalkingDistanceTablesOf4x4) {
  const Board board(4, 4);
  EXPECT_TRUE(MtmSearch::Supports(board));
  EXPECT_TRUE(
      MtmSearch::Supports(board, MtmHeuristic::kOrderedWalkingDistance));
  EXPECT_TRUE(MtmSearch::Supports(Board(2, 6)));
  EXPECT_FALSE(MtmSearch::Supports(Board(5, 5)));
  EXPECT_FALSE(MtmSearch::Supports(Board(3, 6)));
  EXPECT_FALSE(
      MtmSearch::Supports(Board(2, 5), MtmHeuristic::kOrderedWalkingDistance));
  for (bool columns : {false, true}) {
    const WalkingDistance wd(board, 0, columns);
    EXPECT_EQ(wd.size(), 24964u);
    EXPECT_EQ(wd.Distance(wd.IdOf(CanonicalGoal(board, 0))), 0);
    EXPECT_GT(wd.max_distance(), 5);
  }
}

struct MtmCase {
  Board board;
  int goal_blank;
};

constexpr MtmHeuristic kHeuristics[] = {MtmHeuristic::kWalkingDistance,
                                        MtmHeuristic::kOrderedWalkingDistance};

std::vector<MtmCase> SmallCases() {
  std::vector<MtmCase> cases;
  for (const Board& b : {Board(3, 3), Board(2, 4), Board(4, 2)}) {
    for (int g : {0, b.cells() / 2, b.cells() - 1}) cases.push_back({b, g});
  }
  cases.push_back({Board(3, 3), 1});
  return cases;
}

// Every state's bounds against its MTM distance; the walking distance
// changes by at most 1 along each MTM move.
TEST(MtmSearchTest, HeuristicIsAdmissibleAndWalkingDistanceConsistent) {
  for (const MtmCase& c : SmallCases()) {
    SCOPED_TRACE(c.board.Name() + " goal blank " +
                 std::to_string(c.goal_blank));
    const Indexer indexer(c.board, c.goal_blank);
    const BfsResult bfs = testing::MtmTable(indexer);
    for (MtmHeuristic heuristic : kHeuristics) {
      const MtmSearch search(c.board, c.goal_blank, heuristic);
      int exact = 0;
      for (Index i = 0; i < indexer.size(); ++i) {
        const State s = indexer.StateAt(i);
        const int d = RecordDistance(bfs.records[i]);
        const int wd = search.WalkingDistanceSum(s);
        const int h = search.Heuristic(s);
        ASSERT_LE(wd, h) << i;
        ASSERT_LE(h, d) << i;
        ASSERT_EQ(h == 0, d == 0) << i;
        exact += h == d;
        ForEachMtmMove(c.board, s, [&](const State& n, Move, int) {
          const int wn = search.WalkingDistanceSum(n);
          ASSERT_LE(wd - wn, 1) << i;
          ASSERT_LE(wn - wd, 1) << i;
        });
      }
      EXPECT_GT(exact, 0);
    }
  }
}

// The ordered walking distance is the plain one or more, state by state.
// A search over the ordered tables holds no plain ones of its own.
TEST(MtmSearchTest, OrderedWalkingDistanceIsFiner) {
  for (const MtmCase& c : SmallCases()) {
    SCOPED_TRACE(c.board.Name());
    const Indexer indexer(c.board, c.goal_blank);
    const MtmSearch plain(c.board, c.goal_blank);
    const MtmSearch ordered(c.board, c.goal_blank,
                            MtmHeuristic::kOrderedWalkingDistance);
    EXPECT_GT(plain.memory_bytes(), 0u);
    EXPECT_EQ(ordered.memory_bytes(), 0u);
    int64_t plain_sum = 0, ordered_sum = 0;
    for (Index i = 0; i < indexer.size(); ++i) {
      const State s = indexer.StateAt(i);
      const int p = plain.WalkingDistanceSum(s);
      const int o = ordered.WalkingDistanceSum(s);
      ASSERT_LE(p, o) << i;
      plain_sum += p;
      ordered_sum += o;
    }
    EXPECT_GT(ordered_sum, plain_sum);
  }
}

// Skipping the automaton's sequences (and turning after every move), a
// depth-first search from the goal still reaches every state within 10
// moves at its distance (the property the search relies on).
void Reach(const Board& board, const MtmMoveFsm& fsm, const Indexer& indexer,
           const State& s, int depth, int limit, int prev_axis,
           int32_t fsm_state, std::vector<int>* best) {
  int& b = (*best)[indexer.IndexOf(s)];
  b = std::min(b, depth);
  if (depth == limit) return;
  ForEachMtmMove(board, s, [&](const State& n, Move m, int cells) {
    const int axis = static_cast<int>(m) / 2;
    const int32_t next = fsm.Next(fsm_state, fsm.Symbol(m, cells));
    if (axis == prev_axis || next == MtmMoveFsm::kSkip) return;
    Reach(board, fsm, indexer, n, depth + 1, limit, axis, next, best);
  });
}

TEST(MtmSearchTest, SkippedSequencesLoseNoState) {
  for (const MtmCase& c : {MtmCase{Board(3, 3), 4}, MtmCase{Board(2, 4), 0}}) {
    SCOPED_TRACE(c.board.Name());
    const MtmMoveFsm fsm(c.board, 10);
    EXPECT_EQ(fsm.max_length(), 10);
    EXPECT_FALSE(fsm.skipped().empty());
    const Indexer indexer(c.board, c.goal_blank);
    const BfsResult bfs = testing::MtmTable(indexer);
    constexpr int kLimit = 10;
    std::vector<int> best(indexer.size(), kLimit + 1);
    Reach(c.board, fsm, indexer, CanonicalGoal(c.board, c.goal_blank), 0,
          kLimit, -1, MtmMoveFsm::kStart, &best);
    for (Index i = 0; i < indexer.size(); ++i) {
      const int d = RecordDistance(bfs.records[i]);
      ASSERT_EQ(best[i], std::min(d, kLimit + 1)) << i;
    }
  }
}

// The search's MTM lengths are the table's distances, and its paths lead
// to the goal; with two threads too.
TEST(MtmSearchTest, LengthsAreTheFullTablesDistances) {
  std::mt19937 rng(24);
  for (const MtmCase& c : SmallCases()) {
    SCOPED_TRACE(c.board.Name() + " goal blank " +
                 std::to_string(c.goal_blank));
    const Indexer indexer(c.board, c.goal_blank);
    const BfsResult bfs = testing::MtmTable(indexer);
    const State goal = CanonicalGoal(c.board, c.goal_blank);
    std::uniform_int_distribution<Index> pick(0, indexer.size() - 1);
    for (MtmHeuristic heuristic : kHeuristics) {
      const MtmSearch search(c.board, c.goal_blank, heuristic);
      for (int k = 0; k < 100; ++k) {
        // The deepest state of the table first, then random ones.
        Index i = pick(rng);
        if (k == 0) {
          for (Index j = 0; j < indexer.size(); ++j) {
            if (bfs.records[j] > bfs.records[i]) i = j;
          }
        }
        const State s = indexer.StateAt(i);
        SearchLimits limits;
        limits.threads = k % 3 == 0 ? 2 : 1;
        Path path;
        int length = -1;
        ASSERT_TRUE(search.Solve(s, &path, &length, limits).ok()) << i;
        ASSERT_EQ(length, RecordDistance(bfs.records[i])) << i;
        EXPECT_GT(path.nodes, length == 0 ? -1 : 0);
        EXPECT_TRUE(path.optimal);
        ExpectPathReaches(c.board, s, goal, path, length);
      }
    }
  }
}

// `moves` random MTM moves from the goal.
State Scramble(const Board& board, int goal_blank, int moves,
               std::mt19937* rng) {
  State s = CanonicalGoal(board, goal_blank);
  for (int k = 0; k < moves; ++k) {
    std::vector<State> next;
    ForEachMtmMove(board, s,
                   [&](const State& n, Move, int) { next.push_back(n); });
    s = next[std::uniform_int_distribution<size_t>(0, next.size() - 1)(*rng)];
  }
  return s;
}

// The MTM distance of `s` by a plain breadth-first search from it, up to
// `most` (then most + 1).
int BfsDistance(const Board& board, const State& s, const State& goal,
                int most) {
  auto key = [](const State& x) {
    uint64_t k = 0;
    for (int c = 0; c < 16; ++c) k = k << 4 | x.tile[c];
    return k;
  };
  std::set<uint64_t> seen = {key(s)};
  std::vector<State> level = {s};
  for (int d = 0; d <= most; ++d) {
    std::vector<State> next;
    for (const State& x : level) {
      if (x == goal) return d;
      ForEachMtmMove(board, x, [&](const State& n, Move, int) {
        if (seen.insert(key(n)).second) next.push_back(n);
      });
    }
    level.swap(next);
  }
  return most + 1;
}

TEST(MtmSearchTest, ShortScramblesOf4x4) {
  const Board board(4, 4);
  std::mt19937 rng(15);
  for (int goal_blank : {0, 5, 15}) {
    const MtmSearch search(board, goal_blank);
    const State goal = CanonicalGoal(board, goal_blank);
    for (int k = 0; k < 8; ++k) {
      const int moves = k < 4 ? 5 : 12;
      const State s = Scramble(board, goal_blank, moves, &rng);
      Path path;
      int length = -1;
      SearchLimits limits;
      limits.threads = k % 2 + 1;
      ASSERT_TRUE(search.Solve(s, &path, &length, limits).ok());
      EXPECT_LE(length, moves);
      EXPECT_GE(length, search.Heuristic(s));
      ExpectPathReaches(board, s, goal, path, length);
      // Short ones against a search that knows nothing of the library's.
      if (moves == 5) {
        EXPECT_EQ(length, BfsDistance(board, s, goal, moves));
      }
    }
  }
}

// A position of 30 MTM moves and some 280,000 states, whose iterations are
// split: its path and its count of states are the same on one thread, on
// two and with a batch's idle thread helping (what "nodes" reports on
// every face, where the threads vary with the load).
TEST(MtmSearchTest, TheCountOfStatesDoesNotDependOnTheThreads) {
  const Board board(4, 4);
  const MtmSearch search(board, 15, MtmHeuristic::kOrderedWalkingDistance);
  const State s =
      testing::ToState({8, 12, 3, 4, 6, 15, 10, 14, 13, 1, 9, 2, 5, 7, 0, 11});
  Path one;
  int length = -1;
  SearchLimits limits;
  ASSERT_TRUE(search.Solve(s, &one, &length, limits).ok());
  EXPECT_EQ(length, 30);
  EXPECT_GT(one.nodes, 100000);
  for (int threads : {2, 3}) {
    Path path;
    limits.threads = threads;
    ASSERT_TRUE(search.Solve(s, &path, &length, limits).ok());
    EXPECT_EQ(path.moves, one.moves) << threads;
    EXPECT_EQ(path.nodes, one.nodes) << threads;
  }
  SearchHelpers helpers;
  Path helped;
  limits.threads = 1;
  limits.helpers = &helpers;
  {
    testing::IdleHelper helper(&helpers);
    EXPECT_TRUE(search.Solve(s, &helped, &length, limits).ok());
  }
  EXPECT_EQ(helped.moves, one.moves);
  EXPECT_EQ(helped.nodes, one.nodes);
}

// A hard position (32 MTM moves; billions of states) stops at its limits.
TEST(MtmSearchTest, StopsAtItsLimits) {
  const Board board(4, 4);
  const MtmSearch search(board, 0);
  const State s =
      testing::ToState({1, 14, 4, 8, 13, 7, 2, 0, 6, 9, 10, 5, 3, 12, 15, 11});
  for (int threads : {1, 2}) {
    Path path;
    int length = -1;
    SearchLimits limits;
    limits.threads = threads;
    limits.max_nodes = 1;
    Status st = search.Solve(s, &path, &length, limits);
    EXPECT_TRUE(st.IsDeadlineExceeded()) << st.ToString();
    EXPECT_TRUE(path.moves.empty());
    EXPECT_GT(path.nodes, 0);

    limits.max_nodes = UINT64_MAX;
    limits.deadline =
        SearchLimits::Clock::now() + std::chrono::milliseconds(50);
    const auto t0 = SearchLimits::Clock::now();
    st = search.Solve(s, &path, &length, limits);
    EXPECT_TRUE(st.IsDeadlineExceeded()) << st.ToString();
    EXPECT_LT(SearchLimits::Clock::now() - t0, std::chrono::seconds(2));

    const std::atomic<bool> cancel{true};
    limits.deadline = SearchLimits::Clock::time_point::max();
    limits.cancel = &cancel;
    st = search.Solve(s, &path, &length, limits);
    EXPECT_TRUE(st.IsDeadlineExceeded()) << st.ToString();
  }
}


// Finding the move automaton takes seconds on the larger boards: a search's
// limits stop it (nothing kept), and the next search makes it whole.
TEST(MtmSearchTest, TheMoveAutomatonStopsAtItsLimits) {
  const Board board(2, 8);  // no other test makes its automaton
  int asked = 0;
  EXPECT_EQ(MtmMoveFsm::Make(board, [&asked] { return ++asked > 1; }),
            nullptr);
  EXPECT_EQ(asked, 2);
  EXPECT_EQ(MtmMoveFsm::Shared(board, [] { return true; }), nullptr);
  const auto shared = MtmMoveFsm::Shared(board);
  ASSERT_NE(shared, nullptr);
  EXPECT_EQ(shared->Transitions(), MtmMoveFsm::Make(board)->Transitions());
  EXPECT_EQ(MtmMoveFsm::Shared(board, [] { return true; }), shared);
  // A search past its deadline before its tables are made: refused.
  SearchLimits past;
  past.deadline = SearchLimits::Clock::now();
  std::shared_ptr<const MtmSearch> search;
  const Status s = MtmSearch::Make(Board(4, 5), 19,
                                   MtmHeuristic::kWalkingDistance, past,
                                   &search);
  EXPECT_TRUE(s.IsDeadlineExceeded()) << s.ToString();
}

// 4x4's tables are prepared when slidedb is built (lib/search/mtm_prepared.h):
// the automaton is the one a process would find, and the two ordered
// tables are there, whole.
TEST(MtmSearchTest, PreparedTablesAreTheOnesMadeAtRunTime) {
  const Board board(4, 4);
  const auto prepared = MtmMoveFsm::Shared(board);
  const auto made = MtmMoveFsm::Make(board);
  EXPECT_EQ(prepared->max_length(), made->max_length());
  EXPECT_EQ(prepared->Transitions(), made->Transitions());
  for (int line = 0; line < 2; ++line) {
    const auto table = PreparedOrderedTable(4, 4, line);
    ASSERT_NE(table, nullptr) << line;
    EXPECT_EQ(table->size(), 63063000u / 2);  // four bits an entry
  }
  EXPECT_EQ(PreparedOrderedTable(4, 3, 1), nullptr);
}

// Known answers of the ordered tables of 4x4 (the prepared ones), from the
// walking distance as it was made at run time before they were prepared
// (main e830149): seeded random states, their sum and FNV-1a hash.
TEST(MtmSearchTest, PreparedOrderedTablesGiveTheKnownDistances) {
  const Board board(4, 4);
  struct Known {
    int goal_blank;
    bool columns;
    uint64_t sum, hash;
  };
  for (const Known& k : std::vector<Known>{
           {15, false, 2179398, 2115887482865699697ull},
           {15, true, 2179469, 5842784786535749522ull},
           {5, false, 2192565, 2296845464475240526ull},
           {5, true, 2192429, 2833553773629193350ull}}) {
    const OrderedWalkingDistance w(board, k.goal_blank, k.columns);
    std::mt19937_64 rng(k.goal_blank * 2 + k.columns);
    uint64_t sum = 0, hash = 1469598103934665603ull;
    for (int i = 0; i < 200000; ++i) {
      State s;
      for (int c = 0; c < 16; ++c) s.tile[c] = static_cast<uint8_t>(c);
      for (int c = 15; c > 0; --c) {
        std::swap(s.tile[c], s.tile[rng() % (c + 1)]);
      }
      for (int c = 0; c < 16; ++c) {
        if (s.tile[c] == 0) s.blank = static_cast<uint8_t>(c);
      }
      const int d = w.Distance(s);
      sum += d;
      hash = (hash ^ d) * 1099511628211ull;
    }
    EXPECT_EQ(sum, k.sum) << k.goal_blank << " " << k.columns;
    EXPECT_EQ(hash, k.hash) << k.goal_blank << " " << k.columns;
    EXPECT_EQ(w.max_distance(), 15);
  }
}

// Every preparation stops at its limits: a deadline already past, or a
// cancel flag set, ends it at once with DeadlineExceeded.
TEST(MtmSearchTest, PreparationStopsAtItsLimits) {
  SearchLimits past;
  past.deadline = SearchLimits::Clock::now() - std::chrono::seconds(1);
  std::atomic<bool> cancel{true};
  SearchLimits cancelled;
  cancelled.cancel = &cancel;
  for (const SearchLimits& limits : {past, cancelled}) {
    // 4x5's plain tables: 25 s and 900 MB made whole.
    std::shared_ptr<const MtmSearch> search;
    Status s = MtmSearch::Make(Board(4, 5), 19, MtmHeuristic::kWalkingDistance,
                               limits, &search);
    EXPECT_TRUE(s.IsDeadlineExceeded()) << s.ToString();
    EXPECT_EQ(search, nullptr);
    EXPECT_FALSE(WalkingDistance(Board(4, 5), 0, true, limits).complete());
    // An ordered table that is not prepared.
    EXPECT_EQ(OrderedWalkingDistance::Search(4, 3, 1, limits), nullptr);
    std::unique_ptr<OrderedWalkingDistance> ordered;
    s = OrderedWalkingDistance::Make(Board(3, 4), 11, true, limits, &ordered);
    EXPECT_TRUE(s.IsDeadlineExceeded()) << s.ToString();
  }
  // Without limits it is made.
  std::shared_ptr<const MtmSearch> search;
  EXPECT_TRUE(MtmSearch::Make(Board(4, 4), 15,
                              MtmHeuristic::kOrderedWalkingDistance, {},
                              &search)
                  .ok());
}

// Within (one bounded iteration) agrees with Solve's distance, on 4x4
// positions near the goal and their neighbours, as Solver::NeighborDistance
// uses it: within d - 1, else within d, else d + 1.
TEST(MtmSearchTest, WithinAgreesWithSolveOnNeighbours) {
  const Board board(4, 4);
  const MtmSearch search(board, 15, MtmHeuristic::kOrderedWalkingDistance);
  std::mt19937_64 rng(7);
  State s = CanonicalGoal(board, 15);
  for (int k = 0; k < 14; ++k) {
    ApplyMove(board, kAllMoves[rng() % 4], &s);
  }
  Path path;
  int d;
  ASSERT_TRUE(search.Solve(s, &path, &d).ok());
  for (Move m : kAllMoves) {
    State next = s;
    for (int cells = 1; ApplyMove(board, m, &next); ++cells) {
      int want;
      ASSERT_TRUE(search.Solve(next, &path, &want).ok());
      int got = d + 1;
      for (int bound = d - 1; bound <= d; ++bound) {
        bool within = false;
        ASSERT_TRUE(search.Within(next, bound, &within).ok());
        if (within) {
          got = bound;
          break;
        }
      }
      EXPECT_EQ(got, want) << static_cast<int>(m) << " " << cells;
    }
  }
}

}  // namespace
}  // namespace slidedb
