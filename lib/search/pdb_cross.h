// Cross tables: the entries of a second partition's groups (the goal's
// CrossPartition, lib/puzzle/pattern.h), by placement, each group's in a
// direct table: the byte at the sum of cell(tile i) * cells^i over the
// group's tiles in order is the fewest moves of those tiles to their goal
// cells, the blank's moves free (BuildPatternDb's entry by placement).
// Sparse (cells^tiles bytes, 244 MB for six tiles on 5x5, against
// 127,512,000 entries), so that a search moves an index by one addition
// when a tile moves and never ranks a placement. A search over successor
// words (lib/search/ida_words.h) prunes by the largest of its sum, its
// reflection's, and the cross partition's and its reflection's.
#ifndef SLIDEDB_LIB_SEARCH_PDB_CROSS_H_
#define SLIDEDB_LIB_SEARCH_PDB_CROSS_H_

#include <cstdint>
#include <functional>
#include <vector>

#include "lib/base/status.h"
#include "lib/puzzle/board.h"
#include "lib/puzzle/pattern.h"  // CrossTableBytes
#include "lib/search/pdb_build.h"

namespace slidedb {

// The direct table of the group `tiles` (canonical tiles of the goal with
// the blank on `goal_blank`, in the order of their digits), from a
// breadth-first search by placement on `threads` threads.
// REQUIRES: as BuildPatternDb's; tiles.size() <= kMaxCrossTiles.
Status BuildCrossTable(const Board& board, int goal_blank,
                       const std::vector<int>& tiles, int threads,
                       const std::function<void(const PdbLevel&)>& progress,
                       std::vector<uint8_t>* table);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_PDB_CROSS_H_
