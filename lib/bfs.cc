#include "lib/bfs.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <barrier>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <cstdlib>
#include <memory>
#include <thread>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "lib/format.h"
#include "lib/shapes.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__SSSE3__)
#include <smmintrin.h>
#endif

namespace slidedb {

namespace {

// How the search works. Each level scans the depth bytes for the states of
// the current depth, 32 at a time. Indexes come in groups of cells() with
// the same tile order (lib/index.h), so a state found decodes its group's
// tile order once, and the neighbours' indexes follow from it: a sideways
// move changes the index by 1, and a vertical move lifts one tile over
// cols()-1 others, which changes only those tiles' Lehmer digits. Each
// expanded state claims its unseen neighbours for the next depth and takes
// as its best move the one towards its neighbour of the previous depth with
// the lowest index: the tables come out the same for any number of threads.

constexpr uint8_t kUnseen = 0xff;
// Never the depth of a level expanded nor of the one before it (the search
// fails when it would reach level 254).
constexpr uint8_t kNoState = 0xfe;
// Padding after the depth bytes, so that a 32-byte window never leaves them.
constexpr int kPad = 32;
// Ranks (groups of cells() indexes) a worker takes at a time.
constexpr Index kChunkRanks = 1 << 10;
// Depth bytes per flag of Context::active.
constexpr int kFlagShift = 13;
// Boards with at most this many ranks decode every tile order once, before
// the search, instead of once per depth (3x3: 20,160 ranks, 322 KB).
constexpr Index kMaxOrderTable = 1 << 18;

// The depth bytes of a search, kUnseen at first. The neighbours of a
// vertical move lie anywhere in them: on 2 MB pages (where the kernel
// grants them) a random one costs no page walk, whereas the 4 KB pages of
// a 240 MB table (3x4) miss the TLB on almost every one.
class DepthBytes {
 public:
  // Tables of at least this many states get 2 MB pages.
  static constexpr size_t kHugeTable = size_t{32} << 20;
  explicit DepthBytes(size_t n) {
    constexpr size_t kHugePage = size_t{2} << 20;
    if (n < kHugeTable) {
      // A small table needs no 2 MB page, which the kernel would clear
      // whole for every search.
      bytes_.reset(static_cast<uint8_t*>(std::malloc(n)));
    } else {
      const size_t bytes = (n + kHugePage - 1) / kHugePage * kHugePage;
      bytes_.reset(
          static_cast<uint8_t*>(std::aligned_alloc(kHugePage, bytes)));
#if defined(__linux__) && defined(MADV_HUGEPAGE)
      if (bytes_ != nullptr) madvise(bytes_.get(), bytes, MADV_HUGEPAGE);
#endif
    }
    if (bytes_ != nullptr) std::memset(bytes_.get(), kUnseen, n);
  }
  bool ok() const { return bytes_ != nullptr; }
  uint8_t* data() { return bytes_.get(); }
  uint8_t& operator[](size_t i) { return bytes_[i]; }

 private:
  struct Free {
    void operator()(uint8_t* p) const { std::free(p); }
  };
  std::unique_ptr<uint8_t[], Free> bytes_;
};

// The board shape as compile-time constants.
template <int kRowsT, int kColsT>
struct Shape {
  static constexpr int kRows = kRowsT;
  static constexpr int kCols = kColsT;
  static constexpr int kCells = kRows * kCols;
  static constexpr int kM = kCells - 1;  // tiles
  static constexpr int kKept = kM - 2;   // Lehmer digits the rank keeps
  static constexpr int kJump = kCols - 1;  // tiles a vertical move lifts over
  // Whether the search keeps Context::active: on the 12-cell boards (240 M
  // states), not on smaller ones, where every level's scan is short anyway.
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
  uint8_t* depths;
  uint8_t* records;
  // active[c] != 0 when depth bytes [c << kFlagShift, (c + 1) << kFlagShift)
  // may hold a state of the depth being expanded; next_active, of the next
  // depth (Shape::kTrackActive). A level skips the chunks without one:
  // before the middle levels and after them most chunks hold none, and
  // scanning them all was most of those levels' time.
  uint8_t* active;
  uint8_t* next_active;
  Index none;  // the index of no state (Pending)
};

// The rank after tile seq[p] moves after the kJump tiles that follow it (the
// blank moving up to cell p).
template <typename S>
inline Index RankAfterUp(const Order& o, Index rank, int p) {
  const uint8_t t = o.seq[p];
  int passed = 0;  // tiles x passed with x < t
  int64_t delta = -static_cast<int64_t>(o.digit[p]) * S::kW[p];
  for (int j = 1; j <= S::kJump; ++j) {
    const uint8_t x = o.seq[p + j];
    passed += x < t;
    // x moves from p + j to p + j - 1 and now has t after it.
    delta += static_cast<int64_t>(o.digit[p + j] + (t < x)) * S::kW[p + j - 1] -
             static_cast<int64_t>(o.digit[p + j]) * S::kW[p + j];
  }
  delta += static_cast<int64_t>(o.digit[p] - passed) * S::kW[p + S::kJump];
  return static_cast<Index>(static_cast<int64_t>(rank) + delta);
}

// The rank after tile seq[p + kJump] moves before the kJump tiles that
// precede it (the blank moving down from cell p).
template <typename S>
inline Index RankAfterDown(const Order& o, Index rank, int p) {
  const uint8_t t = o.seq[p + S::kJump];
  int passed = 0;
  int64_t delta = -static_cast<int64_t>(o.digit[p + S::kJump]) *
                  S::kW[p + S::kJump];
  for (int j = 0; j < S::kJump; ++j) {
    const uint8_t x = o.seq[p + j];
    passed += x < t;
    // x moves from p + j to p + j + 1 and no longer has t after it.
    delta += static_cast<int64_t>(o.digit[p + j] - (t < x)) * S::kW[p + j + 1] -
             static_cast<int64_t>(o.digit[p + j]) * S::kW[p + j];
  }
  delta += static_cast<int64_t>(o.digit[p + S::kJump] + passed) * S::kW[p];
  return static_cast<Index>(static_cast<int64_t>(rank) + delta);
}

// Decodes rank's tile order, with the last two tiles in the order that gives
// each inversion parity: orders[0] and orders[1]. Not inlined: GCC would
// otherwise run it speculatively on every rank, needed or not.
template <typename S>
[[gnu::noinline]] void Decode(const Context& ctx, Index rank, Order orders[2]) {
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
  const __m128i swap_digit = _mm_or_si128(
      digit, (S::kM - 2) % 2 == 0 ? one : _mm_slli_epi16(one, 8));
  auto pick = [&](int k) {
    return _mm_shuffle_epi8(
        tiles, _mm_load_si128(reinterpret_cast<const __m128i*>(l.pick[k])));
  };
  _mm_store_si128(reinterpret_cast<__m128i*>(o.seq), pick(odd));
  _mm_store_si128(reinterpret_cast<__m128i*>(p.seq), pick(odd ^ 1));
  _mm_store_si128(reinterpret_cast<__m128i*>(o.digit),
                  odd ? swap_digit : digit);
  _mm_store_si128(reinterpret_cast<__m128i*>(p.digit),
                  odd ? digit : swap_digit);
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

// The scans below look for the bytes of the current depth 16 at a time,
// while other threads claim unseen bytes (kUnseen -> depth + 1) with relaxed
// atomic stores: no byte of the current depth changes during a level, and a
// 16-byte load sees each claimed byte old or new, which is not the depth
// either way. ThreadSanitizer cannot see SIMD loads as atomic, so its builds
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

inline uint8_t LoadDepth(const uint8_t* p) {
  return std::atomic_ref<uint8_t>(*const_cast<uint8_t*>(p))
      .load(std::memory_order_relaxed);
}

// The cells of rank's group whose depth bytes hold the current depth, the
// one before it (none at depth 0) and kUnseen, as bit masks. Bytes of the
// current and the previous depth do not change during a level; an unseen
// one may be claimed by another worker meanwhile, and claiming it again
// stores the same depth.
struct GroupMasks {
  unsigned cur;
  unsigned prev;
  unsigned unseen;
};
template <typename S>
inline GroupMasks MasksAt(const uint8_t* depths, Index rank, uint8_t depth) {
  constexpr unsigned kGroup = (1u << S::kCells) - 1;
  const uint8_t* p = depths + static_cast<size_t>(rank) * S::kCells;
  const uint8_t prev = static_cast<uint8_t>(depth - 1);
#if defined(SLIDEDB_SIMD_SCAN)
  const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  auto where = [&](uint8_t x) {
    return static_cast<unsigned>(_mm_movemask_epi8(
               _mm_cmpeq_epi8(v, _mm_set1_epi8(static_cast<char>(x))))) &
           kGroup;
  };
  const unsigned unseen = where(kUnseen);
  // At depth 0, prev is kUnseen: nothing is nearer than the goal.
  return {where(depth), depth > 0 ? where(prev) : 0u, unseen};
#else
  GroupMasks g{0, 0, 0};
  for (int b = 0; b < S::kCells; ++b) {
    const uint8_t x = LoadDepth(p + b);
    g.cur |= unsigned{x == depth} << b;
    g.prev |= unsigned{depth > 0 && x == prev} << b;
    g.unseen |= unsigned{x == kUnseen} << b;
  }
  return g;
#endif
}

// Where among the 16 depth bytes at p the byte `depth` is, as a bit mask.
inline unsigned Matches16(const uint8_t* p, uint8_t depth) {
#if defined(SLIDEDB_SIMD_SCAN)
  const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  return static_cast<unsigned>(_mm_movemask_epi8(
      _mm_cmpeq_epi8(v, _mm_set1_epi8(static_cast<char>(depth)))));
#else
  unsigned mask = 0;
  for (int b = 0; b < 16; ++b) {
    mask |= unsigned{LoadDepth(p + b) == depth} << b;
  }
  return mask;
#endif
}

// A state found at the current depth, waiting its turn: its index, its
// nearest sideways neighbour of the previous depth (found in its own
// group's depth bytes), and the indexes of its vertical neighbours, whose
// depth bytes lie anywhere. Where the blank cannot go up or down, the
// "neighbour" is the first padding byte after the depth bytes
// (Context::none), which holds kNoState: neither unseen nor a depth, so that
// it is never claimed nor taken, and both moves are expanded without a
// branch on which exist (one taken at random, since the blank cells of a
// level's states are).
struct Pending {
  Index i;
  Index vertical[2];  // by Move: kUp, kDown
  Index best;         // ~0 when neither sideways neighbour is nearer
  uint8_t best_move;
};
// States whose vertical neighbours are fetched ahead of their turn. Those
// neighbours lie anywhere in the depth bytes (on 3x4, 240 MB): reading each
// only when needed left the search waiting on memory most of the time.
constexpr int kAhead = 16;
static_assert((kAhead & (kAhead - 1)) == 0);

// The cells of a board whose blank can move left, right, up, down.
template <typename S>
constexpr unsigned CellsWhere(int dr, int dc) {
  unsigned mask = 0;
  for (int b = 0; b < S::kCells; ++b) {
    const int r = b / S::kCols + dr, c = b % S::kCols + dc;
    if (r >= 0 && r < S::kRows && c >= 0 && c < S::kCols) mask |= 1u << b;
  }
  return mask;
}

// Expands every state of `depth` in ranks [begin, end); returns how many.
// A group's sideways moves are found together, from bit masks of its depth
// bytes; the vertical ones, one state at a time.
template <typename S>
uint64_t ExpandRanks(const Context& ctx, Index begin, Index end,
                     uint8_t depth) {
  constexpr unsigned kCanLeft = CellsWhere<S>(0, -1);
  constexpr unsigned kCanRight = CellsWhere<S>(0, 1);
  uint8_t* const depths = ctx.depths;
  const uint8_t next = static_cast<uint8_t>(depth + 1);
  const uint8_t prev = static_cast<uint8_t>(depth - 1);  // 0xff at depth 0
  constexpr Index kCells = S::kCells;
  uint64_t found = 0;
  uint8_t sink = 0;  // where stores that claim nothing go
  [[maybe_unused]] uint8_t flag_sink = 0;
  [[maybe_unused]] uint8_t* const next_active = ctx.next_active;
  auto claim_flag = [&](Index j) {
    if constexpr (S::kTrackActive) {
      std::atomic_ref<uint8_t>(next_active[j >> kFlagShift])
          .store(1, std::memory_order_relaxed);
    }
  };
  // Claims the unseen vertical neighbours of p.i for the next depth and
  // records its best move: towards its neighbour of the previous depth with
  // the lowest index.
  auto expand = [&](const Pending& p) {
    Index best = p.best;
    unsigned best_move = p.best_move;
    for (int m = 0; m < 2; ++m) {
      const Index j = p.vertical[m];
      // Without branches, which would be taken at random in the middle
      // levels (the selections are masks, so that the compiler cannot turn
      // them back into jumps): an unseen neighbour is claimed, and
      // otherwise the store goes to a local byte instead.
      const uint8_t dj =
          std::atomic_ref<uint8_t>(depths[j]).load(std::memory_order_relaxed);
      const uintptr_t unseen = -static_cast<uintptr_t>(dj == kUnseen);
      uint8_t* const claim = reinterpret_cast<uint8_t*>(
          (reinterpret_cast<uintptr_t>(&depths[j]) & unseen) |
          (reinterpret_cast<uintptr_t>(&sink) & ~unseen));
      std::atomic_ref<uint8_t>(*claim).store(next, std::memory_order_relaxed);
      if constexpr (S::kTrackActive) {
        uint8_t* const flag = reinterpret_cast<uint8_t*>(
            (reinterpret_cast<uintptr_t>(&next_active[j >> kFlagShift]) &
             unseen) |
            (reinterpret_cast<uintptr_t>(&flag_sink) & ~unseen));
        std::atomic_ref<uint8_t>(*flag).store(1, std::memory_order_relaxed);
      }
      // (At depth 0, prev is kUnseen: nothing is nearer than the goal.)
      const bool nearer = (dj == prev) & (dj != kUnseen) & (j < best);
      const Index take = -static_cast<Index>(nearer);
      best = (j & take) | (best & ~take);
      best_move = (static_cast<unsigned>(m) & take) | (best_move & ~take);
    }
    ctx.records[p.i] = EncodeRecord(depth, static_cast<Move>(best_move));
  };
  Pending ring[kAhead];
  unsigned head = 0, queued = 0;
  auto enqueue = [&](const Pending& p) {
    if (queued == kAhead) {
      expand(ring[head]);
      ring[head] = p;
      head = (head + 1) % kAhead;
    } else {
      ring[(head + queued++) % kAhead] = p;
    }
  };
  Order orders[2];
  const Index stop = end * kCells;
  Index pos = begin * kCells;
  while (pos < stop) {
    // Skip 32 bytes at a time while none holds this depth.
    unsigned hits;
    while (true) {
      hits = Matches16(depths + pos, depth) |
             Matches16(depths + pos + 16, depth) << 16;
      if (hits != 0 || stop - pos <= 32) break;
      pos += 32;
    }
    if (stop - pos < 32) hits &= (1u << (stop - pos)) - 1;
    if (hits == 0) break;  // the last window, empty
    const Index rank = (pos + static_cast<Index>(__builtin_ctz(hits))) / kCells;
    const Index base = rank * kCells;
    pos = base + kCells;
    const GroupMasks g = MasksAt<S>(depths, rank, depth);
    // Sideways: the unseen cells beside a state of this depth are claimed,
    // and a state's nearest sideways neighbour of the previous depth is its
    // left one if that is, else its right one.
    for (unsigned c = (((g.cur & kCanRight) << 1) | ((g.cur & kCanLeft) >> 1)) &
                      g.unseen;
         c != 0; c &= c - 1) {
      const Index j = base + static_cast<Index>(__builtin_ctz(c));
      std::atomic_ref<uint8_t>(depths[j]).store(next,
                                                std::memory_order_relaxed);
      claim_flag(j);
    }
    const unsigned left_nearer = (g.prev & kCanRight) << 1;
    const unsigned right_nearer = (g.prev & kCanLeft) >> 1;
    // Vertical: the tile orders of both parities.
    const Order* even;
    if (!ctx.orders.empty()) {
      even = &ctx.orders[rank];
      if ((g.cur & ctx.odd_cells) != 0) Decode<S>(ctx, rank, orders);
    } else {
      Decode<S>(ctx, rank, orders);
      even = &orders[0];
    }
    for (unsigned blanks = g.cur; blanks != 0; blanks &= blanks - 1) {
      const int b = __builtin_ctz(blanks);
      const Index i = base + static_cast<Index>(b);
      const Order& o = ctx.parity[b] != 0 ? orders[1] : *even;
      ++found;
      const Index left = -static_cast<Index>((left_nearer >> b) & 1);
      const Index right = -static_cast<Index>((right_nearer >> b) & 1) & ~left;
      Pending p{i,
                {ctx.none, ctx.none},
                ((i - 1) & left) | ((i + 1) & right) | ~(left | right),
                static_cast<uint8_t>(
                    (static_cast<unsigned>(Move::kLeft) & left) |
                    (static_cast<unsigned>(Move::kRight) & right))};
      if (b >= S::kCols) {
        const int to = b - S::kCols;
        p.vertical[static_cast<int>(Move::kUp)] =
            RankAfterUp<S>(o, rank, to) * kCells + static_cast<Index>(to);
        __builtin_prefetch(depths + p.vertical[static_cast<int>(Move::kUp)],
                           1);
      }
      if (b + S::kCols < S::kCells) {
        const int to = b + S::kCols;
        p.vertical[static_cast<int>(Move::kDown)] =
            RankAfterDown<S>(o, rank, b) * kCells + static_cast<Index>(to);
        __builtin_prefetch(depths + p.vertical[static_cast<int>(Move::kDown)],
                           1);
      }
      enqueue(p);
    }
  }
  for (; queued > 0; --queued, head = (head + 1) % kAhead) expand(ring[head]);
  return found;
}

template <typename S>
Status Search(const Indexer& indexer, int threads,
              const std::function<void(const BfsLevel&)>& on_level,
              BfsResult* result) {
  const auto t0 = std::chrono::steady_clock::now();
  const Board& board = indexer.board();
  const Index size = indexer.size();
  const Index ranks = size / static_cast<Index>(S::kCells);

  Context ctx;
  for (int b = 0; b < S::kCells; ++b) {
    ctx.parity[b] = S::kCols % 2 == 0
                        ? static_cast<uint8_t>(
                              (board.Row(b) + board.Row(indexer.goal_blank())) &
                              1)
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
  if (ranks <= kMaxOrderTable) {
    ctx.orders.resize(ranks);
    Order cur{};
    Order* out = ctx.orders.data();
    ListOrders<S>(0, (1u << S::kM) - 1, 0, &cur, &out);
  }
  // The kernel hands out (and clears) the pages of the records and of the
  // depth bytes as they are first written: 480 MB on 3x4, most of a second
  // on one core, so a second thread takes the records.
  std::thread fill_records;
  if (threads > 1) {
    fill_records = std::thread([&] { result->records.assign(size, 0); });
  } else {
    result->records.assign(size, 0);
  }
  FillHalves<S>(&ctx);  // Decode's, for the odd parity on small boards too
  DepthBytes depths(static_cast<size_t>(size) + kPad);
  if (fill_records.joinable()) fill_records.join();
  result->histogram.clear();
  if (!depths.ok()) return Status::IOError("out of memory for the search");
  ctx.depths = depths.data();
  ctx.records = result->records.data();
  ctx.none = size;
  depths[size] = kNoState;
  const Index goal =
      indexer.IndexOf(CanonicalGoal(board, indexer.goal_blank()));
  depths[goal] = 0;

  int depth = 0;
  uint64_t total = 0;
  bool done = false;
  Status status;
  const size_t flags = (static_cast<size_t>(size) >> kFlagShift) + 1;
  std::vector<uint8_t> active(flags, 0), next_active(flags, 0);
  ctx.active = active.data();
  ctx.next_active = next_active.data();
  ctx.active[goal >> kFlagShift] = 1;
  std::atomic<Index> next_chunk{0};
  std::atomic<uint64_t> found{0};
  // Runs once per level, on one thread, when every worker has finished it.
  auto level_done = [&]() noexcept {
    const uint64_t count = found.exchange(0);
    next_chunk.store(0);
    std::swap(ctx.active, ctx.next_active);
    std::memset(ctx.next_active, 0, flags);
    if (count == 0) {
      done = true;
      return;
    }
    total += count;
    result->histogram.push_back(count);
    if (on_level) {
      const double secs = std::chrono::duration<double>(
                              std::chrono::steady_clock::now() - t0)
                              .count();
      on_level(BfsLevel{depth, count, total, secs});
    }
    ++depth;
    if (depth >= kUnseen - 1) {
      status = Status::Corruption("search deeper than 253 levels");
      done = true;
    }
  };
  std::barrier sync(threads, level_done);
  auto worker = [&] {
    while (!done) {
      uint64_t mine = 0;
      while (true) {
        const Index begin = next_chunk.fetch_add(kChunkRanks);
        if (begin >= ranks) break;
        const Index end = std::min<Index>(ranks, begin + kChunkRanks);
        if constexpr (S::kTrackActive) {
          const uint8_t* flag =
              ctx.active + ((begin * S::kCells) >> kFlagShift);
          const uint8_t* const last =
              ctx.active + ((end * S::kCells - 1) >> kFlagShift);
          while (flag <= last && *flag == 0) ++flag;
          if (flag > last) continue;  // no state of this depth here
        }
        mine += ExpandRanks<S>(ctx, begin, end, static_cast<uint8_t>(depth));
      }
      found += mine;
      sync.arrive_and_wait();
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();

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

Status RunBfs(const Indexer& indexer, int threads,
              const std::function<void(const BfsLevel&)>& on_level,
              BfsResult* result) {
  threads = std::max(1, threads);
  const Board& board = indexer.board();
  switch (board.rows() * 16 + board.cols()) {
#define SLIDEDB_SHAPE(r, c) \
  case r * 16 + c:          \
    return Search<Shape<r, c>>(indexer, threads, on_level, result);
    SLIDEDB_FOR_EACH_SHAPE(SLIDEDB_SHAPE)
#undef SLIDEDB_SHAPE
  }
  return Status::InvalidArgument("board " + board.Name() +
                                 " is not supported by the search");
}

}  // namespace slidedb
