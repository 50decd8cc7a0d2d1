// A solve analysed move by move (slidedb-query --analyse, /api/analyse, the
// page's "Analyse a solve" panel): for each move of a solver's sequence,
// the exact distance to the goal before and after it, whether it was
// optimal, and the moves lost so far; the stretches that went the wrong
// way; the optimal length from the start beside the solve's own length.
// Moves are counted in the config's metric (in MTM a run of steps one way
// is one move) and read and written in its notation.
#ifndef SLIDEDB_LIB_ANSWER_ANALYSE_H_
#define SLIDEDB_LIB_ANSWER_ANALYSE_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "lib/answer/goal.h"
#include "lib/base/status.h"
#include "lib/solve/solver.h"

namespace slidedb {

struct AnalysedMove {
  int number = 0;                  // 1-based, in the metric
  std::string move;                // as answers write it ("R", "R3")
  std::vector<std::string> tiles;  // the labels of the tiles it slides
  int before = -1;                 // the distance before it
  int after = -1;                  // and after it
  bool optimal = false;            // after == before - 1
  int lost = 0;  // moves lost so far: number - (start's - after)
};

// Consecutive moves that were not optimal, and the moves they lost.
struct WrongStretch {
  int first = 0;  // move numbers, inclusive
  int last = 0;
  int lost = 0;
};

struct AnalysisFields {
  std::string board, start, goal;  // as answers write them
  std::string metric, notation;
  bool solvable = false;
  std::string reason;       // when !solvable
  int optimal_length = -1;  // the start's distance
  int length = 0;           // the solve's moves, in the metric
  bool reaches_goal = false;
  int lost = 0;  // length - optimal_length when complete and at the goal
  std::vector<AnalysedMove> moves;  // the first `analysed` have distances
  std::vector<WrongStretch> stretches;
  // False when a search's budget (max_seconds) ran out first: moves past
  // the first `analysed` have no distances (-1).
  bool complete = true;
  int analysed = 0;
  double budget_seconds = 0;  // the budget that ran out
  // The states the searches generated, when a search answers the goal;
  // else -1.
  int64_t nodes = -1;
};

// Analyses the solve `moves` from `start`. InvalidArgument, naming the
// input, when the start is malformed or a move is not legal (the move's
// position in the sequence named); the database's or search's error when
// an answer fails for another reason than the budget.
Status AnalyseSolve(const QueryConfig& config, Solver* solver,
                    std::string_view start, std::string_view moves,
                    AnalysisFields* out);

// The JSON object, and a newline: {"board", "start", "goal", "metric",
// "notation", "solvable", "optimal_length", "length", "reaches_goal",
// "lost", "complete", "nodes" (when a search answers), "moves":
// [{"number", "move", "tiles", "before",
// "after", "optimal", "lost"}], "stretches": [{"first", "last", "lost"}]}
// (an unsolvable start: {"board", "start", "goal", "solvable", "reason"}).
void AppendAnalysisJson(const AnalysisFields& a, std::string* out);
// A table for a person: a line a move, then the stretches and the verdict.
void AppendAnalysisText(const AnalysisFields& a, std::string* out);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_ANSWER_ANALYSE_H_
