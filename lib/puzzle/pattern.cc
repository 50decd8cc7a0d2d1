#include "lib/puzzle/pattern.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>

#include "lib/base/ascii.h"
#include "lib/puzzle/symmetry.h"

namespace slidedb {

namespace {

// Parses a decimal integer that is all of `text`.
bool ParseInt(std::string_view text, int* v) {
  const char* b = text.data();
  const char* e = b + text.size();
  auto r = std::from_chars(b, e, *v);
  return b != e && r.ec == std::errc() && r.ptr == e;
}

std::vector<std::string_view> Split(std::string_view text, char sep) {
  std::vector<std::string_view> parts;
  for (size_t at = 0;;) {
    const size_t end = text.find(sep, at);
    parts.push_back(text.substr(
        at, end == std::string_view::npos ? std::string_view::npos : end - at));
    if (end == std::string_view::npos) return parts;
    at = end + 1;
  }
}

// Boards of up to this many cells take groups of up to kMaxPatternTiles,
// asked for or by default; larger ones take 7 asked for and 6 by default
// (a 7-tile group of 5x5 takes 19 GB to build: never a default).
constexpr int kFullGroupCells = 16;

int DefaultPatternTiles(const Board& board) {
  return board.cells() <= kFullGroupCells ? kMaxPatternTiles : 6;
}

}  // namespace

int MaxPatternTiles(const Board& board) {
  return board.cells() <= kFullGroupCells ? kMaxPatternTiles : 7;
}

Status ParsePartition(std::string_view text, const Board& board,
                      Partition* out) {
  const auto bad = [&](const std::string& why) {
    return Status::InvalidArgument("pattern partition '" + ShownInput(text) +
                                   "': " + why);
  };
  const int tiles = board.cells() - 1;
  const int max_group = MaxPatternTiles(board);
  Partition p;
  if (text.find_first_of(",/") == std::string_view::npos) {
    std::vector<int> sizes;
    int sum = 0;
    for (std::string_view part : Split(text, '-')) {
      int size = 0;
      if (ParseInt(part, &size) && size < 1) {
        return bad("a group holds at least one tile, not " +
                   std::to_string(size));
      }
      if (!ParseInt(part, &size)) {
        return bad(
            "expected group sizes separated by '-', such as 7-8, or "
            "each group's tiles, such as 1,2,3/4,5,6/7,8");
      }
      if (size > max_group) {
        return bad("a group holds at most " + std::to_string(max_group) +
                   " tiles on " + board.Name());
      }
      sizes.push_back(size);
      sum += size;
    }
    if (sum != tiles) {
      return bad("the groups hold " + std::to_string(sum) + " tiles; a " +
                 board.Name() + " board has " + std::to_string(tiles));
    }
    p = ConsecutiveGroups(sizes);
  } else {
    std::vector<bool> seen(board.cells(), false);
    int count = 0;
    for (std::string_view group_text : Split(text, '/')) {
      std::vector<int> group;
      for (std::string_view tile_text : Split(group_text, ',')) {
        int tile = 0;
        if (!ParseInt(tile_text, &tile)) {
          return bad(
              "expected tiles separated by ',' and groups by '/', "
              "such as 1,2,3/4,5,6/7,8");
        }
        if (tile < 1 || tile > tiles) {
          return bad("tile " + std::to_string(tile) + " is not one of 1.." +
                     std::to_string(tiles));
        }
        if (seen[tile]) {
          return bad("tile " + std::to_string(tile) + " is in two groups");
        }
        seen[tile] = true;
        group.push_back(tile);
        ++count;
      }
      if (static_cast<int>(group.size()) > max_group) {
        return bad("a group holds at most " + std::to_string(max_group) +
                   " tiles on " + board.Name());
      }
      std::sort(group.begin(), group.end());
      p.push_back(std::move(group));
    }
    if (count != tiles) {
      return bad("the groups hold " + std::to_string(count) + " tiles; a " +
                 board.Name() + " board has " + std::to_string(tiles));
    }
  }
  *out = std::move(p);
  return Status::OK();
}

std::string PartitionName(const Partition& p) {
  bool consecutive = true;
  int next = 1;
  for (const auto& group : p) {
    for (int t : group) consecutive = consecutive && t == next++;
  }
  std::string s;
  for (size_t i = 0; i < p.size(); ++i) {
    if (consecutive) {
      if (i > 0) s += '-';
      s += std::to_string(p[i].size());
      continue;
    }
    if (i > 0) s += '/';
    for (size_t j = 0; j < p[i].size(); ++j) {
      if (j > 0) s += ',';
      s += std::to_string(p[i][j]);
    }
  }
  return s;
}

Partition ConsecutiveGroups(const std::vector<int>& sizes) {
  Partition groups;
  int next = 1;
  for (int size : sizes) {
    groups.emplace_back();
    for (int i = 0; i < size; ++i) groups.back().push_back(next++);
  }
  return groups;
}

namespace {

// Groups of cells; a goal's partition is one of these with each cell
// replaced by the tile the canonical goal puts on it.
using CellGroups = std::vector<std::vector<int>>;

// The default groups of cells of the goal with the blank last; with
// `other_order`, group sizes that differ the other way round.
CellGroups BlankLastCells(const Board& board, bool other_order = false) {
  if (board.rows() == 5 && board.cols() == 5) {
    // Korf and Felner's (2002) 6-6-6-6 turned by 180 degrees: three blocks
    // of 2x3 and the six cells around the blank (BENCHMARKS.md compares it
    // with another).
    return {{0, 1, 2, 5, 6, 7},
            {3, 4, 8, 9, 13, 14},
            {10, 11, 15, 16, 20, 21},
            {12, 17, 18, 19, 22, 23}};
  }
  // As few groups as cover the cells, as even as possible, each taking the
  // next cells in reading order: smaller first (5-6-6 on 3x6 searched 0.68x
  // the states of 6-6-5), but on 4x4 larger first, Korf and Felner's 7-8
  // for their goal (the blank first) turned by 180 degrees (0.93x the
  // states on Korf's 100 of 7-8 for the blank last; BENCHMARKS.md).
  const bool larger_first =
      (board.rows() == 4 && board.cols() == 4) != other_order;
  const int max_group = DefaultPatternTiles(board);
  CellGroups groups;
  int next = 0;
  for (int left = board.cells() - 1; left > 0;) {
    const int groups_left = (left + max_group - 1) / max_group;
    const int size = larger_first ? (left + groups_left - 1) / groups_left
                                  : left / groups_left;
    groups.emplace_back();
    for (int i = 0; i < size; ++i) groups.back().push_back(next++);
    left -= size;
  }
  return groups;
}

// owner[c]: the group of cell c, -1 for the blank's cell.
std::vector<int> Owners(const Board& board, const CellGroups& groups) {
  std::vector<int> owner(board.cells(), -1);
  for (size_t g = 0; g < groups.size(); ++g) {
    for (int c : groups[g]) owner[c] = static_cast<int>(g);
  }
  return owner;
}

CellGroups FromOwners(const std::vector<int>& owner, size_t groups) {
  CellGroups out(groups);
  for (size_t c = 0; c < owner.size(); ++c) {
    if (owner[c] >= 0) out[owner[c]].push_back(static_cast<int>(c));
  }
  return out;
}

// The pairs of neighbouring cells in one group: the more, the more compact
// the groups.
int InnerNeighbours(const Board& board, const std::vector<int>& owner) {
  int pairs = 0;
  for (int c = 0; c < board.cells(); ++c) {
    if (owner[c] < 0) continue;
    for (Move m : {Move::kRight, Move::kDown}) {
      const int d = board.Neighbor(c, m);
      pairs += d >= 0 && owner[d] == owner[c];
    }
  }
  return pairs;
}

// The cells from `from` to `to` by a shortest road that goes along the
// rows first (or the columns first).
std::vector<int> Road(const Board& board, int from, int to, bool rows_first) {
  std::vector<int> road = {from};
  int r = board.Row(from), c = board.Col(from);
  for (int leg = 0; leg < 2; ++leg) {
    if ((leg == 0) == rows_first) {
      while (c != board.Col(to)) {
        c += c < board.Col(to) ? 1 : -1;
        road.push_back(r * board.cols() + c);
      }
    } else {
      while (r != board.Row(to)) {
        r += r < board.Row(to) ? 1 : -1;
        road.push_back(r * board.cols() + c);
      }
    }
  }
  return road;
}

}  // namespace

uint64_t CrossTableBytes(const Board& board, int tiles) {
  uint64_t bytes = 1;
  for (int i = 0; i < tiles; ++i) bytes *= board.cells();
  return bytes;
}

Partition CrossPartition(const Board& board, int goal_blank) {
  if (board.rows() != 5 || board.cols() != 5) return {};
  // The blank-last goal's groups, as cells (tile t's home is cell t - 1).
  static constexpr int kCells[4][6] = {{0, 5, 10, 15, 20, 21},
                                       {1, 6, 11, 12, 16, 17},
                                       {2, 3, 4, 7, 8, 9},
                                       {13, 14, 18, 19, 22, 23}};
  const int last = board.cells() - 1;
  for (int k = 0; k < ShapeSymmetries(board); ++k) {
    if (ApplySymmetry(board, k, last) != goal_blank) continue;
    // The canonical goal's tile on a cell c (the blank on goal_blank): the
    // cells in order, the blank's skipped, numbered from 1.
    const auto tile = [&](int c) { return c < goal_blank ? c + 1 : c; };
    Partition p;
    for (const auto& group : kCells) {
      std::vector<int> tiles;
      for (int c : group) tiles.push_back(tile(ApplySymmetry(board, k, c)));
      std::sort(tiles.begin(), tiles.end());
      p.push_back(tiles);
    }
    std::sort(p.begin(), p.end());
    return p;
  }
  return {};
}

Partition DefaultPartition(const Board& board, int goal_blank) {
  const int last = board.cells() - 1;
  const CellGroups base = BlankLastCells(board);
  // Each symmetry of the board takes the blank-last groups to groups around
  // its image of the last cell; the one nearest the goal's blank is moved
  // there as the blank moves, each cell of its road taking the group of the
  // next (the tiles slide along). Nearest first, then the most neighbours
  // within groups, then the first symmetry (so the blank-last goal keeps
  // its groups and the blank-first goal gets them turned by 180 degrees).
  std::vector<int> best;
  int best_distance = 0, best_pairs = 0;
  auto consider = [&](const CellGroups& shape, bool only_moved) {
    for (int k = 0; k < ShapeSymmetries(board); ++k) {
      CellGroups turned = shape;
      for (auto& group : turned) {
        for (int& c : group) c = ApplySymmetry(board, k, c);
      }
      const int from = ApplySymmetry(board, k, last);
      const int distance = std::abs(board.Row(from) - board.Row(goal_blank)) +
                           std::abs(board.Col(from) - board.Col(goal_blank));
      if (only_moved && distance == 0) continue;
      for (bool rows_first : {true, false}) {
        std::vector<int> owner = Owners(board, turned);
        const std::vector<int> road = Road(board, from, goal_blank, rows_first);
        for (size_t i = 0; i + 1 < road.size(); ++i) {
          owner[road[i]] = owner[road[i + 1]];
        }
        owner[goal_blank] = -1;
        const int pairs = InnerNeighbours(board, owner);
        if (best.empty() || distance < best_distance ||
            (distance == best_distance && pairs > best_pairs)) {
          best = owner;
          best_distance = distance;
          best_pairs = pairs;
        }
      }
    }
  };
  consider(base, false);
  // A blank off those images tries the groups' sizes the other way round
  // too: on 4x4 with the blank on cell 5 the blank's two rows then make one
  // group and the other two rows the other, which generated a third fewer
  // states than the 7-8 (then the default) moved there (BENCHMARKS.md).
  consider(BlankLastCells(board, /*other_order=*/true), true);
  // The canonical goal puts tile c + 1 on a cell c before its blank, c after.
  Partition p = FromOwners(best, base.size());
  for (auto& group : p) {
    for (int& t : group) t = t < goal_blank ? t + 1 : t;
  }
  std::sort(p.begin(), p.end());
  return p;
}

PatternIndexer::PatternIndexer(int cells, int tiles)
    : cells_(cells), tiles_(tiles), size_(1) {
  for (int i = 0; i < tiles; ++i) size_ *= static_cast<uint64_t>(cells - i);
  uint64_t weight = 1;
  for (int i = tiles - 1; i >= 0; --i) {
    weight_[i] = weight;
    weight *= static_cast<uint64_t>(cells - i);
  }
}

void PatternIndexer::CellsAt(uint64_t index, uint8_t* cell) const {
  uint8_t digit[kMaxPatternTiles];
  for (int i = tiles_ - 1; i >= 0; --i) {
    const uint64_t radix = static_cast<uint64_t>(cells_ - i);
    digit[i] = static_cast<uint8_t>(index % radix);
    index /= radix;
  }
  uint32_t used = 0;
  for (int i = 0; i < tiles_; ++i) {
    // The digit[i]-th cell (from 0) that no earlier tile holds.
    int c = 0;
    for (int left = digit[i];; ++c) {
      if (used >> c & 1u) continue;
      if (left-- == 0) break;
    }
    cell[i] = static_cast<uint8_t>(c);
    used |= 1u << c;
  }
}

}  // namespace slidedb
