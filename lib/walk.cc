#include "lib/walk.h"

namespace slidedb {

namespace {

// Follows best moves from `start` until the stored distance drops below
// `stop_below` (0 walks to the goal), calling on_step(move, tile) each step.
// Returns the steps taken in *steps and the record reached in *last.
template <typename OnStep>
Status Follow(Table* table, const State& start, int stop_below,
              OnStep on_step, int* steps, uint8_t* last) {
  const Indexer& ix = table->indexer();
  const Board& board = ix.board();
  State s = start;
  Index i = ix.IndexOf(s);
  uint8_t rec;
  Status st = table->Get(i, &rec);
  if (!st.ok()) return st;
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
    i = (m == Move::kLeft || m == Move::kRight)
            ? Indexer::AfterSidewaysMove(i, m)
            : ix.IndexOf(s);
    st = table->Get(i, &rec);
    if (!st.ok()) return st;
  }
  *steps = n;
  *last = rec;
  return Status::OK();
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
