#include "lib/search/weighted_search.h"

#include <algorithm>
#include <queue>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "lib/search/ida_search.h"

namespace slidedb {

namespace {

// A state in two words: five bits a cell for every cell but the last (its
// tile is the one left over).
struct Packed {
  uint64_t lo = 0, hi = 0;
  bool operator==(const Packed& o) const { return lo == o.lo && hi == o.hi; }
};
struct PackedHash {
  size_t operator()(const Packed& k) const {
    uint64_t h = k.lo * 0x9E3779B97F4A7C15ull ^ (k.hi + 0x632BE59BD9B4E019ull);
    h ^= h >> 29;
    return static_cast<size_t>(h * 0xBF58476D1CE4E5B9ull);
  }
};

Packed Pack(const Board& board, const State& s) {
  Packed k;
  for (int c = 0; c + 1 < board.cells(); ++c) {
    uint64_t& word = c < 12 ? k.lo : k.hi;
    word |= static_cast<uint64_t>(s.tile[c]) << (5 * (c % 12));
  }
  return k;
}

State Unpack(const Board& board, const Packed& k) {
  State s;
  const int n = board.cells();
  int sum = n * (n - 1) / 2;
  for (int c = 0; c + 1 < n; ++c) {
    const uint64_t word = c < 12 ? k.lo : k.hi;
    s.tile[c] = static_cast<uint8_t>(word >> (5 * (c % 12)) & 31);
    sum -= s.tile[c];
  }
  s.tile[n - 1] = static_cast<uint8_t>(sum);
  for (int c = 0; c < n; ++c) {
    if (s.tile[c] == 0) s.blank = static_cast<uint8_t>(c);
  }
  return s;
}

struct Node {
  Packed key;
  uint32_t parent;
  int16_t g;
  int8_t move;  // the move that led here, -1 at the start
};

bool HardStop(const SearchLimits& limits) {
  return (limits.cancel != nullptr && limits.cancel->load()) ||
         SearchLimits::Clock::now() >= limits.deadline;
}

}  // namespace

Status WeightedSolve(const PdbSearch& search, const State& start,
                     int weight_tenths, const SearchLimits& limits,
                     uint64_t max_states, Path* path) {
  const Board& board = search.board();
  std::vector<Node> nodes;
  std::unordered_map<Packed, uint32_t, PackedHash> index;
  // (f, -g, node): the least f first, the deepest among equals.
  using Entry = std::tuple<int, int, uint32_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> open;
  const auto add = [&](const State& s, uint32_t parent, int g, int move) {
    const Packed key = Pack(board, s);
    auto [it, fresh] = index.try_emplace(key, static_cast<uint32_t>(nodes.size()));
    if (!fresh) {
      Node& old = nodes[it->second];
      if (old.g <= g) return;
      old.g = static_cast<int16_t>(g);
      old.parent = parent;
      old.move = static_cast<int8_t>(move);
    } else {
      nodes.push_back({key, parent, static_cast<int16_t>(g),
                       static_cast<int8_t>(move)});
    }
    const int h = search.Heuristic(s);
    open.emplace(10 * g + weight_tenths * h, -g, it->second);
  };
  add(start, 0, 0, -1);
  path->nodes = 0;
  while (!open.empty()) {
    const auto [f, neg_g, i] = open.top();
    open.pop();
    const int g = -neg_g;
    if (g != nodes[i].g) continue;  // reached more cheaply since
    ++path->nodes;
    if ((path->nodes & 1023) == 0 &&
        (HardStop(limits) || nodes.size() >= max_states)) {
      return Status::DeadlineExceeded(
          "weighted search stopped after " + std::to_string(path->nodes) +
          " states");
    }
    const State s = Unpack(board, nodes[i].key);
    if (search.Heuristic(s) == 0) {
      std::vector<Move> moves;
      for (uint32_t at = i; nodes[at].move >= 0; at = nodes[at].parent) {
        moves.push_back(static_cast<Move>(nodes[at].move));
      }
      std::reverse(moves.begin(), moves.end());
      path->moves.clear();
      path->tiles.clear();
      State walk = start;
      for (Move m : moves) {
        uint8_t tile = 0;
        ApplyMove(board, m, &walk, &tile);
        path->moves.push_back(m);
        path->tiles.push_back(tile);
      }
      return Status::OK();
    }
    for (Move m : kAllMoves) {
      if (nodes[i].move >= 0 && m == Inverse(static_cast<Move>(nodes[i].move))) {
        continue;
      }
      State next = s;
      if (!ApplyMove(board, m, &next)) continue;
      add(next, i, g + 1, static_cast<int>(m));
    }
  }
  // The start is solvable (checked before any search): every state it
  // reaches was looked at, and none was the goal.
  return Status::Internal("the weighted search found no path to the goal");
}

Status SolveWithinBudget(const PdbSearch& search, const State& start,
                         const SearchLimits& limits, Path* path,
                         MoveOrder order) {
  using Clock = SearchLimits::Clock;
  const Clock::time_point t0 = Clock::now();
  const Clock::duration budget =
      std::max(Clock::duration::zero(), limits.answer_by - t0);
  constexpr uint64_t kMaxStates = 4'000'000;
  Path best;
  bool have = false;
  int64_t nodes = 0;
  // Weight 3 within a fifth of the budget (weight 10, nearly greedy, if it
  // fails); then lighter weights for shorter paths, up to two fifths.
  for (int w : {30, 100, 20, 15}) {
    if (have && w == 100) continue;
    if (!have && w < 30) break;
    SearchLimits quick = limits;
    quick.deadline = std::min(limits.deadline, t0 + budget * (have ? 2 : 1) / 5);
    if (w == 100) quick.deadline = std::min(limits.deadline, t0 + budget * 2 / 5);
    Path p;
    Status s = WeightedSolve(search, start, w, quick, kMaxStates, &p);
    nodes += std::max<int64_t>(0, p.nodes);
    if (limits.generated != nullptr) {
      limits.generated->fetch_add(std::max<int64_t>(0, p.nodes),
                                  std::memory_order_relaxed);
    }
    if (HardStop(limits)) return Status::DeadlineExceeded("the search stopped at its limit");
    if (s.ok() && (!have || p.distance() < best.distance())) {
      best = std::move(p);
      have = true;
    }
  }
  SearchLimits rest = limits;
  rest.deadline = std::min(limits.deadline, limits.answer_by);
  Path optimal;
  int proven = 0;
  Status s = search.SolveOptimally(start, &optimal, rest, &proven,
                                   have ? best.distance() : INT_MAX, order);
  nodes += std::max<int64_t>(0, optimal.nodes);
  if (s.ok()) {
    // Either IDA* found its path or it proved the weighted one optimal.
    *path = have && proven >= best.distance() ? std::move(best)
                                                : std::move(optimal);
    path->optimal = true;
    path->lower_bound = -1;
    path->nodes = nodes;
    return Status::OK();
  }
  if (!s.IsDeadlineExceeded() || HardStop(limits)) return s;
  if (!have) {
    return Status::DeadlineExceeded(
        "no path found within the budget; the distance is at least " +
        std::to_string(proven));
  }
  *path = std::move(best);
  // Distances have the parity of the path's length.
  if ((path->distance() - proven) % 2 != 0) ++proven;
  path->optimal = proven >= path->distance();
  path->lower_bound = path->optimal ? -1 : proven;
  path->nodes = nodes;
  return Status::OK();
}

}  // namespace slidedb
