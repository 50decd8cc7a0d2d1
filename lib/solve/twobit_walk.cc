#include "lib/solve/twobit_walk.h"

#include <string>

#include "lib/puzzle/residue_walk.h"

namespace slidedb {

Status TwoBitWalk(const TwoBitTable& table, const Indexer& indexer,
                  const State& start, std::vector<Move>* moves) {
  const Board& board = indexer.board();
  if (table.size() != indexer.size()) {
    return Status::Internal("the table is not of this board and goal");
  }
  if (!IsWellFormed(board, start) || !indexer.Reachable(start)) {
    return Status::InvalidArgument("the start does not reach the goal");
  }
  moves->clear();
  const uint64_t limit = table.max_distance() >= 0
                             ? static_cast<uint64_t>(table.max_distance())
                             : table.size();
  const Index goal =
      indexer.IndexOf(CanonicalGoal(board, indexer.goal_blank()));
  int steps;
  bool reached;
  Status s = WalkResidues(
      indexer, start, goal,
      static_cast<int>(std::min<uint64_t>(limit, INT32_MAX)),
      [&table](Index j, uint8_t* r) {
        *r = table.Get(j);
        return Status::OK();
      },
      [moves](const ResidueStep& step) { moves->push_back(step.move); },
      "the two-bit table", &steps, &reached);
  if (s.ok() && !reached) {
    return Status::Corruption("the walk is longer than " +
                              std::to_string(limit) + " moves");
  }
  return s;
}

}  // namespace slidedb
