// The breadth-first search of lib/search/bfs.h, inside: how its working
// bytes are read, its constants, the board shape as compile-time constants
// and what does not change during a search (Context). Only bfs.cc, the
// multi-tile search (mtm_bfs.cc) and their tests include the bfs_*.h
// headers.
#ifndef SLIDEDB_LIB_SEARCH_BFS_CONTEXT_H_
#define SLIDEDB_LIB_SEARCH_BFS_CONTEXT_H_

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <vector>

#include "lib/puzzle/index.h"
#include "lib/puzzle/record.h"
#include "lib/puzzle/shapes.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__SSSE3__)
#include <smmintrin.h>
#endif

namespace slidedb {
namespace bfs {

// The byte-record search's tables hold at most 12!/2 states (a byte each),
// which it numbers in 32 bits: narrower keys and steps than the 64-bit
// slidedb::Index of lib/puzzle/index.h, which this name hides here.
using Index = uint32_t;

// The scans (bfs_scan.h) look for the bytes of the current depth 16 at a time
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
  // kW[i]: the weight of Lehmer digit i in the rank (lib/puzzle/index.h).
  static constexpr std::array<Index, kMaxCells> kW =
      LehmerWeights<Index>(kCells);
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


}  // namespace bfs
}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_BFS_CONTEXT_H_
