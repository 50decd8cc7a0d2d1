// The paper's backtracking search: from the current square, try the unvisited
// squares a knight's move away in the order a rule gives, and step back when
// stuck. Warnsdorff's rule ("the improved algorithm" of the paper) tries the
// square with the fewest onward moves first; Xiao's rule ("the second
// improved algorithm") breaks ties in favour of the square with the most
// unvisited squares in the 5x5 block centred on it. Remaining ties go by a
// MoveOrder, kKnightMoves unless another is given.
#ifndef SLIDEDB_TOUR_RULE_SEARCH_H_
#define SLIDEDB_TOUR_RULE_SEARCH_H_

#include <cstdint>
#include <string>
#include <vector>

#include "tour/knight.h"

namespace slidedb::tour {

enum class Rule { kWarnsdorff, kXiao };

const char* RuleName(Rule rule);  // "warnsdorff", "xiao"

struct SearchResult {
  bool found = false;    // tour holds a tour
  bool gave_up = false;  // stopped at the backtrack budget (else: exhausted)
  // Moves taken back: each time the search leaves a square it had entered.
  int64_t backtracks = 0;
  Tour tour;
};

// Searches for an open (or, with `closed`, a closed) tour of the n x n board
// from `start`. A closed search tries the start's neighbours last (whatever
// the rule), so that one is left to come back through. Stops with gave_up once
// more than max_backtracks moves were taken back (max_backtracks < 0: no
// limit). REQUIRES: n >= 1, start on the board. `order` breaks the ties the
// rule leaves.
SearchResult RuleSearch(int n, Square start, Rule rule, bool closed,
                        int64_t max_backtracks,
                        const MoveOrder& order = kKnightMoves);

// The same search on a rows x cols rectangle; with `ends` (one flag per
// square, row-major), the tour must also end on a flagged square. Used by the
// construction for its tiles and for the block around an odd board's start.
SearchResult RectangleSearch(int rows, int cols, Square start, Rule rule,
                             bool closed, const std::vector<bool>* ends,
                             int64_t max_backtracks);

}  // namespace slidedb::tour

#endif  // SLIDEDB_TOUR_RULE_SEARCH_H_
