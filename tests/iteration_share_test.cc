// The IDA* driver's side of IterationShare (lib/search/iteration_share.h),
// the protocol of `mpirun -np N slidedb-query`, with the other processes
// played by a fake: a search stops soon after another process says it
// found the goal in an earlier subtree, and takes the path that process
// sends rather than searching for it again.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "lib/puzzle/index.h"
#include "lib/puzzle/pattern.h"
#include "lib/puzzle/state.h"
#include "lib/search/ida_search.h"
#include "lib/search/pdb_build.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

// Other processes as a script: the subtrees this process is handed (then
// none), the first subtree they found the goal in (once Best has been
// asked `best_after` times in an iteration; SIZE_MAX: never), the path
// they send, and what this process reported.
class ScriptedShare : public IterationShare {
 public:
  std::vector<size_t> handed;  // to this process, in order, each iteration
  size_t others_best = SIZE_MAX;
  int best_after = 0;
  int found_in_iteration = -1;  // End says others_best there; -1: Best's
  int first_bound = 0, bound_step = 2;  // End's next bound: the next one's
  std::string sent;                     // the path ShareAnswer hands over
  // What this process did, over every iteration.
  uint64_t searched = 0;  // states of the subtrees it searched
  int iterations = 0, shared_answers = 0;

  void Begin(size_t subtrees) override {
    subtrees_ = subtrees;
    next_ = 0;
    best_calls_ = 0;
  }
  size_t Next() override {
    return next_ < handed.size() ? handed[next_++] : subtrees_;
  }
  size_t Best() override {
    return best_calls_++ < best_after ? SIZE_MAX : others_best;
  }
  void Found(size_t /*subtree*/) override {}
  void End(Outcome* o) override {
    for (uint64_t n : o->nodes) searched += n;
    if (found_in_iteration >= 0) {
      if (iterations == found_in_iteration) o->best = others_best;
      o->next_bound =
          std::min(o->next_bound, first_bound + bound_step * (iterations + 1));
    }
    ++iterations;
  }
  bool ShareAnswer(bool mine, std::string* answer) override {
    if (mine) return false;
    *answer = sent;
    ++shared_answers;
    return true;
  }

 private:
  size_t subtrees_ = 0, next_ = 0;
  int best_calls_ = 0;
};

// The 15-puzzle over weak 5-5-5 databases (built in a second): searches
// of many states even for states tens of moves from the goal.
PdbSearch MakeShareSearch(const Board& board, int goal_blank) {
  const Partition p = ConsecutiveGroups({5, 5, 5});
  std::vector<std::vector<uint8_t>> values;
  for (const auto& tiles : p) {
    PdbResult r;
    EXPECT_TRUE(BuildPatternDb(board, goal_blank, tiles,
                               PdbIndexKind::kPlacement, 2, nullptr, &r)
                    .ok());
    values.push_back(std::move(r.values));
  }
  return PdbSearch(board, goal_blank, p, PdbIndexKind::kPlacement,
                   std::move(values));
}

// A state `steps` random moves from the goal whose search generates from
// `nodes` to 8 times as many states and for which `also` holds; its
// optimal path.
template <class Also>
State HardState(const PdbSearch& search, int steps, int64_t nodes, Also also,
                Path* path) {
  const Board& board = search.board();
  std::mt19937_64 rng(3632);
  for (;;) {
    State s = CanonicalGoal(board, search.goal_blank());
    int back = -1;
    for (int k = 0; k < steps;) {
      const Move m = kAllMoves[rng() % 4];
      uint8_t tile;
      if (static_cast<int>(m) == (back ^ 1) ||
          !ApplyMove(board, m, &s, &tile)) {
        continue;
      }
      back = static_cast<int>(m);
      ++k;
    }
    SearchLimits limits;  // past 8 times `nodes`, another state
    limits.max_nodes = 8 * static_cast<uint64_t>(nodes);
    if (search.Solve(s, path, limits).ok() && path->nodes >= nodes &&
        also(s, *path)) {
      return s;
    }
  }
}

// Another optimal path from `s` than `own`: a first move other than
// own's that keeps the distance, then an optimal path from there.
bool OtherOptimalPath(const PdbSearch& search, const State& s, const Path& own,
                      Path* other) {
  for (Move m : kAllMoves) {
    State next = s;
    uint8_t tile;
    if (m == own.moves[0] || !ApplyMove(search.board(), m, &next, &tile)) {
      continue;
    }
    Path rest;
    EXPECT_TRUE(search.Solve(next, &rest).ok());
    if (rest.distance() != own.distance() - 1) continue;
    other->moves.assign(1, m);
    other->moves.insert(other->moves.end(), rest.moves.begin(),
                        rest.moves.end());
    return true;
  }
  return false;
}

TEST(IterationShareTest, ASearchPastAnotherProcesssGoalStopsSoon) {
  const Board board(4, 4);
  const PdbSearch search = MakeShareSearch(board, 15);
  Path path;
  const State hard = HardState(
      search, 200, 500000, [](const State&, const Path&) { return true; },
      &path);
  // The iteration below the distance: no goal in it, the whole tree.
  const int bound = path.distance() - 2;
  bool within = true;
  // This process takes every subtree, in order: the states of each.
  struct Sizes : ScriptedShare {
    std::vector<uint64_t> sizes;
    void End(Outcome* o) override { sizes = o->nodes; }
  } all;
  for (size_t i = 0; i < 4096; ++i) all.handed.push_back(i);
  SearchLimits limits;
  limits.share = &all;
  ASSERT_TRUE(search.Within(hard, bound, &within, limits).ok());
  ASSERT_FALSE(within);
  const std::vector<uint64_t>& sizes = all.sizes;
  ASSERT_GT(sizes.size(), 2u);
  // The largest but the first (which the others find the goal in).
  const size_t largest =
      std::max_element(sizes.begin() + 1, sizes.end()) - sizes.begin();
  ASSERT_GT(sizes[largest], 2u * 4096) << "no subtree large enough";

  // Another process finds the goal in subtree 0 once this one has taken
  // the largest: this one gives it up within 4,096 states.
  ScriptedShare late;
  late.handed = {largest};
  late.others_best = 0;
  late.best_after = 1;  // the driver's look before it takes the subtree
  limits.share = &late;
  ASSERT_TRUE(search.Within(hard, bound, &within, limits).ok());
  EXPECT_LE(late.searched, 4096u);
  EXPECT_EQ(late.iterations, 1);
}

TEST(IterationShareTest, ThePathFoundElsewhereIsTakenNotSearchedAgain) {
  const Board board(4, 4);
  const PdbSearch search = MakeShareSearch(board, 15);
  Path own, other;
  const State hard = HardState(
      search, 24, 1000,
      [&](const State& s, const Path& p) {
        return OtherOptimalPath(search, s, p, &other);
      },
      &own);

  // This process is handed no subtree; the others find the goal in the
  // last iteration and send `other`.
  ScriptedShare share;
  share.first_bound = search.Heuristic(hard);
  share.found_in_iteration = (own.distance() - share.first_bound) / 2;
  share.others_best = 0;
  share.sent.assign(reinterpret_cast<const char*>(other.moves.data()),
                    other.moves.size() * sizeof(Move));
  SearchLimits limits;
  limits.share = &share;
  Path path;
  ASSERT_TRUE(search.Solve(hard, &path, limits).ok());
  EXPECT_EQ(share.shared_answers, 1);
  EXPECT_EQ(share.searched, 0u);
  EXPECT_EQ(path.moves, other.moves);  // not own's: nothing searched again
  testing::ExpectPathSolves(board, 15, hard, path);
}

}  // namespace
}  // namespace slidedb
