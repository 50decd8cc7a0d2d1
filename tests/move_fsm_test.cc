// The skipped move sequences (lib/search/move_fsm.h), checked against
// plain replays on a grid: each has a witness, none holds another, and the
// automaton stops a path exactly where one ends.
#include "lib/search/move_fsm.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <vector>

namespace slidedb {
namespace {

constexpr int kLength = 8;
constexpr int kRow[4] = {-1, 1, 0, 0};  // U, D, L, R: the blank's moves
constexpr int kCol[4] = {0, 0, -1, 1};

// The grid after `moves`, and the rectangle the blank stayed in.
struct Played {
  std::vector<int> grid;
  int r0 = 0, r1 = 0, c0 = 0, c1 = 0;
};

// On a grid of 2 * half + 1 cells a side, from the blank in its middle.
Played Play(const std::vector<int>& moves, int half = kLength) {
  const int side = 2 * half + 1;
  Played p;
  p.grid.resize(side * side);
  for (int i = 0; i < side * side; ++i) p.grid[i] = i;
  int r = half, c = half;
  for (int m : moves) {
    const int nr = r + kRow[m], nc = c + kCol[m];
    std::swap(p.grid[r * side + c], p.grid[nr * side + nc]);
    r = nr;
    c = nc;
    p.r0 = std::min(p.r0, r - half);
    p.r1 = std::max(p.r1, r - half);
    p.c0 = std::min(p.c0, c - half);
    p.c1 = std::max(p.c1, c - half);
  }
  return p;
}

// Every sequence of `length` moves (undoes included).
void AllOfLength(int length, std::vector<std::vector<int>>* out) {
  std::vector<int> s(length, 0);
  for (;;) {
    out->push_back(s);
    int i = length - 1;
    while (i >= 0 && s[i] == 3) s[i--] = 0;
    if (i < 0) return;
    ++s[i];
  }
}

std::vector<int> Ints(const std::vector<Move>& moves) {
  std::vector<int> v;
  for (Move m : moves) v.push_back(static_cast<int>(m));
  return v;
}

TEST(MoveFsmTest, EachSkippedSequenceHasAnEarlierOneAsGoodWithinItsBox) {
  const MoveFsm& fsm = MoveFsm::Shared(kLength);
  // The shortest duplicates on a grid: the blank half way round a 2x2
  // square one way or the other (6 moves), four of them skipped.
  ASSERT_FALSE(fsm.skipped().empty());
  EXPECT_EQ(fsm.skipped().front().size(), 6u);
  EXPECT_EQ(std::count_if(fsm.skipped().begin(), fsm.skipped().end(),
                          [](const auto& s) { return s.size() == 6; }),
            4);
  for (const auto& skipped : fsm.skipped()) {
    const std::vector<int> s = Ints(skipped);
    const Played target = Play(s);
    bool witness = false;
    for (size_t len = 0; len <= s.size() && !witness; ++len) {
      std::vector<std::vector<int>> all;
      AllOfLength(static_cast<int>(len), &all);
      for (const auto& t : all) {
        if (len == s.size() && !(t < s)) break;
        const Played p = Play(t);
        if (p.grid == target.grid && p.r0 >= target.r0 && p.r1 <= target.r1 &&
            p.c0 >= target.c0 && p.c1 <= target.c1) {
          witness = true;
          break;
        }
      }
    }
    EXPECT_TRUE(witness) << "a skipped sequence of " << s.size()
                         << " moves has no witness";
  }
}

bool Holds(const std::vector<int>& s, const std::vector<int>& part,
           size_t end) {  // part ends at s[end - 1]
  return end >= part.size() &&
         std::equal(part.begin(), part.end(), s.begin() + (end - part.size()));
}

TEST(MoveFsmTest, SkippedSequencesAreMinimalAndTheAutomatonFindsThem) {
  const MoveFsm& fsm = MoveFsm::Shared(kLength);
  std::vector<std::vector<int>> skipped;
  for (const auto& s : fsm.skipped()) skipped.push_back(Ints(s));
  for (const auto& a : skipped) {
    for (const auto& b : skipped) {
      if (a.size() >= b.size()) continue;
      for (size_t end = a.size(); end <= b.size(); ++end) {
        EXPECT_FALSE(Holds(b, a, end)) << "one skipped sequence holds another";
      }
    }
  }
  // Along every prefix of a skipped sequence (every state of the
  // automaton), each next move: skip exactly when the path then ends with
  // a skipped sequence.
  for (const auto& k : skipped) {
    std::vector<int> s;
    int32_t state = MoveFsm::kStart;
    for (size_t i = 0; i < k.size(); ++i) {
      for (int m = 0; m < 4; ++m) {
        if (!s.empty() && m == (s.back() ^ 1)) continue;
        std::vector<int> t = s;
        t.push_back(m);
        bool ends = false;
        for (const auto& j : skipped) ends = ends || Holds(t, j, t.size());
        EXPECT_EQ(fsm.Next(state, static_cast<Move>(m)) == MoveFsm::kSkip,
                  ends);
      }
      s.push_back(k[i]);
      state = fsm.Next(state, static_cast<Move>(k[i]));
      ASSERT_EQ(state == MoveFsm::kSkip, i + 1 == k.size());
    }
  }
  // Random walks without undoes: the automaton says skip exactly when the
  // walk so far ends with a skipped sequence (and none ended earlier).
  std::mt19937 rng(7);
  for (int walk = 0; walk < 2000; ++walk) {
    std::vector<int> s;
    int32_t state = MoveFsm::kStart;
    for (int step = 0; step < 40; ++step) {
      int m;
      do {
        m = static_cast<int>(rng() % 4);
      } while (!s.empty() && m == (s.back() ^ 1));
      s.push_back(m);
      bool ends = false;
      for (const auto& k : skipped) ends = ends || Holds(s, k, s.size());
      state = fsm.Next(state, static_cast<Move>(m));
      ASSERT_EQ(state == MoveFsm::kSkip, ends) << "walk " << walk;
      if (ends) break;
    }
  }
}

// MoveFsm::Find goes length by length and extends only the sequences it
// keeps; here every sequence without an undo is played out on a grid and
// compared with every earlier one, as the definition says.
TEST(MoveFsmTest, FindingLengthByLengthFindsWhatComparingAllFinds) {
  constexpr int kAll = 10;
  // The state (the cells whose tile moved, and the tile on each): the
  // rectangles of the sequences that lead to it.
  std::map<std::vector<int>, std::vector<Played>> by_state;
  std::set<std::vector<int>> skipped;
  std::vector<std::vector<int>> level = {{}};
  for (int length = 1; length <= kAll; ++length) {
    std::vector<std::vector<int>> longer;
    for (const auto& s : level) {
      for (int m = 0; m < 4; ++m) {
        if (!s.empty() && m == (s.back() ^ 1)) continue;
        longer.push_back(s);
        longer.back().push_back(m);
      }
    }
    // In move order, as `level` is.
    for (const auto& s : longer) {
      const Played seen = Play(s, kAll);
      std::vector<int> state;
      for (size_t i = 0; i < seen.grid.size(); ++i) {
        if (seen.grid[i] != static_cast<int>(i)) {
          state.insert(state.end(), {static_cast<int>(i), seen.grid[i]});
        }
      }
      auto& earlier = by_state[state];
      for (const Played& e : earlier) {
        if (e.r0 >= seen.r0 && e.r1 <= seen.r1 && e.c0 >= seen.c0 &&
            e.c1 <= seen.c1) {
          skipped.insert(s);
          break;
        }
      }
      earlier.push_back({{}, seen.r0, seen.r1, seen.c0, seen.c1});
    }
    level = std::move(longer);
  }
  // The minimal ones, shortest first, then in move order.
  std::vector<std::vector<int>> expected;
  for (int length = 1; length <= kAll; ++length) {
    for (const auto& s : skipped) {
      if (static_cast<int>(s.size()) != length) continue;
      bool holds = false;
      for (size_t from = 0; from < s.size() && !holds; ++from) {
        for (size_t to = from + 1; to <= s.size() && !holds; ++to) {
          if (to - from == s.size()) continue;
          holds = skipped.count({s.begin() + from, s.begin() + to}) != 0;
        }
      }
      if (!holds) expected.push_back(s);
    }
  }
  std::vector<std::vector<int>> found;
  for (const auto& s : MoveFsm::Find(kAll)) found.push_back(Ints(s));
  EXPECT_GT(found.size(), 300u);
  EXPECT_EQ(found, expected);
}

// The searches' automaton, made at build time for kBuiltLength moves,
// skips every sequence the automaton of fewer moves made now skips, where
// it skips it, and more.
TEST(MoveFsmTest, TheAutomatonMadeAtBuildHoldsAShorterOneMadeNow) {
  const MoveFsm& built = MoveFsm::Shared(MoveFsm::kBuiltLength);
  EXPECT_EQ(built.max_length(), 16);
  const MoveFsm& now = MoveFsm::Shared(12);
  EXPECT_GT(built.states(), 5 * now.states());
  for (const auto& k : now.skipped()) {
    int32_t state = MoveFsm::kStart;
    for (size_t i = 0; i < k.size(); ++i) {
      state = built.Next(state, k[i]);
      ASSERT_EQ(state == MoveFsm::kSkip, i + 1 == k.size());
    }
  }
  std::mt19937 rng(11);
  int only_built = 0;
  for (int walk = 0; walk < 5000; ++walk) {
    int32_t a = MoveFsm::kStart, b = MoveFsm::kStart;
    int prev = -1;
    for (int step = 0; step < 60; ++step) {
      int m;
      do {
        m = static_cast<int>(rng() % 4);
      } while (m == (prev ^ 1));
      prev = m;
      a = now.Next(a, static_cast<Move>(m));
      b = built.Next(b, static_cast<Move>(m));
      if (a == MoveFsm::kSkip) {
        ASSERT_EQ(b, MoveFsm::kSkip);
      }
      if (b == MoveFsm::kSkip) {
        only_built += a != MoveFsm::kSkip;
        break;
      }
    }
  }
  EXPECT_GT(only_built, 0);
}

TEST(MoveFsmTest, OnFiveByFiveThePathsKeptAreOnePerStateToTwelveMoves) {
  // What a search gains: of the paths of d moves, it keeps one for each
  // state d moves from the start and no nearer (a breadth-first search
  // of the board's grids counts those), for every d up to 12, from the
  // blank on each kind of cell of 5x5 (the others are their images).
  const Board board(5, 5);
  const MoveFsm& fsm = MoveFsm::Shared(MoveFsm::kBuiltLength);
  constexpr int kDepth = 12;
  for (int cell : {0, 1, 2, 6, 7, 12}) {
    const std::vector<int64_t> kept = CountPaths(board, cell, kDepth, &fsm);
    std::vector<uint8_t> start(25);
    for (int i = 0; i < 25; ++i) start[i] = static_cast<uint8_t>(i);
    std::swap(start[0], start[cell]);  // tile 0 is the blank
    std::set<std::vector<uint8_t>> before, layer = {start};
    for (int d = 1; d <= kDepth; ++d) {
      std::set<std::vector<uint8_t>> next;
      for (const auto& grid : layer) {
        const int blank = static_cast<int>(
            std::find(grid.begin(), grid.end(), 0) - grid.begin());
        for (Move m : kAllMoves) {
          const int to = board.Neighbor(blank, m);
          if (to < 0) continue;
          std::vector<uint8_t> child = grid;
          std::swap(child[blank], child[to]);
          if (before.count(child) == 0) next.insert(std::move(child));
        }
      }
      before = std::move(layer);
      layer = std::move(next);
      ASSERT_EQ(kept[d], static_cast<int64_t>(layer.size()))
          << "cell " << cell << ", " << d << " moves";
    }
    // Pruning only the undo of the last move keeps over a tenth more.
    EXPECT_GT(CountPaths(board, cell, kDepth, nullptr)[kDepth],
              layer.size() * 11 / 10);
  }
}

TEST(MoveFsmTest, ShortLengthsSkipNothing) {
  const MoveFsm fsm(5);
  EXPECT_TRUE(fsm.skipped().empty());
  EXPECT_EQ(fsm.states(), 1u);
  for (Move m : kAllMoves) EXPECT_EQ(fsm.Next(MoveFsm::kStart, m), 0);
}

}  // namespace
}  // namespace slidedb
