#include "lib/solve/walk.h"

#include <array>

#include "lib/puzzle/residue_walk.h"
#include "lib/puzzle/shapes.h"
#include "lib/search/bfs_ranks.h"

namespace slidedb {

namespace {

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

  // REQUIRES: the move stays on the board.
  void Apply(Move m) {
    constexpr int k = kCols - 1;
    uint8_t* seq = order_.seq;
    uint8_t* digit = order_.digit;
    switch (m) {
      case Move::kLeft: --blank_; return;
      case Move::kRight: ++blank_; return;
      case Move::kUp: {
        // The tile above the blank, at p, goes after the k tiles after it;
        // each of them passed moves back a place, one more in its digit if
        // it is greater; the tile's digit loses one for each smaller one.
        const int p = blank_ - kCols;
        rank_ = bfs::Step<S>(order_, rank_, p, 1);
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
        rank_ = bfs::Step<S>(order_, rank_, p, 0);
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

 private:
  int blank_;
  Index rank_;
  bfs::Order order_{};  // the tiles in reading order and their digits
};

// Follows best moves from `start` until the stored distance drops below
// `stop_below` (0 walks to the goal), calling on_step(move, tile) each step
// of the blank. Returns the moves taken in *steps and the record reached in
// *last. In the multi-tile metric a move is the fewest steps the record's
// way that reach a state one nearer.
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
  const bool mtm = table->meta().metric == Metric::kMtm;
  int n = 0;
  while (RecordDistance(rec) != 0 && RecordDistance(rec) >= stop_below) {
    const Move m = RecordMove(rec);
    const int from = RecordDistance(rec);
    if (n == limit) break;
    do {
      uint8_t tile;
      if (!ApplyMove(board, m, &s, &tile)) {
        n = limit;  // off the board: astray
        break;
      }
      on_step(m, tile);
      cursor.Apply(m);
      i = cursor.index();
      if (!table->GetLoaded(i, &rec)) {
        Status st = table->Get(i, &rec);
        if (!st.ok()) return st;
      }
    } while (mtm && RecordDistance(rec) != from - 1 &&
             from < kDistanceSaturated);
    if (n == limit) break;
    ++n;
  }
  if (RecordDistance(rec) != 0 && RecordDistance(rec) >= stop_below) {
    return Status::Corruption("table " + table->meta().Id() +
                              " leads a walk astray at index " +
                              std::to_string(i));
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

// Walks a two-bit table from `start` to its goal, one residue read a
// neighbour (lib/puzzle/residue_walk.h), calling on_step each step.
template <typename OnStep>
Status WalkTwoBit(Table* table, const State& start, const OnStep& on_step,
                  int* steps) {
  const TableMeta& meta = table->meta();
  bool reached;
  Status s = WalkResidues(
      table->indexer(), start, table->goal_index(), meta.max_distance,
      [table](Index j, uint8_t* r) { return table->GetResidue(j, r); }, on_step,
      "table " + meta.Id(), steps, &reached);
  if (s.ok() && !reached) {
    return Status::Corruption("table " + meta.Id() +
                              ": a walk is longer than its max_distance, " +
                              std::to_string(meta.max_distance));
  }
  return s;
}

}  // namespace

Status WalkToGoal(Table* table, const State& start, Path* path) {
  path->moves.clear();
  path->tiles.clear();
  int steps;
  if (table->two_bit()) {
    return WalkTwoBit(
        table, start,
        [&](const ResidueStep& step) {
          path->moves.push_back(step.move);
          path->tiles.push_back(step.tile);
        },
        &steps);
  }
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
  if (table->two_bit()) {
    Status s = WalkTwoBit(
        table, start, [](const ResidueStep&) {}, &steps);
    if (s.ok()) *distance = steps;
    return s;
  }
  uint8_t last;
  Status s = Follow(
      table, start, kDistanceSaturated, [](Move, uint8_t) {}, &steps, &last);
  if (s.ok()) *distance = steps + RecordDistance(last);
  return s;
}

}  // namespace slidedb
