// The skipped move sequences (lib/search/move_fsm.h), checked against
// plain replays on a grid: each has a witness, none holds another, and the
// automaton stops a path exactly where one ends.
#include "lib/search/move_fsm.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

namespace slidedb {
namespace {

constexpr int kLength = 8;
constexpr int kSide = 2 * kLength + 1;
constexpr int kRow[4] = {-1, 1, 0, 0};  // U, D, L, R: the blank's moves
constexpr int kCol[4] = {0, 0, -1, 1};

// The grid after `moves`, and the rectangle the blank stayed in.
struct Played {
  std::vector<int> grid;
  int r0 = 0, r1 = 0, c0 = 0, c1 = 0;
};

Played Play(const std::vector<int>& moves) {
  Played p;
  p.grid.resize(kSide * kSide);
  for (int i = 0; i < kSide * kSide; ++i) p.grid[i] = i;
  int r = kLength, c = kLength;
  for (int m : moves) {
    const int nr = r + kRow[m], nc = c + kCol[m];
    std::swap(p.grid[r * kSide + c], p.grid[nr * kSide + nc]);
    r = nr;
    c = nc;
    p.r0 = std::min(p.r0, r - kLength);
    p.r1 = std::max(p.r1, r - kLength);
    p.c0 = std::min(p.c0, c - kLength);
    p.c1 = std::max(p.c1, c - kLength);
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

// The searches' automaton, made at build time, is the one made now.
TEST(MoveFsmTest, TheAutomatonMadeAtBuildIsTheOneMadeNow) {
  const MoveFsm& built = MoveFsm::Shared(MoveFsm::kBuiltLength);
  const MoveFsm now(MoveFsm::kBuiltLength);
  ASSERT_EQ(built.states(), now.states());
  EXPECT_TRUE(std::equal(built.table(), built.table() + 4 * built.states(),
                         now.table()));
  EXPECT_GT(now.skipped().size(), 10000u);
}

TEST(MoveFsmTest, ShortLengthsSkipNothing) {
  const MoveFsm fsm(5);
  EXPECT_TRUE(fsm.skipped().empty());
  EXPECT_EQ(fsm.states(), 1u);
  for (Move m : kAllMoves) EXPECT_EQ(fsm.Next(MoveFsm::kStart, m), 0);
}

}  // namespace
}  // namespace slidedb
