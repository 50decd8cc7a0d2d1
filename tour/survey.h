// The paper's experiments: the backtracks each rule needs from every start of
// one board (its Figures 1 and 2), and the summary per board size that bears
// on its two conjectures.
#ifndef SLIDEDB_TOUR_SURVEY_H_
#define SLIDEDB_TOUR_SURVEY_H_

#include <cstdint>
#include <functional>
#include <vector>

#include "tour/knight.h"

namespace slidedb::tour {

// Backtracks of one search; given_up: it passed the cap (count = cap + 1).
struct Count {
  int64_t backtracks = 0;
  bool found = false;
  bool gave_up = false;
};

struct StartRow {
  Square start;
  bool has_tour = false;  // NoTourReason(n, start, false) is ""
  Count warnsdorff;       // both zero when !has_tour: nothing is searched
  Count xiao;
  // Conjecture 2's alternation: the rule with fewer backtracks.
  Count alternate() const;
};

// Every start in reading order. `progress` (may be empty) gets the number of
// starts done after each start. REQUIRES: n >= 1, cap >= 0.
std::vector<StartRow> StartTable(int n, int64_t cap,
                                 const std::function<void(int)>& progress,
                                 const MoveOrder& order = kKnightMoves);

struct RuleSummary {
  int with_backtracking = 0;  // starts that needed any
  int given_up = 0;           // starts that passed the cap
  int64_t worst = 0;          // most backtracks at one start (cap + 1: gave up)
};

struct SizeSummary {
  int size = 0;
  int starts = 0;     // n * n
  int with_tour = 0;  // starts conjecture 1 says have a tour
  // Starts conjecture 1 says have one where a tour was found (by a rule, or
  // by the construction when both rules gave up); equal to with_tour when
  // the conjecture holds for this n.
  int tours_found = 0;
  RuleSummary warnsdorff, xiao, alternate;
};

SizeSummary Summarize(int n, const std::vector<StartRow>& rows);

}  // namespace slidedb::tour

#endif  // SLIDEDB_TOUR_SURVEY_H_
