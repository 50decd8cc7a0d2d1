#include "lib/search/mtm_bfs.h"

#include "lib/search/bfs_levels.h"
#include "lib/search/mtm_bfs_expand.h"

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

namespace {

// The multi-tile metric of the level engine (lib/search/bfs_levels.h): a
// move slides one or more tiles of the blank's row or column. The 12-cell
// boards' multi-tile radii are 33 (3x4, 4x3) and 41 (2x6, 6x2), so the
// single-tile search's wrap of depths is not needed here.
struct MultiTile {
  static constexpr const char* kName = "multi-tile search";
  static constexpr bool kWraps = false;
  template <typename S, bool kFlags>
  static uint64_t Expand(const bfs::Context& ctx, bfs::Index begin,
                         bfs::Index end, const bfs::LevelKeys& keys) {
    return bfs::ExpandMtmRanks<S, kFlags>(ctx, begin, end, keys);
  }
};

}  // namespace

Status RunMtmBfs(const Indexer& indexer, const BfsOptions& options,
                 const std::function<void(const BfsLevel&)>& on_level,
                 BfsResult* result) {
  return bfs::RunLevels<MultiTile>(indexer, options, on_level, result);
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
