#include "lib/search/pdb_encoding.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <thread>

#include "lib/base/coding.h"
#include "lib/base/threads.h"
#include "lib/puzzle/pattern.h"
#include "lib/puzzle/region_pattern.h"
#include "lib/puzzle/state.h"

namespace slidedb {

namespace {

// The md of the placement of each entry in [first, last), handed to
// f(index, md) in order.
template <typename F>
void ForEachMd(const Board& board, const GroupDistances& d,
               const std::vector<int>& tiles, PdbIndexKind kind, uint64_t first,
               uint64_t last, F&& f) {
  const GroupIndexer indexer(board, static_cast<int>(tiles.size()), kind);
  uint8_t cells[kMaxPatternTiles];
  for (uint64_t i = first; i < last; ++i) {
    // Each entry's cells from the last's, as the indexes run in order.
    if (i == first) {
      indexer.CellsAt(i, cells);
    } else {
      indexer.CellsAfter(i - 1, cells);
    }
    int md = 0;
    for (size_t k = 0; k < tiles.size(); ++k) md += d(tiles[k], cells[k]);
    f(i, md);
  }
}

}  // namespace

GroupDistances::GroupDistances(const Board& board, int goal_blank,
                               const std::vector<int>& tiles) {
  const State goal = CanonicalGoal(board, goal_blank);
  for (int t : tiles) {
    int home = 0;
    while (goal.tile[home] != t) ++home;
    for (int c = 0; c < board.cells(); ++c) {
      distance_[t][c] = static_cast<uint8_t>(
          std::abs(board.Row(c) - board.Row(home)) +
          std::abs(board.Col(c) - board.Col(home)));
    }
  }
}

bool PackPdbEntries(const Board& board, int goal_blank,
                    const std::vector<int>& tiles, PdbIndexKind kind,
                    const std::vector<uint8_t>& values, int threads,
                    std::vector<uint8_t>* packed) {
  const GroupDistances d(board, goal_blank, tiles);
  const uint64_t n = values.size();
  packed->assign((n + 1) / 2, 0);
  std::atomic<bool> fits{true};
  // Each thread a run of whole bytes (an even number of entries).
  const uint64_t per = (n / 2 + threads) / threads * 2;
  auto pack = [&](uint64_t first, uint64_t last) {
    ForEachMd(board, d, tiles, kind, first, last, [&](uint64_t i, int md) {
      const int excess = values[i] - md;
      if (values[i] == 0xff || excess < 0 || excess > 30 || excess % 2) {
        fits.store(false, std::memory_order_relaxed);
        return;
      }
      SetZeroNibble(packed->data(), i, excess / 2);
    });
  };
  std::vector<std::thread> workers;
  workers.reserve(threads);
  for (int t = 0; t < threads; ++t) {
    const uint64_t first = std::min<uint64_t>(n, per * t);
    const uint64_t last = std::min<uint64_t>(n, first + per);
    // A run whose thread the system refuses is packed here.
    if (!StartThread(&workers, [&pack, first, last] { pack(first, last); })) {
      pack(first, last);
    }
  }
  for (std::thread& w : workers) w.join();
  if (!fits) packed->clear();
  return fits;
}

std::vector<uint8_t> UnpackPdbEntries(const Board& board, int goal_blank,
                                      const std::vector<int>& tiles,
                                      PdbIndexKind kind, uint64_t entries,
                                      const std::vector<uint8_t>& packed) {
  const GroupDistances d(board, goal_blank, tiles);
  std::vector<uint8_t> values(entries);
  ForEachMd(board, d, tiles, kind, 0, entries, [&](uint64_t i, int md) {
    values[i] = static_cast<uint8_t>(md + 2 * GetNibble(packed.data(), i));
  });
  return values;
}

}  // namespace slidedb
