// How a pattern database's entries are stored: a byte each (the entry), or
// four bits each, two a byte (the entry 2k in the low four bits of byte
// k): (entry - md) / 2, where md is the Manhattan distance of the group's
// tiles from their goal cells.
//
// Four bits suffice because an entry is at least its placement's md and of
// the same parity: a move of a group tile takes it one cell, changing md by
// one, and the blank's moves are free. Half the memory and half the pages
// to read, for an addition in the search (which keeps each group's md as it
// moves: GroupDistances). A database whose excess passes 30 moves, or that
// has unreached entries, stays a byte an entry.
#ifndef SLIDEDB_LIB_SEARCH_PDB_ENCODING_H_
#define SLIDEDB_LIB_SEARCH_PDB_ENCODING_H_

#include <cstdint>
#include <vector>

#include "lib/puzzle/board.h"
#include "lib/puzzle/region_pattern.h"

namespace slidedb {

// The bits an entry takes: 8 or 4.
inline constexpr int kPdbByteEntries = 8;
inline constexpr int kPdbNibbleEntries = 4;

// The Manhattan distance of each tile on each cell from its cell in the
// canonical goal with the blank on `goal_blank`; 0 for the tiles not in
// `tiles` (the others' groups, or every tile of a byte-stored group).
class GroupDistances {
 public:
  GroupDistances() = default;
  GroupDistances(const Board& board, int goal_blank,
                 const std::vector<int>& tiles);
  int operator()(int tile, int cell) const { return distance_[tile][cell]; }

 private:
  uint8_t distance_[kMaxCells][kMaxCells] = {};
};

// The entries of `values` (a byte each, indexed by GroupIndexer) four
// bits each into *packed; false, leaving *packed empty, when an entry
// cannot be (unreached, or more than 30 over its md). `threads` >= 1.
bool PackPdbEntries(const Board& board, int goal_blank,
                    const std::vector<int>& tiles, PdbIndexKind kind,
                    const std::vector<uint8_t>& values, int threads,
                    std::vector<uint8_t>* packed);

// The inverse: `entries` entries of four bits each in `packed` as a byte
// each. REQUIRES: packed.size() == (entries + 1) / 2.
std::vector<uint8_t> UnpackPdbEntries(const Board& board, int goal_blank,
                                      const std::vector<int>& tiles,
                                      PdbIndexKind kind, uint64_t entries,
                                      const std::vector<uint8_t>& packed);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_PDB_ENCODING_H_
