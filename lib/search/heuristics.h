// Heuristics: the classic lower bounds on the distance from a state to a
// canonical goal (lib/puzzle/state.h), as used by A* and IDA*. The blank never
// counts. Relabelling a goal's tiles (lib/problem.h) renames tiles without
// moving them, so each value is the same for the user's goal as for the
// canonical one.
#ifndef SLIDEDB_LIB_SEARCH_HEURISTICS_H_
#define SLIDEDB_LIB_SEARCH_HEURISTICS_H_

#include <array>
#include <cstdint>

#include "lib/puzzle/board.h"
#include "lib/puzzle/state.h"

namespace slidedb {

enum class HeuristicKind : uint8_t {
  kMisplaced = 0,       // tiles not on their goal cell
  kManhattan = 1,       // sum of the tiles' row + column distances
  kLinearConflict = 2,  // Manhattan plus linear conflicts
};
inline constexpr std::array<HeuristicKind, 3> kAllHeuristics = {
    HeuristicKind::kMisplaced, HeuristicKind::kManhattan,
    HeuristicKind::kLinearConflict};

// "misplaced", "manhattan", "linear_conflict".
const char* HeuristicName(HeuristicKind kind);

class Heuristics {
 public:
  // REQUIRES: 0 <= goal_blank < board.cells().
  Heuristics(const Board& board, int goal_blank);

  // REQUIRES: IsWellFormed(board, s) for each.
  int Misplaced(const State& s) const;
  int Manhattan(const State& s) const;
  // Manhattan plus, for each row, twice the fewest tiles that must leave
  // the row so that the tiles left in it whose goal row it is stand in
  // goal order (each such tile must step out of the row and back), and the
  // same for each column. The fewest is the row's count of such tiles
  // minus the longest run of them already in goal order (a longest
  // increasing subsequence).
  int LinearConflict(const State& s) const;
  int Value(HeuristicKind kind, const State& s) const;

 private:
  // Twice the fewest tiles to remove from the line of `len` cells starting
  // at `first` and `stride` apart.
  int LineConflict(const State& s, int first, int stride, int len,
                   bool row) const;

  Board board_;
  std::array<int8_t, kMaxCells> goal_cell_{};  // goal_cell_[tile]
};

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_HEURISTICS_H_
