// The breadth-first level engine every metric's table search shares
// (RunBfs, lib/search/bfs.h, in single-tile or, lib/search/mtm_bfs.h,
// multi-tile moves): level by level, each worker
// takes chunks of ranks in turn and expands the states of the current
// depth in them; between levels one thread counts them, swaps the marks
// of where states were claimed, and moves on.
//
// A metric is a type the engine takes as a template parameter, as
// Stockfish's search<NodeType>() takes its node kinds:
//   // "search", "multi-tile search": for messages.
//   static constexpr const char* kName;
//   // Whether depths from BfsOptions::wrap_at on count from 0 again (with
//   // the states of depths below kKeptApart set aside meanwhile,
//   // lib/search/bfs_context.h); without, the search fails past depth
//   // kDistanceSaturated - 2.
//   static constexpr bool kWraps;
//   // Expands every state of a level in ranks [begin, end); how many:
//   // uint64_t (*)(const Context&, Index begin, Index end,
//   //              const LevelKeys&), as ExpandRanks.
//   template <typename S, bool kFlags>
//   static constexpr auto Expand = &ExpandRanks<S, kFlags>;
// The metrics: SingleTile and MultiTile, below. Included by bfs.cc and
// mtm_bfs.cc only.
#ifndef SLIDEDB_LIB_SEARCH_BFS_LEVELS_H_
#define SLIDEDB_LIB_SEARCH_BFS_LEVELS_H_

#include <algorithm>
#include <atomic>
#include <barrier>
#include <chrono>
#include <cstring>
#include <functional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "lib/base/out_of_memory.h"
#include "lib/base/status.h"
#include "lib/base/threads.h"
#include "lib/puzzle/index.h"
#include "lib/puzzle/shapes.h"
#include "lib/search/bfs.h"
#include "lib/search/bfs_context.h"
#include "lib/search/bfs_expand.h"
#include "lib/search/bfs_memory.h"
#include "lib/search/bfs_ranks.h"
#include "lib/search/bfs_scan.h"
#include "lib/search/mtm_bfs_expand.h"

namespace slidedb {
namespace bfs {

template <typename S, typename Metric>
class LevelSearch {
 public:
  LevelSearch(const Indexer& indexer, const BfsOptions& options,
              const std::function<void(const BfsLevel&)>& on_level,
              BfsResult* result)
      : on_level_(on_level),
        result_(result),
        threads_(std::max(1, options.threads)),
        wrap_at_(Metric::kWraps ? std::clamp(options.wrap_at, kKeptApart + 2,
                                             int{kDistanceSaturated})
                                : int{kDistanceSaturated}),
        size_(indexer.size()),
        ranks_(size_ / static_cast<Index>(S::kCells)),
        flags_((static_cast<size_t>(size_) >> kFlagShift) + 1),
        active_(flags_, 0),
        next_active_(flags_, 0),
        apart_(threads_) {
    PrepareDecoding<S>(indexer, options.large_board_paths, &ctx_);
    PrepareRecords(size_, threads_, &result->records);
    result->histogram.clear();
    ctx_.records = result->records.data();
    ctx_.size = size_;
    const Index goal =
        indexer.IndexOf(CanonicalGoal(indexer.board(), indexer.goal_blank()));
    ctx_.records[goal] = DepthKey(0);
    ctx_.active = active_.data();
    ctx_.next_active = next_active_.data();
    ctx_.active[goal >> kFlagShift] = 1;
    ctx_.track = S::kTrackActive || options.large_board_paths;
    mark_ = ctx_.track;
    keys_ = KeysOf(0);
  }

  Status Run() {
    std::barrier sync(threads_, RoundDone{this});
    std::vector<std::thread> pool;
    pool.reserve(threads_ - 1);
    for (int t = 1; t < threads_; ++t) {
      if (!StartThread(&pool, [this, t, &sync] { Worker(t, &sync); })) {
        // The system refuses threads (ulimit -v): those started share the
        // work (taken a chunk at a time), and the rounds stop waiting for
        // the others.
        for (int u = t; u < threads_; ++u) sync.arrive_and_drop();
        break;
      }
    }
    Worker(0, &sync);
    for (auto& t : pool) t.join();
    if (ran_out_) return Status::ResourceExhausted(OutOfMemoryText(false));
    for (const auto& mine : apart_) {
      for (const auto& [i, record] : mine) ctx_.records[i] = record;
    }
    result_->records.resize(size_);  // without the padding
    result_->seconds = Seconds();
    if (!status_.ok()) return status_;
    if (total_ != size_) {
      return Status::Corruption(std::string(Metric::kName) + " reached " +
                                std::to_string(total_) + " of " +
                                std::to_string(size_) + " states");
    }
    return Status::OK();
  }

 private:
  // What the workers do in a round between two barriers.
  enum class Round {
    kExpand,     // expand the states of `depth`
    kSetApart,   // set aside the states of depths below kKeptApart
    kWriteDeep,  // write the records of the states of depth wrap_at and more
  };
  struct RoundDone {
    LevelSearch* search;
    void operator()() noexcept { search->EndRoundOrStop(); }
  };

  double Seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_)
        .count();
  }

  LevelKeys KeysOf(int d) const {
    return LevelKeys{DepthKey(d % wrap_at_),
                     d > 0 ? DepthKey((d - 1) % wrap_at_) : 0x100u,
                     DepthKey((d + 1) % wrap_at_)};
  }

  // EndRound where no exception may pass (the barrier's completion): memory
  // that runs out there (the histogram grown, on_level's line), or in a
  // worker's round, stops the search, which Run then says.
  void EndRoundOrStop() noexcept {
    if (ran_out_ || RanOutOfMemory([this] { EndRound(); })) {
      ran_out_ = true;
      done_ = true;
    }
  }

  // Runs once per round, on one thread, when every worker has finished it.
  void EndRound() {
    next_chunk_.store(0);
    if (round_ == Round::kSetApart) {
      round_ = Round::kExpand;
      return;
    }
    if (round_ == Round::kWriteDeep) {
      done_ = true;
      return;
    }
    const uint64_t count = found_.exchange(0);
    std::swap(ctx_.active, ctx_.next_active);
    sparse_ = mark_;
    // The next level marks where it claims states only when this one was
    // small: in the middle levels nearly every stretch holds some, and
    // marking cost more than scanning them all.
    mark_ = ctx_.track && count < size_ / kMarkBelow;
    std::memset(ctx_.next_active, mark_ ? 0 : 1, flags_);
    if (count == 0) {
      // The states of depth wrap_at and more, if any, say their depth
      // modulo wrap_at.
      if (depth_ > wrap_at_) {
        round_ = Round::kWriteDeep;
      } else {
        done_ = true;
      }
      return;
    }
    total_ += count;
    result_->histogram.push_back(count);
    if (on_level_) on_level_(BfsLevel{depth_, count, total_, Seconds()});
    ++depth_;
    keys_ = KeysOf(depth_);
    if (depth_ + 1 >= wrap_at_ + (Metric::kWraps ? kKeptApart : 0)) {
      // The next level's bytes would say the depth of states not set aside.
      status_ =
          Status::Corruption(std::string(Metric::kName) + " deeper than " +
                             std::to_string(depth_ - 1) + " levels");
      done_ = true;
    } else if (depth_ + 1 == wrap_at_) {
      // The next level's claims are the first to say depth 0 again.
      round_ = Round::kSetApart;
    }
  }

  // Does the round's work on ranks [begin, end) for worker t; how many
  // states of the level it found.
  uint64_t Chunk(int t, Index begin, Index end) {
    const size_t from = size_t{begin} * S::kCells;
    const size_t to = size_t{end} * S::kCells;
    if (Metric::kWraps && round_ == Round::kSetApart) {
      ForKeptApart(ctx_.records, from, to, [&](size_t i) {
        apart_[t].emplace_back(static_cast<Index>(i), ctx_.records[i]);
        ctx_.records[i] = kNoState;
      });
      return 0;
    }
    if (Metric::kWraps && round_ == Round::kWriteDeep) {
      ForKeptApart(ctx_.records, from, to, [&](size_t i) {
        const uint8_t x = ctx_.records[i];
        ctx_.records[i] =
            EncodeRecord(wrap_at_ + RecordDistance(x), RecordMove(x));
      });
      return 0;
    }
    return mark_ ? Metric::template Expand<S, true>(ctx_, begin, end, keys_)
                 : Metric::template Expand<S, false>(ctx_, begin, end, keys_);
  }

  template <typename Barrier>
  void Worker(int t, Barrier* sync) {
    while (!done_) {
      uint64_t mine = 0;
      // Each worker takes its next chunk before it does the current one, so
      // that on a level whose states are few, where each lies in a stretch
      // of its own and the scan jumps from one to the next, the first line
      // of each such stretch is fetched a chunk ahead.
      const bool few = ctx_.track && sparse_;
      Index begin = next_chunk_.fetch_add(kChunkRanks);
      while (begin < ranks_) {
        const Index after = next_chunk_.fetch_add(kChunkRanks);
        if (few && after < ranks_) {
          ForActiveStretches<S>(
              ctx_.active, after, std::min<Index>(ranks_, after + kChunkRanks),
              [&](size_t f) {
                __builtin_prefetch(ctx_.records + (f << kFlagShift));
              });
        }
        // (Set apart, a round's states go into vectors that grow.)
        if (RanOutOfMemory([&] {
              mine +=
                  Chunk(t, begin, std::min<Index>(ranks_, begin + kChunkRanks));
            })) {
          ran_out_ = true;
        }
        begin = after;
      }
      found_ += mine;
      sync->arrive_and_wait();
    }
  }

  const std::chrono::steady_clock::time_point t0_ =
      std::chrono::steady_clock::now();
  const std::function<void(const BfsLevel&)>& on_level_;
  BfsResult* const result_;
  const int threads_;
  const int wrap_at_;
  const Index size_;
  const Index ranks_;
  const size_t flags_;
  Context ctx_;
  std::vector<uint8_t> active_, next_active_;
  // The states set aside, with their records, by worker.
  std::vector<std::vector<std::pair<Index, uint8_t>>> apart_;
  std::atomic<Index> next_chunk_{0};
  std::atomic<uint64_t> found_{0};
  // Read by every worker, written by EndRound between the barriers.
  Round round_ = Round::kExpand;
  int depth_ = 0;
  uint64_t total_ = 0;
  bool done_ = false;
  // Memory ran out in a round or between two (EndRoundOrStop).
  std::atomic<bool> ran_out_{false};
  Status status_;
  LevelKeys keys_;
  bool mark_ = false;    // whether the level marks next_active
  bool sparse_ = false;  // whether the previous level marked ctx.active
};

// The single-tile metric of the level engine (lib/search/bfs_levels.h):
// a move slides one tile; depths past BfsOptions::wrap_at wrap.
struct SingleTile {
  static constexpr const char* kName = "search";
  static constexpr bool kWraps = true;
  template <typename S, bool kFlags>
  static constexpr auto Expand = &ExpandRanks<S, kFlags>;
};

// The multi-tile metric of the level engine (lib/search/bfs_levels.h): a
// move slides one or more tiles of the blank's row or column. The 12-cell
// boards' multi-tile radii are 33 (3x4, 4x3) and 41 (2x6, 6x2), so the
// single-tile search's wrap of depths is not needed.
struct MultiTile {
  static constexpr const char* kName = "multi-tile search";
  static constexpr bool kWraps = false;
  template <typename S, bool kFlags>
  static constexpr auto Expand = &ExpandMtmRanks<S, kFlags>;
};

// RunBfs: the search of `indexer`'s board by `Metric`.
template <typename Metric>
Status RunLevels(const Indexer& indexer, const BfsOptions& options,
                 const std::function<void(const BfsLevel&)>& on_level,
                 BfsResult* result) {
  const Board& board = indexer.board();
  switch (board.rows() * 16 + board.cols()) {
#define SLIDEDB_SHAPE(r, c)                                             \
  case r * 16 + c:                                                      \
    return LevelSearch<Shape<r, c>, Metric>(indexer, options, on_level, \
                                            result)                     \
        .Run();
    SLIDEDB_FOR_EACH_SHAPE(SLIDEDB_SHAPE)
#undef SLIDEDB_SHAPE
  }
  return Status::InvalidArgument("board " + board.Name() +
                                 " is not supported by the search");
}

}  // namespace bfs
}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_BFS_LEVELS_H_
