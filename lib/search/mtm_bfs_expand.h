// Expanding a level of the multi-tile search (lib/search/mtm_bfs.cc) with
// the single-tile search's machinery (lib/search/bfs_*.h): the states of
// the current depth found in a stretch of ranks, their neighbours worked
// out a batch at a time and claimed for the next depth.
//
// In the multi-tile metric a state's neighbours are the other states of its
// row (the blank slides along it: the same tile order, the other cells of
// the row, all in its own group of bytes) and of its column (rows() - 1 of
// them, in other groups, each a vertical step from the one before, whose
// ranks all follow from the state's own tile order). Each state claims
// the unseen ones for the next depth and takes as its best move the one
// towards its neighbour of the previous depth with the lowest index, as in
// the single-tile search: the records are the same on any number of
// threads.
#ifndef SLIDEDB_LIB_SEARCH_MTM_BFS_EXPAND_H_
#define SLIDEDB_LIB_SEARCH_MTM_BFS_EXPAND_H_

#include <utility>

#include "lib/search/bfs_expand.h"

namespace slidedb {
namespace bfs {

// A state found at the current depth, waiting its turn: its index, its
// rows() - 1 vertical neighbours as Key()s (the index and the move to it),
// whose bytes lie anywhere, and its nearest neighbour in its row of the
// previous depth, as Key(), or kNoKey.
template <typename S>
struct MtmPending {
  static constexpr int kVertical = S::kRows - 1;
  Index i;
  Index vertical[kVertical];
  Index best;
};

// The cells of row r, as bits.
template <typename S>
constexpr unsigned RowCells(int r) {
  return ((1u << S::kCols) - 1) << (r * S::kCols);
}

// Calls f(std::integral_constant<int, r>()) for each row r, in order.
template <typename S, int kRow = 0, typename F>
inline void ForEachRow(F f) {
  if constexpr (kRow < S::kRows) {
    f(std::integral_constant<int, kRow>());
    ForEachRow<S, kRow + 1>(f);
  }
}

// Expands every state of a level in ranks [begin, end); returns how many.
// With kFlags, marks in Context::next_active where it claims states. Kept
// whole as the hot loop of the multi-tile search.
template <typename S, bool kFlags>
uint64_t ExpandMtmRanks(const Context& ctx, Index begin, Index end,
                        const LevelKeys& keys) {
  constexpr Index kCells = S::kCells;
  constexpr int kCols = S::kCols;
  constexpr int kRows = S::kRows;
  using Pending = MtmPending<S>;
  using Lists = Batch<S, kRows>;
  const LevelBytes bytes(ctx, keys);
  uint8_t sink = 0;  // where stores that claim nothing go
  [[maybe_unused]] uint8_t flag_sink = 0;
  // Claims the unseen vertical neighbours of p.i for the next depth and
  // writes its record: the move towards its neighbour of the previous depth
  // with the lowest index.
  auto expand = [&](const Pending& p) {
    Index best = p.best;
    for (int m = 0; m < Pending::kVertical; ++m) {
      const Index key = p.vertical[m];
      best = ClaimNeighbor<kFlags>(
          bytes, key >> 2, [key] { return key; }, best, &sink, &flag_sink);
    }
    StoreByte(&bytes.records[p.i], static_cast<uint8_t>(keys.cur | (best & 3)));
  };
  // Idle entries read a byte after the records that no scan reaches
  // (kScratch), never kUnseen: they claim nothing.
  const Index scratch = static_cast<Index>(ctx.size + kScratch);
  Pending idle;
  idle.i = scratch;
  std::fill(std::begin(idle.vertical), std::end(idle.vertical),
            Key(scratch, 0));
  idle.best = kNoKey;
  Ring<Pending> ring(idle);
  Lists batch;
  // Works out the vertical neighbours of list r's n-th state (the blank on
  // row r), fetching their bytes, and its nearest neighbour of the previous
  // depth in its row, and puts it in the ring.
  auto visit = [&](auto row, unsigned n) {
    constexpr int r = decltype(row)::value;
    const unsigned s = batch.slot[r][n];
    const int b = batch.cell[r][n];
    const Index rank = batch.rank[s];
    const Index base = rank * kCells;
    Pending p;
    p.i = base + static_cast<Index>(b);
    // batch.sideways[s]: the group's cells of the previous depth. The
    // lowest of them in this row is the nearest, left of b or right.
    const unsigned row_prev =
        static_cast<unsigned>(batch.sideways[s]) & RowCells<S>(r);
    const int first = __builtin_ctz(row_prev | 1u << 31);
    const unsigned side_move =
        static_cast<unsigned>(first < b ? Move::kLeft : Move::kRight);
    p.best =
        Select(row_prev != 0,
               Key(base + static_cast<Index>(first & 31), side_move), kNoKey);
    const Order& o = batch.orders[s][bytes.odd_cells >> b & 1];
    // Up the column: 1 .. r cells; then down: 1 .. kRows - 1 - r cells.
    // Each vertical step changes the Lehmer digits of the places it passes
    // over only (lib/search/bfs_ranks.h): the digits of the places before
    // them count the same tiles after them, and the places after them keep
    // their tiles. So each step of a walk touches places that the steps
    // before it left as they were in o, and its change of rank is worked out
    // from o.
    int m = 0;
    auto walk = [&](auto up_t, auto cells_t) {
      constexpr int kUp = decltype(up_t)::value;
      constexpr int kSteps = decltype(cells_t)::value;
      Index at_rank = rank;
      int cell = b;
      for (int k = 0; k < kSteps; ++k) {
        const int to = kUp ? cell - kCols : cell + kCols;
        at_rank = Step<S>(o, at_rank, kUp ? to : cell, kUp);
        const Index j = at_rank * kCells + static_cast<Index>(to);
        __builtin_prefetch(bytes.records + j, 1);
        p.vertical[m++] =
            Key(j, static_cast<unsigned>(kUp ? Move::kUp : Move::kDown));
        cell = to;
      }
    };
    walk(std::integral_constant<int, 1>(), std::integral_constant<int, r>());
    walk(std::integral_constant<int, 0>(),
         std::integral_constant<int, kRows - 1 - r>());
    ring.Push(p, expand);
  };
  // Each rank's states, by row, claiming the unseen cells of their rows;
  // then each row's in turn.
  auto per_rank = [&](unsigned s, Index rank, const GroupMasks& g) {
    batch.sideways[s] = g.prev;
    // The unseen cells of each row with a state of this depth are its
    // neighbours: claimed here, once for the row.
    unsigned rows_with_cur = 0;
    for (int row = 0; row < kRows; ++row) {
      rows_with_cur |=
          Select((g.cur & RowCells<S>(row)) != 0, RowCells<S>(row), 0u);
    }
    const unsigned claim = g.unseen & rows_with_cur;
    uint8_t* const group = bytes.records + static_cast<size_t>(rank) * kCells;
    // (A store per cell, to `sink` where it claims nothing: a loop over
    // the claims' bits ended at random.)
    for (Index c = 0; c < kCells; ++c) {
      StoreByte(Select((claim >> c & 1) != 0, group + c, &sink), bytes.next);
    }
    if constexpr (kFlags) {
      if (claim != 0) {
        // (A group's bytes lie in at most two stretches.)
        const Index first = rank * kCells + __builtin_ctz(claim);
        const Index last = rank * kCells + 31 - __builtin_clz(claim);
        StoreByte(&bytes.next_active[first >> kFlagShift], 1);
        StoreByte(&bytes.next_active[last >> kFlagShift], 1);
      }
    }
    for (int row = 0; row < kRows; ++row) {
      batch.Append(row, (g.cur >> (row * kCols)) & ((1u << kCols) - 1),
                   row * kCols, s);
    }
  };
  auto per_batch = [&] {
    ForEachRow<S>([&](auto row) {
      for (unsigned n = 0; n < batch.count[row.value]; ++n) visit(row, n);
    });
  };
  const uint64_t found =
      ScanBatches<S>(ctx, begin, end, keys, batch, per_rank, per_batch);
  ring.Drain(expand);
  return found;
}

}  // namespace bfs
}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_MTM_BFS_EXPAND_H_
