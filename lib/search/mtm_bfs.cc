#include "lib/search/mtm_bfs.h"

#include <algorithm>
#include <atomic>
#include <barrier>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "lib/search/bfs_context.h"
#include "lib/search/bfs_memory.h"
#include "lib/search/bfs_ranks.h"
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

namespace bfs {
namespace {

// The deepest level the search expands: its claims say depth
// kMtmDeepest + 1, the last whose distance bits differ from kUnseen's and
// kNoState's (lib/search/bfs_context.h). The 12-cell boards' multi-tile
// radii are 33 (3x4, 4x3) and 41 (2x6, 6x2), so the single-tile search's
// wrap of depths is not needed here.
constexpr int kMtmDeepest = kDistanceSaturated - 2;

// The single-tile search's loop (lib/search/bfs.cc) without its wrap of
// deep levels: each worker takes chunks of ranks in turn and expands the
// states of the level in them; between levels one thread counts them.
template <typename S>
Status MtmSearch(const Indexer& indexer, const BfsOptions& options,
                 const std::function<void(const BfsLevel&)>& on_level,
                 BfsResult* result) {
  const auto t0 = std::chrono::steady_clock::now();
  const int threads = std::max(1, options.threads);
  const Index size = indexer.size();
  const Index ranks = size / static_cast<Index>(S::kCells);

  Context ctx;
  PrepareDecoding<S>(indexer, options.large_board_paths, &ctx);
  PrepareRecords(size, threads, &result->records);
  result->histogram.clear();
  ctx.records = result->records.data();
  ctx.size = size;
  const Index goal =
      indexer.IndexOf(CanonicalGoal(indexer.board(), indexer.goal_blank()));
  ctx.records[goal] = DepthKey(0);

  int depth = 0;
  uint64_t total = 0;
  bool done = false;
  Status status;
  const size_t flags = (static_cast<size_t>(size) >> kFlagShift) + 1;
  std::vector<uint8_t> active(flags, 0), next_active(flags, 0);
  ctx.active = active.data();
  ctx.next_active = next_active.data();
  ctx.active[goal >> kFlagShift] = 1;
  ctx.track = S::kTrackActive || options.large_board_paths;
  bool mark = ctx.track;  // whether the level marks next_active
  auto keys_of = [](int d) {
    return LevelKeys{DepthKey(d), d > 0 ? DepthKey(d - 1) : 0x100u,
                     DepthKey(d + 1)};
  };
  LevelKeys keys = keys_of(0);
  std::atomic<Index> next_chunk{0};
  std::atomic<uint64_t> found{0};
  // Runs once per level, on one thread, when every worker has finished it.
  auto level_done = [&]() noexcept {
    next_chunk.store(0);
    const uint64_t count = found.exchange(0);
    std::swap(ctx.active, ctx.next_active);
    // Marking pays only after small levels (kMarkBelow).
    mark = ctx.track && count < size / kMarkBelow;
    std::memset(ctx.next_active, mark ? 0 : 1, flags);
    if (count == 0) {
      done = true;
      return;
    }
    total += count;
    result->histogram.push_back(count);
    if (on_level) {
      const double secs =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
              .count();
      on_level(BfsLevel{depth, count, total, secs});
    }
    ++depth;
    keys = keys_of(depth);
    if (depth > kMtmDeepest) {
      status = Status::Corruption("multi-tile search deeper than " +
                                  std::to_string(kMtmDeepest) + " levels");
      done = true;
    }
  };
  std::barrier sync(threads, level_done);
  auto worker = [&] {
    while (!done) {
      uint64_t mine = 0;
      for (Index begin = next_chunk.fetch_add(kChunkRanks); begin < ranks;
           begin = next_chunk.fetch_add(kChunkRanks)) {
        const Index end = std::min<Index>(ranks, begin + kChunkRanks);
        mine += mark ? ExpandMtmRanks<S, true>(ctx, begin, end, keys)
                     : ExpandMtmRanks<S, false>(ctx, begin, end, keys);
      }
      found += mine;
      sync.arrive_and_wait();
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();

  result->records.resize(size);  // without the padding
  result->seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
          .count();
  if (!status.ok()) return status;
  if (total != size) {
    return Status::Corruption("multi-tile search reached " +
                              std::to_string(total) + " of " +
                              std::to_string(size) + " states");
  }
  return Status::OK();
}

}  // namespace
}  // namespace bfs

Status RunMtmBfs(const Indexer& indexer, const BfsOptions& options,
                 const std::function<void(const BfsLevel&)>& on_level,
                 BfsResult* result) {
  const Board& board = indexer.board();
  switch (board.rows() * 16 + board.cols()) {
#define SLIDEDB_SHAPE(r, c) \
  case r * 16 + c:          \
    return bfs::MtmSearch<bfs::Shape<r, c>>(indexer, options, on_level, result);
    SLIDEDB_FOR_EACH_SHAPE(SLIDEDB_SHAPE)
#undef SLIDEDB_SHAPE
  }
  return Status::InvalidArgument("board " + board.Name() +
                                 " is not supported by the search");
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
