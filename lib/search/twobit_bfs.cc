#include "lib/search/twobit_bfs.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <string>
#include <thread>

#include "lib/puzzle/board.h"
#include "lib/puzzle/state.h"

namespace slidedb {
namespace {

// The states a worker takes at once: 64 words of the expanded bitmap, so
// that no two workers share one.
constexpr uint64_t kBlockStates = 4096;
constexpr uint64_t kWordsPerBlock = kBlockStates / 64;

// Bit 2k of the result is set where the value of pair k of `x` is `v`.
inline uint64_t PairsEqual(uint64_t x, uint8_t v) {
  const uint64_t y = x ^ (0x5555555555555555ull * v);
  return ~(y | y >> 1) & 0x5555555555555555ull;
}

// Sets state i to `v` if it is unreached, atomically against the other
// workers. Returns whether it did.
inline bool Claim(uint8_t* bytes, uint64_t i, uint8_t v) {
  uint8_t* p = bytes + (i >> 2);
  const int shift = TwoBitTable::Shift(i);
  uint8_t old = __atomic_load_n(p, __ATOMIC_RELAXED);
  for (;;) {
    if (((old >> shift) & 3) != kTwoBitUnreached) return false;
    const uint8_t now = static_cast<uint8_t>(old & ~((3u ^ v) << shift));
    if (__atomic_compare_exchange_n(p, &old, now, /*weak=*/true,
                                    __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
      return true;
    }
  }
}

// The shared state of one search.
struct Search {
  const Indexer* indexer;
  uint64_t size;
  uint64_t blocks;
  uint8_t* bytes;                  // the table's
  std::vector<uint64_t> expanded;  // one bit a state, set once expanded
  std::vector<uint8_t> active;     // per block: holds a state of the level
  std::vector<uint8_t> next_active;
  std::atomic<uint64_t> next_block{0};
  std::atomic<uint64_t> found{0};

  // Expands the states of residue `r` not expanded yet in `block`, claiming
  // their unreached neighbours with residue `next`. Returns how many.
  uint64_t ExpandBlock(uint64_t block, uint8_t r, uint8_t next) {
    const Board& board = indexer->board();
    uint64_t claimed = 0;
    const uint64_t first_word = block * kWordsPerBlock;
    const uint64_t end_word =
        std::min<uint64_t>(first_word + kWordsPerBlock, expanded.size());
    for (uint64_t w = first_word; w < end_word; ++w) {
      uint64_t done = expanded[w];
      if (done == ~0ull) continue;
      // The 64 states of word w are 16 bytes of the table, 32 a half.
      for (int half = 0; half < 2; ++half) {
        const auto* p =
            reinterpret_cast<const uint64_t*>(bytes + w * 16) + half;
        uint64_t match = PairsEqual(__atomic_load_n(p, __ATOMIC_RELAXED), r);
        while (match != 0) {
          const int k = half * 32 + __builtin_ctzll(match) / 2;
          match &= match - 1;
          if (done >> k & 1) continue;
          done |= 1ull << k;
          const uint64_t i = w * 64 + k;
          const State s = indexer->StateAt(static_cast<Index>(i));
          for (Move m : kAllMoves) {
            State t = s;
            if (!ApplyMove(board, m, &t)) continue;
            const uint64_t j = indexer->AfterMove(static_cast<Index>(i), m, t);
            if (Claim(bytes, j, next)) {
              ++claimed;
              __atomic_store_n(&next_active[j / kBlockStates], 1,
                               __ATOMIC_RELAXED);
            }
          }
        }
      }
      expanded[w] = done;
    }
    return claimed;
  }

  void Work(uint8_t r, uint8_t next) {
    uint64_t claimed = 0;
    for (;;) {
      const uint64_t b = next_block.fetch_add(1, std::memory_order_relaxed);
      if (b >= blocks) break;
      if (active[b]) claimed += ExpandBlock(b, r, next);
    }
    found.fetch_add(claimed, std::memory_order_relaxed);
  }
};

}  // namespace

Status RunTwoBitBfs(const Indexer& indexer, int threads,
                    const std::function<void(const BfsLevel&)>& on_level,
                    TwoBitTable* out, std::vector<uint64_t>* histogram) {
  if (out == nullptr) return Status::InvalidArgument("no table to fill");
  const auto t0 = std::chrono::steady_clock::now();
  threads = std::max(1, threads);
  const uint64_t size = indexer.size();
  out->Reset(size);

  Search search;
  search.indexer = &indexer;
  search.size = size;
  search.blocks = (size + kBlockStates - 1) / kBlockStates;
  search.bytes = out->data();
  search.expanded.assign((size + 63) / 64, 0);
  // The bits past the last state count as expanded.
  if (size % 64 != 0) search.expanded.back() = ~0ull << (size % 64);
  search.active.assign(search.blocks, 0);
  search.next_active.assign(search.blocks, 0);

  const uint64_t goal =
      indexer.IndexOf(CanonicalGoal(indexer.board(), indexer.goal_blank()));
  out->Set(goal, 0);
  search.active[goal / kBlockStates] = 1;

  std::vector<uint64_t> counts = {1};
  uint64_t total = 1;
  auto report = [&](int depth, uint64_t states) {
    if (!on_level) return;
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
            .count();
    on_level(BfsLevel{depth, states, total, secs});
  };
  report(0, 1);

  std::vector<std::thread> workers;
  for (int depth = 0;; ++depth) {
    const auto r = static_cast<uint8_t>(depth % 3);
    const auto next = static_cast<uint8_t>((depth + 1) % 3);
    search.next_block.store(0);
    search.found.store(0);
    std::fill(search.next_active.begin(), search.next_active.end(), 0);
    for (int t = 1; t < threads; ++t) {
      workers.emplace_back([&search, r, next] { search.Work(r, next); });
    }
    search.Work(r, next);
    for (std::thread& w : workers) w.join();
    workers.clear();
    const uint64_t count = search.found.load();
    if (count == 0) {
      out->set_max_distance(depth);
      break;
    }
    counts.push_back(count);
    total += count;
    report(depth + 1, count);
    std::swap(search.active, search.next_active);
  }
  if (total != size) {
    return Status::Corruption("the search reached " + std::to_string(total) +
                              " of " + std::to_string(size) + " states");
  }
  if (histogram != nullptr) *histogram = std::move(counts);
  return Status::OK();
}

}  // namespace slidedb
