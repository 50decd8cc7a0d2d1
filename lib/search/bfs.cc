#include "lib/search/bfs.h"

#include "lib/search/bfs_levels.h"

namespace slidedb {

Status RunBfs(const Indexer& indexer, const BfsOptions& options,
              const std::function<void(const BfsLevel&)>& on_level,
              BfsResult* result) {
  if (options.metric == Metric::kMtm) {
    return bfs::RunLevels<bfs::MultiTile>(indexer, options, on_level, result);
  }
  return bfs::RunLevels<bfs::SingleTile>(indexer, options, on_level, result);
}

Status RunBfs(const Indexer& indexer, int threads,
              const std::function<void(const BfsLevel&)>& on_level,
              BfsResult* result) {
  BfsOptions options;
  options.threads = threads;
  return RunBfs(indexer, options, on_level, result);
}

}  // namespace slidedb
