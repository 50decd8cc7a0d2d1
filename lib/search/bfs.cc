#include "lib/search/bfs.h"

#include <algorithm>
#include <atomic>
#include <barrier>
#include <chrono>
#include <memory>
#include <thread>

#include "lib/search/bfs_context.h"
#include "lib/search/bfs_expand.h"
#include "lib/search/bfs_memory.h"
#include "lib/search/bfs_ranks.h"
#include "lib/search/bfs_scan.h"

namespace slidedb {
namespace bfs {

template <typename S>
Status Search(const Indexer& indexer, const BfsOptions& options,
              const std::function<void(const BfsLevel&)>& on_level,
              BfsResult* result) {
  const auto t0 = std::chrono::steady_clock::now();
  const int threads = std::max(1, options.threads);
  const int wrap_at =
      std::clamp(options.wrap_at, kKeptApart + 2, int{kDistanceSaturated});
  const Board& board = indexer.board();
  const Index size = indexer.size();
  const Index ranks = size / static_cast<Index>(S::kCells);

  Context ctx;
  PrepareDecoding<S>(indexer, options.large_board_paths, &ctx);
  PrepareRecords(size, threads, &result->records);
  result->histogram.clear();
  ctx.records = result->records.data();
  ctx.size = size;
  const Index goal =
      indexer.IndexOf(CanonicalGoal(board, indexer.goal_blank()));
  ctx.records[goal] = DepthKey(0);

  // What the workers do in a round between two barriers.
  enum class Round {
    kExpand,     // expand the states of `depth`
    kSetApart,   // set aside the states of depths below kKeptApart
    kWriteDeep,  // write the records of the states of depth wrap_at and more
  };
  Round round = Round::kExpand;
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
  bool sparse = false;    // whether the previous level marked ctx.active
  auto keys_of = [&](int d) {
    return LevelKeys{DepthKey(d % wrap_at),
                     d > 0 ? DepthKey((d - 1) % wrap_at) : 0x100u,
                     DepthKey((d + 1) % wrap_at)};
  };
  LevelKeys keys = keys_of(0);
  // The states set aside, with their records, by worker.
  std::vector<std::vector<std::pair<Index, uint8_t>>> apart(threads);
  std::atomic<Index> next_chunk{0};
  std::atomic<uint64_t> found{0};
  // Runs once per round, on one thread, when every worker has finished it.
  auto round_done = [&]() noexcept {
    next_chunk.store(0);
    if (round == Round::kSetApart) {
      round = Round::kExpand;
      return;
    }
    if (round == Round::kWriteDeep) {
      done = true;
      return;
    }
    const uint64_t count = found.exchange(0);
    std::swap(ctx.active, ctx.next_active);
    sparse = mark;
    // The next level marks where it claims states only when this one was
    // small: in the middle levels nearly every stretch holds some, and
    // marking cost more than scanning them all.
    mark = ctx.track && count < size / kMarkBelow;
    std::memset(ctx.next_active, mark ? 0 : 1, flags);
    if (count == 0) {
      // The states of depth wrap_at and more, if any, say their depth
      // modulo wrap_at.
      if (depth > wrap_at) {
        round = Round::kWriteDeep;
      } else {
        done = true;
      }
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
    if (depth + 1 >= wrap_at + kKeptApart) {
      // The next level's bytes would say the depth of states not set aside.
      status = Status::Corruption("search deeper than " +
                                  std::to_string(depth - 1) + " levels");
      done = true;
    } else if (depth + 1 == wrap_at) {
      // The next level's claims are the first to say depth 0 again.
      round = Round::kSetApart;
    }
  };
  std::barrier sync(threads, round_done);
  auto worker = [&](int t) {
    while (!done) {
      uint64_t mine = 0;
      // Each worker takes its next chunk before it does the current one, so
      // that on a level whose states are few, where each lies in a stretch
      // of its own and the scan jumps from one to the next, the first line
      // of each such stretch is fetched a chunk ahead.
      const bool few = ctx.track && sparse;
      Index begin = next_chunk.fetch_add(kChunkRanks);
      while (begin < ranks) {
        const Index after = next_chunk.fetch_add(kChunkRanks);
        if (few && after < ranks) {
          ForActiveStretches<S>(
              ctx.active, after, std::min<Index>(ranks, after + kChunkRanks),
              [&](size_t f) {
                __builtin_prefetch(ctx.records + (f << kFlagShift));
              });
        }
        const Index end = std::min<Index>(ranks, begin + kChunkRanks);
        const Index this_begin = begin;
        begin = after;
        if (round == Round::kSetApart) {
          ForKeptApart(ctx.records, size_t{this_begin} * S::kCells,
                       size_t{end} * S::kCells, [&](size_t i) {
                         apart[t].emplace_back(static_cast<Index>(i),
                                               ctx.records[i]);
                         ctx.records[i] = kNoState;
                       });
          continue;
        }
        if (round == Round::kWriteDeep) {
          ForKeptApart(ctx.records, size_t{this_begin} * S::kCells,
                       size_t{end} * S::kCells, [&](size_t i) {
                         const uint8_t x = ctx.records[i];
                         ctx.records[i] = EncodeRecord(
                             wrap_at + RecordDistance(x), RecordMove(x));
                       });
          continue;
        }
        mine += mark ? ExpandRanks<S, true>(ctx, this_begin, end, keys)
                     : ExpandRanks<S, false>(ctx, this_begin, end, keys);
      }
      found += mine;
      sync.arrive_and_wait();
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker, t);
  worker(0);
  for (auto& t : pool) t.join();

  for (const auto& mine : apart) {
    for (const auto& [i, record] : mine) ctx.records[i] = record;
  }
  result->records.resize(size);  // without the padding
  result->seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
          .count();
  if (!status.ok()) return status;
  if (total != size) {
    return Status::Corruption("search reached " + std::to_string(total) +
                              " of " + std::to_string(size) + " states");
  }
  return Status::OK();
}

}  // namespace bfs

Status RunBfs(const Indexer& indexer, const BfsOptions& options,
              const std::function<void(const BfsLevel&)>& on_level,
              BfsResult* result) {
  const Board& board = indexer.board();
  switch (board.rows() * 16 + board.cols()) {
#define SLIDEDB_SHAPE(r, c) \
  case r * 16 + c:          \
    return bfs::Search<bfs::Shape<r, c>>(indexer, options, on_level, \
                                         result);
    SLIDEDB_FOR_EACH_SHAPE(SLIDEDB_SHAPE)
#undef SLIDEDB_SHAPE
  }
  return Status::InvalidArgument("board " + board.Name() +
                                 " is not supported by the search");
}

Status RunBfs(const Indexer& indexer, int threads,
              const std::function<void(const BfsLevel&)>& on_level,
              BfsResult* result) {
  BfsOptions options;
  options.threads = threads;
  return RunBfs(indexer, options, on_level, result);
}

}  // namespace slidedb
