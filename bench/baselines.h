// The classic solvers slidedb is measured against, for the 3x3 puzzle with
// the goal 123456780. Each returns the length of an optimal solution. They
// live here, not in the product. Each keeps its buffers between calls, so
// that after the first call nothing is allocated while searching.
#ifndef SLIDEDB_BENCH_BASELINES_H_
#define SLIDEDB_BENCH_BASELINES_H_

#include <cstdint>
#include <vector>

#include "bench/puzzle.h"

namespace slidedb::bench {

// Breadth-first search from the start until the goal is generated. Visited
// states are marked in an array over all 9! arrangements, by a stamp that
// changes each call (no clearing); the queue is a preallocated array of
// packed states.
class BfsBaseline {
 public:
  BfsBaseline();
  int Solve(const Tiles& start);

 private:
  std::vector<uint32_t> seen_;  // seen_[rank] == stamp_: visited this call
  std::vector<uint64_t> queue_;
  uint32_t stamp_ = 0;
};

// A* with the Manhattan distance, updated by the one tile each move slides.
// The open list is a bucket queue by f (LIFO within a bucket, so deeper
// nodes of equal f come first); the best g of each arrangement is kept in
// an array over all 9!, stamped per call.
class AStarBaseline {
 public:
  AStarBaseline();
  int Solve(const Tiles& start);
  uint64_t expanded() const { return expanded_; }

 private:
  struct Node {
    uint64_t packed;  // 4 bits per cell
    uint8_t g;
    uint8_t h;
    uint8_t blank;
  };
  std::vector<Node> nodes_;
  std::vector<std::vector<uint32_t>> buckets_;  // node ids by f
  std::vector<uint32_t> stamp_of_;
  std::vector<uint8_t> best_g_;
  uint32_t stamp_ = 0;
  uint64_t expanded_ = 0;
};

// IDA* with the Manhattan distance plus linear conflicts. The board is
// changed in place during the depth-first search; the Manhattan distance is
// updated by the moved tile, and the linear conflicts of the two rows (or
// columns) a move touches are looked up in tables indexed by a line's
// three cells.
class IdaStarBaseline {
 public:
  IdaStarBaseline();
  int Solve(const Tiles& start);
  uint64_t expanded() const { return expanded_; }

 private:
  // Returns the smallest f above `bound` met, or -1 when the goal is found.
  int Search(int g, int bound, int came_from);
  int RowConflicts(int row) const;
  int ColConflicts(int col) const;

  Tiles board_{};
  int blank_ = 0;
  int manhattan_ = 0;
  int conflicts_ = 0;
  int solution_ = 0;
  uint64_t expanded_ = 0;
  // conflict_row_[r][a*81 + b*9 + c]: twice the tiles to lift out of row r
  // holding a, b, c so that the rest of its goal-row tiles are in order.
  std::vector<uint8_t> conflict_row_[kSide];
  std::vector<uint8_t> conflict_col_[kSide];
};

}  // namespace slidedb::bench

#endif  // SLIDEDB_BENCH_BASELINES_H_
