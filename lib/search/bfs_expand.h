// Expanding a level (lib/search/bfs.cc): the states of the current depth
// found in a stretch of ranks, their neighbours worked out a batch at a
// time and claimed for the next depth.
#ifndef SLIDEDB_LIB_SEARCH_BFS_EXPAND_H_
#define SLIDEDB_LIB_SEARCH_BFS_EXPAND_H_

#include "lib/search/bfs_ranks.h"
#include "lib/search/bfs_scan.h"

namespace slidedb {
namespace bfs {

// A state found at the current depth, waiting its turn: its index, the
// indexes of its vertical neighbours, whose bytes lie anywhere, and its
// nearest sideways neighbour of the previous depth (found in its own
// group's bytes). kVertical is how many vertical moves its blank has: one
// on the top row (down) and on the bottom row (up), two in between (up,
// then down).
template <int kVertical>
struct Pending {
  Index i;
  Index vertical[kVertical];
  // The nearest sideways neighbour of the previous depth and the move to
  // it, as Key(), or kNoKey.
  Index best;
  uint8_t first_move;  // of vertical[0]
};
// A neighbour's index and the move to it in one number, which orders them
// as their indexes do (a table searched has fewer than 2^30 states: Batch).
inline Index Key(Index j, unsigned move) { return j * 4 + move; }
// No neighbour, whose move (the low two bits) is kUp: the goal's record.
constexpr Index kNoKey = ~Index{3};
static_assert((kNoKey & 3) == static_cast<unsigned>(Move::kUp));
// States whose vertical neighbours are fetched ahead of their turn. Those
// neighbours lie anywhere in the records (on 3x4, 240 MB): reading each
// only when needed left the search waiting on memory most of the time.
constexpr int kAhead = 16;
static_assert((kAhead & (kAhead - 1)) == 0);

// The last kAhead states put in, each expanded (by `expand`) when a new one
// pushes it out, or at the end. It starts full of `idle` entries, whose
// expansion changes nothing that matters, so that a push needs no branch.
template <typename P>
struct Ring {
  P slot[kAhead];
  unsigned head = 0;
  bool used = false;
  explicit Ring(const P& idle) {
    std::fill(std::begin(slot), std::end(slot), idle);
  }
  template <typename F>
  void Push(const P& p, F expand) {
    expand(slot[head]);
    slot[head] = p;
    head = (head + 1) % kAhead;
    used = true;
  }
  template <typename F>
  void Drain(F expand) {
    if (!used) return;
    for (const P& p : slot) expand(p);
  }
};

// c ? a : b by a conditional move, never a branch: where to claim a state
// or a local byte when there is nothing to claim, and the like, which would
// be taken at random in the middle levels (GCC turns a plain ?: of these
// into a branch).
template <typename T>
inline T Select(bool c, T a, T b) {
  if constexpr (sizeof(T) < 4) {
    return static_cast<T>(Select<unsigned>(c, a, b));
  } else {
#if defined(__x86_64__)
    asm("test %[c], %[c]\n\tcmovnz %[a], %[b]"
        : [b] "+r"(b)
        : [a] "r"(a), [c] "r"(c)
        : "cc");
    return b;
#else
    return c ? a : b;
#endif
  }
}
// &bytes[i], computed as a number: i may be one before the first byte
// (~0) where the address is never used.
inline uint8_t* ByteAt(uint8_t* bytes, Index i) {
  return reinterpret_cast<uint8_t*>(reinterpret_cast<uintptr_t>(bytes) + i);
}

// The cells of a board from which the blank can move by (dr, dc), as bits.
template <typename S>
constexpr unsigned CellsWhere(int dr, int dc) {
  unsigned mask = 0;
  for (int b = 0; b < S::kCells; ++b) {
    const int r = b / S::kCols + dr, c = b % S::kCols + dc;
    if (r >= 0 && r < S::kRows && c >= 0 && c < S::kCols) mask |= 1u << b;
  }
  return mask;
}

// The set bits of a row's mask (at most 6 columns), lowest first.
struct alignas(16) Columns {
  uint8_t at[16];
};
constexpr std::array<Columns, 64> MakeColumns() {
  std::array<Columns, 64> table{};
  for (unsigned mask = 0; mask < 64; ++mask) {
    int k = 0;
    for (uint8_t c = 0; c < 6; ++c) {
      if ((mask >> c & 1) != 0) table[mask].at[k++] = c;
    }
  }
  return table;
}
constexpr std::array<Columns, 64> kColumns = MakeColumns();

// The states of up to 64 ranks, taken apart: each rank with a state of the
// current depth in a slot, with its tile orders and the bit masks of its
// group's bytes, and the states in one list per kind of row, so that the
// loops over them run a count known beforehand (a loop over a rank's own
// states ended at random) and compute only the vertical moves that exist.
// (The multi-tile search, lib/search/mtm_bfs_expand.h, keeps one list per
// row: kListsT = S::kRows.)
template <typename S, int kListsT = (S::kRows > 2 ? 3 : 2)>
struct Batch {
  static_assert(S::kCols <= 6);    // kColumns
  static_assert(S::kCells <= 12);  // 12!/2 states, fewer than 2^30: Key()
  // The lists: states with the blank on the top row, on the bottom row and
  // (boards of three rows or more) in between.
  static constexpr int kTop = 0, kBottom = 1, kMiddle = 2;
  static constexpr int kLists = kListsT;
  // Room for every cell of 64 ranks, and one 16-byte store past the last.
  static constexpr int kRoom = 64 * S::kCells + 16;
  Index rank[64];
  // Per slot, bit b of bits 0-15: the cell left of b is unseen; 16-31, the
  // cell right of it; 32-47, the cell left of b is of the previous depth;
  // 48-63, the cell right of it.
  uint64_t sideways[64];
  Order orders[64][2];  // by inversion parity
  unsigned count[kLists];
  uint8_t cell[kLists][kRoom];
  uint8_t slot[kLists][kRoom];

  // Adds the cells of slot s in `bits` (one row's, shifted down to bit 0)
  // to list k, as cells row_base + column.
  void Append(int k, unsigned bits, int row_base, unsigned s) {
    uint8_t* const cells = cell[k] + count[k];
    uint8_t* const slots = slot[k] + count[k];
#if defined(__SSE2__)
    _mm_storeu_si128(
        reinterpret_cast<__m128i*>(cells),
        _mm_add_epi8(
            _mm_load_si128(reinterpret_cast<const __m128i*>(kColumns[bits].at)),
            _mm_set1_epi8(static_cast<char>(row_base))));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(slots),
                     _mm_set1_epi8(static_cast<char>(s)));
#else
    for (int c = 0; c < 16; ++c) {
      cells[c] = static_cast<uint8_t>(kColumns[bits].at[c] + row_base);
      slots[c] = static_cast<uint8_t>(s);
    }
#endif
    count[k] += static_cast<unsigned>(__builtin_popcount(bits));
  }
};

// Calls f(s) for each stretch s (Context::active) with a byte of ranks
// [begin, end) whose flag in `active` is set.
template <typename S, typename F>
void ForActiveStretches(const uint8_t* active, Index begin, Index end, F f) {
  const size_t last = (size_t{end} * S::kCells - 1) >> kFlagShift;
  for (size_t s = (size_t{begin} * S::kCells) >> kFlagShift; s <= last; ++s) {
    if (active[s] != 0) f(s);
  }
}

// Which of four groups of cells() bits at the bottom of m have a bit set,
// as bits 0-3.
template <typename S>
inline unsigned GroupsWithABit(uint64_t m) {
  constexpr int kC = S::kCells;
  if constexpr (kC >= 5) {
    // Per group: its low kC - 1 bits plus all ones carry into its top bit
    // if any is set. Then a multiplication gathers the four top bits,
    // k * kC + kC - 1, at 4 * (kC - 1) + k: the other products land
    // elsewhere, without carries (kC - 1 > 3).
    constexpr uint64_t kLow = (uint64_t{1} << (kC - 1)) - 1;
    constexpr uint64_t kL =
        kLow | kLow << kC | kLow << (2 * kC) | kLow << (3 * kC);
    constexpr uint64_t kH = (kL << 1) & ~kL;
    constexpr uint64_t kGather = uint64_t{1} << (3 * (kC - 1)) |
                                 uint64_t{1} << (2 * (kC - 1)) |
                                 uint64_t{1} << (kC - 1) | 1;
    const uint64_t top = (((m & kL) + kL) | m) & kH;
    return static_cast<unsigned>((top * kGather) >> (4 * (kC - 1))) & 15;
  } else {
    constexpr uint64_t kGroup = (uint64_t{1} << kC) - 1;
    unsigned four = 0;
    for (int k = 0; k < 4; ++k) {
      four |= unsigned{((m >> (kC * k)) & kGroup) != 0} << k;
    }
    return four;
  }
}

// Sets bit r - begin of holds[] for each rank r of [begin, end) with a byte
// whose distance bits are `key`: one pass over the bytes (the stretches
// without a state of the level skipped, Context::active) whose loops do not
// depend on what the bytes hold, so that finding the next such rank costs
// no mispredicted branch. REQUIRES: end - begin <= kChunkRanks.
template <typename S>
inline void FindRanksWith(const Context& ctx, Index begin, Index end,
                          uint8_t key, uint64_t holds[kChunkRanks / 64]) {
  constexpr Index kCells = S::kCells;
  std::fill(holds, holds + kChunkRanks / 64, uint64_t{0});
  // Notes the ranks from `from` to `to`, four at a time (48 bytes at the
  // most).
  auto note = [&](Index from, Index to) {
    for (Index r = begin + (from - begin) / 4 * 4; r < to; r += 4) {
      const uint8_t* const p = ctx.records + static_cast<size_t>(r) * kCells;
      const uint64_t m = Matches16(p, key) |
                         uint64_t{Matches16(p + 16, key)} << 16 |
                         uint64_t{Matches16(p + 32, key)} << 32;
      unsigned four = GroupsWithABit<S>(m);
      if (end - r < 4) four &= (1u << (end - r)) - 1;  // the table's end
      holds[(r - begin) >> 6] |= uint64_t{four} << ((r - begin) & 63);
    }
  };
  if (!ctx.track) {
    note(begin, end);
  } else {
    ForActiveStretches<S>(ctx.active, begin, end, [&](size_t f) {
      // The ranks with a byte in stretch f.
      note(std::max<Index>(begin,
                           static_cast<Index>((f << kFlagShift) / kCells)),
           std::min<Index>(
               end,
               static_cast<Index>((((f + 1) << kFlagShift) - 1) / kCells + 1)));
    });
  }
}

// What a level's expansion reads and writes through, copied out of Context
// and LevelKeys: the compiler cannot keep their fields in registers across
// the byte stores otherwise. (The sinks, whose addresses stores take, stay
// apart, so that the copies stay in registers.)
struct LevelBytes {
  LevelBytes(const Context& ctx, const LevelKeys& keys)
      : records(ctx.records),
        next_active(ctx.next_active),
        next(keys.next),
        prev(keys.prev),
        odd_cells(ctx.odd_cells) {}
  uint8_t* const records;
  uint8_t* const next_active;
  const uint8_t next;  // the key of the next depth's claims
  const unsigned prev;
  const unsigned odd_cells;
};

// Claims neighbour j for the next depth if it is unseen, marking its
// stretch in next_active with kFlags, without a branch (stores that claim
// nothing go to the sinks); returns key_of() (Key(j, the move to j)) if j
// is of the previous depth and that key is lower than `best`, else best.
// The multi-tile search's expansion shares it.
template <bool kFlags, typename KeyOf>
[[gnu::always_inline]] inline Index ClaimNeighbor(const LevelBytes& bytes,
                                                  Index j, KeyOf key_of,
                                                  Index best, uint8_t* sink,
                                                  uint8_t* flag_sink) {
  const uint8_t x = LoadByte(&bytes.records[j]);
  const bool unseen = x == kUnseen;
  StoreByte(Select(unseen, &bytes.records[j], sink), bytes.next);
  if constexpr (kFlags) {
    StoreByte(Select(unseen, &bytes.next_active[j >> kFlagShift], flag_sink),
              1);
  }
  const Index key = key_of();
  const bool nearer = ((x & kDistanceBits) == bytes.prev) & (key < best);
  return Select(nearer, key, best);
}

// Finds the states of the level in ranks [begin, end) and takes them 64
// ranks a batch: each rank with one gets a slot s of `batch` (its rank and
// tile orders) and per_rank(s, rank, masks) lists its states; after each
// batch, per_batch() expands them. Returns how many states it found. The
// single-tile and multi-tile expansions share it.
template <typename S, typename B, typename PerRank, typename PerBatch>
[[gnu::always_inline]] inline uint64_t ScanBatches(const Context& ctx,
                                                   Index begin, Index end,
                                                   const LevelKeys& keys,
                                                   B& batch, PerRank per_rank,
                                                   PerBatch per_batch) {
  // (Copies, which the compiler cannot keep in registers across the byte
  // stores otherwise.)
  const uint8_t* const records = ctx.records;
  const unsigned odd_cells = ctx.odd_cells;
  uint64_t found = 0;
  uint64_t holds[kChunkRanks / 64];
  FindRanksWith<S>(ctx, begin, end, keys.cur, holds);
  for (Index w = 0; w < kChunkRanks / 64; ++w) {
    if (holds[w] == 0) continue;
    std::fill(std::begin(batch.count), std::end(batch.count), 0u);
    unsigned s = 0;
    for (uint64_t ranks = holds[w]; ranks != 0; ranks &= ranks - 1, ++s) {
      const Index rank =
          begin + static_cast<Index>(w * 64 + __builtin_ctzll(ranks));
      const GroupMasks g = MasksAt<S>(records, rank, keys);
      found += static_cast<unsigned>(__builtin_popcount(g.cur));
      batch.rank[s] = rank;
      per_rank(s, rank, g);
      if (ctx.orders.empty()) {
        Decode<S>(ctx, rank, batch.orders[s]);
      } else {
        batch.orders[s][0] = ctx.orders[rank];
        if ((g.cur & odd_cells) != 0) Decode<S>(ctx, rank, batch.orders[s]);
      }
    }
    per_batch();
  }
  return found;
}

// Expands every state of a level in ranks [begin, end); returns how many.
// With kFlags, marks in Context::next_active where it claims states. Kept
// whole as the hot loop of the search.
template <typename S, bool kFlags>
uint64_t ExpandRanks(const Context& ctx, Index begin, Index end,
                     const LevelKeys& keys) {
  constexpr unsigned kCanLeft = CellsWhere<S>(0, -1);
  constexpr unsigned kCanRight = CellsWhere<S>(0, 1);
  constexpr Index kCells = S::kCells;
  constexpr int kCols = S::kCols;
  const LevelBytes bytes(ctx, keys);
  uint8_t sink = 0;  // where stores that claim nothing go
  [[maybe_unused]] uint8_t flag_sink = 0;
  // Claims the unseen vertical neighbours of p.i for the next depth and
  // writes its record: the move towards its neighbour of the previous depth
  // with the lowest index.
  auto expand = [&](const auto& p) {
    constexpr int kVertical = sizeof(p.vertical) / sizeof(p.vertical[0]);
    Index best = p.best;
    for (int m = 0; m < kVertical; ++m) {
      const Index j = p.vertical[m];
      const unsigned move =
          m == 0 ? p.first_move : static_cast<unsigned>(Move::kDown);
      best = ClaimNeighbor<kFlags>(
          bytes, j, [&] { return Key(j, move); }, best, &sink, &flag_sink);
    }
    StoreByte(&bytes.records[p.i], static_cast<uint8_t>(keys.cur | (best & 3)));
  };
  // Idle entries read and write a byte after the records that no scan
  // reaches (kScratch). It holds kNoState, then this or an earlier level's
  // key: never kUnseen, so they claim nothing.
  const Index scratch = static_cast<Index>(ctx.size + kScratch);
  Ring<Pending<1>> one({scratch, {scratch}, kNoKey, 0});  // top, bottom rows
  Ring<Pending<2>> two({scratch, {scratch, scratch}, kNoKey, 0});  // between
  Batch<S> batch;
  // Works out the vertical neighbours of list k's n-th state, claims its
  // unseen sideways ones, and puts it in its ring.
  auto visit = [&](auto list, unsigned n) {
    constexpr int k = decltype(list)::value;
    const unsigned s = batch.slot[k][n];
    const int b = batch.cell[k][n];
    const Index rank = batch.rank[s];
    const Index i = rank * kCells + static_cast<Index>(b);
    const Order& o = batch.orders[s][bytes.odd_cells >> b & 1];
    const uint64_t side = batch.sideways[s] >> b;
    // (A cell between two states of this depth may be claimed twice, with
    // the same byte.)
    const bool claim_l = side & 1;
    const bool claim_r = (side >> 16) & 1;
    StoreByte(Select(claim_l, ByteAt(bytes.records, i - 1), &sink), bytes.next);
    StoreByte(Select(claim_r, ByteAt(bytes.records, i + 1), &sink), bytes.next);
    if constexpr (kFlags) {
      // (i - 1 and i + 1 may lie in the stretches beside i's.)
      StoreByte(
          Select(claim_l, ByteAt(bytes.next_active, (i - 1) >> kFlagShift),
                 &flag_sink),
          1);
      StoreByte(
          Select(claim_r, ByteAt(bytes.next_active, (i + 1) >> kFlagShift),
                 &flag_sink),
          1);
    }
    // The nearest sideways neighbour of the previous depth: the left one if
    // it is, else the right one.
    const bool left = (side >> 32) & 1;
    const bool right = (side >> 48) & 1;
    const Index best = Select(
        left, Key(i - 1, static_cast<unsigned>(Move::kLeft)),
        Select(right, Key(i + 1, static_cast<unsigned>(Move::kRight)), kNoKey));
    // The vertical neighbours, fetched ahead of their turn.
    auto above = [&] {
      const int up = b - kCols;
      const Index j = Step<S>(o, rank, up, 1) * kCells + static_cast<Index>(up);
      __builtin_prefetch(bytes.records + j, 1);
      return j;
    };
    auto below = [&] {
      const Index j =
          Step<S>(o, rank, b, 0) * kCells + static_cast<Index>(b + kCols);
      __builtin_prefetch(bytes.records + j, 1);
      return j;
    };
    if constexpr (k == Batch<S>::kTop) {
      one.Push({i, {below()}, best, static_cast<uint8_t>(Move::kDown)}, expand);
    } else if constexpr (k == Batch<S>::kBottom) {
      one.Push({i, {above()}, best, static_cast<uint8_t>(Move::kUp)}, expand);
    } else {
      two.Push({i, {above(), below()}, best, static_cast<uint8_t>(Move::kUp)},
               expand);
    }
  };
  // Each rank's states, by kind of row; then each list's in turn.
  auto per_rank = [&](unsigned s, Index, const GroupMasks& g) {
    // Bit b: the cell left (right) of b is unseen, or of the previous
    // depth, where the blank can move there.
    batch.sideways[s] = uint64_t{(g.unseen & kCanRight) << 1} |
                        uint64_t{(g.unseen & kCanLeft) >> 1} << 16 |
                        uint64_t{(g.prev & kCanRight) << 1} << 32 |
                        uint64_t{(g.prev & kCanLeft) >> 1} << 48;
    for (int row = 0; row < S::kRows; ++row) {
      const int k = row == 0              ? Batch<S>::kTop
                    : row == S::kRows - 1 ? Batch<S>::kBottom
                                          : Batch<S>::kMiddle;
      batch.Append(k, (g.cur >> (row * kCols)) & ((1u << kCols) - 1),
                   row * kCols, s);
    }
  };
  auto per_batch = [&] {
    using Top = std::integral_constant<int, Batch<S>::kTop>;
    using Bottom = std::integral_constant<int, Batch<S>::kBottom>;
    using Middle = std::integral_constant<int, Batch<S>::kMiddle>;
    for (unsigned n = 0; n < batch.count[Top::value]; ++n) visit(Top(), n);
    for (unsigned n = 0; n < batch.count[Bottom::value]; ++n) {
      visit(Bottom(), n);
    }
    if constexpr (Batch<S>::kLists > 2) {
      for (unsigned n = 0; n < batch.count[Middle::value]; ++n) {
        visit(Middle(), n);
      }
    }
  };
  const uint64_t found =
      ScanBatches<S>(ctx, begin, end, keys, batch, per_rank, per_batch);
  one.Drain(expand);
  two.Drain(expand);
  return found;
}

}  // namespace bfs
}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_BFS_EXPAND_H_
