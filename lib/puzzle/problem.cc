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

// Short labels as small numbers, one for each label: a label of one
// character is its byte (0 to 255), a number from 10 to 255 written without
// a leading zero is 256 more than its value. Labels of boards up to 9 cells
// are one character, those of bigger ones "10", "11" and on. False, for the
// slow path, when a label is neither.
constexpr int kLabelKeys = 512;
bool LabelKeys(const Arrangement& a, uint16_t* keys) {
  for (size_t c = 0; c < a.labels.size(); ++c) {
    const std::string& l = a.labels[c];
    if (l.size() == 1) {
      keys[c] = static_cast<unsigned char>(l[0]);
      continue;
    }
    if (l.size() > 3 || l[0] < '1' || l[0] > '9') return false;
    int v = 0;
    for (char d : l) {
      if (d < '0' || d > '9') return false;
      v = v * 10 + (d - '0');
    }
    if (v > 255) return false;
    keys[c] = static_cast<uint16_t>(256 + v);
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

// The common case of MakeProblem, without maps or sorting: labels are small
// numbers (LabelKeys). The tiles match exactly when each occurs as often in
// both. True when it wrote a solvable problem to *out; false (with *out
// perhaps half written) for the slow path, which explains an unsolvable
// one and names a tile that is not in both.
bool SolvableByKeys(const Board& board, const Arrangement& start,
                    const Arrangement& goal, const uint16_t* start_key,
                    const uint16_t* goal_key, Problem* out) {
  const int n = board.cells();
  int8_t count[kLabelKeys] = {};  // at most kMaxCells cells: no overflow
  for (int c = 0; c < n; ++c) {
    if (c != start.blank) ++count[start_key[c]];
    if (c != goal.blank) --count[goal_key[c]];
  }
  for (int c = 0; c < n; ++c) {
    if (count[start_key[c]] != 0 || count[goal_key[c]] != 0) return false;
  }
  uint8_t number[kLabelKeys] = {};
  // Written straight into *out (no Problem to construct and move).
  Problem& p = *out;
  p.board = board;
  p.label.clear();
  p.reason.clear();
  p.goal_blank = goal.blank;
  p.label.reserve(n);
  p.label.push_back(start.labels[start.blank]);
  for (int c = 0; c < n; ++c) {
    if (c == goal.blank) continue;
    number[goal_key[c]] = static_cast<uint8_t>(p.label.size());
    p.label.push_back(goal.labels[c]);
  }
  State goal_state;
  for (int c = 0; c < n; ++c) {
    p.start.tile[c] = c == start.blank ? 0 : number[start_key[c]];
    goal_state.tile[c] = c == goal.blank ? 0 : number[goal_key[c]];
  }
  p.start.blank = static_cast<uint8_t>(start.blank);
  goal_state.blank = static_cast<uint8_t>(goal.blank);
  p.solvable = ParityClass(board, p.start) == ParityClass(board, goal_state);
  return p.solvable;
}

// An error naming a tile of one side that the other lacks, if any.
// `start_tiles` and `goal_tiles` are sorted (SortLabels).
Status SameTiles(const std::vector<std::string>& start_tiles,
                 const std::vector<std::string>& goal_tiles) {
  if (start_tiles == goal_tiles) return Status::OK();
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
  return Status::OK();
}

}  // namespace

Status MakeProblem(const Board& board, const Arrangement& start,
                   const Arrangement& goal, Problem* out) {
  const int n = board.cells();
  if (static_cast<int>(start.labels.size()) != n ||
      static_cast<int>(goal.labels.size()) != n) {
    return Status::InvalidArgument("start and goal must fill the board");
  }
  uint16_t start_key[kMaxCells], goal_key[kMaxCells];
  if (LabelKeys(start, start_key) && LabelKeys(goal, goal_key) &&
      SolvableByKeys(board, start, goal, start_key, goal_key, out)) {
    return Status::OK();
  }
  std::vector<std::string> start_tiles, goal_tiles;
  for (int c = 0; c < n; ++c) {
    if (c != start.blank) start_tiles.push_back(start.labels[c]);
    if (c != goal.blank) goal_tiles.push_back(goal.labels[c]);
  }
  SortLabels(&start_tiles);
  SortLabels(&goal_tiles);
  Status s = SameTiles(start_tiles, goal_tiles);
  if (!s.ok()) return s;
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
