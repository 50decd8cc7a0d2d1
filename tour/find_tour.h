// One tour from one start: the reason there is none, or the rule search
// within a backtrack budget, then the construction if the search gave up.
#ifndef SLIDEDB_TOUR_FIND_TOUR_H_
#define SLIDEDB_TOUR_FIND_TOUR_H_

#include <cstdint>
#include <string>

#include "lib/base/status.h"
#include "tour/knight.h"
#include "tour/rule_search.h"

namespace slidedb::tour {

// What --rule chooses. kAlternate is conjecture 2's "use both": a pass of
// each rule without backtracking, then each rule with backtracking.
enum class RuleChoice { kWarnsdorff, kXiao, kAlternate };

const char* RuleChoiceName(
    RuleChoice rule);  // "warnsdorff", "xiao", "alternate"
// Parses those names; false for anything else.
bool ParseRuleChoice(const std::string& text, RuleChoice* rule);

// The default budget of backtracks per rule before the construction takes
// over, on boards the construction handles (smaller boards search on).
inline constexpr int64_t kDefaultMaxBacktracks = 1000;

struct TourRequest {
  int size = 0;
  Square start;
  bool closed = false;
  RuleChoice rule = RuleChoice::kXiao;
  int64_t max_backtracks = kDefaultMaxBacktracks;  // < 0: no limit
  MoveOrder order = kKnightMoves;                  // the rules' tie order
};

// What made a tour.
enum class TourMethod {
  kSearch,        // the rule named in TourAnswer::rule
  kConstruction,  // the tiles of construction.h
  kTrivial,       // the 1x1 board
};
// "search", "construction", "trivial": the JSON's "method".
const char* TourMethodName(TourMethod method);

struct TourAnswer {
  bool exists = false;
  std::string reason;  // why none exists, when !exists
  Tour tour;
  TourMethod method = TourMethod::kTrivial;
  Rule rule = Rule::kXiao;       // the rule that found it (kSearch)
  int64_t backtracks = 0;        // of the search that found it
  int64_t total_backtracks = 0;  // of every search tried, the given-up ones too
};

// Fills `answer`; the tour in it is verified (and closed when asked). A
// non-OK status means slidedb failed (a bug), not that no tour exists.
// REQUIRES: request.size >= 1, start on the board.
Status FindTour(const TourRequest& request, TourAnswer* answer);

}  // namespace slidedb::tour

#endif  // SLIDEDB_TOUR_FIND_TOUR_H_
