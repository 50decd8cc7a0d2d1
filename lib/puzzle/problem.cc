#include "lib/puzzle/problem.h"

#include <algorithm>
#include <map>

#include "lib/puzzle/parity.h"

namespace slidedb {

namespace {

// The arrangement as a State, tiles numbered by the rank of their label in
// `order` (1-based).
State Number(const Board& board, const Arrangement& a,
             const std::map<std::string, uint8_t>& number) {
  State s;
  for (int c = 0; c < board.cells(); ++c) {
    s.tile[c] = c == a.blank ? 0 : number.at(a.labels[c]);
  }
  s.blank = static_cast<uint8_t>(a.blank);
  return s;
}

// Every label one character long, as on boards of up to 9 cells.
bool OneCharLabels(const Arrangement& a) {
  for (const auto& l : a.labels) {
    if (l.size() != 1) return false;
  }
  return true;
}

std::string OddEven(int k) { return k % 2 ? "odd" : "even"; }

std::string ExplainParity(const Board& board, const State& start,
                          const State& goal) {
  const int is = Inversions(board, start), ig = Inversions(board, goal);
  const std::string width = std::to_string(board.cols());
  if (board.cols() % 2 == 1) {
    return "the start has " + std::to_string(is) +
           (is == 1 ? " inversion (" : " inversions (") +
           OddEven(is) + ") and the goal " + std::to_string(ig) + " (" +
           OddEven(ig) + "); on a board " + width +
           " wide no move changes whether the count of inversions is odd "
           "or even, so the goal cannot be reached";
  }
  const int rs = board.Row(start.blank), rg = board.Row(goal.blank);
  return "inversions plus the blank's row (rows counted from 0 at the top) "
         "are " + std::to_string(is) + " + " + std::to_string(rs) + " = " +
         std::to_string(is + rs) + " (" + OddEven(is + rs) +
         ") for the start and " + std::to_string(ig) + " + " +
         std::to_string(rg) + " = " + std::to_string(ig + rg) + " (" +
         OddEven(ig + rg) + ") for the goal; on a board " + width +
         " wide every move keeps this sum odd or even, so the goal cannot "
         "be reached";
}

}  // namespace

Status MakeProblem(const Board& board, const Arrangement& start,
                   const Arrangement& goal, Problem* out) {
  const int n = board.cells();
  if (static_cast<int>(start.labels.size()) != n ||
      static_cast<int>(goal.labels.size()) != n) {
    return Status::InvalidArgument("start and goal must fill the board");
  }
  if (OneCharLabels(start) && OneCharLabels(goal)) {
    // The common case, without maps or sorting: labels are bytes. The
    // tiles match exactly when each byte occurs as often in both.
    int8_t count[256] = {};  // at most 12 cells: no overflow
    for (int c = 0; c < n; ++c) {
      if (c != start.blank) ++count[static_cast<unsigned char>(start.labels[c][0])];
      if (c != goal.blank) --count[static_cast<unsigned char>(goal.labels[c][0])];
    }
    bool same = true;
    for (int c = 0; c < n && same; ++c) {
      same = count[static_cast<unsigned char>(start.labels[c][0])] == 0 &&
             count[static_cast<unsigned char>(goal.labels[c][0])] == 0;
    }
    if (same) {
      uint8_t number[256] = {};
      // Written straight into *out (no Problem to construct and move):
      // nothing below can fail.
      Problem& p = *out;
      p.board = board;
      p.label.clear();
      p.reason.clear();
      p.goal_blank = goal.blank;
      p.label.reserve(n);
      p.label.push_back(start.labels[start.blank]);
      for (int c = 0; c < n; ++c) {
        if (c == goal.blank) continue;
        number[static_cast<unsigned char>(goal.labels[c][0])] =
            static_cast<uint8_t>(p.label.size());
        p.label.push_back(goal.labels[c]);
      }
      State goal_state;
      for (int c = 0; c < n; ++c) {
        p.start.tile[c] =
            c == start.blank
                ? 0
                : number[static_cast<unsigned char>(start.labels[c][0])];
        goal_state.tile[c] =
            c == goal.blank
                ? 0
                : number[static_cast<unsigned char>(goal.labels[c][0])];
      }
      p.start.blank = static_cast<uint8_t>(start.blank);
      goal_state.blank = static_cast<uint8_t>(goal.blank);
      p.solvable =
          ParityClass(board, p.start) == ParityClass(board, goal_state);
      if (p.solvable) return Status::OK();
      // Unsolvable: explained below, the slow way.
    }
  }
  std::vector<std::string> start_tiles, goal_tiles;
  for (int c = 0; c < n; ++c) {
    if (c != start.blank) start_tiles.push_back(start.labels[c]);
    if (c != goal.blank) goal_tiles.push_back(goal.labels[c]);
  }
  SortLabels(&start_tiles);
  SortLabels(&goal_tiles);
  if (start_tiles != goal_tiles) {
    for (const auto& l : start_tiles) {
      if (std::find(goal_tiles.begin(), goal_tiles.end(), l) ==
          goal_tiles.end()) {
        return Status::InvalidArgument("the start has tile '" + l +
                                       "' and the goal does not");
      }
    }
    for (const auto& l : goal_tiles) {
      if (std::find(start_tiles.begin(), start_tiles.end(), l) ==
          start_tiles.end()) {
        return Status::InvalidArgument("the goal has tile '" + l +
                                       "' and the start does not");
      }
    }
  }
  Problem p;
  p.board = board;
  p.goal_blank = goal.blank;
  p.label.assign(1, start.labels[start.blank]);
  std::map<std::string, uint8_t> table_number;
  for (int c = 0; c < n; ++c) {
    if (c == goal.blank) continue;
    table_number[goal.labels[c]] = static_cast<uint8_t>(p.label.size());
    p.label.push_back(goal.labels[c]);
  }
  p.start = Number(board, start, table_number);
  const State goal_state = Number(board, goal, table_number);
  p.solvable = ParityClass(board, p.start) == ParityClass(board, goal_state);
  if (!p.solvable) {
    // Explain in the labels' natural order, as a person counts inversions.
    std::map<std::string, uint8_t> natural;
    for (size_t i = 0; i < start_tiles.size(); ++i) {
      natural[start_tiles[i]] = static_cast<uint8_t>(i + 1);
    }
    p.reason = ExplainParity(board, Number(board, start, natural),
                             Number(board, goal, natural));
  }
  *out = std::move(p);
  return Status::OK();
}

Arrangement CanonicalGoalArrangement(const Board& board, int blank_cell,
                                     const std::string& blank_label) {
  const State g = CanonicalGoal(board, blank_cell);
  Arrangement a;
  for (int c = 0; c < board.cells(); ++c) {
    a.labels.push_back(c == blank_cell ? blank_label
                                       : std::to_string(g.tile[c]));
  }
  a.blank = blank_cell;
  return a;
}

Arrangement ToArrangement(const Problem& p, const State& s) {
  Arrangement a;
  a.blank = s.blank;
  for (int c = 0; c < p.board.cells(); ++c) {
    a.labels.push_back(p.label[s.tile[c]]);
  }
  return a;
}

}  // namespace slidedb
