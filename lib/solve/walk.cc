#include "lib/solve/walk.h"

#include <array>

#include "lib/puzzle/shapes.h"

namespace slidedb {

namespace {

// A state's index kept up to date move by move. A sideways move changes the
// index by 1; a vertical move lifts one tile over cols()-1 others in the
// tile sequence (lib/puzzle/index.h), which changes only those tiles' Lehmer
// digits, so the rank moves by the weighted change of a few digits instead
// of being computed afresh.
// The board's shape is a template parameter, so that the loops unroll and
// the weights are constants.
template <int kCells, int kCols>
class IndexCursor {
 public:
  explicit IndexCursor(const State& s) {
    unsigned unused = (1u << kM) - 1;  // tile t is bit t-1
    int k = 0;
    rank_ = 0;
    for (int c = 0; c < kCells; ++c) {
      const uint8_t t = s.tile[c];
      if (t == 0) continue;
      seq_[k] = t;
      digit_[k] = static_cast<uint8_t>(LehmerDigit(unused, t));
      rank_ += digit_[k] * kWeight[k];
      unused &= ~(1u << (t - 1));
      ++k;
    }
    blank_ = s.blank;
  }

  Index index() const {
    return rank_ * static_cast<Index>(kCells) + static_cast<Index>(blank_);
  }

  // REQUIRES: the move stays on the board.
  void Apply(Move m) {
    constexpr int k = kCols - 1;
    switch (m) {
      case Move::kLeft: --blank_; return;
      case Move::kRight: ++blank_; return;
      case Move::kUp: {
        // The tile above the blank, at p, goes after the k tiles after it.
        const int p = blank_ - kCols;
        const uint8_t t = seq_[p];
        const uint8_t dt = digit_[p];
        int passed = 0;
        int64_t delta = 0;
        for (int j = 1; j <= k; ++j) {
          const uint8_t x = seq_[p + j];
          passed += x < t;
          const uint8_t dx = static_cast<uint8_t>(digit_[p + j] + (t < x));
          delta += static_cast<int64_t>(dx) * kWeight[p + j - 1] -
                   static_cast<int64_t>(digit_[p + j - 1]) * kWeight[p + j - 1];
          seq_[p + j - 1] = x;
          digit_[p + j - 1] = dx;
        }
        const uint8_t dn = static_cast<uint8_t>(dt - passed);
        delta += static_cast<int64_t>(dn) * kWeight[p + k] -
                 static_cast<int64_t>(digit_[p + k]) * kWeight[p + k];
        seq_[p + k] = t;
        digit_[p + k] = dn;
        rank_ = static_cast<Index>(static_cast<int64_t>(rank_) + delta);
        blank_ = p;
        return;
      }
      case Move::kDown: {
        // The tile below the blank, at p + k, goes before the k tiles
        // before it.
        const int p = blank_;
        const uint8_t t = seq_[p + k];
        const uint8_t dt = digit_[p + k];
        int passed = 0;
        int64_t delta = 0;
        for (int j = k - 1; j >= 0; --j) {
          const uint8_t x = seq_[p + j];
          passed += x < t;
          const uint8_t dx = static_cast<uint8_t>(digit_[p + j] - (t < x));
          delta += static_cast<int64_t>(dx) * kWeight[p + j + 1] -
                   static_cast<int64_t>(digit_[p + j + 1]) * kWeight[p + j + 1];
          seq_[p + j + 1] = x;
          digit_[p + j + 1] = dx;
        }
        const uint8_t dn = static_cast<uint8_t>(dt + passed);
        delta += static_cast<int64_t>(dn) * kWeight[p] -
                 static_cast<int64_t>(digit_[p]) * kWeight[p];
        seq_[p] = t;
        digit_[p] = dn;
        rank_ = static_cast<Index>(static_cast<int64_t>(rank_) + delta);
        blank_ = p + kCols;
        return;
      }
    }
  }

 private:
  static constexpr int kM = kCells - 1;  // tiles
  static constexpr std::array<Index, kMaxCells> kWeight =
      LehmerWeights(kCells);

  int blank_;
  Index rank_;
  uint8_t seq_[kMaxCells];
  uint8_t digit_[kMaxCells];
};

// Follows best moves from `start` until the stored distance drops below
// `stop_below` (0 walks to the goal), calling on_step(move, tile) each step.
// Returns the steps taken in *steps and the record reached in *last.
template <int kCells, int kCols, typename OnStep>
Status FollowShape(Table* table, const State& start, int stop_below,
                   OnStep& on_step, int* steps, uint8_t* last) {
  const Board& board = table->indexer().board();
  State s = start;
  IndexCursor<kCells, kCols> cursor(s);
  Index i = cursor.index();
  uint8_t rec;
  if (!table->GetLoaded(i, &rec)) {
    Status st = table->Get(i, &rec);
    if (!st.ok()) return st;
  }
  const int limit = table->meta().max_distance;
  int n = 0;
  while (RecordDistance(rec) != 0 && RecordDistance(rec) >= stop_below) {
    const Move m = RecordMove(rec);
    uint8_t tile;
    if (n == limit || !ApplyMove(board, m, &s, &tile)) {
      return Status::Corruption("table " + table->meta().Id() +
                                " leads a walk astray at index " +
                                std::to_string(i));
    }
    on_step(m, tile);
    ++n;
    cursor.Apply(m);
    i = cursor.index();
    if (!table->GetLoaded(i, &rec)) {
      Status st = table->Get(i, &rec);
      if (!st.ok()) return st;
    }
  }
  if (RecordDistance(rec) == 0 && i != table->goal_index()) {
    // A walk ends on the goal: a record that says 0 anywhere else is wrong.
    return Status::Corruption("table " + table->meta().Id() +
                              " gives distance 0 to index " +
                              std::to_string(i) + ", which is not its goal");
  }
  *steps = n;
  *last = rec;
  return Status::OK();
}

template <typename OnStep>
Status Follow(Table* table, const State& start, int stop_below,
              OnStep on_step, int* steps, uint8_t* last) {
  const Board& board = table->indexer().board();
  switch (board.rows() * 16 + board.cols()) {
#define SLIDEDB_SHAPE(r, c)                                           \
  case r * 16 + c:                                                    \
    return FollowShape<r * c, c>(table, start, stop_below, on_step, \
                                 steps, last);
    SLIDEDB_FOR_EACH_SHAPE(SLIDEDB_SHAPE)
#undef SLIDEDB_SHAPE
  }
  return Status::InvalidArgument("board " + board.Name() +
                                 " is not supported by the walk");
}

}  // namespace

Status WalkToGoal(Table* table, const State& start, Path* path) {
  path->moves.clear();
  path->tiles.clear();
  int steps;
  uint8_t last;
  return Follow(
      table, start, 0,
      [&](Move m, uint8_t tile) {
        path->moves.push_back(m);
        path->tiles.push_back(tile);
      },
      &steps, &last);
}

Status DistanceToGoal(Table* table, const State& start, int* distance) {
  int steps;
  uint8_t last;
  Status s = Follow(
      table, start, kDistanceSaturated, [](Move, uint8_t) {}, &steps, &last);
  if (s.ok()) *distance = steps + RecordDistance(last);
  return s;
}

}  // namespace slidedb
