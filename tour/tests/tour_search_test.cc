// Correctness of the tours: every start of the small boards against an
// exhaustive search, the paper's example, random starts, closed tours and the
// construction on every size it serves.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <utility>
#include <vector>

#include "tour/construction.h"
#include "tour/find_tour.h"
#include "tour/rule_search.h"
#include "tour/tour_grid.h"

namespace slidedb::tour {
namespace {

// A plain exhaustive search, independent of the rule code: does an open tour
// start at s? It prunes only what cannot be finished: an unvisited square
// that can no longer be entered, or two that can be entered but not left.
class Exhaustive {
 public:
  explicit Exhaustive(int n) : n_(n), seen_(n * n, false) {}

  bool TourFrom(Square s) {
    std::fill(seen_.begin(), seen_.end(), false);
    seen_[s.row * n_ + s.col] = true;
    return Extend(s, n_ * n_ - 1);
  }

 private:
  bool On(int r, int c) const { return r >= 0 && r < n_ && c >= 0 && c < n_; }
  int FreeNeighbours(int r, int c) const {
    int k = 0;
    for (const auto& m : kKnightMoves) {
      k += On(r + m[0], c + m[1]) && !seen_[(r + m[0]) * n_ + c + m[1]];
    }
    return k;
  }
  bool Extend(Square at, int left) {
    if (left == 0) return true;
    int dead_ends = 0;
    for (int i = 0; i < n_ * n_; ++i) {
      if (seen_[i]) continue;
      const Square q{i / n_, i % n_};
      const int ways = FreeNeighbours(q.row, q.col) + IsKnightMove(q, at);
      if (ways == 0 || (ways == 1 && ++dead_ends > 1)) return false;
    }
    std::vector<std::pair<int, Square>> next;
    for (const auto& m : kKnightMoves) {
      const Square q{at.row + m[0], at.col + m[1]};
      if (On(q.row, q.col) && !seen_[q.row * n_ + q.col]) {
        next.push_back({FreeNeighbours(q.row, q.col), q});
      }
    }
    std::stable_sort(
        next.begin(), next.end(),
        [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [ways, q] : next) {
      seen_[q.row * n_ + q.col] = true;
      if (Extend(q, left - 1)) return true;
      seen_[q.row * n_ + q.col] = false;
    }
    return false;
  }

  int n_;
  std::vector<bool> seen_;
};

TEST(TourSearch, EveryStartUpTo6AgreesWithAnExhaustiveSearch) {
  for (int n = 1; n <= 6; ++n) {
    Exhaustive exhaustive(n);
    for (int r = 0; r < n; ++r) {
      for (int c = 0; c < n; ++c) {
        const bool exists = exhaustive.TourFrom({r, c});
        for (RuleChoice rule : {RuleChoice::kWarnsdorff, RuleChoice::kXiao,
                                RuleChoice::kAlternate}) {
          TourRequest request{n, {r, c}, false, rule};
          TourAnswer answer;
          ASSERT_TRUE(FindTour(request, &answer).ok());
          EXPECT_EQ(answer.exists, exists) << n << " " << r << "," << c;
          EXPECT_EQ(answer.reason.empty(), exists);
          if (exists) {
            EXPECT_TRUE(VerifyTour(n, answer.tour, false).ok());
            EXPECT_EQ(answer.tour.front(), (Square{r, c}));
          }
        }
      }
    }
  }
}

TEST(TourSearch, EveryStartOf7And8IsAnsweredAndVerified) {
  for (int n : {7, 8}) {
    int with_tour = 0;
    for (int r = 0; r < n; ++r) {
      for (int c = 0; c < n; ++c) {
        TourRequest request{n, {r, c}, false, RuleChoice::kXiao};
        TourAnswer answer;
        ASSERT_TRUE(FindTour(request, &answer).ok());
        // Odd n: only the corners' colour; even n: every square.
        EXPECT_EQ(answer.exists, n % 2 == 0 || (r + c) % 2 == 0);
        if (!answer.exists) {
          EXPECT_NE(answer.reason.find("colour"), std::string::npos);
          continue;
        }
        ++with_tour;
        EXPECT_EQ(answer.method, TourMethod::kSearch);
        EXPECT_TRUE(VerifyTour(n, answer.tour, false).ok());
        EXPECT_EQ(answer.tour.front(), (Square{r, c}));
      }
    }
    EXPECT_EQ(with_tour, n % 2 == 0 ? n * n : (n * n + 1) / 2);
  }
}

TEST(TourSearch, PaperStart19At4And12NeedsNoBacktrackingUnderXiao) {
  const SearchResult r = RuleSearch(19, {3, 11}, Rule::kXiao, false, 0);
  ASSERT_TRUE(r.found);
  EXPECT_EQ(r.backtracks, 0);
  EXPECT_TRUE(VerifyTour(19, r.tour, false).ok());
  EXPECT_EQ(r.tour.front(), (Square{3, 11}));
}

TEST(TourSearch, BacktrackingCountsAndBudget) {
  // n = 7: from the corner neither rule has to backtrack (paper: 0 and 0);
  // with a budget of 0 a start that needs backtracking gives up.
  EXPECT_EQ(RuleSearch(7, {0, 0}, Rule::kXiao, false, -1).backtracks, 0);
  bool some_gave_up = false;
  for (int r = 0; r < 7; ++r) {
    for (int c = (r % 2); c < 7; c += 2) {
      const SearchResult s = RuleSearch(7, {r, c}, Rule::kWarnsdorff, false, 0);
      EXPECT_NE(s.found, s.gave_up);
      some_gave_up |= s.gave_up;
    }
  }
  EXPECT_TRUE(some_gave_up);
  // 4x4 has no tour: the unlimited search ends without one.
  const SearchResult none = RuleSearch(4, {0, 0}, Rule::kXiao, false, -1);
  EXPECT_FALSE(none.found);
  EXPECT_FALSE(none.gave_up);
}

TEST(TourSearch, RandomStartsUpTo60GiveVerifiedTours) {
  std::mt19937 rng(20261122);
  for (int n = 5; n <= 60; ++n) {
    for (int k = 0; k < 3; ++k) {
      Square s{static_cast<int>(rng() % n), static_cast<int>(rng() % n)};
      if (n % 2 == 1 && (s.row + s.col) % 2 == 1) s.col = (s.col + 1) % n;
      const RuleChoice rule = static_cast<RuleChoice>(k);
      TourRequest request{n, s, false, rule};
      TourAnswer answer;
      ASSERT_TRUE(FindTour(request, &answer).ok()) << n;
      ASSERT_TRUE(answer.exists) << n;
      EXPECT_TRUE(VerifyTour(n, answer.tour, false).ok()) << n;
      EXPECT_EQ(answer.tour.front(), s);
    }
  }
}

TEST(TourSearch, ClosedToursForEvenBoards) {
  for (int n = 6; n <= 64; n += 2) {
    for (Square s : {Square{0, 0}, Square{n / 2, n / 3}}) {
      TourRequest request{n, s, true, RuleChoice::kXiao};
      TourAnswer answer;
      ASSERT_TRUE(FindTour(request, &answer).ok()) << n;
      ASSERT_TRUE(answer.exists);
      EXPECT_TRUE(VerifyTour(n, answer.tour, true).ok()) << n;
      EXPECT_TRUE(IsClosed(answer.tour));
      EXPECT_EQ(answer.tour.front(), s);
    }
  }
  TourAnswer answer;
  ASSERT_TRUE(FindTour({7, {0, 0}, true, RuleChoice::kXiao}, &answer).ok());
  EXPECT_FALSE(answer.exists);
  EXPECT_NE(answer.reason.find("no closed tour"), std::string::npos);
  ASSERT_TRUE(FindTour({4, {0, 0}, true, RuleChoice::kXiao}, &answer).ok());
  EXPECT_FALSE(answer.exists);
}

TEST(TourSearch, ZeroBudgetFallsBackToTheConstruction) {
  // A start that backtracks under Warnsdorff on 7x7 searches on (7 is below
  // the construction's sizes); on 20x20 a zero budget means construction.
  TourRequest request{20, {0, 0}, true, RuleChoice::kWarnsdorff, 0};
  TourAnswer answer;
  ASSERT_TRUE(FindTour(request, &answer).ok());
  EXPECT_EQ(answer.method, TourMethod::kConstruction);
  EXPECT_TRUE(VerifyTour(20, answer.tour, true).ok());
}

TEST(Construction, EverySizeFrom5To200FromCornersCentreAndEdges) {
  for (int n = 5; n <= 200; ++n) {
    if (!CanConstruct(n)) {
      EXPECT_TRUE(n < 6 || (n % 2 == 1 && n < 13)) << n;
      continue;
    }
    const int m = n - 1, h = n / 2;
    for (Square s : {Square{0, 0}, Square{m, m}, Square{0, m}, Square{h, h},
                     Square{1, 3}, Square{h, 0}, Square{m - 2, h}}) {
      if (!NoTourReason(n, s, false).empty()) continue;
      Tour tour;
      ASSERT_TRUE(ConstructTour(n, s, false, &tour).ok()) << n;
      ASSERT_TRUE(VerifyTour(n, tour, false).ok()) << n;
      EXPECT_EQ(tour.front(), s);
      if (n % 2 == 0) {
        EXPECT_TRUE(IsClosed(tour)) << n;
      }
    }
  }
}

TEST(Construction, EveryStartOfOdd13To17) {
  for (int n : {13, 15, 17}) {
    for (int r = 0; r < n; ++r) {
      for (int c = r % 2; c < n; c += 2) {
        Tour tour;
        ASSERT_TRUE(ConstructTour(n, {r, c}, false, &tour).ok()) << n;
        ASSERT_TRUE(VerifyTour(n, tour, false).ok())
            << n << " " << r << "," << c;
        EXPECT_EQ(tour.front(), (Square{r, c}));
      }
    }
  }
}

}  // namespace
}  // namespace slidedb::tour
