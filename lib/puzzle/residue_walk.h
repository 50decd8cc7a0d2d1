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

// Sets *next to the neighbour of `s` (at index i, residue r) one step
// nearer the goal with the lowest index, reading the neighbours' residues
// in increasing index order and no further than that one. *found is false
// when no neighbour is nearer.
template <typename ResidueOf>
Status StepNearer(const Indexer& ix, const State& s, Index i, uint8_t r,
                  const ResidueOf& residue, ResidueStep* next, bool* found) {
  ResidueStep near[4];
  int n = 0;
  for (Move m : kAllMoves) {
    ResidueStep& c = near[n];
    c.state = s;
    if (!ApplyMove(ix.board(), m, &c.state, &c.tile)) continue;
    c.move = m;
    c.index = ix.AfterMove(i, m, c.state);
    // Kept in increasing index order.
    for (int k = n; k > 0 && near[k].index < near[k - 1].index; --k) {
      std::swap(near[k], near[k - 1]);
    }
    ++n;
  }
  const uint8_t nearer = NearerResidue(r);
  *found = false;
  for (int k = 0; k < n; ++k) {
    uint8_t v;
    Status st = residue(near[k].index, &v);
    if (!st.ok()) return st;
    if (v == nearer) {
      *next = near[k];
      *found = true;
      return Status::OK();
    }
  }
  return Status::OK();
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
  return Status::Corruption(what + ": no neighbour of index " +
                            std::to_string(i) + " is one step nearer the goal");
}

// Walks from `start` towards `ix`'s goal, at most `max_steps` steps,
// calling on_step(const ResidueStep&) for each. *steps is the number
// taken and *reached whether the walk is at the goal. `what` names the
// table in errors: Corruption for an unreached state, a state with no
// nearer neighbour or a goal whose residue is not 0.
// REQUIRES: ix.Reachable(start).
template <typename ResidueOf, typename OnStep>
Status WalkResidues(const Indexer& ix, const State& start, Index goal_index,
                    int max_steps, const ResidueOf& residue,
                    const OnStep& on_step, const std::string& what, int* steps,
                    bool* reached) {
  State s = start;
  Index i = ix.IndexOf(s);
  uint8_t r;
  Status st = residue(i, &r);
  *steps = 0;
  *reached = false;
  while (st.ok()) {
    if (r == kResidueUnreached) {
      return Status::Corruption(what + ": index " + std::to_string(i) +
                                " is not reached");
    }
    if (i == goal_index) {
      if (r != 0) {
        return Status::Corruption(what + ": the goal's residue is " +
                                  std::to_string(r) + ", not 0");
      }
      *reached = true;
      return Status::OK();
    }
    if (*steps >= max_steps) return Status::OK();
    ResidueStep next;
    st = StepNearerOrFail(ix, s, i, r, residue, what, &next);
    if (!st.ok()) return st;
    on_step(next);
    ++*steps;
    s = next.state;
    i = next.index;
    r = NearerResidue(r);
  }
  return st;
}

}  // namespace slidedb

#endif  // SLIDEDB_LIB_PUZZLE_RESIDUE_WALK_H_
