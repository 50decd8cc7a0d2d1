// Retrograde breadth-first search: from a canonical goal outwards over every
// state that reaches it, recording each state's distance and a best move
// (lib/puzzle/record.h). Level by level, each worker scans a share of the records,
// which are the search's working bytes too, for the states of the current
// depth and claims their unseen neighbours, fetching the far ones (vertical
// moves) a few states ahead of their turn.
#ifndef SLIDEDB_LIB_SEARCH_BFS_H_
#define SLIDEDB_LIB_SEARCH_BFS_H_

#include <cstdint>
#include <functional>
#include <vector>

#include "lib/base/status.h"
#include "lib/puzzle/index.h"
#include "lib/puzzle/metric.h"
#include "lib/puzzle/record.h"

namespace slidedb {

struct BfsLevel {
  int depth;
  uint64_t states;  // at this depth
  uint64_t total;   // at this depth or nearer
  double seconds;   // since the search began
};

struct BfsResult {
  std::vector<uint8_t> records;     // records[index], lib/puzzle/record.h
  std::vector<uint64_t> histogram;  // histogram[d]: states at distance d
  double seconds = 0;
};

struct BfsOptions {
  int threads = 1;  // workers, at least 1
  // How moves are counted: single steps, or (Metric::kMtm) a slide of one
  // or more tiles of the blank's row or column (lib/search/mtm_bfs.h).
  Metric metric = Metric::kStm;
  // The depth from which the search's working bytes count depths from 0
  // again, 23 to kDistanceSaturated (lib/puzzle/record.h), whose distance bits
  // cannot say more; the search then reaches at most depth wrap_at + 18
  // (2x6 and 6x2 reach 80). Tests set it lower so that small boards take
  // that path too; the records are the same. Not in the multi-tile metric:
  // the deepest 12-cell boards (2x6, 6x2) reach 41 MTM moves, and a
  // multi-tile search deeper than 61 fails.
  int wrap_at = kDistanceSaturated;
  // Whether a smaller board takes the paths of the 12-cell ones too (tile
  // orders decoded where needed instead of listed beforehand; stretches of
  // the table without a state of the depth skipped), for tests.
  bool large_board_paths = false;
};

// Searches the whole table of `indexer`'s goal in options.metric, calling
// `on_level` (if set) once per depth as it completes. The records do not
// depend on the other options: each state's best move leads to its
// neighbour one step nearer the goal with the lowest index (in the
// multi-tile metric, the direction the blank takes towards it).
Status RunBfs(const Indexer& indexer, const BfsOptions& options,
              const std::function<void(const BfsLevel&)>& on_level,
              BfsResult* result);
// The same in single steps with `threads` workers and the other options as
// they come.
Status RunBfs(const Indexer& indexer, int threads,
              const std::function<void(const BfsLevel&)>& on_level,
              BfsResult* result);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_BFS_H_
