// Indexer: a dense numbering of exactly the states that can reach one
// canonical goal (lib/puzzle/state.h), 0..size()-1 with no holes.
//
//   index = (lehmer(tiles) / 2) * cells + blank
//
// where tiles is the sequence of the cells()-1 tiles read in reading order,
// the blank skipped, and lehmer() its Lehmer-code rank among all
// permutations of 1..cells()-1. The last Lehmer digit of a permutation is
// always 0 and the one before it is 0 or 1; half of all arrangements reach
// the goal (lib/puzzle/parity.h), and for a reachable one that digit follows from
// the others and the blank's cell, so it is dropped. Putting the blank last
// makes a sideways move change the index by exactly 1.
//
// The numbering is part of the on-disk format (docs/FORMAT.md).
#ifndef SLIDEDB_LIB_PUZZLE_INDEX_H_
#define SLIDEDB_LIB_PUZZLE_INDEX_H_

#include <algorithm>
#include <array>
#include <cstdint>

#include "lib/puzzle/board.h"
#include "lib/puzzle/state.h"

namespace slidedb {

// Up to 20 cells: 20!/2 fits in 64 bits. (2x7 has 14!/2 = 43,589,145,600
// states, past 32 bits; the byte-record search, lib/search/bfs_context.h,
// numbers its at most 12!/2 states in 32.)
using Index = uint64_t;

// The Lehmer-code arithmetic of the rank, in one place: the index (below),
// the walk's cursor (lib/solve/walk.cc) and the search's steps and decoding
// (lib/search/bfs_ranks.h) all build on these two.
//
// The weight of Lehmer digit i in the halved rank of a board of `cells`
// cells (cells - 1 tiles): (cells - 2 - i)! / 2 for the cells - 3 digits
// the rank keeps, 0 for the two it leaves out, as T. REQUIRES: the weights
// fit a T (cells <= 20 for 64 bits, <= 14 for 32).
template <typename T = Index>
constexpr std::array<T, kMaxCells> LehmerWeights(int cells) {
  std::array<T, kMaxCells> w{};
  const int kept = cells - 3;
  if (kept <= 0) return w;
  w[kept - 1] = 1;
  for (int i = kept - 2; i >= 0; --i) {
    w[i] = w[i + 1] * static_cast<T>(cells - 2 - i);
  }
  return w;
}
// The Lehmer digit of `tile` among the tiles not placed yet, `unplaced`
// (tile t is bit t-1): how many of them are smaller.
inline int LehmerDigit(unsigned unplaced, unsigned tile) {
  return __builtin_popcount(unplaced & ((1u << (tile - 1)) - 1));
}

class Indexer {
 public:
  // REQUIRES: 0 <= goal_blank < board.cells().
  Indexer(const Board& board, int goal_blank);

  const Board& board() const { return board_; }
  int goal_blank() const { return goal_blank_; }
  // cells()! / 2: 181,440 on 3x3. REQUIRES (constructor): cells() <= 20.
  Index size() const { return size_; }

  // REQUIRES: IsWellFormed(board(), s) and s reaches the goal, i.e.
  // Reachable(s).
  Index IndexOf(const State& s) const;
  // REQUIRES: i < size().
  State StateAt(Index i) const;
  // Calls visit(i, StateAt(i)) for each i in [first, end), in order, with
  // one unranking a tile order (each cells() indexes: the blank's cells)
  // rather than one an index: a scan of a table's pages.
  // REQUIRES: first <= end <= size().
  template <typename Visit>
  void ForEachState(Index first, Index end, Visit&& visit) const;

  // Whether `s` reaches this indexer's goal (its parity class matches).
  bool Reachable(const State& s) const;

  // The index of the state one sideways move away: a Left or Right move of
  // the blank does not change the order of the tiles.
  static Index AfterSidewaysMove(Index i, Move m) {
    return m == Move::kLeft ? i - 1 : i + 1;
  }
  // The index of `after`, the state that move `m` made from the state of
  // index `i`: one step for a sideways move, IndexOf for a vertical one.
  Index AfterMove(Index i, Move m, const State& after) const {
    return m == Move::kLeft || m == Move::kRight ? AfterSidewaysMove(i, m)
                                                 : IndexOf(after);
  }

 private:
  // The parity of the tile inversions that a reachable state with the blank
  // on `blank_cell` has.
  int InversionParity(int blank_cell) const {
    return board_.cols() % 2 == 0
               ? (board_.Row(blank_cell) + board_.Row(goal_blank_)) & 1
               : 0;
  }

  // The state of the tile order `rank` with the blank on `blank`, from
  // StateAt(rank * cells_) (the blank on cell 0): the tiles in its order,
  // the last two swapped where the blank's cell asks the other parity.
  State WithBlankOn(const State& first, int blank) const;

  Board board_;
  int goal_blank_;
  int cells_;
  Index size_;
  // LehmerWeights(cells_).
  std::array<Index, kMaxCells> weight_{};
};

template <typename Visit>
void Indexer::ForEachState(Index first, Index end, Visit&& visit) const {
  const Index cells = static_cast<Index>(cells_);
  for (Index i = first; i < end;) {
    const State order = StateAt(i - i % cells);
    for (Index stop = std::min(end, i - i % cells + cells); i < stop; ++i) {
      visit(i, WithBlankOn(order, static_cast<int>(i % cells)));
    }
  }
}

}  // namespace slidedb

#endif  // SLIDEDB_LIB_PUZZLE_INDEX_H_
