#include "bench/baselines.h"

#include <algorithm>

namespace slidedb::bench {

namespace {

constexpr uint64_t kGoalPacked = [] {
  uint64_t p = 0;
  for (int c = 0; c < kCells - 1; ++c) p |= uint64_t(c + 1) << (4 * c);
  return p;
}();

uint64_t Pack(const Tiles& t) {
  uint64_t p = 0;
  for (int c = 0; c < kCells; ++c) p |= uint64_t{t[c]} << (4 * c);
  return p;
}

Tiles Unpack(uint64_t p) {
  Tiles t;
  for (int c = 0; c < kCells; ++c) t[c] = (p >> (4 * c)) & 15;
  return t;
}

// The blank's cell is kept in bits 36..39 of a queue entry, beside the
// tiles.
inline int BlankBits(uint64_t e) { return static_cast<int>(e >> 36); }
inline uint64_t TilesBits(uint64_t e) { return e & ((uint64_t{1} << 36) - 1); }

// The packed arrangement after the blank at `from` swaps with the tile at
// `to`.
inline uint64_t Slide(uint64_t p, int from, int to) {
  const uint64_t x = (p >> (4 * to)) & 15;
  return p - (x << (4 * to)) + (x << (4 * from));
}

// Manhattan distance of tile x (1..8) on cell c from its goal cell x-1.
struct ManhattanTable {
  uint8_t d[kCells][kCells];
  ManhattanTable() {
    for (int x = 0; x < kCells; ++x) {
      for (int c = 0; c < kCells; ++c) {
        if (x == 0) {
          d[x][c] = 0;
          continue;
        }
        const int g = x - 1;
        d[x][c] = static_cast<uint8_t>(std::abs(g / kSide - c / kSide) +
                                       std::abs(g % kSide - c % kSide));
      }
    }
  }
};
const ManhattanTable kManhattan;

int Manhattan(const Tiles& t) {
  int h = 0;
  for (int c = 0; c < kCells; ++c) h += kManhattan.d[t[c]][c];
  return h;
}

// Twice the tiles to remove from a line so that the rest, whose goal
// positions along the line are `pos` (in line order), increase: 2 * (n -
// longest increasing run).
int LinePenalty(const int* pos, int n) {
  int best = 0;
  for (int mask = 0; mask < (1 << n); ++mask) {
    int last = -1, len = 0;
    bool ok = true;
    for (int i = 0; i < n && ok; ++i) {
      if (!(mask >> i & 1)) continue;
      ok = pos[i] > last;
      last = pos[i];
      ++len;
    }
    if (ok) best = std::max(best, len);
  }
  return 2 * (n - best);
}

}  // namespace

BfsBaseline::BfsBaseline() : seen_(kPermutations, 0), queue_(kPermutations) {}

int BfsBaseline::Solve(const Tiles& start) {
  if (++stamp_ == 0) {
    std::fill(seen_.begin(), seen_.end(), 0);
    stamp_ = 1;
  }
  const uint64_t p0 = Pack(start);
  if (p0 == kGoalPacked) return 0;
  seen_[PermutationRank(start)] = stamp_;
  size_t head = 0, tail = 0;
  queue_[tail++] = p0 | uint64_t(BlankOf(start)) << 36;
  for (int depth = 1;; ++depth) {
    const size_t level_end = tail;
    if (head == level_end) return -1;
    while (head < level_end) {
      const uint64_t e = queue_[head++];
      const int b = BlankBits(e);
      const uint64_t p = TilesBits(e);
      for (int k = 0; k < 4; ++k) {
        const int to = kNeighbors[b][k];
        if (to < 0) break;
        const uint64_t q = Slide(p, b, to);
        if (q == kGoalPacked) return depth;
        const uint32_t r = PermutationRank(Unpack(q));
        if (seen_[r] == stamp_) continue;
        seen_[r] = stamp_;
        queue_[tail++] = q | uint64_t(to) << 36;
      }
    }
  }
}

AStarBaseline::AStarBaseline()
    : buckets_(128), stamp_of_(kPermutations, 0), best_g_(kPermutations, 0) {
  nodes_.reserve(kPermutations / 2);
  for (auto& b : buckets_) b.reserve(1 << 12);
}

int AStarBaseline::Solve(const Tiles& start) {
  if (++stamp_ == 0) {
    std::fill(stamp_of_.begin(), stamp_of_.end(), 0);
    stamp_ = 1;
  }
  nodes_.clear();
  for (auto& b : buckets_) b.clear();
  const uint8_t h0 = static_cast<uint8_t>(Manhattan(start));
  nodes_.push_back(
      Node{Pack(start), 0, h0, static_cast<uint8_t>(BlankOf(start))});
  const uint32_t r0 = PermutationRank(start);
  stamp_of_[r0] = stamp_;
  best_g_[r0] = 0;
  buckets_[h0].push_back(0);
  for (size_t f = h0; f < buckets_.size(); ++f) {
    auto& bucket = buckets_[f];
    while (!bucket.empty()) {
      const Node n = nodes_[bucket.back()];
      bucket.pop_back();
      if (n.h == 0) return n.g;  // only the goal has Manhattan distance 0
      const uint32_t r = PermutationRank(Unpack(n.packed));
      if (best_g_[r] < n.g) continue;  // a better copy was expanded
      ++expanded_;
      const uint8_t g = static_cast<uint8_t>(n.g + 1);
      for (int k = 0; k < 4; ++k) {
        const int to = kNeighbors[n.blank][k];
        if (to < 0) break;
        const int x = (n.packed >> (4 * to)) & 15;
        const uint64_t q = Slide(n.packed, n.blank, to);
        const uint32_t rq = PermutationRank(Unpack(q));
        if (stamp_of_[rq] == stamp_ && best_g_[rq] <= g) continue;
        stamp_of_[rq] = stamp_;
        best_g_[rq] = g;
        // Tile x slides from `to` to the blank's cell.
        const uint8_t h = static_cast<uint8_t>(n.h - kManhattan.d[x][to] +
                                               kManhattan.d[x][n.blank]);
        nodes_.push_back(Node{q, g, h, static_cast<uint8_t>(to)});
        buckets_[g + h].push_back(static_cast<uint32_t>(nodes_.size() - 1));
      }
    }
  }
  return -1;
}

IdaStarBaseline::IdaStarBaseline() {
  for (int line = 0; line < kSide; ++line) {
    conflict_row_[line].assign(kCells * kCells * kCells, 0);
    conflict_col_[line].assign(kCells * kCells * kCells, 0);
    for (int code = 0; code < kCells * kCells * kCells; ++code) {
      const int cell_tiles[3] = {code / 81, code / 9 % 9, code % 9};
      int row_pos[3], col_pos[3], nr = 0, nc = 0;
      for (int i = 0; i < 3; ++i) {
        const int x = cell_tiles[i];
        if (x == 0) continue;
        const int g = x - 1;
        if (g / kSide == line) row_pos[nr++] = g % kSide;  // goal column
        if (g % kSide == line) col_pos[nc++] = g / kSide;  // goal row
      }
      conflict_row_[line][code] = static_cast<uint8_t>(LinePenalty(row_pos, nr));
      conflict_col_[line][code] = static_cast<uint8_t>(LinePenalty(col_pos, nc));
    }
  }
}

int IdaStarBaseline::RowConflicts(int row) const {
  const uint8_t* t = &board_[row * kSide];
  return conflict_row_[row][t[0] * 81 + t[1] * 9 + t[2]];
}

int IdaStarBaseline::ColConflicts(int col) const {
  return conflict_col_[col][board_[col] * 81 + board_[col + kSide] * 9 +
                            board_[col + 2 * kSide]];
}

int IdaStarBaseline::Search(int g, int bound, int came_from) {
  const int f = g + manhattan_ + conflicts_;
  if (f > bound) return f;
  if (manhattan_ == 0) {  // only the goal has Manhattan distance 0
    solution_ = g;
    return -1;
  }
  ++expanded_;
  int next_bound = 1 << 30;
  const int b = blank_;
  for (int k = 0; k < 4; ++k) {
    const int to = kNeighbors[b][k];
    if (to < 0) break;
    if (to == came_from) continue;  // never undo the last move
    const int x = board_[to];
    const bool vertical = (to % kSide) == (b % kSide);
    // Lines whose conflicts the move changes: a vertical move takes x from
    // one row to another; a sideways one from one column to another.
    const int la = vertical ? to / kSide : to % kSide;
    const int lb = vertical ? b / kSide : b % kSide;
    const int before = vertical ? RowConflicts(la) + RowConflicts(lb)
                                : ColConflicts(la) + ColConflicts(lb);
    const int md_delta = kManhattan.d[x][b] - kManhattan.d[x][to];
    board_[b] = static_cast<uint8_t>(x);
    board_[to] = 0;
    blank_ = to;
    manhattan_ += md_delta;
    const int after = vertical ? RowConflicts(la) + RowConflicts(lb)
                               : ColConflicts(la) + ColConflicts(lb);
    conflicts_ += after - before;
    const int t = Search(g + 1, bound, b);
    conflicts_ -= after - before;
    manhattan_ -= md_delta;
    blank_ = b;
    board_[to] = static_cast<uint8_t>(x);
    board_[b] = 0;
    if (t < 0) return -1;
    next_bound = std::min(next_bound, t);
  }
  return next_bound;
}

int IdaStarBaseline::Solve(const Tiles& start) {
  board_ = start;
  blank_ = BlankOf(start);
  manhattan_ = Manhattan(start);
  conflicts_ = 0;
  for (int line = 0; line < kSide; ++line) {
    conflicts_ += RowConflicts(line) + ColConflicts(line);
  }
  int bound = manhattan_ + conflicts_;
  while (true) {
    const int t = Search(0, bound, -1);
    if (t < 0) return solution_;
    bound = t;
  }
}

}  // namespace slidedb::bench
