#include "lib/search/mtm_bfs.h"

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

}  // namespace slidedb
