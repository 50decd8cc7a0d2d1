#include "lib/search/mtm_bfs.h"

#include <algorithm>
#include <chrono>
#include <vector>

namespace slidedb {

void ForEachMtmMove(const Board& board, const State& s,
                    const std::function<void(const State&, Move, int)>& visit) {
  for (Move m : kAllMoves) {
    State next = s;
    int cells = 0;
    for (int to = board.Neighbor(next.blank, m); to >= 0;
         to = board.Neighbor(next.blank, m)) {
      next.tile[next.blank] = next.tile[to];
      next.tile[to] = 0;
      next.blank = static_cast<uint8_t>(to);
      visit(next, m, ++cells);
    }
  }
}

Status RunMtmBfs(const Indexer& indexer,
                 const std::function<void(const BfsLevel&)>& on_level,
                 BfsResult* result) {
  const auto start = std::chrono::steady_clock::now();
  const Board& board = indexer.board();
  constexpr uint8_t kUnseen = 0xFF;  // no board of up to 12 cells is as deep
  // depth[i]: the distance of state i, kUnseen until found.
  std::vector<uint8_t> depth(indexer.size(), kUnseen);
  result->records.assign(indexer.size(), 0);
  result->histogram.clear();
  const Index goal =
      indexer.IndexOf(CanonicalGoal(board, indexer.goal_blank()));
  depth[goal] = 0;
  // The states of the current depth, in index order (so that a state's
  // first finder is its nearer neighbour with the lowest index).
  std::vector<Index> level = {goal};
  uint64_t total = 0;
  for (int d = 0; !level.empty(); ++d) {
    total += level.size();
    result->histogram.push_back(level.size());
    if (on_level) {
      on_level({d, level.size(), total,
                std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                              start)
                    .count()});
    }
    std::vector<Index> next;
    for (Index i : level) {
      ForEachMtmMove(board, indexer.StateAt(i),
                     [&](const State& n, Move m, int) {
                       const Index j = indexer.IndexOf(n);
                       if (depth[j] != kUnseen) return;
                       depth[j] = static_cast<uint8_t>(d + 1);
                       // From n, the blank goes back the way it came.
                       result->records[j] = EncodeRecord(d + 1, Inverse(m));
                       next.push_back(j);
                     });
    }
    std::sort(next.begin(), next.end());
    level = std::move(next);
  }
  result->seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  return Status::OK();
}

}  // namespace slidedb
