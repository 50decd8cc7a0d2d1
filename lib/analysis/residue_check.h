// The heart of slidedb-build --verify for a two-bit table
// (lib/storage/format.h): every residue checked against its neighbours',
// reading the packed residues as they are (no record is made).
#ifndef SLIDEDB_LIB_ANALYSIS_RESIDUE_CHECK_H_
#define SLIDEDB_LIB_ANALYSIS_RESIDUE_CHECK_H_

#include <array>
#include <cstdint>
#include <vector>

#include "lib/analysis/check.h"
#include "lib/analysis/check_progress.h"
#include "lib/puzzle/board.h"

namespace slidedb {

// Checks one two-bit table's residues (`residues`: packed four states a
// byte, as its pages hold them): every state is reached, the goal's residue
// is 0, every other state has a neighbour of residue one less (one step
// nearer the goal), and no two neighbours have the same residue (they
// differ by one move, so by 1 or 2 modulo 3). Adds what it finds to
// *check, and sets (*counts)[r] to the number of states of residue r, for
// the caller to hold against the histogram. `threads` workers share the
// states. REQUIRES: residues.size() * 4 >= Indexer(board, goal_blank).size().
void CheckResidues(const Board& board, int goal_blank,
                   const std::vector<uint8_t>& residues, int threads,
                   int max_listed, TableCheck* check,
                   std::array<uint64_t, 3>* counts,
                   const ShareProgress& progress = {});

}  // namespace slidedb

#endif  // SLIDEDB_LIB_ANALYSIS_RESIDUE_CHECK_H_
