// Independent searches the tests check the library against. They share no
// code with lib/: a state is packed 4 bits per cell (cell c in bits 4c..4c+3,
// 0 the blank), the board's geometry is worked out here from rows and
// columns, and states are kept in hash maps, not in the library's index.
#ifndef SLIDEDB_TESTS_REFERENCE_SEARCH_H_
#define SLIDEDB_TESTS_REFERENCE_SEARCH_H_

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <limits>
#include <unordered_map>
#include <vector>

namespace slidedb::testing {

using Packed = uint64_t;

struct RefShape {
  int rows;
  int cols;
  int cells() const { return rows * cols; }
};

inline int TileAt(Packed p, int cell) {
  return static_cast<int>((p >> (4 * cell)) & 15);
}

// tiles[cell], 0 for the blank.
inline Packed Pack(const std::vector<int>& tiles) {
  Packed p = 0;
  for (size_t c = 0; c < tiles.size(); ++c) {
    p |= static_cast<Packed>(tiles[c]) << (4 * c);
  }
  return p;
}

inline std::vector<int> Unpack(Packed p, int cells) {
  std::vector<int> tiles(cells);
  for (int c = 0; c < cells; ++c) tiles[c] = TileAt(p, c);
  return tiles;
}

inline int BlankCell(Packed p, int cells) {
  for (int c = 0; c < cells; ++c) {
    if (TileAt(p, c) == 0) return c;
  }
  return -1;
}

// The cells the blank at `blank` can move to.
inline std::vector<int> BlankTargets(const RefShape& shape, int blank) {
  std::vector<int> out;
  const int r = blank / shape.cols, k = blank % shape.cols;
  if (r > 0) out.push_back(blank - shape.cols);
  if (r + 1 < shape.rows) out.push_back(blank + shape.cols);
  if (k > 0) out.push_back(blank - 1);
  if (k + 1 < shape.cols) out.push_back(blank + 1);
  return out;
}

// The state after the blank at `blank` swaps with the tile at `to`.
inline Packed SwapBlank(Packed p, int blank, int to) {
  const Packed t = static_cast<Packed>(TileAt(p, to));
  return p ^ (t << (4 * to)) ^ (t << (4 * blank));
}

// Distance to `goal` of every state that reaches it, by breadth-first search
// over the moves `neighbours(state)` lists.
template <typename Neighbours>
std::unordered_map<Packed, int> BfsDistances(Packed goal,
                                             Neighbours neighbours) {
  std::unordered_map<Packed, int> dist;
  dist.reserve(1 << 18);
  std::deque<Packed> queue;
  dist[goal] = 0;
  queue.push_back(goal);
  while (!queue.empty()) {
    const Packed p = queue.front();
    queue.pop_front();
    const int d = dist[p];
    for (Packed q : neighbours(p)) {
      if (dist.emplace(q, d + 1).second) queue.push_back(q);
    }
  }
  return dist;
}

// The states one single-tile move from `p`.
inline std::vector<Packed> StmNeighbours(const RefShape& shape, Packed p) {
  std::vector<Packed> out;
  const int blank = BlankCell(p, shape.cells());
  for (int to : BlankTargets(shape, blank)) {
    out.push_back(SwapBlank(p, blank, to));
  }
  return out;
}

// Single-tile distances.
inline std::unordered_map<Packed, int> DistancesTo(const RefShape& shape,
                                                   Packed goal) {
  return BfsDistances(goal,
                      [&shape](Packed p) { return StmNeighbours(shape, p); });
}

// The states one multi-tile move from `p`: the blank travels 1, 2, ... cells
// one way, each tile it passes sliding one cell back.
inline std::vector<Packed> MtmNeighbours(const RefShape& shape, Packed p) {
  std::vector<Packed> out;
  const int start = BlankCell(p, shape.cells());
  constexpr int kWays[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};
  for (const auto& way : kWays) {
    Packed q = p;
    int blank = start;
    int r = start / shape.cols + way[0], k = start % shape.cols + way[1];
    for (; r >= 0 && r < shape.rows && k >= 0 && k < shape.cols;
         r += way[0], k += way[1]) {
      const int to = r * shape.cols + k;
      q = SwapBlank(q, blank, to);
      blank = to;
      out.push_back(q);
    }
  }
  return out;
}

// Distance to `goal` in the multi-tile metric of every state that reaches
// it.
inline std::unordered_map<Packed, int> MtmDistancesTo(const RefShape& shape,
                                                      Packed goal) {
  return BfsDistances(goal,
                      [&shape](Packed p) { return MtmNeighbours(shape, p); });
}

// histogram[d]: states at distance d.
inline std::vector<uint64_t> HistogramOf(
    const std::unordered_map<Packed, int>& dist) {
  std::vector<uint64_t> h;
  for (const auto& [state, d] : dist) {
    if (static_cast<size_t>(d) >= h.size()) h.resize(d + 1, 0);
    ++h[d];
  }
  return h;
}

// Iterative-deepening A* with the Manhattan distance: the length of a
// shortest solution from `start` to `goal`, which must reach each other.
class IdaStar {
 public:
  IdaStar(const RefShape& shape, Packed goal) : shape_(shape) {
    goal_cell_.assign(shape.cells(), 0);
    for (int c = 0; c < shape.cells(); ++c) goal_cell_[TileAt(goal, c)] = c;
  }

  int Distance(Packed start) {
    int h = 0;
    for (int c = 0; c < shape_.cells(); ++c) {
      const int t = TileAt(start, c);
      if (t != 0) h += Cost(t, c);
    }
    int bound = h;
    while (true) {
      const int next =
          Search(start, BlankCell(start, shape_.cells()), -1, 0, bound, h);
      if (next < 0) return bound;
      bound = next;
    }
  }

 private:
  int Cost(int tile, int cell) const {
    const int g = goal_cell_[tile];
    return std::abs(g / shape_.cols - cell / shape_.cols) +
           std::abs(g % shape_.cols - cell % shape_.cols);
  }

  // -1 when the goal was found within `bound`; else the least f that
  // exceeded it.
  int Search(Packed p, int blank, int prev_blank, int g, int bound, int h) {
    const int f = g + h;
    if (f > bound) return f;
    if (h == 0) return -1;
    int least = std::numeric_limits<int>::max();
    for (int to : BlankTargets(shape_, blank)) {
      if (to == prev_blank) continue;
      const int t = TileAt(p, to);
      const int h2 = h - Cost(t, to) + Cost(t, blank);
      const int r =
          Search(SwapBlank(p, blank, to), to, blank, g + 1, bound, h2);
      if (r < 0) return -1;
      least = std::min(least, r);
    }
    return least;
  }

  RefShape shape_;
  std::vector<int> goal_cell_;
};

// Inversions counted pair by pair: tiles (not the blank) read in reading
// order that stand before a smaller tile.
inline int CountInversions(const std::vector<int>& tiles) {
  int n = 0;
  for (size_t i = 0; i < tiles.size(); ++i) {
    for (size_t j = i + 1; j < tiles.size(); ++j) {
      if (tiles[i] != 0 && tiles[j] != 0 && tiles[i] > tiles[j]) ++n;
    }
  }
  return n;
}

inline uint64_t Factorial(int n) {
  uint64_t f = 1;
  for (int k = 2; k <= n; ++k) f *= static_cast<uint64_t>(k);
  return f;
}

}  // namespace slidedb::testing

#endif  // SLIDEDB_TESTS_REFERENCE_SEARCH_H_
