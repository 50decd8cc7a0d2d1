#include "lib/search/bfs.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <barrier>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <thread>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "lib/puzzle/record.h"
#include "lib/puzzle/shapes.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__SSSE3__)
#include <smmintrin.h>
#endif

namespace slidedb {

namespace {

// How the search works. The records themselves are its working bytes (one
// array, 240 MB on 3x4, instead of records and depth bytes apart): a byte
// holds kUnseen until a state is reached, then its distance in the record's
// distance bits (lib/puzzle/record.h) with move 0, and its whole record once the
// state is expanded. Each level scans the records for the states of the
// current depth, chunk by chunk: first which groups hold one, then those
// groups, 64 at a time, whose states are listed by the row of their blank
// (Batch): the loops over the lists run counts known beforehand, and each
// works out only the vertical moves its row has. Indexes come in groups of
// cells() with the same tile order (lib/puzzle/index.h): a group's sideways moves are
// found together from bit masks of its bytes, and the indexes of its vertical
// neighbours follow from its tile order, decoded once: a vertical move lifts
// one tile over cols()-1 others, which changes only those tiles' Lehmer digits.
// Each expanded state claims its unseen neighbours for the next depth and takes
// as its best move the one towards its neighbour of the previous depth with the
// lowest index: the tables come out the same for any number of threads.
//
// A distance of 63 or more does not fit a record's six distance bits
// (kDistanceSaturated; only 2x6 and 6x2 go that deep, to 80), so the bytes
// count depths modulo BfsOptions::wrap_at (63): a byte of depth wrap_at + k
// says k. Before the first byte says so, the states of depths below
// kKeptApart (21) are set aside, their bytes kNoState, and once the search
// is done the bytes that say k < kKeptApart are the deep states, whose
// records are written out, and the states set aside come back. The search
// fails before it would expand depth wrap_at + kKeptApart - 1, so it
// reaches at most depth wrap_at + kKeptApart - 3 (81).

constexpr uint8_t kUnseen = 0xff;
// A byte no state has while the search runs: the padding after the
// records (which the scans' 16-byte loads may reach) and the states set
// aside (kKeptApart). Neither unseen nor any depth a level scans for.
constexpr uint8_t kNoState = 0xfe;
// The states of the depths that the deep ones' bytes would be mistaken
// for: depths 0 .. kKeptApart - 1.
constexpr int kKeptApart = 21;
// The distance bits of a byte.
constexpr uint8_t kDistanceBits = 0xfc;
// Padding after the records, so that the 48 bytes read for four ranks
// never leave them, and a byte the idle entries of a Ring write.
constexpr int kPad = 64;
constexpr int kScratch = kPad - 1;  // after the records
static_assert(kScratch >= 48);
// Ranks (groups of cells() indexes) a worker takes at a time.
constexpr Index kChunkRanks = 1 << 10;
// Bytes per flag of Context::active.
constexpr int kFlagShift = 9;
// A level of at least 1/kMarkBelow of the table's states is followed by one
// that scans every stretch. (1/128 of a 12-cell table is four states a
// stretch, when nearly every stretch holds one anyway: marking them cost
// more than it saved: 1/128 took 1-5% less time than 1/32 in four
// alternating one-thread pairs on 3x4, 0-4% less in three of four on 2x6.)
constexpr Index kMarkBelow = 128;
// Boards with at most this many ranks decode every tile order once, before
// the search, instead of once per depth (3x3: 20,160 ranks, 322 KB).
constexpr Index kMaxOrderTable = 1 << 18;

// The byte of a state of `depth` (below wrap_at) reached but not yet
// expanded; with the distance bits alone, of any state of that depth.
constexpr uint8_t DepthKey(int depth) {
  return static_cast<uint8_t>(depth << 2);
}

// The distance bits of the bytes a level expands, of the level before it
// and of the level after it.
struct LevelKeys {
  uint8_t cur;
  unsigned prev;  // 0x100, which no byte's distance bits are, at depth 0
  uint8_t next;
};

// Makes *records n bytes of kUnseen (followed by kPad bytes of padding).
// The neighbours of a vertical move lie anywhere in them: on 2 MB pages
// (where the kernel grants them) a random one costs no page walk, whereas
// the 4 KB pages of a 240 MB table (3x4) miss the TLB on almost every one.
// The kernel hands out and clears fresh pages as they are first written,
// about 0.4 GB/s in this project's virtual machine: with `threads` > 1, two
// threads fault them in, half each.
void PrepareRecords(size_t n, [[maybe_unused]] int threads,
                    std::vector<uint8_t>* records) {
  // Tables of at least this many states get 2 MB pages; a small one needs
  // none, which the kernel would clear whole for every search.
  constexpr size_t kHugeTable = size_t{32} << 20;
  std::vector<uint8_t>().swap(*records);
  records->reserve(n + kPad);  // fresh memory, not yet touched
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (n >= kHugeTable) {
    constexpr uintptr_t kHugePage = uintptr_t{2} << 20;
    const uintptr_t from =
        (reinterpret_cast<uintptr_t>(records->data()) + kHugePage - 1) &
        ~(kHugePage - 1);
    const uintptr_t to =
        (reinterpret_cast<uintptr_t>(records->data()) + n) & ~(kHugePage - 1);
    if (from < to) {
      void* start = reinterpret_cast<void*>(from);
      madvise(start, to - from, MADV_HUGEPAGE);
#if defined(MADV_POPULATE_WRITE)
      if (threads > 1) {
        // Faulting pages in keeps their contents (zero) as they are.
        const size_t half = (to - from) / 2 / kHugePage * kHugePage;
        std::thread other([&] {
          madvise(reinterpret_cast<void*>(from + half), to - from - half,
                  MADV_POPULATE_WRITE);
        });
        madvise(start, half, MADV_POPULATE_WRITE);
        other.join();
      }
#endif
    }
  }
#endif
  records->assign(n + kPad, kUnseen);
  std::memset(records->data() + n, kNoState, kPad);
}

// The board shape as compile-time constants.
template <int kRowsT, int kColsT>
struct Shape {
  static constexpr int kRows = kRowsT;
  static constexpr int kCols = kColsT;
  static constexpr int kCells = kRows * kCols;
  static constexpr int kM = kCells - 1;    // tiles
  static constexpr int kKept = kM - 2;     // Lehmer digits the rank keeps
  static constexpr int kJump = kCols - 1;  // tiles a vertical move lifts over
  // Whether the search keeps Context::active: on the 12-cell boards (240 M
  // states), not on smaller ones, where every level's scan is short anyway
  // (unless BfsOptions::large_board_paths).
  static constexpr bool kTrackActive = kCells >= 12;
  // Lehmer digits in the high half of a rank (Context::high).
  static constexpr int kHigh = kKept / 2 > 0 ? kKept / 2 : 1;
  // kW[i]: the weight of Lehmer digit i in the rank, (kM-1-i)!/2; 0 for the
  // two digits the rank leaves out.
  static constexpr std::array<Index, kMaxCells> Weights() {
    std::array<Index, kMaxCells> w{};
    w[kKept - 1] = 1;
    for (int i = kKept - 2; i >= 0; --i) {
      w[i] = w[i + 1] * static_cast<Index>(kM - 1 - i);
    }
    return w;
  }
  static constexpr std::array<Index, kMaxCells> kW = Weights();
};

// One tile order: the tiles in reading order, blank skipped, and their
// Lehmer digits.
// (16 bytes each, so that Decode writes them as whole vectors.)
struct alignas(16) Order {
  uint8_t seq[16];
  uint8_t digit[16];
};

// What does not change during a search.
struct Context {
  uint8_t parity[kMaxCells];  // inversion parity of a state, by blank cell
  unsigned odd_cells = 0;     // the cells b with parity[b] != 0, as bits
  // select[mask * kMaxCells + k]: the k-th lowest set bit of mask.
  std::vector<uint8_t> select;
  // orders[rank]: the tile order of rank with inversion parity 0, when the
  // board is small enough (kMaxOrderTable); else empty.
  std::vector<Order> orders;
  // Decode takes a rank apart in two halves, h = Shape::kHigh digits and
  // the rest: high[rank / kW[h-1]] holds the first h tiles and the others
  // in increasing order; low[rank % kW[h-1]] which of those others comes
  // where, as a byte shuffle of high's tiles.
  struct alignas(16) High {
    uint8_t tiles[16];  // seq of the first h tiles, then the rest, sorted
    uint8_t digit[16];  // the first h Lehmer digits, zero after
    uint8_t sum;        // the sum of those digits
  };
  struct alignas(16) Low {
    // seq[i] = high.tiles[pick[k][i]]: k = 0 with the last two tiles in
    // increasing order, k = 1 swapped.
    uint8_t pick[2][16];
    uint8_t digit[16];  // the Lehmer digits after the first h, zero before
    uint8_t sum;
  };
  std::vector<High> high;
  std::vector<Low> low;
  uint8_t* records;  // also the search's working bytes
  Index size;        // states
  // active[c] != 0 when bytes [c << kFlagShift, (c + 1) << kFlagShift) may
  // hold a state of the depth being expanded; next_active, of the next depth
  // (when `track`: Shape::kTrackActive). A level skips the chunks without
  // one: before the middle levels and after them most chunks hold none, and
  // scanning them all was most of those levels' time.
  bool track;
  uint8_t* active;
  uint8_t* next_active;
};

// A vertical move takes one tile over the kJump tiles after it (the blank
// moving up) or before it (down), and changes only the Lehmer digits of
// those kJump + 1 places: each tile passed over keeps its digit, plus one
// (up) or minus one (down) if it is greater than the moving tile, and
// moves one place; the moving tile's digit loses (up) or gains (down) one
// for each smaller tile it passes. So the new rank is the old one plus a
// sum of those digits, each times a weight, plus a constant that depends
// only on which of the tiles passed over are greater: one table entry per
// place and direction.
struct alignas(16) VerticalStep {
  int32_t weight[8];       // of the digits at places first .. first + kJump
  int32_t by_greater[32];  // bit j: the j-th tile lifted over is greater
};

template <typename S>
struct VerticalSteps {
  static_assert(S::kJump + 1 <= 8 && S::kJump <= 5);
  // The places p of the moving tile (up) or of the first tile lifted over
  // (down): 0 .. kM - 1 - kJump.
  static constexpr int kPlaces = S::kM - S::kJump;
  static constexpr int64_t W(int i) { return static_cast<int64_t>(S::kW[i]); }
  static constexpr std::array<VerticalStep, kPlaces> Make(bool up) {
    constexpr int kJ = S::kJump;
    std::array<VerticalStep, kPlaces> steps{};
    for (int p = 0; p < kPlaces; ++p) {
      VerticalStep& s = steps[p];
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
  static constexpr std::array<std::array<VerticalStep, kPlaces>, 2> kSteps = {
      Make(false), Make(true)};
};

// rank plus step's sum over the digits at places first .. first + kJump of
// o, plus its constant for the tiles passed over that are `greater`.
template <typename S>
inline Index ApplyStep(const VerticalStep& step, const Order& o, Index rank,
                       int first, unsigned greater) {
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

// The scans below look for the bytes of the current depth 16 at a time
// (SSE2), while other threads claim unseen bytes (kUnseen -> the next depth)
// and write the records of the states they expand, with relaxed atomic stores:
// the distance bits of a byte of the current depth do not change during a
// level, and a 16-byte load sees each byte another thread writes old or
// new, which is the current depth either both ways or neither.
// ThreadSanitizer cannot see SIMD loads as atomic, so its builds
// (scripts/test.sh --sanitize=thread) read one relaxed atomic byte at a
// time instead.
#if defined(__SANITIZE_THREAD__)  // GCC
#define SLIDEDB_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)  // clang
#define SLIDEDB_TSAN 1
#endif
#endif
#if defined(__SSE2__) && !defined(SLIDEDB_TSAN)
#define SLIDEDB_SIMD_SCAN 1
#endif

inline uint8_t LoadByte(const uint8_t* p) {
  return std::atomic_ref<uint8_t>(*const_cast<uint8_t*>(p))
      .load(std::memory_order_relaxed);
}
inline void StoreByte(uint8_t* p, uint8_t value) {
  std::atomic_ref<uint8_t>(*p).store(value, std::memory_order_relaxed);
}

// The cells of rank's group whose bytes hold a state of the current depth,
// of the one before it (none at depth 0) and unseen ones, as bit masks. The
// distance bits of a state of either depth do not change during a level; an
// unseen one may be claimed by another worker meanwhile, and claiming it
// again stores the same byte.
struct GroupMasks {
  unsigned cur;
  unsigned prev;
  unsigned unseen;
};
template <typename S>
inline GroupMasks MasksAt(const uint8_t* records, Index rank,
                          const LevelKeys& keys) {
  constexpr unsigned kGroup = (1u << S::kCells) - 1;
  const uint8_t* p = records + static_cast<size_t>(rank) * S::kCells;
#if defined(SLIDEDB_SIMD_SCAN)
  const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  const __m128i dist =
      _mm_and_si128(v, _mm_set1_epi8(static_cast<char>(kDistanceBits)));
  auto where = [&](__m128i x, uint8_t key) {
    return static_cast<unsigned>(_mm_movemask_epi8(
               _mm_cmpeq_epi8(x, _mm_set1_epi8(static_cast<char>(key))))) &
           kGroup;
  };
  return {where(dist, keys.cur),
          keys.prev <= 0xff ? where(dist, static_cast<uint8_t>(keys.prev)) : 0u,
          where(v, kUnseen)};
#else
  GroupMasks g{0, 0, 0};
  for (int b = 0; b < S::kCells; ++b) {
    const uint8_t x = LoadByte(p + b);
    const uint8_t dist = x & kDistanceBits;
    g.cur |= unsigned{dist == keys.cur} << b;
    g.prev |= unsigned{dist == keys.prev} << b;
    g.unseen |= unsigned{x == kUnseen} << b;
  }
  return g;
#endif
}

// Where among the 16 bytes at p the distance bits are `key`, as a bit mask.
inline unsigned Matches16(const uint8_t* p, uint8_t key) {
#if defined(SLIDEDB_SIMD_SCAN)
  const __m128i v =
      _mm_and_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)),
                    _mm_set1_epi8(static_cast<char>(kDistanceBits)));
  return static_cast<unsigned>(_mm_movemask_epi8(
      _mm_cmpeq_epi8(v, _mm_set1_epi8(static_cast<char>(key)))));
#else
  unsigned mask = 0;
  for (int b = 0; b < 16; ++b) {
    mask |= unsigned{(LoadByte(p + b) & kDistanceBits) == key} << b;
  }
  return mask;
#endif
}

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
template <typename S>
struct Batch {
  static_assert(S::kCols <= 6);    // kColumns
  static_assert(S::kCells <= 12);  // 12!/2 states, fewer than 2^30: Key()
  // The lists: states with the blank on the top row, on the bottom row and
  // (boards of three rows or more) in between.
  static constexpr int kTop = 0, kBottom = 1, kMiddle = 2;
  static constexpr int kLists = S::kRows > 2 ? 3 : 2;
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

// Expands every state of a level in ranks [begin, end); returns how many.
// With kFlags, marks in Context::next_active where it claims states.
template <typename S, bool kFlags>
uint64_t ExpandRanks(const Context& ctx, Index begin, Index end,
                     const LevelKeys& keys) {
  constexpr unsigned kCanLeft = CellsWhere<S>(0, -1);
  constexpr unsigned kCanRight = CellsWhere<S>(0, 1);
  constexpr Index kCells = S::kCells;
  constexpr int kCols = S::kCols;
  uint8_t* const records = ctx.records;
  const uint8_t next = keys.next;
  const unsigned prev = keys.prev;
  uint64_t found = 0;
  uint8_t sink = 0;  // where stores that claim nothing go
  [[maybe_unused]] uint8_t flag_sink = 0;
  [[maybe_unused]] uint8_t* const next_active = ctx.next_active;
  // (A copy, which the compiler cannot keep in a register across the byte
  // stores otherwise.)
  const unsigned odd_cells = ctx.odd_cells;
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
      // An unseen neighbour is claimed, without a branch.
      const uint8_t x = LoadByte(&records[j]);
      const bool unseen = x == kUnseen;
      StoreByte(Select(unseen, &records[j], &sink), next);
      if constexpr (kFlags) {
        StoreByte(Select(unseen, &next_active[j >> kFlagShift], &flag_sink), 1);
      }
      const Index key = Key(j, move);
      const bool nearer = ((x & kDistanceBits) == prev) & (key < best);
      best = Select(nearer, key, best);
    }
    StoreByte(&records[p.i], static_cast<uint8_t>(keys.cur | (best & 3)));
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
    const Order& o = batch.orders[s][odd_cells >> b & 1];
    const uint64_t side = batch.sideways[s] >> b;
    // (A cell between two states of this depth may be claimed twice, with
    // the same byte.)
    const bool claim_l = side & 1;
    const bool claim_r = (side >> 16) & 1;
    StoreByte(Select(claim_l, ByteAt(records, i - 1), &sink), next);
    StoreByte(Select(claim_r, ByteAt(records, i + 1), &sink), next);
    if constexpr (kFlags) {
      // (i - 1 and i + 1 may lie in the stretches beside i's.)
      StoreByte(Select(claim_l, ByteAt(next_active, (i - 1) >> kFlagShift),
                       &flag_sink),
                1);
      StoreByte(Select(claim_r, ByteAt(next_active, (i + 1) >> kFlagShift),
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
      __builtin_prefetch(records + j, 1);
      return j;
    };
    auto below = [&] {
      const Index j =
          Step<S>(o, rank, b, 0) * kCells + static_cast<Index>(b + kCols);
      __builtin_prefetch(records + j, 1);
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
  // First the ranks that hold a state of this depth, as bits: one pass over
  // the bytes (the stretches without such a state skipped) whose loops do
  // not depend on what the bytes hold, so that finding the next such rank
  // costs no mispredicted branch.
  uint64_t holds[kChunkRanks / 64] = {};
  // Notes the ranks from `from` to `to`, four at a time (48 bytes at the
  // most).
  auto note = [&](Index from, Index to) {
    for (Index r = begin + (from - begin) / 4 * 4; r < to; r += 4) {
      const uint8_t* const p = records + static_cast<size_t>(r) * kCells;
      const uint64_t m = Matches16(p, keys.cur) |
                         uint64_t{Matches16(p + 16, keys.cur)} << 16 |
                         uint64_t{Matches16(p + 32, keys.cur)} << 32;
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
      // Bit b: the cell left (right) of b is unseen, or of the previous
      // depth, where the blank can move there.
      batch.sideways[s] = uint64_t{(g.unseen & kCanRight) << 1} |
                          uint64_t{(g.unseen & kCanLeft) >> 1} << 16 |
                          uint64_t{(g.prev & kCanRight) << 1} << 32 |
                          uint64_t{(g.prev & kCanLeft) >> 1} << 48;
      if (ctx.orders.empty()) {
        Decode<S>(ctx, rank, batch.orders[s]);
      } else {
        batch.orders[s][0] = ctx.orders[rank];
        if ((g.cur & odd_cells) != 0) Decode<S>(ctx, rank, batch.orders[s]);
      }
      for (int row = 0; row < S::kRows; ++row) {
        const int k = row == 0              ? Batch<S>::kTop
                      : row == S::kRows - 1 ? Batch<S>::kBottom
                                            : Batch<S>::kMiddle;
        batch.Append(k, (g.cur >> (row * kCols)) & ((1u << kCols) - 1),
                     row * kCols, s);
      }
    }
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
  }
  one.Drain(expand);
  two.Drain(expand);
  return found;
}

// Where among the 16 bytes at p the distance bits are below kKeptApart's,
// as a bit mask.
inline unsigned KeptApart16(const uint8_t* p) {
  constexpr uint8_t kLast = DepthKey(kKeptApart - 1);
#if defined(SLIDEDB_SIMD_SCAN)
  const __m128i v =
      _mm_and_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)),
                    _mm_set1_epi8(static_cast<char>(kDistanceBits)));
  return static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(
      _mm_min_epu8(v, _mm_set1_epi8(static_cast<char>(kLast))), v)));
#else
  unsigned mask = 0;
  for (int b = 0; b < 16; ++b) {
    mask |= unsigned{(LoadByte(p + b) & kDistanceBits) <= kLast} << b;
  }
  return mask;
#endif
}

// Calls f(i) for each byte i in [begin, end) whose distance bits are below
// kKeptApart's.
template <typename F>
void ForKeptApart(const uint8_t* records, size_t begin, size_t end, F f) {
  for (size_t pos = begin; pos < end; pos += 16) {
    unsigned hits = KeptApart16(records + pos);
    if (end - pos < 16) hits &= (1u << (end - pos)) - 1;
    for (; hits != 0; hits &= hits - 1) f(pos + __builtin_ctz(hits));
  }
}

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
  for (int b = 0; b < S::kCells; ++b) {
    ctx.parity[b] =
        S::kCols % 2 == 0
            ? static_cast<uint8_t>(
                  (board.Row(b) + board.Row(indexer.goal_blank())) & 1)
            : 0;
    ctx.odd_cells |= unsigned{ctx.parity[b]} << b;
  }
  ctx.select.assign(static_cast<size_t>(kMaxCells) << S::kM, 0);
  for (unsigned mask = 0; mask < (1u << S::kM); ++mask) {
    int k = 0;
    for (unsigned x = mask; x != 0; x &= x - 1) {
      ctx.select[mask * kMaxCells + k++] =
          static_cast<uint8_t>(__builtin_ctz(x));
    }
  }
  if (ranks <= kMaxOrderTable && !options.large_board_paths) {
    ctx.orders.resize(ranks);
    Order cur{};
    Order* out = ctx.orders.data();
    ListOrders<S>(0, (1u << S::kM) - 1, 0, &cur, &out);
  }
  FillHalves<S>(&ctx);  // Decode's, for the odd parity on small boards too
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

}  // namespace

Status RunBfs(const Indexer& indexer, const BfsOptions& options,
              const std::function<void(const BfsLevel&)>& on_level,
              BfsResult* result) {
  const Board& board = indexer.board();
  switch (board.rows() * 16 + board.cols()) {
#define SLIDEDB_SHAPE(r, c) \
  case r * 16 + c:          \
    return Search<Shape<r, c>>(indexer, options, on_level, result);
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
