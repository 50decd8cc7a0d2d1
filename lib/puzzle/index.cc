#include "lib/puzzle/index.h"

#include "lib/puzzle/parity.h"

namespace slidedb {

namespace {

// The position of the k-th lowest set bit of x. REQUIRES: popcount(x) > k.
inline int SelectBit(unsigned x, int k) {
  for (; k > 0; --k) x &= x - 1;
  return __builtin_ctz(x);
}

}  // namespace

Indexer::Indexer(const Board& board, int goal_blank)
    : board_(board), goal_blank_(goal_blank), cells_(board.cells()) {
  const int m = cells_ - 1;  // tiles
  weight_ = LehmerWeights(cells_);
  // m!/2 * cells = cells!/2
  Index half = 1;
  for (int k = 3; k <= m; ++k) half *= static_cast<Index>(k);
  size_ = half * static_cast<Index>(cells_);
}

bool Indexer::Reachable(const State& s) const {
  return (Inversions(board_, s) & 1) == InversionParity(s.blank);
}

Index Indexer::IndexOf(const State& s) const {
  const int m = cells_ - 1;
  unsigned unused = (1u << m) - 1;  // tile t is bit t-1
  Index rank = 0;
  int i = 0;
  for (int c = 0; c < cells_ && i < m - 2; ++c) {
    const unsigned v = s.tile[c];
    if (v == 0) continue;
    rank += static_cast<Index>(LehmerDigit(unused, v)) * weight_[i];
    unused &= ~(1u << (v - 1));
    ++i;
  }
  return rank * static_cast<Index>(cells_) + s.blank;
}

State Indexer::StateAt(Index index) const {
  const int m = cells_ - 1;
  State s;
  s.blank = static_cast<uint8_t>(index % static_cast<Index>(cells_));
  Index rank = index / static_cast<Index>(cells_);
  unsigned unused = (1u << m) - 1;
  int parity = 0;
  int c = 0;
  auto place = [&](uint8_t tile) {
    if (c == s.blank) s.tile[c++] = 0;
    s.tile[c++] = tile;
  };
  for (int i = 0; i < m - 2; ++i) {
    const Index digit = rank / weight_[i];
    rank -= digit * weight_[i];
    parity += static_cast<int>(digit);
    const int v = SelectBit(unused, static_cast<int>(digit));
    unused &= ~(1u << v);
    place(static_cast<uint8_t>(v + 1));
  }
  // The two tiles left, a < b: in order they add no inversion, swapped one.
  const int a = __builtin_ctz(unused);
  const int b = __builtin_ctz(unused & (unused - 1));
  if ((parity & 1) == InversionParity(s.blank)) {
    place(static_cast<uint8_t>(a + 1));
    place(static_cast<uint8_t>(b + 1));
  } else {
    place(static_cast<uint8_t>(b + 1));
    place(static_cast<uint8_t>(a + 1));
  }
  if (c == s.blank) s.tile[c++] = 0;
  return s;
}

State Indexer::WithBlankOn(const State& first, int blank) const {
  // first: the blank on cell 0, the tiles on cells 1 .. cells_ - 1.
  State s;
  s.blank = static_cast<uint8_t>(blank);
  for (int c = 0; c < blank; ++c) s.tile[c] = first.tile[c + 1];
  s.tile[blank] = 0;
  for (int c = blank + 1; c < cells_; ++c) s.tile[c] = first.tile[c];
  if (InversionParity(blank) != InversionParity(0)) {
    // The last two tiles, wherever the blank stands between them.
    const int last = blank == cells_ - 1 ? cells_ - 2 : cells_ - 1;
    const int before = last - 1 == blank ? last - 2 : last - 1;
    std::swap(s.tile[before], s.tile[last]);
  }
  return s;
}

}  // namespace slidedb
