#include "lib/search/pdb_cross.h"

#include "lib/puzzle/pattern.h"

namespace slidedb {

Status BuildCrossTable(const Board& board, int goal_blank,
                       const std::vector<int>& tiles, int threads,
                       const std::function<void(const PdbLevel&)>& progress,
                       std::vector<uint8_t>* table) {
  PdbResult built;
  Status s = BuildPatternDb(board, goal_blank, tiles, PdbIndexKind::kPlacement,
                            threads, progress, &built);
  if (!s.ok()) return s;
  const int k = static_cast<int>(tiles.size());
  table->assign(CrossTableBytes(board, k), 0);
  uint64_t weight[kMaxCrossTiles] = {};
  weight[0] = 1;
  for (int i = 1; i < k; ++i) weight[i] = weight[i - 1] * board.cells();
  // Every placement in the order of its index (PatternIndexer::Next).
  const PatternIndexer placement(board.cells(), k);
  uint8_t cell[kMaxCrossTiles];
  placement.CellsAt(0, cell);
  uint64_t index = 0;
  do {
    uint64_t at = 0;
    for (int i = 0; i < k; ++i) at += cell[i] * weight[i];
    (*table)[at] = built.values[index++];
  } while (placement.Next(cell));
  return Status::OK();
}

}  // namespace slidedb
