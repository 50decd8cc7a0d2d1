// Successor words: for each entry of a pattern database by blank region,
// which of its group's tile moves lower it.
//
// By blank region (PdbIndexKind::kBlankRegion) an entry is a distance in
// the group's abstract space, where a move of a group tile costs one and
// the blank roams its region for free: a tile move changes it by exactly
// one, down or up (by at most one, as the move can be undone; and the
// entry has the parity of the group's Manhattan distance, which the move
// changes by one). So one bit a move says a child's entry, from its
// parent's: the search (lib/search/ida_words.h) reads the entries of the
// children it goes into, never of those it prunes. By placement an entry
// is the least over the blank's regions and may stay the same or change
// by more: those tables have no words.
//
// Word bit slot * 4 + d (d a Move, the direction the group's tile `slot`
// moves in onto a cell of the blank's region): that move lowers the
// entry. 32 bits cover the 8 tiles a group may have (kMaxPatternTiles).
#ifndef SLIDEDB_LIB_SEARCH_PDB_WORDS_H_
#define SLIDEDB_LIB_SEARCH_PDB_WORDS_H_

#include <cstdint>
#include <vector>

#include "lib/base/status.h"
#include "lib/puzzle/board.h"

namespace slidedb {

inline constexpr int kPdbWordBits = 32;

// The bit of the word for the group's tile `slot` moving in direction d.
inline int PdbWordBit(int slot, Move d) {
  return slot * 4 + static_cast<int>(d);
}

// The words of the group of `tiles` tiles whose entries by blank region
// (a byte each, as BuildPatternDb gives them) are `values`, on `threads`
// threads. Corruption when a move changes an entry by other than one
// (not a table by blank region); an unreachable entry's word is 0.
// REQUIRES: values.size() == RegionIndexer(board, tiles).size(),
// threads >= 1.
Status ComputePdbWords(const Board& board, int tiles,
                       const std::vector<uint8_t>& values, int threads,
                       std::vector<uint32_t>* words);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_PDB_WORDS_H_
