#include "lib/solve/twobit_walk.h"

#include <string>

namespace slidedb {

Status TwoBitWalk(const TwoBitTable& table, const Indexer& indexer,
                  const State& start, std::vector<Move>* moves) {
  const Board& board = indexer.board();
  if (table.size() != indexer.size()) {
    return Status::InvalidArgument("the table is not of this board and goal");
  }
  if (!IsWellFormed(board, start) || !indexer.Reachable(start)) {
    return Status::InvalidArgument("the start does not reach the goal");
  }
  moves->clear();
  const State goal = CanonicalGoal(board, indexer.goal_blank());
  const uint64_t limit = table.max_distance() >= 0
                             ? static_cast<uint64_t>(table.max_distance())
                             : table.size();
  State s = start;
  Index i = indexer.IndexOf(s);
  uint8_t r = table.Get(i);
  while (s != goal) {
    if (r == kTwoBitUnreached) {
      return Status::Corruption("state " + std::to_string(i) +
                                " is not reached");
    }
    if (moves->size() >= limit) {
      return Status::Corruption("the walk is longer than " +
                                std::to_string(limit) + " moves");
    }
    const uint8_t nearer = static_cast<uint8_t>((r + 2) % 3);
    bool stepped = false;
    for (Move m : kAllMoves) {
      State t = s;
      if (!ApplyMove(board, m, &t)) continue;
      const Index j = indexer.AfterMove(i, m, t);
      if (table.Get(j) != nearer) continue;
      s = t;
      i = j;
      r = nearer;
      moves->push_back(m);
      stepped = true;
      break;
    }
    if (!stepped) {
      return Status::Corruption("state " + std::to_string(i) +
                                " has no neighbour nearer the goal");
    }
  }
  if (r != 0) return Status::Corruption("the goal's residue is not 0");
  return Status::OK();
}

}  // namespace slidedb
