// BuildPatternDb: fills one additive pattern database (Korf & Felner 2002) by
// a breadth-first search of its abstract space. A state of that space is
// where the group's tiles stand and which region of the other cells the
// blank is in; the other tiles are indistinguishable, so the blank roams its
// region for free and only a move of a group tile costs one. The entry of a
// placement is the fewest group-tile moves that bring the group home from
// it, over every blank region: a lower bound on the moves of those tiles in
// any solution, so the entries of disjoint groups add up to a lower bound of
// the distance. Indexed by placement and the blank's region
// (PdbIndexKind::kBlankRegion), an entry is instead the fewest such moves
// from the placement with the blank in that region: larger or the same.
#ifndef SLIDEDB_LIB_SEARCH_PDB_BUILD_H_
#define SLIDEDB_LIB_SEARCH_PDB_BUILD_H_

#include <cstdint>
#include <functional>
#include <vector>

#include "lib/base/status.h"
#include "lib/puzzle/board.h"
#include "lib/puzzle/region_pattern.h"

namespace slidedb {

// An entry no state of the abstract space reaches (only when a group holds
// every tile and half the placements have the wrong parity).
inline constexpr uint8_t kPdbUnreached = 0xff;

struct PdbLevel {
  int depth;
  uint64_t states;   // abstract states (placement, blank region) at `depth`
  uint64_t total;    // abstract states at depth <= `depth`
  uint64_t entries;  // entries whose value is `depth`
  double seconds;    // since the search began
};

struct PdbResult {
  std::vector<uint8_t> values;      // values[GroupIndexer index]
  std::vector<uint64_t> histogram;  // histogram[v]: entries of value v
  uint64_t states = 0;              // abstract states searched
  double seconds = 0;
};

// The memory BuildPatternDb takes for a group of `tiles` tiles on `board`:
// a byte an entry, and three bits (reached, this level, the next) for
// each placement and free cell the blank may be named by. 2.1 GB for 8
// tiles of 4x4, 19 GB for 7 tiles of 5x5.
uint64_t PatternDbBuildBytes(const Board& board, int tiles, PdbIndexKind kind);

// `tiles` are canonical tiles of the goal with the blank on `goal_blank`.
// REQUIRES: 1 <= tiles.size() <= kMaxPatternTiles, tiles distinct and in
// 1..board.cells()-1; threads >= 1.
Status BuildPatternDb(const Board& board, int goal_blank,
                      const std::vector<int>& tiles, PdbIndexKind kind,
                      int threads,
                      const std::function<void(const PdbLevel&)>& progress,
                      PdbResult* out);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_PDB_BUILD_H_
