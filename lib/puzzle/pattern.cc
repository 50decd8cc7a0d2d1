#include "lib/puzzle/pattern.h"

#include <charconv>

namespace slidedb {

Status ParsePartition(std::string_view text, const Board& board,
                      Partition* out) {
  Partition p;
  int sum = 0;
  size_t at = 0;
  const auto bad = [&](const std::string& why) {
    return Status::InvalidArgument("pattern partition '" + std::string(text) +
                                   "': " + why);
  };
  while (at <= text.size()) {
    size_t dash = text.find('-', at);
    if (dash == std::string_view::npos) dash = text.size();
    int size = 0;
    const char* b = text.data() + at;
    const char* e = text.data() + dash;
    auto r = std::from_chars(b, e, size);
    if (b == e || r.ec != std::errc() || r.ptr != e || size < 1) {
      return bad("expected group sizes separated by '-', such as 7-8");
    }
    if (size > kMaxPatternTiles) {
      return bad("a group holds at most " + std::to_string(kMaxPatternTiles) +
                 " tiles");
    }
    p.push_back(size);
    sum += size;
    at = dash + 1;
  }
  const int tiles = board.cells() - 1;
  if (sum != tiles) {
    return bad("the groups hold " + std::to_string(sum) + " tiles; a " +
               board.Name() + " board has " + std::to_string(tiles));
  }
  *out = std::move(p);
  return Status::OK();
}

std::string PartitionName(const Partition& p) {
  std::string s;
  for (size_t i = 0; i < p.size(); ++i) {
    if (i > 0) s += '-';
    s += std::to_string(p[i]);
  }
  return s;
}

Partition DefaultPartition(const Board& board) {
  // As few groups as cover the tiles, as even as possible, smaller first.
  const int tiles = board.cells() - 1;
  Partition p;
  for (int left = tiles; left > 0;) {
    const int groups_left = (left + kMaxPatternTiles - 1) / kMaxPatternTiles;
    const int size = left / groups_left;
    p.push_back(size);
    left -= size;
  }
  return p;
}

std::vector<std::vector<int>> PartitionGroups(const Partition& p) {
  std::vector<std::vector<int>> groups;
  int next = 1;
  for (int size : p) {
    groups.emplace_back();
    for (int i = 0; i < size; ++i) groups.back().push_back(next++);
  }
  return groups;
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
