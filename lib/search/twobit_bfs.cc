#include "lib/search/twobit_bfs.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <string>

#include "lib/base/out_of_memory.h"
#include "lib/base/threads.h"
#include "lib/puzzle/board.h"
#include "lib/puzzle/shapes.h"
#include "lib/puzzle/state.h"
#include "lib/search/bfs_memory.h"
#include "lib/search/twobit_expand.h"

namespace slidedb {
namespace bfs {
namespace {

// The two-bit breadth-first search from the goal, level by level, forwards
// and then (past backwards_ratio) backwards. Kept whole as the level loop
// its workers share their state with.
template <typename S>
Status Search(const Indexer& indexer, int threads, double backwards_ratio,
              const std::function<void(const BfsLevel&)>& on_level,
              TwoBitTable* out, std::vector<uint64_t>* histogram) {
  const auto t0 = std::chrono::steady_clock::now();
  const uint64_t size = indexer.size();
  Status s = out->Reset(size, threads);
  if (!s.ok()) return s;

  TwoBitContext c;
  PrepareDecoding<S>(indexer, /*large_board_paths=*/true, &c.ranks);
  c.words = reinterpret_cast<uint64_t*>(out->data());
  c.size = size;
  c.ranks_total = size / S::kCells;
  FreshArray<uint64_t> expanded;
  s = expanded.Allocate((size + 63) / 64, threads, 0);
  if (!s.ok()) return s;
  c.expanded = expanded.data();
  const uint64_t units = (c.ranks_total + kUnitRanks - 1) / kUnitRanks;
  std::vector<uint8_t> active(units, 0), next_active(units, 0);
  c.active = active.data();
  c.next_active = next_active.data();

  const uint64_t goal =
      indexer.IndexOf(CanonicalGoal(indexer.board(), indexer.goal_blank()));
  out->Set(goal, 0);
  active[goal / S::kCells / kUnitRanks] = 1;

  std::vector<uint64_t> counts;  // counts[d]: states at distance d
  uint64_t total = 0;            // their sum
  auto record = [&](int depth, uint64_t states) {
    counts.push_back(states);
    total += states;
    if (!on_level) return;
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
            .count();
    on_level(BfsLevel{depth, states, total, secs});
  };

  bool backwards = false;
  uint64_t claimed = 1;  // states claimed for the level about to run
  const uint64_t chunks = (units + kUnitsPerChunk - 1) / kUnitsPerChunk;
  for (int depth = 0;; ++depth) {
    const auto r = static_cast<uint8_t>(depth % 3);
    const auto next = static_cast<uint8_t>((depth + 1) % 3);
    if (!backwards && depth > 0 &&
        static_cast<double>(size - total - claimed) <
            backwards_ratio * static_cast<double>(claimed)) {
      backwards = true;
      std::fill(active.begin(), active.end(), 1);
    }
    std::atomic<uint64_t> next_chunk{0};
    std::atomic<uint64_t> done{0}, looked{0}, claims{0};
    // Marking the units of the next level pays unless it will hold a state
    // in nearly every unit (then every unit is scanned).
    const bool mark = claimed < 2 * units;
    auto work = [&] {
      uint64_t mine = 0, unreached = 0, claimed_here = 0;
      Forwards<S> forwards(c, r, next, mark);
      Backwards<S> back(c, r, next);
      for (;;) {
        const uint64_t k = next_chunk.fetch_add(1, std::memory_order_relaxed);
        if (k >= chunks) break;
        const uint64_t end = std::min(units, (k + 1) * kUnitsPerChunk);
        for (uint64_t b = k * kUnitsPerChunk; b < end; ++b) {
          if (active[b] == 0) continue;
          mine += backwards ? back.Unit(b) : forwards.Unit(b);
        }
      }
      if (backwards) {
        mine = back.Finish(&unreached);
      } else {
        claimed_here = forwards.Finish();
      }
      done.fetch_add(mine, std::memory_order_relaxed);
      looked.fetch_add(unreached, std::memory_order_relaxed);
      claims.fetch_add(claimed_here, std::memory_order_relaxed);
    };
    // Memory that runs out on a thread (a worker's claims held for
    // later) is the search's failure: an exception would end the process.
    std::atomic<bool> ran_out{false};
    RunOnThreads(threads, [&] {
      if (RanOutOfMemory(work)) ran_out = true;
    });
    if (ran_out) return Status::ResourceExhausted(OutOfMemoryText(false));
    if (!backwards) {
      // done: the states of this depth, each expanded once.
      const uint64_t n = done.load();
      if (n == 0) {
        out->set_max_distance(depth - 1);
        break;
      }
      record(depth, n);
      claimed = std::min(size - total, claims.load());
      if (mark) {
        std::swap(active, next_active);
      } else {
        std::fill(active.begin(), active.end(), 1);
      }
      std::fill(next_active.begin(), next_active.end(), 0);
      c.active = active.data();
      c.next_active = next_active.data();
    } else {
      // looked: the states unreached before this level, so those of this
      // depth are the rest; done: those it reached, of the next depth.
      if (counts.size() == static_cast<size_t>(depth)) {
        record(depth, size - total - looked.load());
      }
      const uint64_t n = done.load();
      if (n == 0) {
        out->set_max_distance(depth);
        break;
      }
      record(depth + 1, n);
    }
  }
  if (total != size) {
    return Status::Corruption("the search reached " + std::to_string(total) +
                              " of " + std::to_string(size) + " states");
  }
  if (histogram != nullptr) *histogram = std::move(counts);
  return Status::OK();
}

}  // namespace
}  // namespace bfs

Status RunTwoBitBfs(const Indexer& indexer, int threads,
                    const std::function<void(const BfsLevel&)>& on_level,
                    TwoBitTable* out, std::vector<uint64_t>* histogram) {
  TwoBitBfsOptions options;
  options.threads = threads;
  return RunTwoBitBfs(indexer, options, on_level, out, histogram);
}

Status RunTwoBitBfs(const Indexer& indexer, const TwoBitBfsOptions& options,
                    const std::function<void(const BfsLevel&)>& on_level,
                    TwoBitTable* out, std::vector<uint64_t>* histogram) {
  if (out == nullptr) return Status::Internal("no table to fill");
  const int threads = std::max(1, options.threads);
  const double ratio = std::max(0.0, options.backwards_ratio);
  const Board& board = indexer.board();
  switch (board.rows() * 16 + board.cols()) {
#define SLIDEDB_SHAPE(r, c)                                                 \
  case r * 16 + c:                                                          \
    return bfs::Search<bfs::Shape<r, c>>(indexer, threads, ratio, on_level, \
                                         out, histogram);
    SLIDEDB_FOR_EACH_SHAPE(SLIDEDB_SHAPE)
    SLIDEDB_FOR_EACH_TWO_BIT_ONLY_SHAPE(SLIDEDB_SHAPE)
#undef SLIDEDB_SHAPE
  }
  return Status::NotSupported("board " + board.Name() +
                              " is not supported by the two-bit search");
}

}  // namespace slidedb
