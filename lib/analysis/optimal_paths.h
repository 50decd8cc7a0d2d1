// OptimalPaths: every optimal solution of a start, counted or listed, read
// off a table, in the table's metric (a multi-tile move is one move). The
// optimal solutions of a state at distance d are the moves to a neighbour at
// distance d-1 followed by an optimal solution of that neighbour, so they are
// counted by dynamic programming over the table, memoized per index, and listed
// by a depth-first walk in a fixed order. Not thread-safe: one OptimalPaths per
// thread, like its Table.
#ifndef SLIDEDB_LIB_ANALYSIS_OPTIMAL_PATHS_H_
#define SLIDEDB_LIB_ANALYSIS_OPTIMAL_PATHS_H_

#include <cstddef>
#include <string>
#include <unordered_map>
#include <vector>

#include "lib/base/status.h"
#include "lib/puzzle/board.h"
#include "lib/puzzle/index.h"
#include "lib/puzzle/state.h"
#include "lib/storage/table.h"

namespace slidedb {

// A number of paths. An optimal solution never undoes its previous move, so
// a state at distance d has at most 4 * 3^(d-1) of them; distances on boards
// of up to 12 cells stay below 81, and 4 * 3^79 < 2^128. In the multi-tile
// metric a state has at most 7 moves on a 12-cell board, and distances stay
// below 45: 7^44 < 2^128.
using PathCount = unsigned __int128;

// Decimal digits.
std::string PathCountToString(PathCount n);

class OptimalPaths {
 public:
  // REQUIRES: table outlives this object.
  explicit OptimalPaths(Table* table) : table_(table) {}

  // The number of distinct optimal move sequences from `start` to the
  // table's goal (1 for the goal itself: the empty sequence).
  // REQUIRES: table->indexer().Reachable(start).
  Status Count(const State& start, PathCount* count);

  // The first `limit` optimal move sequences from `start`, in lexicographic
  // order with U < D < L < R. *complete tells whether that is all of them.
  // REQUIRES: table->indexer().Reachable(start).
  Status List(const State& start, size_t limit,
              std::vector<std::vector<Move>>* paths, bool* complete);

 private:
  // The true distance of `s` (at index i), saturated records resolved.
  Status Distance(Index i, const State& s, int* d);
  // Calls on_next(move, cells, neighbour, its index) for each neighbour
  // of `s` (at index i, distance d) at distance d-1, in U D L R order, by
  // 1, 2, ... cells (one in STM).
  template <typename OnNext>
  Status ForEachNearer(Index i, const State& s, int d, OnNext on_next);
  Status CountAt(Index i, const State& s, int d, PathCount* count);
  Status ListFrom(Index i, const State& s, int d, size_t limit,
                  std::vector<Move>* prefix,
                  std::vector<std::vector<Move>>* paths);

  // Memoized entries kept between calls at most; past this the memo is
  // cleared before the next call, so a long batch on a big board cannot
  // grow without bound.
  static constexpr size_t kMaxMemo = size_t{1} << 24;
  void TrimMemo();

  Table* table_;
  std::unordered_map<Index, PathCount> counts_;
  std::unordered_map<Index, int> saturated_;  // true distances found so far
};

}  // namespace slidedb

#endif  // SLIDEDB_LIB_ANALYSIS_OPTIMAL_PATHS_H_
