#include "lib/search/ida_search.h"

#include <algorithm>
#include <climits>
#include <mutex>
#include <string>
#include <thread>

#include "lib/search/move_fsm.h"
#include "lib/search/weighted_search.h"

namespace slidedb {

namespace {

// Far beyond the diameter of any board of up to 25 cells; deeper searches
// give up rather than overrun the path.
constexpr int kMaxDepth = 250;
// The deepest point at which an iteration's tree is split into subtrees.
constexpr int kMaxSplit = 32;

std::vector<PdbValues> InMemory(std::vector<std::vector<uint8_t>> values) {
  std::vector<PdbValues> v;
  for (const auto& group : values) v.emplace_back(group);
  return v;
}

}  // namespace

PdbSearch::PdbSearch(const Board& board, int goal_blank,
                     const Partition& partition,
                     std::vector<std::vector<uint8_t>> values)
    : PdbSearch(board, goal_blank, partition, InMemory(std::move(values))) {}

PdbSearch::PdbSearch(const Board& board, int goal_blank,
                     const Partition& partition, std::vector<PdbValues> values)
    : board_(board),
      goal_blank_(goal_blank),
      partition_(partition),
      fsm_(&MoveFsm::Shared(MoveFsm::kBuiltLength)) {
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
  for (size_t g = 0; g < partition.size(); ++g) {
    Group group{partition[g], {},
                PatternIndexer(board.cells(),
                               static_cast<int>(partition[g].size())),
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

// What the threads of one iteration share.
struct PdbSearch::Shared {
  const SearchLimits* limits = nullptr;
  std::atomic<uint64_t> nodes{0};      // generated so far, roughly
  std::atomic<bool> stop{false};       // a limit was reached
  std::atomic<size_t> best{SIZE_MAX};  // the first subtree with a solution

  // Adds `more` states; whether a limit is reached (then `stop` is set).
  bool PastLimits(const PdbSearch& search, uint64_t more) {
    const uint64_t total = nodes.fetch_add(more) + more;
    const SearchLimits& l = *limits;
    if (stop.load(std::memory_order_relaxed) || total >= l.max_nodes ||
        (l.cancel != nullptr && l.cancel->load()) ||
        std::chrono::steady_clock::now() >= l.deadline ||
        search.PagesFailed()) {
      stop = true;
    }
    return stop;
  }
};

// One iteration's outcome.
struct PdbSearch::Iteration {
  bool found = false;
  Path path;
  int next_bound = INT_MAX;  // the least f over the bound
  uint64_t nodes = 0;
};

namespace {

// A subtree of an iteration: the moves that lead to its root, or to the
// goal when `goal`.
struct Subtree {
  uint8_t length = 0;
  bool goal = false;
  Move moves[kMaxSplit];
};

}  // namespace

// One search: the state it is at, each group's value for it and for its
// reflection, the moves made so far and where they leave the automaton of
// skipped move sequences.
class PdbSearch::Run {
 public:
  Run(const PdbSearch& search, const State& start, Shared* shared)
      : search_(search), board_(search.board_), state_(start),
        shared_(shared) {
    for (int c = 0; c < board_.cells(); ++c) pos_[state_.tile[c]] = c;
    for (size_t g = 0; g < search_.groups_.size(); ++g) {
      value_[g] = search_.groups_[g].values[Index(static_cast<int>(g))];
      sum_ += value_[g];
      if (search_.reflects_) {
        mirror_value_[g] =
            search_.groups_[g].values[MirrorIndex(static_cast<int>(g))];
        mirror_sum_ += mirror_value_[g];
      }
    }
  }

  int heuristic() const { return std::max(sum_, mirror_sum_); }
  int sum() const { return sum_; }
  bool stopped() const { return stopped_; }
  bool abandoned() const { return abandoned_; }
  uint64_t nodes() const { return nodes_; }
  int next_bound() const { return next_bound_; }
  void set_subtree(size_t i) { subtree_ = i; }

  // Makes move `m` (legal) the next of the path.
  void Push(Move m) {
    const int from = state_.blank;
    const int to = board_.Neighbor(from, m);
    const uint8_t tile = state_.tile[to];
    state_.tile[from] = tile;
    state_.tile[to] = 0;
    state_.blank = static_cast<uint8_t>(to);
    pos_[tile] = from;
    const int g = search_.group_of_[tile];
    sum_ -= value_[g];
    value_[g] = search_.groups_[g].values[Index(g)];
    sum_ += value_[g];
    if (search_.reflects_) {
      const int mg = search_.mirror_group_of_[tile];
      mirror_sum_ -= mirror_value_[mg];
      mirror_value_[mg] = search_.groups_[mg].values[MirrorIndex(mg)];
      mirror_sum_ += mirror_value_[mg];
    }
    moves_[length_] = m;
    tiles_[length_] = tile;
    ++length_;
    fsm_state_ = search_.fsm_->Next(fsm_state_, m);
  }

  // Searches the subtree below the path pushed so far for the goal within
  // `bound` moves; true if found (or stopped, or abandoned).
  bool Search(int bound) {
    const int prev = length_ == 0 ? -1 : static_cast<int>(moves_[length_ - 1]);
    return Dfs(length_, prev, fsm_state_, sum_, mirror_sum_, bound);
  }

  // Appends, in the order Search visits them, the subtrees rooted `split`
  // moves deep within `bound`, and stops at the first goal found on the
  // way (a subtree with `goal`).
  bool Collect(int depth, int prev, int bound, int split,
               std::vector<Subtree>* out) {
    if (depth == split) {
      out->emplace_back();
      out->back().length = static_cast<uint8_t>(depth);
      std::copy(moves_, moves_ + depth, out->back().moves);
      return false;
    }
    const int from = state_.blank;
    for (Move m : kAllMoves) {
      const int mi = static_cast<int>(m);
      if (mi == (prev ^ 1)) continue;
      const int to = board_.Neighbor(from, m);
      if (to < 0 || search_.fsm_->Next(fsm_state_, m) == MoveFsm::kSkip) {
        continue;
      }
      ++nodes_;
      // What Push changes, to put back.
      const uint8_t tile = state_.tile[to];
      const int g = search_.group_of_[tile],
                mg = search_.mirror_group_of_[tile];
      const int saved_value = value_[g], saved_mirror = mirror_value_[mg];
      const int saved_sum = sum_, saved_mirror_sum = mirror_sum_;
      const int32_t saved_fsm = fsm_state_;
      length_ = depth;
      Push(m);
      const int f = depth + 1 + heuristic();
      bool goal_found = false;
      if (f > bound) {
        next_bound_ = std::min(next_bound_, f);
      } else if (sum_ == 0) {
        out->emplace_back();
        out->back().length = static_cast<uint8_t>(depth + 1);
        out->back().goal = true;
        std::copy(moves_, moves_ + depth + 1, out->back().moves);
        goal_found = true;
      } else {
        goal_found = Collect(depth + 1, mi, bound, split, out);
      }
      state_.tile[to] = tile;
      state_.tile[from] = 0;
      state_.blank = static_cast<uint8_t>(from);
      pos_[tile] = to;
      value_[g] = saved_value;
      mirror_value_[mg] = saved_mirror;
      sum_ = saved_sum;
      mirror_sum_ = saved_mirror_sum;
      fsm_state_ = saved_fsm;
      length_ = depth;
      if (goal_found) return true;
    }
    return false;
  }

  void TakePath(Path* path) const {
    path->moves.assign(moves_, moves_ + length_);
    path->tiles.assign(tiles_, tiles_ + length_);
  }

 private:
  // Whether the search is past its limits, or its subtree comes after one
  // that holds a solution (then it unwinds, as if found).
  bool PastLimits() {
    if ((nodes_ & 0xFFF) != 0 || shared_ == nullptr) return false;
    if (subtree_ > shared_->best.load(std::memory_order_relaxed)) {
      abandoned_ = true;
      return true;
    }
    stopped_ = shared_->PastLimits(search_, 0x1000);
    return stopped_;
  }

  uint64_t Index(int g) const {
    const Group& group = search_.groups_[g];
    uint8_t cells[kMaxPatternTiles];
    for (size_t i = 0; i < group.tiles.size(); ++i) {
      cells[i] = static_cast<uint8_t>(pos_[group.tiles[i]]);
    }
    return group.indexer.IndexOf(cells);
  }
  uint64_t MirrorIndex(int g) const {
    const Group& group = search_.groups_[g];
    uint8_t cells[kMaxPatternTiles];
    for (size_t i = 0; i < group.mirror_tiles.size(); ++i) {
      cells[i] = search_.mirror_cell_[pos_[group.mirror_tiles[i]]];
    }
    return group.indexer.IndexOf(cells);
  }

  // Searches on from depth `depth` (the state reached by `depth` moves, the
  // last `prev`, -1 for none) for the goal within `bound` moves. The
  // children's entries are fetched together: first each one's entry, then
  // the reflection's entry of those the first leaves within the bound.
  bool Dfs(int depth, int prev, int32_t fsm, int sum, int mirror_sum,
           int bound) {
    const bool reflects = search_.reflects_;
    struct Child {
      Move m;
      int to;
      uint8_t tile;
      int g, mg;
      int new_value, new_sum, new_mirror, f;
      int32_t fsm;
      uint64_t index, mirror_index;
    };
    Child kids[4];
    int count = 0;
    const int from = state_.blank;
    for (Move m : kAllMoves) {
      const int mi = static_cast<int>(m);
      if (mi == (prev ^ 1)) continue;
      const int to = board_.Neighbor(from, m);
      if (to < 0) continue;
      const int32_t next_fsm = search_.fsm_->Next(fsm, m);
      if (next_fsm == MoveFsm::kSkip) continue;
      Child& k = kids[count++];
      k.fsm = next_fsm;
      k.m = m;
      k.to = to;
      k.tile = state_.tile[to];
      pos_[k.tile] = from;
      k.g = search_.group_of_[k.tile];
      k.index = Index(k.g);
      search_.groups_[k.g].values.Prefetch(k.index);
      pos_[k.tile] = to;
    }
    // The children the sum alone prunes; the reflection's entries of the
    // others.
    int live = 0;
    for (int i = 0; i < count; ++i) {
      Child& k = kids[i];
      ++nodes_;
      if (PastLimits()) return true;
      k.new_value = search_.groups_[k.g].values[k.index];
      k.new_sum = sum - value_[k.g] + k.new_value;
      const int f = depth + 1 + k.new_sum;
      if (f > bound) {
        if (f < next_bound_) next_bound_ = f;
        continue;
      }
      if (reflects) {
        pos_[k.tile] = from;
        k.mg = search_.mirror_group_of_[k.tile];
        k.mirror_index = MirrorIndex(k.mg);
        search_.groups_[k.mg].values.Prefetch(k.mirror_index);
        pos_[k.tile] = k.to;
      }
      kids[live++] = k;
    }
    // The children within the bound, the smallest heuristic first (in the
    // last iteration the goal tends to come sooner; ties keep move order).
    int open = 0;
    for (int i = 0; i < live; ++i) {
      Child k = kids[i];
      k.new_mirror = 0;
      int new_mirror_sum = mirror_sum;
      if (reflects) {
        k.new_mirror = search_.groups_[k.mg].values[k.mirror_index];
        new_mirror_sum = mirror_sum - mirror_value_[k.mg] + k.new_mirror;
      }
      k.f = depth + 1 + std::max(k.new_sum, new_mirror_sum);
      if (k.f > bound) {
        if (k.f < next_bound_) next_bound_ = k.f;
        continue;
      }
      int j = open++;
      for (; j > 0 && kids[j - 1].f > k.f; --j) kids[j] = kids[j - 1];
      kids[j] = k;
    }
    for (int i = 0; i < open; ++i) {
      const Child& k = kids[i];
      int new_mirror_sum = mirror_sum, old_mirror = 0;
      const int new_mirror = k.new_mirror;
      if (reflects) {
        old_mirror = mirror_value_[k.mg];
        new_mirror_sum = mirror_sum - old_mirror + new_mirror;
      }
      state_.tile[from] = k.tile;
      state_.tile[k.to] = 0;
      state_.blank = static_cast<uint8_t>(k.to);
      pos_[k.tile] = from;
      moves_[depth] = k.m;
      tiles_[depth] = k.tile;
      if (k.new_sum == 0) {  // every tile home: the goal
        length_ = depth + 1;
        return true;
      }
      const int old_value = value_[k.g];
      value_[k.g] = k.new_value;
      if (reflects) mirror_value_[k.mg] = new_mirror;
      if (Dfs(depth + 1, static_cast<int>(k.m), k.fsm, k.new_sum,
              new_mirror_sum, bound)) {
        return true;
      }
      value_[k.g] = old_value;
      if (reflects) mirror_value_[k.mg] = old_mirror;
      pos_[k.tile] = k.to;
      state_.tile[k.to] = k.tile;
      state_.tile[from] = 0;
      state_.blank = static_cast<uint8_t>(from);
    }
    return false;
  }

  const PdbSearch& search_;
  const Board& board_;
  State state_;
  Shared* shared_;
  size_t subtree_ = 0;
  bool stopped_ = false;
  bool abandoned_ = false;
  int pos_[kMaxCells] = {};  // pos_[tile]: its cell
  int value_[kMaxCells] = {};
  int mirror_value_[kMaxCells] = {};
  int sum_ = 0;
  int mirror_sum_ = 0;
  int next_bound_ = INT_MAX;
  int32_t fsm_state_ = MoveFsm::kStart;  // after the moves pushed
  uint64_t nodes_ = 0;
  int length_ = 0;
  Move moves_[kMaxDepth + 1];
  uint8_t tiles_[kMaxDepth + 1];
};

int PdbSearch::Heuristic(const State& s) const {
  return Run(*this, s, nullptr).heuristic();
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

Status PdbSearch::Iterate(const State& start, int bound,
                          const SearchLimits& limits, Iteration* out) const {
  Shared shared;
  shared.limits = &limits;
  const int threads = std::max(1, limits.threads);
  // Split the tree deep enough that threads share the work evenly: the same
  // split whatever the number of threads, so that the path and the count of
  // states are those of one thread (states in subtrees after the one that
  // holds the path are not counted).
  std::vector<Subtree> subtrees;
  for (int split = 1;; ++split) {
    subtrees.clear();
    Run collect(*this, start, &shared);
    const bool goal = collect.Collect(0, -1, bound, split, &subtrees);
    out->nodes += collect.nodes();
    out->next_bound = std::min(out->next_bound, collect.next_bound());
    if (goal || split >= std::min(bound, kMaxSplit) ||
        subtrees.size() >= 256) {
      break;
    }
  }
  std::vector<uint64_t> subtree_nodes(subtrees.size(), 0);
  std::atomic<size_t> next{0};
  std::mutex mu;
  auto work = [&] {
    for (;;) {
      const size_t i = next.fetch_add(1);
      if (i >= subtrees.size() || i > shared.best.load() ||
          shared.PastLimits(*this, 0)) {
        return;
      }
      const Subtree& t = subtrees[i];
      Run run(*this, start, &shared);
      run.set_subtree(i);
      for (int k = 0; k < t.length; ++k) run.Push(t.moves[k]);
      const bool found = t.goal || run.Search(bound);
      shared.nodes += run.nodes() & 0xFFF;  // the rest were added on the way
      std::lock_guard<std::mutex> lock(mu);
      subtree_nodes[i] = run.nodes();
      out->next_bound = std::min(out->next_bound, run.next_bound());
      if (found && !run.stopped() && !run.abandoned() &&
          i < shared.best.load()) {
        shared.best = i;
        out->found = true;
        run.TakePath(&out->path);
      }
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  for (size_t i = 0; i < subtrees.size() && i <= shared.best; ++i) {
    out->nodes += subtree_nodes[i];
  }
  if (shared.stop) {
    return Status::DeadlineExceeded(
        "the search stopped at its limit after " +
        std::to_string(out->nodes) + " states");
  }
  return Status::OK();
}

Status PdbSearch::SolveOptimally(const State& start, Path* path,
                                 const SearchLimits& limits, int* proven,
                                 int stop_at) const {
  path->moves.clear();
  path->tiles.clear();
  path->nodes = 0;
  path->optimal = true;
  path->lower_bound = -1;
  const Run root(*this, start, nullptr);
  int bound = root.heuristic();
  *proven = bound;
  if (root.sum() == 0) return Status::OK();
  uint64_t nodes = 0;
  for (;;) {
    if (bound >= stop_at) return Status::OK();
    Iteration it;
    Status s = Iterate(start, bound, limits, &it);
    nodes += it.nodes;
    path->nodes = static_cast<int64_t>(nodes);
    if (!s.ok()) return s;
    if (it.found) {
      path->moves = std::move(it.path.moves);
      path->tiles = std::move(it.path.tiles);
      return Status::OK();
    }
    if (it.next_bound > kMaxDepth) {
      return Status::InvalidArgument(
          "no solution within " + std::to_string(kMaxDepth) + " moves");
    }
    bound = it.next_bound;
    *proven = bound;
  }
}

Status PdbSearch::Solve(const State& start, Path* path,
                        const SearchLimits& limits) const {
  Status s;
  if (limits.answer_by == SearchLimits::Clock::time_point::max()) {
    int proven;
    s = SolveOptimally(start, path, limits, &proven);
  } else {
    s = SolveWithinBudget(*this, start, limits, path);
  }
  Status pages = PagesError();
  return pages.ok() ? s : pages;
}

Status PdbSearch::Within(const State& start, int bound, bool* within,
                         const SearchLimits& limits) const {
  const Run root(*this, start, nullptr);
  *within = root.sum() == 0;
  if (!*within && root.heuristic() <= bound) {
    Iteration it;
    Status s = Iterate(start, std::min(bound, kMaxDepth), limits, &it);
    Status pages = PagesError();
    if (!pages.ok()) return pages;
    if (!s.ok()) return s;
    *within = it.found;
  }
  return Status::OK();
}

}  // namespace slidedb
