#include "lib/search/bfs.h"

#include "lib/search/bfs_expand.h"
#include "lib/search/bfs_levels.h"

namespace slidedb {
namespace {

// The single-tile metric of the level engine (lib/search/bfs_levels.h):
// a move slides one tile; depths past BfsOptions::wrap_at wrap.
struct SingleTile {
  static constexpr const char* kName = "search";
  static constexpr bool kWraps = true;
  template <typename S, bool kFlags>
  static uint64_t Expand(const bfs::Context& ctx, bfs::Index begin,
                         bfs::Index end, const bfs::LevelKeys& keys) {
    return bfs::ExpandRanks<S, kFlags>(ctx, begin, end, keys);
  }
};

}  // namespace

Status RunBfs(const Indexer& indexer, const BfsOptions& options,
              const std::function<void(const BfsLevel&)>& on_level,
              BfsResult* result) {
  return bfs::RunLevels<SingleTile>(indexer, options, on_level, result);
}

Status RunBfs(const Indexer& indexer, int threads,
              const std::function<void(const BfsLevel&)>& on_level,
              BfsResult* result) {
  BfsOptions options;
  options.threads = threads;
  return RunBfs(indexer, options, on_level, result);
}

}  // namespace slidedb
