#include "tour/construction.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <utility>
#include <vector>

#include "tour/rule_search.h"

namespace slidedb::tour {

namespace {

constexpr int kMinOddBlock = 5;
constexpr int kMaxOddBlock = 11;
constexpr int64_t kTileBacktracks = 200000;

// Splits an even length (0 or >= 6) into pieces of 6, 8 and 10.
std::vector<int> EvenPieces(int length) {
  std::vector<int> pieces;
  while (length > 10) {
    const int piece = length - 8 >= 6 ? 8 : 6;
    pieces.push_back(piece);
    length -= piece;
  }
  if (length > 0) pieces.push_back(length);
  return pieces;
}

// A closed tour of a rows x cols tile, cached. Empty if none was found.
const Tour& TileCycle(int rows, int cols) {
  static std::mutex mu;
  static std::map<std::pair<int, int>, Tour> cache;
  std::lock_guard<std::mutex> lock(mu);
  auto it = cache.find({rows, cols});
  if (it != cache.end()) return it->second;
  Tour found;
  // Corners first: a corner has two moves, both in any closed tour.
  const Square starts[] = {
      {0, 0}, {rows - 1, cols - 1}, {0, cols - 1}, {rows / 2, cols / 2}};
  for (Rule rule : {Rule::kXiao, Rule::kWarnsdorff}) {
    for (Square s : starts) {
      SearchResult r =
          RectangleSearch(rows, cols, s, rule, true, nullptr, kTileBacktracks);
      if (r.found) {
        found = std::move(r.tour);
        break;
      }
    }
    if (!found.empty()) break;
  }
  return cache.emplace(std::make_pair(rows, cols), std::move(found))
      .first->second;
}

// Cycles on the board as two neighbours per square (-1: not on a cycle).
class Cycles {
 public:
  explicit Cycles(int n)
      : n_(n),
        link_(static_cast<size_t>(n) * n * 2, -1),
        part_(static_cast<size_t>(n) * n, -1) {}

  int Id(int r, int c) const { return r * n_ + c; }
  bool On(int r, int c) const { return r >= 0 && r < n_ && c >= 0 && c < n_; }

  // Lays the tile's cycle at (row, col); `part` names it for joining.
  void AddTile(const Tour& cycle, int row, int col, int part) {
    const size_t len = cycle.size();
    for (size_t k = 0; k < len; ++k) {
      const Square a = cycle[k], b = cycle[(k + 1) % len];
      const int ia = Id(row + a.row, col + a.col);
      const int ib = Id(row + b.row, col + b.col);
      link_[2 * ia + 1] = ib;
      link_[2 * ib] = ia;
      part_[ia] = part;
    }
    parent_.resize(std::max<size_t>(parent_.size(), part + 1));
    parent_[part] = part;
  }

  int Root(int part) {
    while (parent_[part] != part) part = parent_[part] = parent_[parent_[part]];
    return part;
  }

  // Joins the cycles of parts part1 and part2 by one two-move exchange, with
  // its square a (of part1's cycle) in rows [r0, r1) x cols [c0, c1), the
  // near side of their common edge. False if no exchange was found.
  bool Join(int part1, int part2, int r0, int r1, int c0, int c1) {
    const int root1 = Root(part1), root2 = Root(part2);
    if (root1 == root2) return true;
    for (int r = r0; r < r1; ++r) {
      for (int c = c0; c < c1; ++c) {
        const int a = Id(r, c);
        if (part_[a] < 0 || Root(part_[a]) != root1) continue;
        for (const auto& m : kKnightMoves) {
          const int rc = r + m[0], cc = c + m[1];
          if (!On(rc, cc)) continue;
          const int cs = Id(rc, cc);
          if (part_[cs] < 0 || Root(part_[cs]) != root2) continue;
          for (int i = 0; i < 2; ++i) {
            const int b = link_[2 * a + i];
            for (int j = 0; j < 2; ++j) {
              const int d = link_[2 * cs + j];
              if (!IsKnightMove(At(b), At(d))) continue;
              Replace(a, b, cs);
              Replace(b, a, d);
              Replace(cs, d, a);
              Replace(d, cs, b);
              parent_[root2] = root1;
              return true;
            }
          }
        }
      }
    }
    return false;
  }

  // The cycle through `from`, starting there.
  void Walk(int from, Tour* out) const {
    int prev = -1, at = from;
    do {
      out->push_back(At(at));
      const int next =
          link_[2 * at] != prev ? link_[2 * at] : link_[2 * at + 1];
      prev = at;
      at = next;
    } while (at != from);
  }

  Square At(int id) const { return Square{id / n_, id % n_}; }

 private:
  void Replace(int at, int old_to, int new_to) {
    if (link_[2 * at] == old_to) {
      link_[2 * at] = new_to;
    } else {
      link_[2 * at + 1] = new_to;
    }
  }

  int n_;
  std::vector<int> link_;
  std::vector<int> part_;
  std::vector<int> parent_;
};

// Bands of a side of length n: the lengths of consecutive strips.
struct Bands {
  std::vector<int> sizes;
  int odd = -1;  // the index of the odd band (the start's), or -1
};

Bands EvenBands(int n) { return Bands{EvenPieces(n), -1}; }

// Every way to cut an odd side around position p: an odd band of 5 to 11
// holding p, even strips of 0 or at least 6 on either side. Smallest first.
std::vector<Bands> OddBandChoices(int n, int p) {
  std::vector<Bands> choices;
  for (int h = kMinOddBlock; h <= kMaxOddBlock && h < n; h += 2) {
    for (int before = 0; before + h <= n; before += 2) {
      const int after = n - before - h;
      if (p < before || p >= before + h) continue;
      if ((before != 0 && before < 6) || (after != 0 && after < 6)) continue;
      Bands b;
      b.sizes = EvenPieces(before);
      b.odd = static_cast<int>(b.sizes.size());
      b.sizes.push_back(h);
      for (int piece : EvenPieces(after)) b.sizes.push_back(piece);
      choices.push_back(std::move(b));
    }
  }
  return choices;
}

// Lays and joins the tiles of rows x cols bands, all but the odd block.
Status BuildCycle(const Bands& rows, const Bands& cols, Cycles* cycles) {
  const int nr = static_cast<int>(rows.sizes.size());
  const int nc = static_cast<int>(cols.sizes.size());
  std::vector<int> row_at(nr + 1, 0), col_at(nc + 1, 0);
  for (int i = 0; i < nr; ++i) row_at[i + 1] = row_at[i] + rows.sizes[i];
  for (int j = 0; j < nc; ++j) col_at[j + 1] = col_at[j] + cols.sizes[j];
  auto skip = [&](int i, int j) { return i == rows.odd && j == cols.odd; };
  for (int i = 0; i < nr; ++i) {
    for (int j = 0; j < nc; ++j) {
      if (skip(i, j)) continue;
      const Tour& tile = TileCycle(rows.sizes[i], cols.sizes[j]);
      if (tile.empty()) {
        return Status::NotFound("no closed tour found for a " +
                                std::to_string(rows.sizes[i]) + "x" +
                                std::to_string(cols.sizes[j]) + " tile");
      }
      cycles->AddTile(tile, row_at[i], col_at[j], i * nc + j);
    }
  }
  // Join along rows first, then each row's first free tile down the column:
  // with the odd block missing, go round it through its neighbours.
  for (int i = 0; i < nr; ++i) {
    for (int j = 0; j + 1 < nc; ++j) {
      if (skip(i, j) || skip(i, j + 1)) continue;
      if (!cycles->Join(i * nc + j, i * nc + j + 1, row_at[i], row_at[i + 1],
                        std::max(col_at[j + 1] - 2, 0), col_at[j + 1])) {
        return Status::NotFound("could not join two tiles side by side");
      }
    }
  }
  for (int i = 0; i + 1 < nr; ++i) {
    for (int j = 0; j < nc; ++j) {
      if (skip(i, j) || skip(i + 1, j)) continue;
      if (!cycles->Join(i * nc + j, (i + 1) * nc + j,
                        std::max(row_at[i + 1] - 2, 0), row_at[i + 1],
                        col_at[j], col_at[j + 1])) {
        return Status::NotFound("could not join two tiles one above the other");
      }
    }
  }
  return Status::OK();
}

}  // namespace

bool CanConstruct(int n) { return n % 2 == 0 ? n >= 6 : n >= 13; }

Status ConstructTour(int n, Square start, bool closed, Tour* tour) {
  tour->clear();
  if (n % 2 == 0) {
    Cycles cycles(n);
    Status s = BuildCycle(EvenBands(n), EvenBands(n), &cycles);
    if (!s.ok()) return s;
    cycles.Walk(cycles.Id(start.row, start.col), tour);
    return Status::OK();
  }
  // Odd boards have no closed tour (REQUIRES): `closed` only matters above.
  (void)closed;
  for (const Bands& rows : OddBandChoices(n, start.row)) {
    for (const Bands& cols : OddBandChoices(n, start.col)) {
      int r0 = 0, c0 = 0;
      for (int i = 0; i < rows.odd; ++i) r0 += rows.sizes[i];
      for (int j = 0; j < cols.odd; ++j) c0 += cols.sizes[j];
      const int h = rows.sizes[rows.odd], w = cols.sizes[cols.odd];
      // The block's tour must end a knight move from a square outside it.
      std::vector<bool> ends(static_cast<size_t>(h) * w, false);
      for (int r = 0; r < h; ++r) {
        for (int c = 0; c < w; ++c) {
          for (const auto& m : kKnightMoves) {
            const int gr = r0 + r + m[0], gc = c0 + c + m[1];
            const bool inside =
                gr >= r0 && gr < r0 + h && gc >= c0 && gc < c0 + w;
            if (gr >= 0 && gr < n && gc >= 0 && gc < n && !inside) {
              ends[static_cast<size_t>(r) * w + c] = true;
            }
          }
        }
      }
      const Square local{start.row - r0, start.col - c0};
      SearchResult block;
      for (Rule rule : {Rule::kXiao, Rule::kWarnsdorff}) {
        block =
            RectangleSearch(h, w, local, rule, false, &ends, kTileBacktracks);
        if (block.found) break;
      }
      if (!block.found) continue;
      Cycles cycles(n);
      Status s = BuildCycle(rows, cols, &cycles);
      if (!s.ok()) return s;
      for (const Square& q : block.tour)
        tour->push_back({q.row + r0, q.col + c0});
      const Square last = tour->back();
      for (const auto& m : kKnightMoves) {
        const int gr = last.row + m[0], gc = last.col + m[1];
        const bool inside = gr >= r0 && gr < r0 + h && gc >= c0 && gc < c0 + w;
        if (cycles.On(gr, gc) && !inside) {
          cycles.Walk(cycles.Id(gr, gc), tour);
          return Status::OK();
        }
      }
      return Status::NotFound("internal: the block's end has no way out");
    }
  }
  return Status::NotFound("no block around the start could be covered");
}

}  // namespace slidedb::tour
