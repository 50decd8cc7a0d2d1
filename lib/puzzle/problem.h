// Problem: a (start, goal) question in the user's labels, turned into a
// start in the labels of the goal's canonical table. A goal is any
// arrangement; relabelling its tiles 1..cells()-1 in reading order makes it
// the canonical goal with its blank on the same cell, and the same
// relabelling of the start keeps every distance and every move.
#ifndef SLIDEDB_LIB_PUZZLE_PROBLEM_H_
#define SLIDEDB_LIB_PUZZLE_PROBLEM_H_

#include <string>
#include <vector>

#include "lib/base/status.h"
#include "lib/puzzle/board.h"
#include "lib/puzzle/metric.h"
#include "lib/puzzle/notation.h"
#include "lib/puzzle/state.h"

namespace slidedb {

struct Problem {
  Board board;
  State start;     // in table labels: tile t is the goal's t-th tile
  int goal_blank;  // the cell of the goal's blank: the table to use
  Metric metric = Metric::kStm;  // how its moves are counted
  // label[t]: the user's label of table tile t; label[0] is the blank's.
  std::vector<std::string> label;
  bool solvable = false;
  // When !solvable: why, in a sentence about inversion parity.
  std::string reason;
};

// Fails when start and goal do not hold the same tiles.
Status MakeProblem(const Board& board, const Arrangement& start,
                   const Arrangement& goal, Problem* out);

// The canonical goal of `board` with the blank on `blank_cell` written in
// the default labels: tiles "1".."cells()-1", the blank `blank_label`.
Arrangement CanonicalGoalArrangement(const Board& board, int blank_cell,
                                     const std::string& blank_label);

// The arrangement, in the problem's user labels, of a state in table labels.
Arrangement ToArrangement(const Problem& p, const State& s);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_PUZZLE_PROBLEM_H_
