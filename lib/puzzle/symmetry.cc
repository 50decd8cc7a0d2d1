#include "lib/puzzle/symmetry.h"

#include <algorithm>

#include "lib/puzzle/notation.h"
#include "lib/puzzle/problem.h"

namespace slidedb {

namespace {

// Symmetry k of `board` (in the order of docs/FORMAT.md) applied to `cell`:
// 0 identity, 1 mirror left-right, 2 mirror up-down, 3 turn by 180 degrees;
// on square boards 4 the mirror in the main diagonal, 5 the mirror in the
// other diagonal, 6 the quarter turn clockwise, 7 anticlockwise.
int Apply(const Board& board, int k, int cell) {  // ApplySymmetry
  const int rows = board.rows(), cols = board.cols();
  const int r = board.Row(cell), c = board.Col(cell);
  int nr = r, nc = c;
  switch (k) {
    case 1: nc = cols - 1 - c; break;
    case 2: nr = rows - 1 - r; break;
    case 3: nr = rows - 1 - r; nc = cols - 1 - c; break;
    case 4: nr = c; nc = r; break;
    case 5: nr = cols - 1 - c; nc = rows - 1 - r; break;
    case 6: nr = c; nc = rows - 1 - r; break;
    case 7: nr = cols - 1 - c; nc = r; break;
    default: break;
  }
  return nr * cols + nc;
}

// How many symmetries `board` has for the purpose of sharing tables: none
// but the identity on boards without tables.
int SymmetryCount(const Board& board) {
  if (board.cells() > kMaxTableCells) return 1;
  return ShapeSymmetries(board);
}

}  // namespace

int ShapeSymmetries(const Board& board) {
  return board.rows() == board.cols() ? 8 : 4;
}

int ApplySymmetry(const Board& board, int k, int cell) {
  return Apply(board, k, cell);
}

int StoredGoalBlank(const Board& board, int goal_blank) {
  // Asked for every query: worked out once per shape.
  static const auto* const kStored = [] {
    auto* t = new std::array<std::array<std::array<int8_t, kMaxCells>,
                                        kMaxCells + 1>,
                             kMaxCells + 1>{};
    for (int rows = 2; rows <= kMaxCells / 2; ++rows) {
      for (int cols = 2; rows * cols <= kMaxCells; ++cols) {
        const Board b(rows, cols);
        for (int g = 0; g < b.cells(); ++g) {
          int best = g;
          for (int k = 1; k < SymmetryCount(b); ++k) {
            best = std::max(best, Apply(b, k, g));
          }
          (*t)[rows][cols][g] = static_cast<int8_t>(best);
        }
      }
    }
    return t;
  }();
  return (*kStored)[board.rows()][board.cols()][goal_blank];
}

std::vector<int> ServedGoalBlanks(const Board& board, int stored_blank) {
  std::vector<int> out;
  for (int c = 0; c < board.cells(); ++c) {
    if (StoredGoalBlank(board, c) == StoredGoalBlank(board, stored_blank)) {
      out.push_back(c);
    }
  }
  return out;
}

const char* PdbSymmetryName(int k) {
  switch (k) {
    case 1:
      return "mirrored left-right";
    case 2:
      return "mirrored up-down";
    case 3:
      return "turned by 180 degrees";
    default:
      return "";
  }
}

GoalMap::GoalMap(const Board& board, int goal_blank)
    : cells_(board.cells()),
      goal_blank_(goal_blank),
      stored_blank_(StoredGoalBlank(board, goal_blank)) {
  int k = 0;
  while (Apply(board, k, stored_blank_) != goal_blank) ++k;
  Init(board, k);
}

GoalMap::GoalMap(const Board& board, int goal_blank, int k)
    : cells_(board.cells()),
      goal_blank_(goal_blank),
      stored_blank_(Apply(board, k, goal_blank)) {
  Init(board, k);
}

void GoalMap::Init(const Board& board, int k) {
  symmetry_ = k;
  for (int c = 0; c < cells_; ++c) {
    cell_[c] = static_cast<uint8_t>(Apply(board, k, c));
    cell_inverse_[cell_[c]] = static_cast<uint8_t>(c);
  }
  // The stored goal's tile on cell c is the asked goal's tile on cell_[c].
  const State stored = CanonicalGoal(board, stored_blank_);
  const State asked = CanonicalGoal(board, goal_blank_);
  for (int c = 0; c < cells_; ++c) {
    tile_to_stored_[asked.tile[cell_[c]]] = stored.tile[c];
    tile_from_stored_[stored.tile[c]] = asked.tile[cell_[c]];
  }
  // A move of the stored blank from x to y is the asked blank's move from
  // cell_[x] to cell_[y]; every cell with a neighbour that way agrees.
  for (Move m : kAllMoves) {
    for (int x = 0; x < cells_; ++x) {
      const int y = board.Neighbor(x, m);
      if (y < 0) continue;
      for (Move n : kAllMoves) {
        if (board.Neighbor(cell_[x], n) == cell_[y]) {
          move_from_stored_[static_cast<int>(m)] = n;
        }
      }
      break;
    }
  }
}

}  // namespace slidedb
