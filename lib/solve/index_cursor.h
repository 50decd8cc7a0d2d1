// IndexCursor: a state's index (lib/puzzle/index.h) kept up to date move by
// move for a board whose shape is known at compile time, for the walks of
// lib/solve/walk.cc.
#ifndef SLIDEDB_LIB_SOLVE_INDEX_CURSOR_H_
#define SLIDEDB_LIB_SOLVE_INDEX_CURSOR_H_

#include <cstdint>

#include "lib/puzzle/board.h"
#include "lib/puzzle/index.h"
#include "lib/puzzle/state.h"
#include "lib/search/bfs_ranks.h"

namespace slidedb {

// A state's index kept up to date move by move. A sideways move changes the
// index by 1; a vertical move lifts one tile over cols()-1 others in the
// tile sequence (lib/puzzle/index.h), which changes only those tiles'
// Lehmer digits: the search's step (lib/search/bfs_ranks.h) gives the new
// rank from them, and the cursor moves the tiles and their digits along.
// The board's shape is a template parameter, so that the loops unroll and
// the weights are constants.
template <int kCells, int kCols>
class IndexCursor {
  using S = bfs::Shape<kCells / kCols, kCols>;

 public:
  explicit IndexCursor(const State& s) {
    unsigned unused = (1u << S::kM) - 1;  // tile t is bit t-1
    int k = 0;
    rank_ = 0;
    for (int c = 0; c < kCells; ++c) {
      const uint8_t t = s.tile[c];
      if (t == 0) continue;
      order_.seq[k] = t;
      order_.digit[k] = static_cast<uint8_t>(LehmerDigit(unused, t));
      rank_ += order_.digit[k] * S::kW[k];
      unused &= ~(1u << (t - 1));
      ++k;
    }
    blank_ = s.blank;
  }

  Index index() const {
    return rank_ * static_cast<Index>(kCells) + static_cast<Index>(blank_);
  }

  // The index after move m, the cursor unchanged (the state before is not
  // needed: the cursor's interface in lib/puzzle/residue_walk.h).
  // REQUIRES: the move stays on the board.
  Index IndexAfter(Move m, const State& /*before*/ = State()) const {
    switch (m) {
      case Move::kLeft:
        return index() - 1;
      case Move::kRight:
        return index() + 1;
      // (A rank fits bfs::Index, 32 bits; an index of 2x7 does not.)
      case Move::kUp: {
        const int p = blank_ - kCols;
        return Index{bfs::Step<S>(order_, rank_, p, 1)} * kCells +
               static_cast<Index>(p);
      }
      case Move::kDown:
        return Index{bfs::Step<S>(order_, rank_, blank_, 0)} * kCells +
               static_cast<Index>(blank_ + kCols);
    }
    return index();
  }

  // REQUIRES: the move stays on the board.
  void Apply(Move m) { Slide(m, /*step_rank=*/true); }
  // Apply, its index known (IndexAfter): the rank is not worked out again.
  void Apply(Move m, Index after) {
    Slide(m, /*step_rank=*/false);
    rank_ = after / kCells;
  }

 private:
  // Moves the tiles and their digits along; the rank too if step_rank.
  void Slide(Move m, bool step_rank) {
    constexpr int k = kCols - 1;
    uint8_t* seq = order_.seq;
    uint8_t* digit = order_.digit;
    switch (m) {
      case Move::kLeft:
        --blank_;
        return;
      case Move::kRight:
        ++blank_;
        return;
      case Move::kUp: {
        // The tile above the blank, at p, goes after the k tiles after it;
        // each of them passed moves back a place, one more in its digit if
        // it is greater; the tile's digit loses one for each smaller one.
        const int p = blank_ - kCols;
        if (step_rank) rank_ = bfs::Step<S>(order_, rank_, p, 1);
        const uint8_t t = seq[p];
        const uint8_t dt = digit[p];
        int passed = 0;
        for (int j = 1; j <= k; ++j) {
          const uint8_t x = seq[p + j];
          passed += x < t;
          seq[p + j - 1] = x;
          digit[p + j - 1] = static_cast<uint8_t>(digit[p + j] + (t < x));
        }
        seq[p + k] = t;
        digit[p + k] = static_cast<uint8_t>(dt - passed);
        blank_ = p;
        return;
      }
      case Move::kDown: {
        // The tile below the blank, at p + k, goes before the k tiles
        // before it, the other way round.
        const int p = blank_;
        if (step_rank) rank_ = bfs::Step<S>(order_, rank_, p, 0);
        const uint8_t t = seq[p + k];
        const uint8_t dt = digit[p + k];
        int passed = 0;
        for (int j = k - 1; j >= 0; --j) {
          const uint8_t x = seq[p + j];
          passed += x < t;
          seq[p + j + 1] = x;
          digit[p + j + 1] = static_cast<uint8_t>(digit[p + j] - (t < x));
        }
        seq[p] = t;
        digit[p] = static_cast<uint8_t>(dt + passed);
        blank_ = p + kCols;
        return;
      }
    }
  }

  int blank_;
  Index rank_;
  bfs::Order order_{};  // the tiles in reading order and their digits
};

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SOLVE_INDEX_CURSOR_H_
