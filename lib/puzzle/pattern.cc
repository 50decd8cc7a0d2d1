#include "lib/puzzle/pattern.h"

#include <algorithm>
#include <charconv>

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
    parts.push_back(text.substr(at, end == std::string_view::npos
                                        ? std::string_view::npos
                                        : end - at));
    if (end == std::string_view::npos) return parts;
    at = end + 1;
  }
}

}  // namespace

int MaxPatternTiles(const Board& board) {
  return board.cells() <= 16 ? kMaxPatternTiles : 6;
}

Status ParsePartition(std::string_view text, const Board& board,
                      Partition* out) {
  const auto bad = [&](const std::string& why) {
    return Status::InvalidArgument("pattern partition '" + std::string(text) +
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
      if (!ParseInt(part, &size) || size < 1) {
        return bad("expected group sizes separated by '-', such as 7-8, or "
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
          return bad("expected tiles separated by ',' and groups by '/', "
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

Partition DefaultPartition(const Board& board) {
  if (board.rows() == 5 && board.cols() == 5) {
    // Korf and Felner's (2002) 6-6-6-6 turned by 180 degrees for the goal
    // with the blank last: three blocks of 2x3 and the six tiles around the
    // blank (BENCHMARKS.md compares it with another).
    Partition p;
    Status s = ParsePartition(
        "1,2,3,6,7,8/4,5,9,10,14,15/11,12,16,17,21,22/13,18,19,20,23,24",
        board, &p);
    if (s.ok()) return p;
  }
  // As few groups as cover the tiles, as even as possible, smaller first.
  const int max_group = MaxPatternTiles(board);
  std::vector<int> sizes;
  for (int left = board.cells() - 1; left > 0;) {
    const int groups_left = (left + max_group - 1) / max_group;
    const int size = left / groups_left;
    sizes.push_back(size);
    left -= size;
  }
  return ConsecutiveGroups(sizes);
}

PatternIndexer::PatternIndexer(int cells, int tiles)
    : cells_(cells), tiles_(tiles), size_(1) {
  for (int i = 0; i < tiles; ++i) size_ *= static_cast<uint64_t>(cells - i);
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
