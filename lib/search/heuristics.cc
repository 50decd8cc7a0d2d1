#include "lib/search/heuristics.h"

#include <cstdlib>

namespace slidedb {

const char* HeuristicName(HeuristicKind kind) {
  switch (kind) {
    case HeuristicKind::kMisplaced:
      return "misplaced";
    case HeuristicKind::kManhattan:
      return "manhattan";
    case HeuristicKind::kLinearConflict:
      return "linear_conflict";
  }
  return "?";
}

Heuristics::Heuristics(const Board& board, int goal_blank) : board_(board) {
  const State goal = CanonicalGoal(board, goal_blank);
  for (int c = 0; c < board.cells(); ++c) {
    goal_cell_[goal.tile[c]] = static_cast<int8_t>(c);
  }
}

int Heuristics::Misplaced(const State& s) const {
  int h = 0;
  for (int c = 0; c < board_.cells(); ++c) {
    if (s.tile[c] != 0 && goal_cell_[s.tile[c]] != c) ++h;
  }
  return h;
}

int Heuristics::Manhattan(const State& s) const {
  int h = 0;
  for (int c = 0; c < board_.cells(); ++c) {
    if (s.tile[c] == 0) continue;
    const int g = goal_cell_[s.tile[c]];
    h += std::abs(board_.Row(c) - board_.Row(g)) +
         std::abs(board_.Col(c) - board_.Col(g));
  }
  return h;
}

int Heuristics::LineConflict(const State& s, int first, int stride, int len,
                             bool row) const {
  // The goal positions along the line of the tiles whose goal is on it, in
  // the order they stand.
  int pos[kMaxCells];
  int n = 0;
  const int line = row ? board_.Row(first) : board_.Col(first);
  for (int k = 0, c = first; k < len; ++k, c += stride) {
    if (s.tile[c] == 0) continue;
    const int g = goal_cell_[s.tile[c]];
    if ((row ? board_.Row(g) : board_.Col(g)) != line) continue;
    pos[n++] = row ? board_.Col(g) : board_.Row(g);
  }
  // Longest increasing subsequence, quadratic: lines hold at most 6 tiles.
  int best = 0;
  int lis[kMaxCells];
  for (int a = 0; a < n; ++a) {
    lis[a] = 1;
    for (int b = 0; b < a; ++b) {
      if (pos[b] < pos[a] && lis[b] + 1 > lis[a]) lis[a] = lis[b] + 1;
    }
    if (lis[a] > best) best = lis[a];
  }
  return 2 * (n - best);
}

int Heuristics::LinearConflict(const State& s) const {
  int h = Manhattan(s);
  const int rows = board_.rows(), cols = board_.cols();
  for (int r = 0; r < rows; ++r) h += LineConflict(s, r * cols, 1, cols, true);
  for (int c = 0; c < cols; ++c) h += LineConflict(s, c, cols, rows, false);
  return h;
}

int Heuristics::Value(HeuristicKind kind, const State& s) const {
  switch (kind) {
    case HeuristicKind::kMisplaced:
      return Misplaced(s);
    case HeuristicKind::kManhattan:
      return Manhattan(s);
    case HeuristicKind::kLinearConflict:
      return LinearConflict(s);
  }
  return 0;
}

}  // namespace slidedb
