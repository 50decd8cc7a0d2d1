// Breadth-first search into a two-bit table (lib/search/twobit_table.h,
// issue 23): from the canonical goal outwards, each state reached gets its
// distance modulo 3. Besides the table it keeps one bit a state, set once a
// state has been expanded: the states of level d are those of residue d%3
// whose bit is still clear (those of levels d-3, d-6, ... have it set).
#ifndef SLIDEDB_LIB_SEARCH_TWOBIT_BFS_H_
#define SLIDEDB_LIB_SEARCH_TWOBIT_BFS_H_

#include <cstdint>
#include <functional>
#include <vector>

#include "lib/base/status.h"
#include "lib/puzzle/index.h"
#include "lib/search/bfs.h"
#include "lib/search/twobit_table.h"

namespace slidedb {

// Fills *out with the residues of every state of `indexer`'s table and
// *histogram (if not null) with the states at each distance, as RunBfs
// (lib/search/bfs.h) counts them; out->max_distance() is the greatest
// distance. `threads` workers (at least 1) share each level in blocks of
// states; the result does not depend on their number. Calls `on_level` (if
// set) once per depth, from 0, as it completes.
Status RunTwoBitBfs(const Indexer& indexer, int threads,
                    const std::function<void(const BfsLevel&)>& on_level,
                    TwoBitTable* out, std::vector<uint64_t>* histogram);

struct TwoBitBfsOptions {
  int threads = 1;
  // A level runs backwards (each unreached state looks for a neighbour of
  // the level, lib/search/twobit_expand.h) once fewer states are left
  // unreached than this times the level's: 0 never, a huge value from the
  // first level on (tests). Backwards a state costs about a third of what
  // a state of the level costs forwards (2x6, one thread); 2 was best of
  // 0.25-1000 there.
  double backwards_ratio = 2.0;
};
Status RunTwoBitBfs(const Indexer& indexer, const TwoBitBfsOptions& options,
                    const std::function<void(const BfsLevel&)>& on_level,
                    TwoBitTable* out, std::vector<uint64_t>* histogram);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_TWOBIT_BFS_H_
