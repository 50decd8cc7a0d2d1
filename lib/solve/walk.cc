#include "lib/solve/walk.h"

#include <optional>
#include <string>
#include <utility>

#include "lib/puzzle/residue_walk.h"
#include "lib/puzzle/shapes.h"
#include "lib/solve/index_cursor.h"

namespace slidedb {

namespace {

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

// How a two-bit table's walks read it: residues, loading pages as need be,
// and (Peek) those at hand.
struct TwoBitReads {
  Table* table;
  Status operator()(Index j, uint8_t* r) const {
    if (table->GetResidueLoaded(j, r)) return Status::OK();
    return table->GetResidue(j, r);
  }
};
struct TwoBitPeek {
  Table* table;
  bool operator()(Index j, uint8_t* r) const {
    return table->GetResidueLoaded(j, r);
  }
};

// A finished walk's Status: Corruption if it stopped short of the goal.
Status Finished(const TableMeta& meta, Status s, bool reached) {
  if (s.ok() && !reached) {
    return Status::Corruption("table " + meta.Id() +
                              ": a walk is longer than its max_distance, " +
                              std::to_string(meta.max_distance));
  }
  return s;
}

// Walks a two-bit table from `start` to its goal, one residue read a
// neighbour (lib/puzzle/residue_walk.h), calling on_step each step.
template <int kCells, int kCols, typename OnStep>
Status WalkTwoBitShape(Table* table, const State& start, const OnStep& on_step,
                       int* steps) {
  const TableMeta& meta = table->meta();
  const TwoBitReads reads{table};
  bool reached = false;
  Status s = WalkResiduesWith(
      table->indexer().board(), start, IndexCursor<kCells, kCols>(start),
      table->goal_index(), meta.max_distance, reads, [](Index) {}, on_step,
      "table " + meta.Id(), steps, &reached);
  return Finished(meta, s, reached);
}

template <typename OnStep>
Status WalkTwoBit(Table* table, const State& start, const OnStep& on_step,
                  int* steps) {
  const Board& board = table->indexer().board();
  switch (board.rows() * 16 + board.cols()) {
#define SLIDEDB_SHAPE(r, c) \
  case r * 16 + c:          \
    return WalkTwoBitShape<r * c, c>(table, start, on_step, steps);
    SLIDEDB_FOR_EACH_SHAPE(SLIDEDB_SHAPE)
    SLIDEDB_FOR_EACH_TWO_BIT_ONLY_SHAPE(SLIDEDB_SHAPE)
#undef SLIDEDB_SHAPE
  }
  return Status::InvalidArgument("board " + board.Name() +
                                 " is not supported by the walk");
}

// WalkManyToGoal for one shape: kInFlight walks at a time, in rounds of a
// step each. A step's costly read lands anywhere in a large table, a cache
// miss (about 320 ns on 2x7 here); a round first works out every walk's
// read (Look), then makes them all in one tight loop, where their misses
// overlap (about 25 ns each for 16), then steps every walk (Advance).
template <int kCells, int kCols>
void WalkManyShape(Table* table, const State* starts, size_t n, Path* paths,
                   Status* statuses) {
  constexpr int kInFlight = 32;
  using Walk = ResidueWalk<IndexCursor<kCells, kCols>>;
  const TableMeta& meta = table->meta();
  const Board& board = table->indexer().board();
  const TwoBitReads reads{table};
  const TwoBitPeek peek{table};
  const std::string what = "table " + meta.Id();
  struct Slot {
    size_t k;  // the start walked
    std::optional<Walk> walk;
    bool looked;
  };
  Slot slots[kInFlight];
  Index want[kInFlight];  // the read of slot j's next step, if any
  bool wanted[kInFlight];
  size_t next = 0;
  int live = 0;
  auto begin = [&](Slot* slot) {
    const size_t k = next++;
    slot->k = k;
    paths[k].moves.clear();
    paths[k].tiles.clear();
    paths[k].moves.reserve(meta.max_distance);
    paths[k].tiles.reserve(meta.max_distance);
    slot->walk.emplace(board, starts[k], IndexCursor<kCells, kCols>(starts[k]),
                       table->goal_index(), meta.max_distance);
    slot->looked = false;
  };
  while (live < kInFlight && next < n) begin(&slots[live++]);
  while (live > 0) {
    for (int j = 0; j < live; ++j) {
      wanted[j] = false;
      slots[j].walk->Look(peek, [&want, &wanted, j](Index i) {
        want[j] = i;
        wanted[j] = true;
      });
      slots[j].looked = true;
    }
    for (int j = 0; j < live; ++j) {
      if (wanted[j]) table->TouchResidue(want[j]);
    }
    for (int j = 0; j < live;) {
      Slot& slot = slots[j];
      if (!slot.looked) {  // begun in this round: stepped in the next
        ++j;
        continue;
      }
      Path& path = paths[slot.k];
      Status s = slot.walk->Advance(
          reads,
          [&path](const ResidueStep& step) {
            path.moves.push_back(step.move);
            path.tiles.push_back(step.tile);
          },
          what);
      if (!slot.walk->done()) {
        ++j;
        continue;
      }
      statuses[slot.k] = Finished(meta, s, slot.walk->reached());
      if (next < n) {
        begin(&slot);
        ++j;
      } else {
        --live;  // slot j takes the last walk, stepped next
        if (j != live) std::swap(slot, slots[live]);
      }
    }
  }
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

void WalkManyToGoal(Table* table, const State* starts, size_t n, Path* paths,
                    Status* statuses) {
  const Board& board = table->indexer().board();
  if (table->two_bit()) {
    switch (board.rows() * 16 + board.cols()) {
#define SLIDEDB_SHAPE(r, c) \
  case r * 16 + c:          \
    return WalkManyShape<r * c, c>(table, starts, n, paths, statuses);
      SLIDEDB_FOR_EACH_SHAPE(SLIDEDB_SHAPE)
      SLIDEDB_FOR_EACH_TWO_BIT_ONLY_SHAPE(SLIDEDB_SHAPE)
#undef SLIDEDB_SHAPE
    }
  }
  for (size_t k = 0; k < n; ++k) {
    statuses[k] = WalkToGoal(table, starts[k], &paths[k]);
  }
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
