#include "lib/search/ida_search.h"

#include <algorithm>
#include <climits>
#include <string>


namespace slidedb {

namespace {

// No board of up to 16 cells is known to need more moves than this; deeper
// searches give up rather than overrun the path.
constexpr int kMaxDepth = 250;

}  // namespace

namespace {

std::vector<PdbValues> InMemory(std::vector<std::vector<uint8_t>> values) {
  std::vector<PdbValues> v;
  for (auto& group : values) v.emplace_back(std::move(group));
  return v;
}

}  // namespace

PdbSearch::PdbSearch(const Board& board, int goal_blank,
                     const Partition& partition,
                     std::vector<std::vector<uint8_t>> values)
    : PdbSearch(board, goal_blank, partition, InMemory(std::move(values))) {}

PdbSearch::PdbSearch(const Board& board, int goal_blank,
                     const Partition& partition,
                     std::vector<PdbValues> values)
    : board_(board), goal_blank_(goal_blank), partition_(partition) {
  const State goal = CanonicalGoal(board, goal_blank);
  int goal_cell[kMaxCells] = {};
  for (int c = 0; c < board.cells(); ++c) goal_cell[goal.tile[c]] = c;
  const int rows = board.rows(), cols = board.cols();
  reflects_ = rows == cols && board.Row(goal_blank) == board.Col(goal_blank);
  for (int c = 0; c < board.cells(); ++c) {
    mirror_cell_[c] = static_cast<uint8_t>(
        reflects_ ? board.Col(c) * cols + board.Row(c) : c);
  }
  // mirror[t]: the tile that sits, in the goal, on the reflection of t's
  // goal cell. The reflection is its own inverse.
  int mirror[kMaxCells] = {};
  for (int t = 1; t < board.cells(); ++t) {
    mirror[t] = goal.tile[mirror_cell_[goal_cell[t]]];
  }
  const auto tiles = PartitionGroups(partition);
  for (size_t g = 0; g < tiles.size(); ++g) {
    Group group{tiles[g], {}, PatternIndexer(board.cells(),
                                             static_cast<int>(tiles[g].size())),
                std::move(values[g])};
    for (int t : group.tiles) {
      group.mirror_tiles.push_back(mirror[t]);
      group_of_[t] = static_cast<int>(g);
    }
    groups_.push_back(std::move(group));
  }
  for (int t = 1; t < board.cells(); ++t) {
    mirror_group_of_[t] = group_of_[mirror[t]];
  }
}

// One search: the state it is at, each group's value for it and for its
// reflection, and the moves made so far.
class PdbSearch::Run {
 public:
  Run(const PdbSearch& search, const State& start,
      const SearchLimits& limits)
      : search_(search), board_(search.board_), state_(start),
        limits_(limits) {
    for (int c = 0; c < board_.cells(); ++c) pos_[state_.tile[c]] = c;
    for (size_t g = 0; g < search_.groups_.size(); ++g) {
      value_[g] = Value(static_cast<int>(g));
      sum_ += value_[g];
      if (search_.reflects_) {
        mirror_value_[g] = MirrorValue(static_cast<int>(g));
        mirror_sum_ += mirror_value_[g];
      }
    }
  }

  int heuristic() const { return std::max(sum_, mirror_sum_); }

  Status Solve(Path* path) {
    path->moves.clear();
    path->tiles.clear();
    path->nodes = 0;
    int bound = heuristic();
    if (sum_ != 0) {
      for (;;) {
        next_bound_ = INT_MAX;
        if (Dfs(0, -1, sum_, mirror_sum_, bound)) break;  // or stopped
        if (next_bound_ > kMaxDepth) {
          path->nodes = nodes_;
          return Status::InvalidArgument(
              "no solution within " + std::to_string(kMaxDepth) + " moves");
        }
        bound = next_bound_;
      }
    }
    path->moves.assign(moves_, moves_ + length_);
    path->tiles.assign(tiles_, tiles_ + length_);
    path->nodes = static_cast<int64_t>(nodes_);
    if (stopped_) return Stopped(path);
    return Status::OK();
  }

  // One iteration with `bound`.
  Status Within(int bound, bool* within) {
    *within = sum_ == 0 || (heuristic() <= bound &&
                            Dfs(0, -1, sum_, mirror_sum_,
                                std::min(bound, kMaxDepth)));
    if (stopped_) return Stopped(nullptr);
    return Status::OK();
  }

 private:
  Status Stopped(Path* path) {
    if (path != nullptr) {
      path->moves.clear();
      path->tiles.clear();
      path->nodes = static_cast<int64_t>(nodes_);
    }
    return Status::DeadlineExceeded(
        "the search stopped at its limit after " + std::to_string(nodes_) +
        " states");
  }
  // Whether the search is past its limits (then it unwinds, as if found).
  bool PastLimits() {
    if ((nodes_ & 0xFFFF) != 0) return false;
    stopped_ = nodes_ >= limits_.max_nodes ||
               (limits_.cancel != nullptr && limits_.cancel->load()) ||
               std::chrono::steady_clock::now() >= limits_.deadline ||
               search_.PagesFailed();
    return stopped_;
  }

  int Value(int g) const {
    const Group& group = search_.groups_[g];
    uint8_t cells[kMaxPatternTiles];
    for (size_t i = 0; i < group.tiles.size(); ++i) {
      cells[i] = static_cast<uint8_t>(pos_[group.tiles[i]]);
    }
    return group.values[group.indexer.IndexOf(cells)];
  }
  int MirrorValue(int g) const {
    const Group& group = search_.groups_[g];
    uint8_t cells[kMaxPatternTiles];
    for (size_t i = 0; i < group.mirror_tiles.size(); ++i) {
      cells[i] = search_.mirror_cell_[pos_[group.mirror_tiles[i]]];
    }
    return group.values[group.indexer.IndexOf(cells)];
  }

  // Searches on from depth `depth` (the state reached by `depth` moves, the
  // last `prev`, -1 for none) for the goal within `bound` moves.
  bool Dfs(int depth, int prev, int sum, int mirror_sum, int bound) {
    const bool reflects = search_.reflects_;
    for (Move m : kAllMoves) {
      const int mi = static_cast<int>(m);
      if (prev >= 0 && mi == (prev ^ 1)) continue;
      const int to = board_.Neighbor(state_.blank, m);
      if (to < 0) continue;
      const int from = state_.blank;
      const uint8_t tile = state_.tile[to];
      state_.tile[from] = tile;
      state_.tile[to] = 0;
      state_.blank = static_cast<uint8_t>(to);
      pos_[tile] = from;
      ++nodes_;
      if (PastLimits()) return true;
      const int g = search_.group_of_[tile];
      const int old_value = value_[g];
      const int new_value = Value(g);
      const int new_sum = sum - old_value + new_value;
      int new_mirror_sum = mirror_sum, mg = 0, old_mirror = 0;
      if (reflects) {
        mg = search_.mirror_group_of_[tile];
        old_mirror = mirror_value_[mg];
        mirror_value_[mg] = MirrorValue(mg);
        new_mirror_sum = mirror_sum - old_mirror + mirror_value_[mg];
      }
      const int f = depth + 1 + std::max(new_sum, new_mirror_sum);
      if (f <= bound) {
        moves_[depth] = m;
        tiles_[depth] = tile;
        if (new_sum == 0) {  // every tile home: the goal
          length_ = depth + 1;
          return true;
        }
        value_[g] = new_value;
        if (Dfs(depth + 1, mi, new_sum, new_mirror_sum, bound)) return true;
        value_[g] = old_value;
      } else if (f < next_bound_) {
        next_bound_ = f;
      }
      if (reflects) mirror_value_[mg] = old_mirror;
      pos_[tile] = to;
      state_.tile[to] = tile;
      state_.tile[from] = 0;
      state_.blank = static_cast<uint8_t>(from);
    }
    return false;
  }

  const PdbSearch& search_;
  const Board& board_;
  State state_;
  const SearchLimits limits_;
  bool stopped_ = false;
  int pos_[kMaxCells] = {};  // pos_[tile]: its cell
  int value_[kMaxCells] = {};
  int mirror_value_[kMaxCells] = {};
  int sum_ = 0;
  int mirror_sum_ = 0;
  int next_bound_ = INT_MAX;
  uint64_t nodes_ = 0;
  int length_ = 0;
  Move moves_[kMaxDepth + 1];
  uint8_t tiles_[kMaxDepth + 1];
};

int PdbSearch::Heuristic(const State& s) const {
  return Run(*this, s, SearchLimits()).heuristic();
}

bool PdbSearch::PagesFailed() const {
  for (const Group& g : groups_) {
    if (g.values.failed()) return true;
  }
  return false;
}

Status PdbSearch::PagesError() const {
  for (const Group& g : groups_) {
    Status s = g.values.error();
    if (!s.ok()) return s;
  }
  return Status::OK();
}

Status PdbSearch::Solve(const State& start, Path* path,
                        const SearchLimits& limits) const {
  Run run(*this, start, limits);
  Status s = run.Solve(path);
  Status pages = PagesError();
  return pages.ok() ? s : pages;
}

Status PdbSearch::Within(const State& start, int bound, bool* within,
                         const SearchLimits& limits) const {
  Run run(*this, start, limits);
  Status s = run.Within(bound, within);
  Status pages = PagesError();
  return pages.ok() ? s : pages;
}

}  // namespace slidedb
