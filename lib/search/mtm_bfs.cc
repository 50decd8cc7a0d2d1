#include "lib/search/mtm_bfs.h"

#include "lib/search/bfs_levels.h"

namespace slidedb {

void ForEachMtmMove(const Board& board, const State& s,
                    const std::function<void(const State&, Move, int)>& visit) {
  for (Move m : kAllMoves) {
    State next = s;
    int cells = 0;
    for (int to = board.Neighbor(next.blank, m); to >= 0;
         to = board.Neighbor(next.blank, m)) {
      next.tile[next.blank] = next.tile[to];
      next.tile[to] = 0;
      next.blank = static_cast<uint8_t>(to);
      visit(next, m, ++cells);
    }
  }
}

Status RunMtmBfs(const Indexer& indexer, const BfsOptions& options,
                 const std::function<void(const BfsLevel&)>& on_level,
                 BfsResult* result) {
  return bfs::RunLevels<bfs::MultiTile>(indexer, options, on_level, result);
}

Status RunMtmBfs(const Indexer& indexer, int threads,
                 const std::function<void(const BfsLevel&)>& on_level,
                 BfsResult* result) {
  BfsOptions options;
  options.threads = threads;
  return RunMtmBfs(indexer, options, on_level, result);
}

Status RunMtmBfs(const Indexer& indexer,
                 const std::function<void(const BfsLevel&)>& on_level,
                 BfsResult* result) {
  return RunMtmBfs(indexer, 1, on_level, result);
}

}  // namespace slidedb
