// The full table in the multi-tile metric (MTM): a move slides one to all
// of the tiles between the blank and an edge of its row or column towards
// the blank, and costs 1, as a finger moves a real puzzle. Retrograde
// breadth-first search from the goal over every state that reaches it,
// with records as for the single-tile metric (lib/puzzle/record.h): the
// distance in MTM moves, and the direction the blank takes in a best first
// move (how far it goes is the distance of the state it reaches: the walk
// tries 1, 2, ... cells that way for the one a step nearer).
//
// RunBfs (lib/search/bfs.h) with BfsOptions::metric = Metric::kMtm searches
// it, on the single-tile search's level engine (lib/search/bfs_levels.h): the
// records are the working bytes, each level scans them for its states on
// BfsOptions::threads workers, decodes tile orders cheaply and claims
// unseen neighbours with atomic byte stores; a vertical neighbour k cells
// away is k vertical steps of rank arithmetic, its bytes fetched ahead. The
// records do not depend on the number of threads. Memory: the records
// (12!/2 bytes, 240 MB, on the 12-cell boards) and about a megabyte more.
// Here, on 2 threads (1): 3x4 2.6 s (4.9 s), 4x3 3.3 s (5.2 s), 2x6 2.2 s
// (3.9 s), 6x2 7 s (7.6 s: five vertical neighbours a state); 2x5 0.03 s.
//
// Issue 24 builds tables, faces and the 4x4 search on it.
#ifndef SLIDEDB_LIB_SEARCH_MTM_BFS_H_
#define SLIDEDB_LIB_SEARCH_MTM_BFS_H_

#include <functional>

#include "lib/puzzle/board.h"
#include "lib/puzzle/state.h"

namespace slidedb {

// The states one MTM move from `s`: for each direction the blank can go,
// 1, 2, ... cells, calling visit(next state, direction, cells).
void ForEachMtmMove(const Board& board, const State& s,
                    const std::function<void(const State&, Move, int)>& visit);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_MTM_BFS_H_
