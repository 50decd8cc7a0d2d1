#include "lib/search/walking_distance.h"

#include <algorithm>
#include <map>
#include <utility>
#include <vector>

namespace slidedb {

namespace {

struct KeyHash {
  size_t operator()(unsigned __int128 k) const {
    const uint64_t lo = static_cast<uint64_t>(k);
    const uint64_t hi = static_cast<uint64_t>(k >> 64);
    uint64_t h = lo * 0x9E3779B97F4A7C15ull ^ (hi + 0x632BE59BD9B4E019ull);
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    return static_cast<size_t>(h ^ (h >> 32));
  }
};

// Table states' keys to their numbers, by linear probing in one array:
// freed at once (a node map's millions of nodes took a second to free on
// 4x5, past the search's limits).
class IdMap {
 public:
  using Key = unsigned __int128;
  using Id = WalkingDistance::Id;
  struct Slot {
    Key key = 0;
    Id id = WalkingDistance::kNone;
  };

  // The slots it has once it holds `n` keys (it grows as they come, so
  // that work stopped early has not touched them all).
  static size_t SlotsFor(uint64_t n) {
    size_t slots = 1024;
    while (n * 4 > slots * 3) slots *= 2;
    return slots;
  }

  // The number of `key`, made `fresh` when it has none (*added then).
  Id Emplace(Key key, Id fresh, bool* added) {
    if ((size_ + 1) * 4 > slots_.size() * 3) Grow();
    Slot& slot = slots_[Find(key)];
    *added = slot.id == WalkingDistance::kNone;
    if (*added) {
      slot = {key, fresh};
      ++size_;
    }
    return slot.id;
  }

 private:
  size_t Find(Key key) const {
    const size_t mask = slots_.size() - 1;
    size_t i = KeyHash()(key) & mask;
    while (slots_[i].id != WalkingDistance::kNone && slots_[i].key != key) {
      i = (i + 1) & mask;
    }
    return i;
  }
  void Grow() {
    std::vector<Slot> old(std::max<size_t>(1024, slots_.size() * 2));
    old.swap(slots_);
    for (const Slot& s : old) {
      if (s.id != WalkingDistance::kNone) slots_[Find(s.key)] = s;
    }
  }

  std::vector<Slot> slots_;
  size_t size_ = 0;
};

constexpr uint8_t kUnseen = 0xFF;

// The matrices of `lines` x `lines` counts whose line l sums to row[l] and
// whose column g sums to col[g]: line by line, keyed by what each column
// has left (3 bits a column).
uint64_t CountMatrices(int lines, const int* row, const int* col) {
  auto pack = [lines](const int* left) {
    uint32_t key = 0;
    for (int g = 0; g < lines; ++g) {
      key |= static_cast<uint32_t>(left[g]) << (3 * g);
    }
    return key;
  };
  std::map<uint32_t, uint64_t> ways = {{pack(col), 1}};
  for (int l = 0; l < lines; ++l) {
    std::map<uint32_t, uint64_t> next;
    // Not a structured binding: clang 14 (tests/scripts/fuzz.sh) cannot
    // capture one.
    for (const auto& way : ways) {
      const uint32_t key = way.first;
      const uint64_t n = way.second;
      int left[WalkingDistance::kMaxLines];
      for (int g = 0; g < lines; ++g) left[g] = (key >> (3 * g)) & 7;
      // Every way to take row[l] from the columns' counts left.
      auto take = [&](auto&& self, int g, int rest) -> void {
        if (g == lines) {
          if (rest == 0) next[pack(left)] += n;
          return;
        }
        const int most = std::min(rest, left[g]);
        for (int k = 0; k <= most; ++k) {
          left[g] -= k;
          self(self, g + 1, rest - k);
          left[g] += k;
        }
      };
      take(take, 0, row[l]);
    }
    ways.swap(next);
  }
  return ways.empty() ? 0 : ways.begin()->second;
}

}  // namespace

uint64_t WalkingDistance::States(const Board& board, int goal_blank,
                                 bool columns) {
  const int lines = columns ? board.cols() : board.rows();
  const int per_line = columns ? board.rows() : board.cols();
  const int goal_line = columns ? board.Col(goal_blank) : board.Row(goal_blank);
  int row[kMaxLines], col[kMaxLines];
  for (int g = 0; g < lines; ++g) col[g] = per_line - (g == goal_line);
  uint64_t states = 0;
  for (int blank = 0; blank < lines; ++blank) {
    for (int l = 0; l < lines; ++l) row[l] = per_line - (l == blank);
    states += CountMatrices(lines, row, col);
  }
  return states;
}

uint64_t WalkingDistance::MakingBytes(const Board& board, int goal_blank,
                                      bool columns) {
  const uint64_t n = States(board, goal_blank, columns);
  const int lines = columns ? board.cols() : board.rows();
  // Enumerate's keys, steps and map, the map's old slots beside its new
  // ones as it grows; then FindDistances' distances and levels, and the
  // sorted keys beside the keys, take less.
  return n * (sizeof(Key) + 2 * lines * sizeof(Id)) +
         IdMap::SlotsFor(n) * sizeof(IdMap::Slot) * 3 / 2;
}

uint64_t WalkingDistance::MadeBytes(const Board& board, int goal_blank,
                                    bool columns) {
  const uint64_t n = States(board, goal_blank, columns);
  const int lines = columns ? board.cols() : board.rows();
  return n * (sizeof(std::pair<Key, Id>) + 2 * lines * sizeof(Id) + 1);
}

bool WalkingDistance::Supports(const Board& board) {
  auto small = [](int lines, int per_line) {
    return lines <= 4 || (lines == 5 && per_line <= 4) ||
           (lines == 6 && per_line <= 2);
  };
  return small(board.rows(), board.cols()) && small(board.cols(), board.rows());
}

WalkingDistance::WalkingDistance(const Board& board, int goal_blank,
                                 bool columns, const SearchLimits& limits)
    : columns_(columns),
      lines_(columns ? board.cols() : board.rows()),
      per_line_(columns ? board.rows() : board.cols()),
      line_of_cell_(board.cells()),
      goal_line_of_tile_(board.cells()) {
  count_bits_ = 1;
  while ((1 << count_bits_) <= per_line_) ++count_bits_;
  const State goal = CanonicalGoal(board, goal_blank);
  Counts counts = {};
  for (int c = 0; c < board.cells(); ++c) {
    const int line = columns ? board.Col(c) : board.Row(c);
    line_of_cell_[c] = static_cast<int8_t>(line);
    goal_line_of_tile_[goal.tile[c]] = static_cast<int8_t>(line);
    if (c != goal_blank) ++counts[line][line];
  }
  if (!Enumerate(Pack(counts, line_of_cell_[goal_blank]),
                 States(board, goal_blank, columns), limits) ||
      !FindDistances(limits)) {
    keys_ = {};
    next_ = {};
    distance_ = {};
    return;
  }
  sorted_.reserve(keys_.size());
  for (size_t id = 0; id < keys_.size(); ++id) {
    sorted_.emplace_back(keys_[id], static_cast<Id>(id));
  }
  std::sort(sorted_.begin(), sorted_.end());
  keys_.clear();
  keys_.shrink_to_fit();
  complete_ = true;
}

WalkingDistance::Key WalkingDistance::Pack(const Counts& counts,
                                           int blank_line) const {
  Key key = static_cast<Key>(blank_line);
  int shift = 4;
  for (int l = 0; l < lines_; ++l) {
    for (int g = 0; g + 1 < lines_; ++g) {
      key |= static_cast<Key>(counts[l][g]) << shift;
      shift += count_bits_;
    }
  }
  return key;
}

void WalkingDistance::Unpack(Key key, Counts* counts, int* blank_line) const {
  *blank_line = static_cast<int>(key & 15);
  int shift = 4;
  const unsigned mask = (1u << count_bits_) - 1;
  for (int l = 0; l < lines_; ++l) {
    int rest = l == *blank_line ? per_line_ - 1 : per_line_;
    for (int g = 0; g + 1 < lines_; ++g) {
      (*counts)[l][g] = static_cast<uint8_t>((key >> shift) & mask);
      rest -= (*counts)[l][g];
      shift += count_bits_;
    }
    (*counts)[l][lines_ - 1] = static_cast<uint8_t>(rest);
  }
}

bool WalkingDistance::Enumerate(Key goal, uint64_t states,
                                const SearchLimits& limits) {
  // Reserved at their size (touched only as they fill): no copies as they
  // grow, and no room to spare.
  keys_.reserve(states);
  next_.reserve(states * 2 * lines_);
  IdMap ids;
  bool added;
  ids.Emplace(goal, 0, &added);
  keys_.push_back(goal);
  // States are numbered as found, so keys_ doubles as the queue.
  for (size_t id = 0; id < keys_.size(); ++id) {
    if ((id & 0xFFF) == 0xFFF && PastLimits(limits)) return false;
    Counts counts;
    int blank;
    Unpack(keys_[id], &counts, &blank);
    next_.resize((id + 1) * 2 * lines_, kNone);
    for (int dir = 0; dir < 2; ++dir) {
      const int to = dir == 0 ? blank - 1 : blank + 1;
      if (to < 0 || to >= lines_) continue;
      for (int g = 0; g < lines_; ++g) {
        if (counts[to][g] == 0) continue;
        // The tile leaves line `to` for the blank's line.
        --counts[to][g];
        ++counts[blank][g];
        const Key key = Pack(counts, to);
        ++counts[to][g];
        --counts[blank][g];
        const Id to_id =
            ids.Emplace(key, static_cast<Id>(keys_.size()), &added);
        if (added) keys_.push_back(key);
        next_[(id * 2 + dir) * lines_ + g] = to_id;
      }
    }
  }
  return true;
}

bool WalkingDistance::FindDistances(const SearchLimits& limits) {
  distance_.assign(keys_.size(), kUnseen);
  distance_[0] = 0;
  std::vector<Id> level = {0}, next, chain, chain_next;
  for (int d = 0; !level.empty(); ++d) {
    max_distance_ = d;
    next.clear();
    for (size_t i = 0; i < level.size(); ++i) {
      if ((i & 0xFFF) == 0xFFF && PastLimits(limits)) return false;
      const Id id = level[i];
      // An MTM move: 1, 2, ... single steps the same way.
      for (int dir = 0; dir < 2; ++dir) {
        chain.assign(1, id);
        while (!chain.empty()) {
          chain_next.clear();
          for (Id from : chain) {
            for (int g = 0; g < lines_; ++g) {
              const Id to = Step(from, dir == 1, g);
              if (to == kNone) continue;
              chain_next.push_back(to);
              if (distance_[to] == kUnseen) {
                distance_[to] = static_cast<uint8_t>(d + 1);
                next.push_back(to);
              }
            }
          }
          std::sort(chain_next.begin(), chain_next.end());
          chain_next.erase(std::unique(chain_next.begin(), chain_next.end()),
                           chain_next.end());
          chain.swap(chain_next);
        }
      }
    }
    level.swap(next);
  }
  return true;
}

WalkingDistance::Id WalkingDistance::IdOf(const State& s) const {
  Counts counts = {};
  for (int c = 0; c < static_cast<int>(line_of_cell_.size()); ++c) {
    if (s.tile[c] != 0) {
      ++counts[line_of_cell_[c]][goal_line_of_tile_[s.tile[c]]];
    }
  }
  const Key key = Pack(counts, line_of_cell_[s.blank]);
  const auto it = std::lower_bound(
      sorted_.begin(), sorted_.end(), key,
      [](const std::pair<Key, Id>& a, Key k) { return a.first < k; });
  return it == sorted_.end() || it->first != key ? kNone : it->second;
}

}  // namespace slidedb
