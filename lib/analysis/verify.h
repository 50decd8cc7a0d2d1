// Verify: checks a proposed solution (from a student's A*, say) against a
// table: is every move legal, does it reach the goal, and how far is it from
// optimal.
#ifndef SLIDEDB_LIB_ANALYSIS_VERIFY_H_
#define SLIDEDB_LIB_ANALYSIS_VERIFY_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "lib/base/status.h"
#include "lib/puzzle/board.h"
#include "lib/puzzle/metric.h"
#include "lib/puzzle/move_notation.h"
#include "lib/puzzle/state.h"
#include "lib/storage/table.h"

namespace slidedb {

// One step of a proposed solution: a direction of the blank, or the tile
// that slides into the blank.
struct SolutionStep {
  bool by_tile = false;
  Move move = Move::kUp;  // when !by_tile
  uint8_t tile = 0;       // when by_tile, in table labels (lib/puzzle/problem.h)
};

// Parses a proposed solution. Text made only of the letters U, D, L and R
// (either case), each optionally followed by a count ("R3": three steps),
// optionally separated by spaces or commas, is a sequence of moves in
// `convention` (lib/puzzle/move_notation.h: the blank's way, or the
// tiles'); anything else is a sequence of tile labels separated by spaces
// or commas, looked up in `labels` (labels[t] is the user's label of table
// tile t and labels[0] the blank's, as in Problem::label). Empty text is
// the empty solution. InvalidArgument names a word that is no tile.
Status ParseSolution(std::string_view text,
                     const std::vector<std::string>& labels,
                     std::vector<SolutionStep>* steps,
                     MoveConvention convention = MoveConvention::kBlank);

struct Verdict {
  bool legal = false;         // every step moves the blank on the board
  bool reaches_goal = false;  // legal, and it ends on the goal
  int length = 0;             // moves given, in the metric
  int optimal_length = 0;     // the start's distance to the goal
  int illegal_step = 0;       // 1-based first illegal step, 0 when legal
  // The 1-based move (in the metric: in MTM a run of steps one way is one)
  // that holds the first illegal step, 0 when legal; in STM illegal_step.
  int illegal_move = 0;
  int steps = 0;  // single steps given (length counts MTM's runs as one)
  // length - optimal_length when reaches_goal, else meaningless.
  int gap() const { return length - optimal_length; }
};

// Plays `steps` from `start` on the table's board, counting moves in the
// table's metric (in MTM a run of steps one way is one move; a tile named
// past an illegal step counts one).
// REQUIRES: table->indexer().Reachable(start).
Status VerifySolution(Table* table, const State& start,
                      const std::vector<SolutionStep>& steps, Verdict* v);

// The same, given the start's distance to the goal (found by a search, say)
// in `metric`.
void PlaySolution(const Board& board, int goal_blank, const State& start,
                  const std::vector<SolutionStep>& steps, int optimal_length,
                  Verdict* v, Metric metric = Metric::kStm);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_ANALYSIS_VERIFY_H_
