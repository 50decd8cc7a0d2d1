// MtmMoveFsm: the sequences of MTM moves (lib/search/mtm_bfs.h) that
// MtmSearch (lib/search/mtm_search.h) may skip, as lib/search/move_fsm.h
// does for single steps: those for which another sequence, shorter or as
// long and earlier in move order, leads to the same state while the blank
// stays inside the same rectangle (so it is legal wherever the skipped one
// is). The first path in that order to each state is never skipped, so a
// search that skips them still finds an optimal path (Taylor & Korf, AAAI
// 1993).
//
// Only sequences whose moves alternate axes are looked at (the search makes
// no others), on an unbounded grid, with moves of 1 to max_cells cells and
// the blank's rectangle no larger than the board's. The automaton
// (Aho-Corasick over the minimal skipped sequences) tells, move by move,
// when a path ends with one.
#ifndef SLIDEDB_LIB_SEARCH_MTM_SEARCH_FSM_H_
#define SLIDEDB_LIB_SEARCH_MTM_SEARCH_FSM_H_

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "lib/puzzle/board.h"
#include "lib/search/skip_automaton.h"

namespace slidedb {

// The automaton's symbols are Symbol(direction, cells).
class MtmMoveFsm : public SkipAutomaton {
 public:
  // The automaton of the sequences of up to `max_length` moves on boards of
  // `board`'s shape. REQUIRES: board's rows and columns at most 8.
  MtmMoveFsm(const Board& board, int max_length);
  // The automaton for `board`'s shape made once per process, with the
  // longest sequences that are cheap to find there (8 moves on 4x4; 4x4's
  // is prepared when slidedb is built, lib/search/mtm_prepared.h: it takes
  // two seconds to find).
  // Finding the sequences takes seconds on the larger boards (two on 4x5):
  // `stop`, asked as it goes, ends it, and then Shared returns null and
  // keeps nothing (a later call makes it again).
  static std::shared_ptr<const MtmMoveFsm> Shared(
      const Board& board, const std::function<bool()>& stop = nullptr);
  // The automaton Shared makes, never the prepared one (the generator's);
  // null when `stop` ended it.
  static std::shared_ptr<const MtmMoveFsm> Make(
      const Board& board, const std::function<bool()>& stop = nullptr);

  // A move as the automaton's symbol: the direction, then the cells - 1.
  int Symbol(Move m, int cells) const {
    return static_cast<int>(m) * max_cells_ + cells - 1;
  }
  int max_length() const { return max_length_; }
  // The minimal skipped sequences, as symbols, shortest first.
  // (Empty for a prepared automaton.)
  const std::vector<std::vector<uint8_t>>& skipped() const { return skipped_; }

 private:
  // The longest move, max(rows, cols) - 1.
  static int MaxCells(const Board& board) {
    return std::max(board.rows(), board.cols()) - 1;
  }
  // The minimal skipped sequences of up to max_length moves.
  struct Sequences {
    int max_length;  // 0 before Find: as long as the budget allows
    std::vector<std::vector<uint8_t>> skipped;
  };
  MtmMoveFsm(const Board& board, Sequences found);
  // A prepared automaton.
  MtmMoveFsm(const Board& board, int max_length, const int32_t* next,
             size_t size);
  // Fills `found` (its max_length then the length reached); false when
  // `stop` ended it.
  static bool Find(const Board& board, const std::function<bool()>& stop,
                   Sequences* found);

  int max_length_;
  int max_cells_;
  std::vector<std::vector<uint8_t>> skipped_;
};

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_MTM_SEARCH_FSM_H_
