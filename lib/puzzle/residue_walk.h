// The walk of a two-bit table (issue 23; lib/storage/format.h,
// lib/search/twobit_table.h), for any store of residues: each state holds
// its distance to the goal modulo 3. The graph is bipartite, so a
// neighbour of a state at distance d is at d-1 or d+1, and its residue
// tells which: the nearer ones have the residue one less (r+2 mod 3). A
// walk steps each time to the nearer neighbour of lowest index, the
// neighbour a byte table's best move leads to (lib/search/bfs.h), so that
// a record made from a walk equals the byte table's; its length is the
// distance. Header-only: the store is a template parameter, read through
// `residue(Index, uint8_t*) -> Status`.
#ifndef SLIDEDB_LIB_PUZZLE_RESIDUE_WALK_H_
#define SLIDEDB_LIB_PUZZLE_RESIDUE_WALK_H_

#include <cstdint>
#include <string>
#include <utility>

#include "lib/base/status.h"
#include "lib/puzzle/board.h"
#include "lib/puzzle/index.h"
#include "lib/puzzle/state.h"

namespace slidedb {

// The residue a store gives a state no search reached (kTwoBitUnreached).
inline constexpr uint8_t kResidueUnreached = 3;

// The residue of a state one step nearer the goal than one of residue r.
inline uint8_t NearerResidue(uint8_t r) {
  return static_cast<uint8_t>((r + 2) % 3);
}

// One step of a walk: the move of the blank, the tile it slides, the state
// it leads to and that state's index.
struct ResidueStep {
  Move move = Move::kUp;
  uint8_t tile = 0;
  State state;
  Index index = 0;
};

// A walk's index, kept up to date move by move by the Indexer: a sideways
// move changes it by one, after a vertical one the state is ranked again.
// A cursor of the board's shape (lib/solve/index_cursor.h) does the same
// with less work; both give IndexAfter(move, state before) and Apply(move,
// index after).
class IndexerCursor {
 public:
  IndexerCursor(const Indexer& ix, Index i) : ix_(ix), i_(i) {}
  Index index() const { return i_; }
  // REQUIRES: m stays on the board.
  Index IndexAfter(Move m, const State& before) const {
    if (m == Move::kLeft || m == Move::kRight) {
      return Indexer::AfterSidewaysMove(i_, m);
    }
    State after = before;
    ApplyMove(ix_.board(), m, &after);
    return ix_.IndexOf(after);
  }
  void Apply(Move /*m*/, Index after) { i_ = after; }

 private:
  const Indexer& ix_;
  Index i_;
};

// A state's neighbours, each one move away, in increasing index order.
struct Neighbours {
  struct Near {
    Index index;
    Move move;
  };
  Near near[4];
  int n = 0;
};

// Lists the neighbours of `s` (at cursor.index()).
template <typename Cursor>
void ListNeighbours(const Board& board, const State& s, const Cursor& cursor,
                    Neighbours* out) {
  out->n = 0;
  for (Move m : kAllMoves) {
    if (board.Neighbor(s.blank, m) < 0) continue;
    const Index j = cursor.IndexAfter(m, s);
    int k = out->n++;
    for (; k > 0 && j < out->near[k - 1].index; --k) {
      out->near[k] = out->near[k - 1];
    }
    out->near[k] = Neighbours::Near{j, m};
  }
}

// Sets *next to the step from `s` to its neighbour c.
inline void StepTo(const Board& board, const State& s,
                   const Neighbours::Near& c, ResidueStep* next) {
  next->move = c.move;
  next->index = c.index;
  next->state = s;
  ApplyMove(board, c.move, &next->state, &next->tile);
}

// Sets *next to the neighbour of `s` (residue r) one step nearer the goal
// with the lowest index, reading the neighbours' residues in increasing
// index order, from the `first`-th (those before it known farther), and no
// further than that one. *found is false when no neighbour is nearer.
template <typename ResidueOf>
Status PickNearer(const Board& board, const State& s,
                  const Neighbours& neighbours, uint8_t r,
                  const ResidueOf& residue, ResidueStep* next, bool* found,
                  int first = 0) {
  const uint8_t nearer = NearerResidue(r);
  *found = false;
  for (int k = first; k < neighbours.n; ++k) {
    const Neighbours::Near& c = neighbours.near[k];
    uint8_t v;
    Status st = residue(c.index, &v);
    if (!st.ok()) return st;
    if (v == nearer) {
      StepTo(board, s, c, next);
      *found = true;
      return Status::OK();
    }
  }
  return Status::OK();
}

// The step from `s` (at index i, residue r) to its neighbour one step
// nearer the goal with the lowest index (PickNearer), by the Indexer.
template <typename ResidueOf>
Status StepNearer(const Indexer& ix, const State& s, Index i, uint8_t r,
                  const ResidueOf& residue, ResidueStep* next, bool* found) {
  Neighbours neighbours;
  ListNeighbours(ix.board(), s, IndexerCursor(ix, i), &neighbours);
  return PickNearer(ix.board(), s, neighbours, r, residue, next, found);
}

// The Corruption of a walk that meets no neighbour one step nearer the
// goal, naming the table (`what`) and the index.
inline Status NoNearerNeighbour(const std::string& what, Index i) {
  return Status::Corruption(what + ": no neighbour of index " +
                            std::to_string(i) + " is one step nearer the goal");
}

// StepNearer, with no nearer neighbour an error: Corruption naming the
// table (`what`) and the index.
template <typename ResidueOf>
Status StepNearerOrFail(const Indexer& ix, const State& s, Index i, uint8_t r,
                        const ResidueOf& residue, const std::string& what,
                        ResidueStep* next) {
  bool found = false;
  Status st = StepNearer(ix, s, i, r, residue, next, &found);
  if (!st.ok() || found) return st;
  return NoNearerNeighbour(what, i);
}

// One walk from `start` (at cursor.index()) towards the goal (at
// goal_index), at most `max_steps` steps, a step at a time and each step
// in two halves, so that a caller may keep several walks going at once and
// their reads overlap: Look asks for the residues the next step reads
// (prefetch(Index)), Advance reads them and steps; the step is the one
// StepNearer takes. `what` names the table in errors: Corruption for an
// unreached start, a state with no nearer neighbour or a goal whose
// residue is not 0.
// REQUIRES: `start` is a state of the table, at cursor.index().
template <typename Cursor>
class ResidueWalk {
 public:
  ResidueWalk(const Board& board, const State& start, Cursor cursor,
              Index goal_index, int max_steps)
      : board_(&board),
        s_(start),
        cursor_(std::move(cursor)),
        goal_(goal_index),
        max_steps_(max_steps) {}

  // At the goal, out of steps, or failed.
  bool done() const { return done_; }
  // At the goal.
  bool reached() const { return reached_; }
  int steps() const { return steps_; }

  // Lists the neighbours and reads, in index order, those whose residues
  // lie near the current state's (in its block of 256 states, 64 bytes:
  // read just before, in the caches), as long as peek(Index, uint8_t*) has
  // them at hand (a loaded page) and none is nearer; asks prefetch(Index)
  // for the first other one, where Advance reads on. On 2x7 that one is
  // the vertical neighbour, anywhere in 10.9 GB; the step may not need it.
  template <typename Peek, typename Prefetch>
  void Look(const Peek& peek, const Prefetch& prefetch) {
    if (r_ == kUnknown) {
      prefetch(cursor_.index());
      return;
    }
    ListNeighbours(*board_, s_, cursor_, &near_);
    const Index i = cursor_.index();
    const uint8_t nearer = NearerResidue(r_);
    picked_ = -1;
    read_from_ = 0;
    for (int k = 0; k < near_.n; ++k) {
      const Index j = near_.near[k].index;
      uint8_t v;
      if ((j >> 8) != (i >> 8) || !peek(j, &v)) {
        prefetch(j);
        return;
      }
      if (v == nearer) {
        picked_ = k;
        return;
      }
      read_from_ = k + 1;
    }
  }

  // Reads the start's residue (the first time) or takes one step, calling
  // on_step(const ResidueStep&). REQUIRES: !done(), Look called since.
  template <typename ResidueOf, typename OnStep>
  Status Advance(const ResidueOf& residue, const OnStep& on_step,
                 const std::string& what) {
    Status st;
    if (r_ == kUnknown) {
      st = residue(cursor_.index(), &r_);
    } else {
      ResidueStep next;
      bool found = picked_ >= 0;
      if (found) {
        StepTo(*board_, s_, near_.near[picked_], &next);
      } else {
        st = PickNearer(*board_, s_, near_, r_, residue, &next, &found,
                        read_from_);
      }
      if (st.ok() && !found) st = NoNearerNeighbour(what, cursor_.index());
      if (st.ok()) {
        on_step(next);
        ++steps_;
        cursor_.Apply(next.move, next.index);
        s_ = next.state;
        r_ = NearerResidue(r_);
      }
    }
    if (!st.ok()) {
      done_ = true;
      return st;
    }
    const Index i = cursor_.index();
    if (r_ == kResidueUnreached) {
      done_ = true;
      return Status::Corruption(what + ": index " + std::to_string(i) +
                                " is not reached");
    }
    if (i == goal_) {
      done_ = true;
      if (r_ != 0) {
        return Status::Corruption(what + ": the goal's residue is " +
                                  std::to_string(r_) + ", not 0");
      }
      reached_ = true;
    }
    if (steps_ >= max_steps_) done_ = true;
    return Status::OK();
  }

 private:
  static constexpr uint8_t kUnknown = 0xFF;  // the start's, until read

  const Board* board_;
  State s_;
  Cursor cursor_;
  Index goal_;
  int max_steps_;
  uint8_t r_ = kUnknown;
  Neighbours near_;
  int picked_ = -1;    // the neighbour Look found nearer, if any
  int read_from_ = 0;  // else the first one whose residue Look did not read
  int steps_ = 0;
  bool done_ = false;
  bool reached_ = false;
};

// Walks from `start` (at cursor.index()) towards the goal (at goal_index)
// with one ResidueWalk, calling on_step(const ResidueStep&) for each step.
// *steps is the number taken and *reached whether the walk is at the goal.
template <typename Cursor, typename ResidueOf, typename Prefetch,
          typename OnStep>
Status WalkResiduesWith(const Board& board, const State& start, Cursor cursor,
                        Index goal_index, int max_steps,
                        const ResidueOf& residue, const Prefetch& prefetch,
                        const OnStep& on_step, const std::string& what,
                        int* steps, bool* reached) {
  ResidueWalk<Cursor> walk(board, start, std::move(cursor), goal_index,
                           max_steps);
  Status st;
  while (!walk.done() && st.ok()) {
    walk.Look([](Index, uint8_t*) { return false; }, prefetch);
    st = walk.Advance(residue, on_step, what);
  }
  *steps = walk.steps();
  *reached = walk.reached();
  return st;
}

// WalkResiduesWith by the Indexer, prefetching nothing.
// REQUIRES: ix.Reachable(start).
template <typename ResidueOf, typename OnStep>
Status WalkResidues(const Indexer& ix, const State& start, Index goal_index,
                    int max_steps, const ResidueOf& residue,
                    const OnStep& on_step, const std::string& what, int* steps,
                    bool* reached) {
  return WalkResiduesWith(
      ix.board(), start, IndexerCursor(ix, ix.IndexOf(start)), goal_index,
      max_steps, residue, [](Index) {}, on_step, what, steps, reached);
}

}  // namespace slidedb

#endif  // SLIDEDB_LIB_PUZZLE_RESIDUE_WALK_H_
