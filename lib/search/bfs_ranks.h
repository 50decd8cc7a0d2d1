// The rank arithmetic of the search (lib/search/bfs.cc): a vertical move's
// change of rank worked out from a few Lehmer digits, and a rank's tile
// order decoded (lib/puzzle/index.h defines the ranks).
#ifndef SLIDEDB_LIB_SEARCH_BFS_RANKS_H_
#define SLIDEDB_LIB_SEARCH_BFS_RANKS_H_

#include "lib/search/bfs_context.h"

namespace slidedb {
namespace bfs {

// A vertical move takes one tile over the kJump tiles after it (the blank
// moving up) or before it (down), and changes only the Lehmer digits of
// those kJump + 1 places: each tile passed over keeps its digit, plus one
// (up) or minus one (down) if it is greater than the moving tile, and
// moves one place; the moving tile's digit loses (up) or gains (down) one
// for each smaller tile it passes. So the new rank is the old one plus a
// sum of those digits, each times a weight, plus a constant that depends
// only on which of the tiles passed over are greater: one table entry per
// place and direction.
// (kGreater: 32 up to 6 columns, 64 on 2x7's, whose moves lift over six.)
template <int kGreater>
struct alignas(16) VerticalStep {
  int32_t weight[8];  // of the digits at places first .. first + kJump
  int32_t by_greater[kGreater];  // bit j: the j-th tile lifted over is greater
};
template <typename S>
using VerticalStepOf = VerticalStep<(S::kJump <= 5 ? 32 : 64)>;

template <typename S>
struct VerticalSteps {
  static_assert(S::kJump + 1 <= 8 && S::kJump <= 6);
  using Step = VerticalStepOf<S>;
  // The places p of the moving tile (up) or of the first tile lifted over
  // (down): 0 .. kM - 1 - kJump.
  static constexpr int kPlaces = S::kM - S::kJump;
  static constexpr int64_t W(int i) { return static_cast<int64_t>(S::kW[i]); }
  static constexpr std::array<Step, kPlaces> Make(bool up) {
    constexpr int kJ = S::kJump;
    std::array<Step, kPlaces> steps{};
    for (int p = 0; p < kPlaces; ++p) {
      Step& s = steps[p];
      for (int j = 0; j <= kJ; ++j) {
        // Up: the tile at p moves to p + kJ, the others one place left.
        // Down: the tile at p + kJ moves to p, the others one place right.
        const int64_t w =
            up ? (j == 0 ? W(p + kJ) - W(p) : W(p + j - 1) - W(p + j))
               : (j == kJ ? W(p) - W(p + kJ) : W(p + j + 1) - W(p + j));
        s.weight[j] = static_cast<int32_t>(w);
      }
      for (unsigned mask = 0; mask < (1u << kJ); ++mask) {
        // A greater tile lifted over gains (up) or loses (down) one in its
        // digit; the moving tile's digit loses (up) or gains (down) one for
        // each smaller one.
        int64_t c = up ? -kJ * W(p + kJ) : kJ * W(p);
        for (int j = 0; j < kJ; ++j) {
          if ((mask >> j & 1) == 0) continue;
          c += up ? W(p + j) + W(p + kJ) : -(W(p + j + 1) + W(p));
        }
        s.by_greater[mask] = static_cast<int32_t>(c);
      }
    }
    return steps;
  }
  // kSteps[up][p]: up 1 for the blank moving up, 0 for down.
  static constexpr std::array<std::array<Step, kPlaces>, 2> kSteps = {
      Make(false), Make(true)};
};

// rank plus step's sum over the digits at places first .. first + kJump of
// o, plus its constant for the tiles passed over that are `greater`.
template <typename S>
inline Index ApplyStep(const VerticalStepOf<S>& step, const Order& o,
                       Index rank, int first, unsigned greater) {
#if defined(__SSE4_1__)
  auto digits4 = [&](int at) {
    int32_t v;
    std::memcpy(&v, o.digit + at, 4);
    return _mm_cvtepu8_epi32(_mm_cvtsi32_si128(v));
  };
  __m128i sum = _mm_mullo_epi32(
      digits4(first),
      _mm_load_si128(reinterpret_cast<const __m128i*>(step.weight)));
  if constexpr (S::kJump + 1 > 4) {
    sum = _mm_add_epi32(
        sum,
        _mm_mullo_epi32(
            digits4(first + 4),
            _mm_load_si128(reinterpret_cast<const __m128i*>(step.weight + 4))));
  }
  sum = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, 0x4e));
  sum = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, 0xb1));
  return rank + static_cast<Index>(_mm_cvtsi128_si32(sum)) +
         static_cast<Index>(step.by_greater[greater]);
#else
  Index r = rank + static_cast<Index>(step.by_greater[greater]);
  for (int j = 0; j <= S::kJump; ++j) {
    r += static_cast<Index>(o.digit[first + j]) *
         static_cast<Index>(step.weight[j]);
  }
  return r;
#endif
}

// Which of the tiles at places from .. from + kJump - 1 are greater than
// tile t, as bits.
template <typename S>
inline unsigned GreaterThan(const Order& o, uint8_t t, int from) {
  constexpr unsigned kMask = (1u << S::kJump) - 1;
#if defined(__SSE2__)
  const __m128i seq = _mm_load_si128(reinterpret_cast<const __m128i*>(o.seq));
  const unsigned gt = static_cast<unsigned>(_mm_movemask_epi8(
      _mm_cmpgt_epi8(seq, _mm_set1_epi8(static_cast<char>(t)))));
  return (gt >> from) & kMask;
#else
  unsigned gt = 0;
  for (int j = 0; j < S::kJump; ++j) gt |= unsigned{o.seq[from + j] > t} << j;
  return gt;
#endif
}

// The rank after the blank moves up (up = 1) to cell p, or down (up = 0)
// from cell p; either way the move touches places p .. p + kJump.
template <typename S>
inline Index Step(const Order& o, Index rank, int p, int up) {
  return ApplyStep<S>(
      VerticalSteps<S>::kSteps[up][p], o, rank, p,
      GreaterThan<S>(o, o.seq[p + S::kJump * (1 - up)], p + up));
}

// Decodes rank's tile order, with the last two tiles in the order that gives
// each inversion parity: orders[0] and orders[1]. (Inlined: every rank a
// 12-cell board's level visits needs it, and the call cost 3% of the
// instructions there.)
template <typename S>
[[gnu::always_inline]] inline void Decode(const Context& ctx, Index rank,
                                          Order orders[2]) {
  constexpr Index kLowRanks = S::kW[S::kHigh - 1];
  const Index hi = rank / kLowRanks;
  const Context::High& h = ctx.high[hi];
  const Context::Low& l = ctx.low[rank - hi * kLowRanks];
  // In increasing order the last two tiles add no inversion; swapped, one.
  const int odd = (h.sum + l.sum) & 1;
  Order& o = orders[0];
  Order& p = orders[1];
#if defined(__SSSE3__)
  const __m128i tiles =
      _mm_load_si128(reinterpret_cast<const __m128i*>(h.tiles));
  const __m128i digit =
      _mm_or_si128(_mm_load_si128(reinterpret_cast<const __m128i*>(h.digit)),
                   _mm_load_si128(reinterpret_cast<const __m128i*>(l.digit)));
  const __m128i one = _mm_insert_epi16(_mm_setzero_si128(), 1, (S::kM - 2) / 2);
  const __m128i swap_digit =
      _mm_or_si128(digit, (S::kM - 2) % 2 == 0 ? one : _mm_slli_epi16(one, 8));
  auto pick = [&](int k) {
    return _mm_shuffle_epi8(
        tiles, _mm_load_si128(reinterpret_cast<const __m128i*>(l.pick[k])));
  };
  _mm_store_si128(reinterpret_cast<__m128i*>(o.seq), pick(odd));
  _mm_store_si128(reinterpret_cast<__m128i*>(p.seq), pick(odd ^ 1));
  // (Selected with a mask: a branch on the parity would be taken at
  // random.)
  const __m128i odd_mask = _mm_set1_epi8(static_cast<char>(-odd));
  _mm_store_si128(reinterpret_cast<__m128i*>(o.digit),
                  _mm_or_si128(digit, _mm_and_si128(odd_mask, swap_digit)));
  _mm_store_si128(reinterpret_cast<__m128i*>(p.digit),
                  _mm_or_si128(digit, _mm_andnot_si128(odd_mask, swap_digit)));
#else
  for (int i = 0; i < 16; ++i) {
    o.seq[i] = h.tiles[l.pick[odd][i]];
    p.seq[i] = h.tiles[l.pick[odd ^ 1][i]];
    o.digit[i] = p.digit[i] = static_cast<uint8_t>(h.digit[i] | l.digit[i]);
  }
  (odd ? o : p).digit[S::kM - 2] = 1;
#endif
}

// Fills ctx->high and ctx->low for Decode by taking ranks apart digit by
// digit: the digits of a rank are rank / kW[i], then the rest, and so on.
template <typename S>
void FillHalves(Context* ctx) {
  constexpr int kHigh = S::kHigh;
  constexpr Index kLowRanks = S::kW[kHigh - 1];
  constexpr Index kHighRanks = S::kW[0] * S::kM / kLowRanks;
  ctx->high.resize(kHighRanks);
  for (Index hi = 0; hi < kHighRanks; ++hi) {
    Context::High& h = ctx->high[hi];
    h = {};
    Index rest = hi * kLowRanks;
    unsigned unused = (1u << S::kM) - 1;
    for (int i = 0; i < kHigh; ++i) {
      const int d = static_cast<int>(rest / S::kW[i]);
      rest -= static_cast<Index>(d) * S::kW[i];
      const int v = ctx->select[unused * kMaxCells + d];
      unused &= ~(1u << v);
      h.tiles[i] = static_cast<uint8_t>(v + 1);
      h.digit[i] = static_cast<uint8_t>(d);
      h.sum = static_cast<uint8_t>(h.sum + d);
    }
    int k = kHigh;
    for (unsigned x = unused; x != 0; x &= x - 1) {
      h.tiles[k++] = static_cast<uint8_t>(__builtin_ctz(x) + 1);
    }
  }
  ctx->low.resize(kLowRanks);
  for (Index lo = 0; lo < kLowRanks; ++lo) {
    Context::Low& l = ctx->low[lo];
    l = {};
    for (int i = 0; i < kHigh; ++i) l.pick[0][i] = static_cast<uint8_t>(i);
    Index rest = lo;
    // Which of the tiles after the first h are left, by their place in
    // increasing order, bit j for the j-th.
    unsigned left = (1u << (S::kM - kHigh)) - 1;
    for (int i = kHigh; i < S::kKept; ++i) {
      const int d = static_cast<int>(rest / S::kW[i]);
      rest -= static_cast<Index>(d) * S::kW[i];
      const int j = ctx->select[left * kMaxCells + d];
      left &= ~(1u << j);
      l.pick[0][i] = static_cast<uint8_t>(kHigh + j);
      l.digit[i] = static_cast<uint8_t>(d);
      l.sum = static_cast<uint8_t>(l.sum + d);
    }
    const int a = __builtin_ctz(left);
    const int b = __builtin_ctz(left & (left - 1));
    l.pick[0][S::kM - 2] = static_cast<uint8_t>(kHigh + a);
    l.pick[0][S::kM - 1] = static_cast<uint8_t>(kHigh + b);
    for (int i = S::kM; i < 16; ++i) l.pick[0][i] = 0x80;  // zero
    std::memcpy(l.pick[1], l.pick[0], 16);
    std::swap(l.pick[1][S::kM - 2], l.pick[1][S::kM - 1]);
  }
}

// Writes to *out, in rank order, every tile order whose first `pos` tiles
// are cur's, with inversion parity 0: their ranks count up in the order of
// the kept digits.
template <typename S>
void ListOrders(int pos, unsigned unused, int sum, Order* cur, Order** out) {
  if (pos == S::kKept) {
    const uint8_t a = static_cast<uint8_t>(__builtin_ctz(unused) + 1);
    const uint8_t b =
        static_cast<uint8_t>(__builtin_ctz(unused & (unused - 1)) + 1);
    const bool even = (sum & 1) == 0;
    cur->seq[S::kM - 2] = even ? a : b;
    cur->seq[S::kM - 1] = even ? b : a;
    cur->digit[S::kM - 2] = even ? 0 : 1;
    cur->digit[S::kM - 1] = 0;
    *(*out)++ = *cur;
    return;
  }
  int d = 0;
  for (unsigned x = unused; x != 0; x &= x - 1, ++d) {
    const int v = __builtin_ctz(x);
    cur->seq[pos] = static_cast<uint8_t>(v + 1);
    cur->digit[pos] = static_cast<uint8_t>(d);
    ListOrders<S>(pos + 1, unused & ~(1u << v), sum + d, cur, out);
  }
}

// Fills what Context needs to decode tile orders for `indexer`'s board:
// the parities by blank cell, `select`, Decode's halves and, on small
// boards (unless `large_board_paths`), the table of every tile order.
template <typename S>
void PrepareDecoding(const Indexer& indexer, bool large_board_paths,
                     Context* ctx) {
  const Board& board = indexer.board();
  const Index ranks = indexer.size() / static_cast<Index>(S::kCells);
  for (int b = 0; b < S::kCells; ++b) {
    ctx->parity[b] =
        S::kCols % 2 == 0
            ? static_cast<uint8_t>(
                  (board.Row(b) + board.Row(indexer.goal_blank())) & 1)
            : 0;
    ctx->odd_cells |= unsigned{ctx->parity[b]} << b;
  }
  ctx->select.assign(static_cast<size_t>(kMaxCells) << S::kM, 0);
  for (unsigned mask = 0; mask < (1u << S::kM); ++mask) {
    int k = 0;
    for (unsigned x = mask; x != 0; x &= x - 1) {
      ctx->select[mask * kMaxCells + k++] =
          static_cast<uint8_t>(__builtin_ctz(x));
    }
  }
  if (ranks <= kMaxOrderTable && !large_board_paths) {
    ctx->orders.resize(ranks);
    Order cur{};
    Order* out = ctx->orders.data();
    ListOrders<S>(0, (1u << S::kM) - 1, 0, &cur, &out);
  }
  FillHalves<S>(ctx);  // Decode's, for the odd parity on small boards too
}

}  // namespace bfs
}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_BFS_RANKS_H_
