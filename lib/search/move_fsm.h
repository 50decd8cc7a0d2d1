// MoveFsm: the sequences of the blank's moves a depth-first search may skip
// because another sequence, shorter or as long and earlier in move order,
// leads to the same state while the blank stays inside the same rectangle
// (so it is legal wherever the skipped one is). The first path in that
// order to each state is never skipped, so a search that skips them still
// finds an optimal path, with fewer nodes (L. A. Taylor and R. E. Korf,
// "Pruning duplicate nodes in depth-first search", AAAI 1993).
//
// The sequences are found on an unbounded grid, length by length, among
// the sequences of up to `max_length` moves that never undo the last one;
// the automaton (Aho-Corasick over the minimal skipped sequences) tells,
// move by move, when a path ends one. Undoing the last move is left to the
// search (it never tries it). Finding them takes about 2 s for 14 moves
// and 20 s for 16 (138,852 sequences; 51 million kept, 2 GB): the build
// makes the automaton of kBuiltLength once (626,633 states, 10 MB), and
// Shared(kBuiltLength) is that table.
#ifndef SLIDEDB_LIB_SEARCH_MOVE_FSM_H_
#define SLIDEDB_LIB_SEARCH_MOVE_FSM_H_

#include <cstdint>
#include <vector>

#include "lib/puzzle/board.h"
#include "lib/search/skip_automaton.h"

namespace slidedb {

// The automaton's symbols are the moves (kUp ... kRight: 0 to 3).
class MoveFsm : public SkipAutomaton {
 public:
  // Finding the sequences past kBuiltLength needs far more memory: about
  // 16 GB for 18 moves.
  static constexpr int kMaxLength = 20;
  static constexpr int kBuiltLength = 16;

  // REQUIRES: 0 <= max_length <= kMaxLength. Up to 1: nothing skipped.
  explicit MoveFsm(int max_length);
  // The automaton for `max_length`, made once per process (the one made
  // at build time for kBuiltLength).
  static const MoveFsm& Shared(int max_length);
  // The minimal skipped sequences of up to `max_length` moves, shortest
  // first, then in move order.
  static std::vector<std::vector<Move>> Find(int max_length);

  // The state after move `m` from `state`, or kSkip when the path now ends
  // with a skipped sequence (four symbols: the multiplication a shift).
  int32_t Next(int32_t state, Move m) const {
    return table()[static_cast<size_t>(state) * 4 + static_cast<size_t>(m)];
  }
  // Asks the cache for the row of `state`, which Next will read a move
  // later (the table is over a megabyte). Always inlined, as
  // PdbValues::Prefetch is. REQUIRES: state != kSkip.
  [[gnu::always_inline]] void Prefetch(int32_t state) const {
    __builtin_prefetch(table() + size_t{4} * static_cast<size_t>(state));
  }
  int max_length() const { return max_length_; }
  // The minimal skipped sequences (none of them holds another); empty for
  // the automaton made at build time.
  const std::vector<std::vector<Move>>& skipped() const { return skipped_; }

 private:
  MoveFsm(int max_length, std::vector<std::vector<Move>> skipped);
  MoveFsm(int max_length, const int32_t* table, size_t states);

  int max_length_;
  std::vector<std::vector<Move>> skipped_;
};

// paths[d], for d from 0 to max_length: the paths of d moves of the blank
// from `cell` that never undo the last move and, given `fsm`, never end
// one of its skipped sequences (a search's tree without a heuristic).
// bench/fsm_paths.cc sets them beside the states d moves away.
std::vector<int64_t> CountPaths(const Board& board, int cell, int max_length,
                                const MoveFsm* fsm);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_MOVE_FSM_H_
