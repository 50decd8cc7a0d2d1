#include "lib/search/pdb_build.h"

#include <atomic>
#include <bit>
#include <chrono>
#include <new>

#include "lib/base/threads.h"
#include "lib/puzzle/pattern.h"
#include "lib/puzzle/region_pattern.h"
#include "lib/puzzle/state.h"

namespace slidedb {

namespace {

// Sets bit `i`; true if it was clear.
bool TestAndSet(std::vector<uint64_t>& bits, uint64_t i) {
  std::atomic_ref<uint64_t> word(bits[i >> 6]);
  const uint64_t bit = uint64_t{1} << (i & 63);
  if (word.load(std::memory_order_relaxed) & bit) return false;
  return !(word.fetch_or(bit, std::memory_order_relaxed) & bit);
}

// The breadth-first search of one pattern database's abstract space: a
// state is a bit, (placement index) * free_cells + (which blank region,
// named by its first free cell), in three bit sets: visited, this level's
// and the next's. An entry indexed by placement takes the depth of the
// first of its states reached; one indexed by placement and region
// (PdbIndexKind::kBlankRegion) is one state's depth.
class AbstractBfs {
 public:
  AbstractBfs(const Board& board, const std::vector<int>& tiles,
              PdbIndexKind kind)
      : n_(board.cells()),
        k_(static_cast<int>(tiles.size())),
        indexer_(n_, k_),
        entries_(board, k_, kind),
        by_region_(kind == PdbIndexKind::kBlankRegion),
        masks_(board),
        free_cells_(n_ - k_) {}

  // The words of each bit set: a bit for each placement and free cell.
  static uint64_t BitWords(const PatternIndexer& indexer, int free_cells) {
    return (indexer.size() * static_cast<uint64_t>(free_cells) + 63) / 64;
  }

  // Room for the entries, all kPdbUnreached, in *values, and for the bit
  // sets; ResourceExhausted when there is not enough memory.
  Status Allocate(const Board& board, std::vector<uint8_t>* values) {
    try {
      values->assign(entries_.size(), kPdbUnreached);
      visited_.assign(BitWords(indexer_, free_cells_), 0);
      current_.assign(visited_.size(), 0);
      next_.assign(visited_.size(), 0);
    } catch (const std::bad_alloc&) {
      return Status::ResourceExhausted(
          "not enough memory for a pattern database of " + std::to_string(k_) +
          " tiles on " + board.Name());
    }
    values_ = values->data();
    return Status::OK();
  }

  // The goal's state, at depth 0.
  void SeedGoal(const Board& board, int goal_blank,
                const std::vector<int>& tiles) {
    const State goal = CanonicalGoal(board, goal_blank);
    uint8_t cell[kMaxPatternTiles];
    uint32_t occupied = 0;
    for (int i = 0; i < k_; ++i) {
      for (int c = 0; c < n_; ++c) {
        if (goal.tile[c] == tiles[i]) cell[i] = static_cast<uint8_t>(c);
      }
      occupied |= 1u << cell[i];
    }
    uint64_t index;
    const uint64_t s = StateOf(cell, occupied, goal_blank, &index);
    TestAndSet(visited_, s);
    TestAndSet(current_, s);
    values_[entries_.IndexOf(cell, goal_blank)] = 0;
  }

  // Expands every state of this level by `threads` threads into the next,
  // which then becomes this one; the new states, and the placements they
  // give the entry depth + 1.
  void ExpandLevel(int depth, int threads, uint64_t* states,
                   uint64_t* entries) {
    std::atomic<size_t> next_chunk{0};
    std::atomic<uint64_t> level_states{0}, level_entries{0};
    auto work = [&] {
      uint64_t my_states = 0, my_entries = 0;
      Expand(static_cast<uint8_t>(depth + 1), &next_chunk, &my_states,
             &my_entries);
      level_states += my_states;
      level_entries += my_entries;
    };
    RunOnThreads(threads, work);
    *states = level_states;
    *entries = level_entries;
    if (*states != 0) std::swap(current_, next_);
  }

 private:
  // The abstract state of a placement and a blank cell: its bit number.
  uint64_t StateOf(const uint8_t* cell, uint32_t occupied, int blank,
                   uint64_t* index) const {
    const uint32_t region = masks_.Region(occupied, blank);
    const int rep = std::countr_zero(region);
    const uint32_t free = masks_.all() & ~occupied;
    *index = indexer_.IndexOf(cell);
    return *index * free_cells_ +
           static_cast<uint64_t>(std::popcount(free & ((1u << rep) - 1)));
  }

  // One thread's share of a level: chunks of this level's words taken from
  // *next_chunk until none is left. Kept whole as the hot loop: every
  // abstract state is expanded here.
  void Expand(uint8_t new_value, std::atomic<size_t>* next_chunk,
              uint64_t* my_states, uint64_t* my_entries) {
    constexpr size_t kChunkWords = 1 << 12;
    const size_t words = current_.size();
    uint8_t cell[kMaxPatternTiles];
    uint64_t decoded = UINT64_MAX;
    uint32_t occupied = 0;
    for (;;) {
      const size_t begin = next_chunk->fetch_add(kChunkWords);
      if (begin >= words) break;
      const size_t end = std::min(words, begin + kChunkWords);
      for (size_t w = begin; w < end; ++w) {
        uint64_t word = current_[w];
        if (word == 0) continue;
        current_[w] = 0;
        while (word != 0) {
          const uint64_t s = w * 64 + std::countr_zero(word);
          word &= word - 1;
          const uint64_t index = s / free_cells_;
          const int nth_free = static_cast<int>(s % free_cells_);
          if (index != decoded) {
            indexer_.CellsAt(index, cell);
            occupied = 0;
            for (int i = 0; i < k_; ++i) occupied |= 1u << cell[i];
            decoded = index;
          }
          uint32_t free = masks_.all() & ~occupied;
          for (int j = 0; j < nth_free; ++j) free &= free - 1;
          const uint32_t region =
              masks_.Region(occupied, std::countr_zero(free));
          for (int i = 0; i < k_; ++i) {
            const int from = cell[i];
            // The tile slides into a cell of the blank's region next to it.
            uint32_t to_cells = masks_.Grow(1u << from) & region;
            while (to_cells != 0) {
              const int to = std::countr_zero(to_cells);
              to_cells &= to_cells - 1;
              cell[i] = static_cast<uint8_t>(to);
              const uint32_t moved = occupied ^ (1u << from) ^ (1u << to);
              uint64_t to_index;
              const uint64_t t = StateOf(cell, moved, from, &to_index);
              if (TestAndSet(visited_, t)) {
                TestAndSet(next_, t);
                ++*my_states;
                if (by_region_) {  // this state's own entry
                  values_[entries_.IndexOf(cell, from)] = new_value;
                  ++*my_entries;
                  continue;
                }
                std::atomic_ref<uint8_t> v(values_[to_index]);
                uint8_t unreached = kPdbUnreached;
                if (v.compare_exchange_strong(unreached, new_value,
                                              std::memory_order_relaxed)) {
                  ++*my_entries;
                }
              }
            }
            cell[i] = static_cast<uint8_t>(from);
          }
        }
      }
    }
  }

  const int n_;
  const int k_;
  const PatternIndexer indexer_;  // of the states' bits
  const GroupIndexer entries_;    // of the values
  const bool by_region_;
  const CellMasks masks_;
  const int free_cells_;  // blank regions are named by one of these
  std::vector<uint64_t> visited_, current_, next_;
  uint8_t* values_ = nullptr;
};

}  // namespace

uint64_t PatternDbBuildBytes(const Board& board, int tiles, PdbIndexKind kind) {
  const uint64_t words = AbstractBfs::BitWords(
      PatternIndexer(board.cells(), tiles), board.cells() - tiles);
  return GroupIndexer(board, tiles, kind).size() + 3 * words * 8;
}

Status BuildPatternDb(const Board& board, int goal_blank,
                      const std::vector<int>& tiles, PdbIndexKind kind,
                      int threads,
                      const std::function<void(const PdbLevel&)>& progress,
                      PdbResult* out) {
  const auto t0 = std::chrono::steady_clock::now();
  auto seconds = [&t0] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
        .count();
  };
  AbstractBfs bfs(board, tiles, kind);
  Status s = bfs.Allocate(board, &out->values);
  if (!s.ok()) return s;
  bfs.SeedGoal(board, goal_blank, tiles);
  out->histogram.assign(1, 1);
  out->states = 1;
  if (progress) progress({0, 1, 1, 1, seconds()});
  for (int depth = 0;; ++depth) {
    uint64_t level_states, level_entries;
    bfs.ExpandLevel(depth, threads, &level_states, &level_entries);
    if (level_states == 0) break;
    out->states += level_states;
    out->histogram.push_back(level_entries);
    if (progress) {
      progress(
          {depth + 1, level_states, out->states, level_entries, seconds()});
    }
  }
  // The last depths may reach abstract states but no new placement.
  while (out->histogram.size() > 1 && out->histogram.back() == 0) {
    out->histogram.pop_back();
  }
  out->seconds = seconds();
  return Status::OK();
}

}  // namespace slidedb
