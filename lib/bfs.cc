#include "lib/bfs.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <thread>

#include "lib/format.h"

namespace slidedb {

namespace {

constexpr uint8_t kUnseen = 0xff;
constexpr Index kChunk = 1 << 16;  // indexes a worker takes at a time

// Finds the states of depth `depth` in [begin, end), expands them, and
// returns how many there were.
uint64_t ExpandRange(const Indexer& indexer, Index begin, Index end,
                     uint8_t depth, uint8_t* depths, uint8_t* records) {
  const Board& board = indexer.board();
  const uint8_t next = static_cast<uint8_t>(depth + 1);
  const uint64_t pattern = 0x0101010101010101ull * depth;
  uint64_t found = 0;
  auto expand = [&](Index i) {
    ++found;
    const State s = indexer.StateAt(i);
    for (Move m : kAllMoves) {
      if (board.Neighbor(s.blank, m) < 0) continue;
      Index j;
      if (m == Move::kLeft || m == Move::kRight) {
        j = Indexer::AfterSidewaysMove(i, m);
      } else {
        State t = s;
        ApplyMove(board, m, &t);
        j = indexer.IndexOf(t);
      }
      std::atomic_ref<uint8_t> d(depths[j]);
      if (d.load(std::memory_order_relaxed) == kUnseen) {
        d.store(next, std::memory_order_relaxed);
        std::atomic_ref<uint8_t>(records[j]).store(
            EncodeRecord(next, Inverse(m)), std::memory_order_relaxed);
      }
    }
  };
  Index i = begin;
  for (; i + 8 <= end; i += 8) {
    uint64_t w;
    std::memcpy(&w, depths + i, 8);  // racy bytes of other depths don't match
    w ^= pattern;
    // A zero byte in w marks a state of this depth.
    uint64_t zero = (w - 0x0101010101010101ull) & ~w & 0x8080808080808080ull;
    while (zero != 0) {
      const Index k = i + (__builtin_ctzll(zero) >> 3);
      if (depths[k] == depth) expand(k);
      zero &= zero - 1;
    }
  }
  for (; i < end; ++i) {
    if (depths[i] == depth) expand(i);
  }
  return found;
}

}  // namespace

Status RunBfs(const Indexer& indexer, int threads,
              const std::function<void(const BfsLevel&)>& on_level,
              BfsResult* result) {
  const auto t0 = std::chrono::steady_clock::now();
  const Index size = indexer.size();
  threads = std::max(1, threads);
  std::vector<uint8_t> depths(size, kUnseen);
  result->records.assign(size, 0);
  result->histogram.clear();
  const Index goal =
      indexer.IndexOf(CanonicalGoal(indexer.board(), indexer.goal_blank()));
  depths[goal] = 0;
  result->records[goal] = EncodeRecord(0, Move::kUp);
  uint64_t total = 0;
  for (int depth = 0;; ++depth) {
    if (depth >= kUnseen - 1) {
      return Status::Corruption("search deeper than 253 levels");
    }
    std::atomic<Index> next_chunk{0};
    std::atomic<uint64_t> found{0};
    auto worker = [&] {
      uint64_t mine = 0;
      while (true) {
        const Index begin = next_chunk.fetch_add(kChunk);
        if (begin >= size) break;
        const Index end = std::min<Index>(size, begin + kChunk);
        mine += ExpandRange(indexer, begin, end, static_cast<uint8_t>(depth),
                            depths.data(), result->records.data());
      }
      found += mine;
    };
    if (threads == 1) {
      worker();
    } else {
      std::vector<std::thread> pool;
      for (int t = 0; t < threads; ++t) pool.emplace_back(worker);
      for (auto& t : pool) t.join();
    }
    const uint64_t count = found.load();
    if (count == 0) break;
    total += count;
    result->histogram.push_back(count);
    if (on_level) {
      const double secs = std::chrono::duration<double>(
                              std::chrono::steady_clock::now() - t0)
                              .count();
      on_level(BfsLevel{depth, count, total, secs});
    }
  }
  result->seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
          .count();
  if (total != size) {
    return Status::Corruption("search reached " + std::to_string(total) +
                              " of " + std::to_string(size) + " states");
  }
  return Status::OK();
}

}  // namespace slidedb
