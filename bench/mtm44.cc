// slidedb-mtm44: MtmSearch (lib/search/mtm_search.h) on seeded random
// solvable 4x4 positions, one line per position and a summary; with
// --heuristics N, first the heuristics it could use side by side on N
// random states (then --count 0 for no search). Built and run by
// bench/suites/mtm44.sh.
//
//   slidedb-mtm44 [--count N] [--seed S] [--threads T] [--goal-blank B]
//                 [--heuristic ordered|plain] [--heuristics N]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "lib/puzzle/parity.h"
#include "lib/search/heuristics.h"
#include "lib/search/mtm_search.h"

namespace slidedb {
namespace {

// A uniformly random arrangement of `board` that reaches the goal whose
// blank is on `goal_blank`: a uniform permutation, its first two tiles
// swapped if it does not (a one-to-one map between the two halves).
State RandomSolvable(const Board& board, int goal_blank, std::mt19937_64* rng) {
  const int n = board.cells();
  State s;
  for (int c = 0; c < n; ++c) s.tile[c] = static_cast<uint8_t>(c);
  for (int i = n - 1; i > 0; --i) {
    // Uniform in 0..i by rejection (mt19937_64's output is fully specified,
    // unlike the standard distributions').
    const uint64_t range = static_cast<uint64_t>(i) + 1;
    const uint64_t limit = UINT64_MAX - UINT64_MAX % range;
    uint64_t r;
    do r = (*rng)();
    while (r >= limit);
    std::swap(s.tile[i], s.tile[r % range]);
  }
  for (int c = 0; c < n; ++c) {
    if (s.tile[c] == 0) s.blank = static_cast<uint8_t>(c);
  }
  const State goal = CanonicalGoal(board, goal_blank);
  if (ParityClass(board, s) != ParityClass(board, goal)) {
    int a = -1, b = -1;
    for (int c = 0; c < n && b < 0; ++c) {
      if (s.tile[c] == 0) continue;
      (a < 0 ? a : b) = c;
    }
    std::swap(s.tile[a], s.tile[b]);
  }
  return s;
}

std::string Tiles(const Board& board, const State& s) {
  std::string out;
  for (int c = 0; c < board.cells(); ++c) {
    if (c > 0) out += ',';
    out += std::to_string(s.tile[c]);
  }
  return out;
}

// The heuristics side by side on `count` random states.
void CompareHeuristics(const Board& board, int goal_blank,
                       const MtmSearch& ordered, int count, uint64_t seed) {
  const MtmSearch search(board, goal_blank, MtmHeuristic::kWalkingDistance);
  const Heuristics classic(board, goal_blank);
  const int most = std::max(board.rows(), board.cols()) - 1;  // tiles a move
  std::mt19937_64 rng(seed);
  double sum_wd = 0, sum_alt = 0, sum_lc = 0, sum_md = 0, sum_owd = 0,
         sum_oalt = 0;
  int lc_above = 0, alt_above = 0, oalt_above = 0, lc_above_o = 0;
  for (int i = 0; i < count; ++i) {
    const State s = RandomSolvable(board, goal_blank, &rng);
    const int wd = search.WalkingDistanceSum(s);
    const int alt = search.Heuristic(s);
    const int md = (classic.Manhattan(s) + most - 1) / most;
    const int lc = (classic.LinearConflict(s) + most - 1) / most;
    sum_wd += wd;
    sum_alt += alt;
    sum_md += md;
    sum_lc += lc;
    lc_above += lc > alt;
    alt_above += alt > wd;
    const int owd = ordered.WalkingDistanceSum(s);
    const int oalt = ordered.Heuristic(s);
    sum_owd += owd;
    sum_oalt += oalt;
    oalt_above += oalt > owd;
    lc_above_o += lc > oalt;
  }
  std::printf(
      "heuristics over %d random states (mean):\n"
      "  ceil(Manhattan / %d)           %.3f\n"
      "  ceil(linear conflict / %d)     %.3f (above the chosen one in %d)\n"
      "  walking distance v + h        %.3f\n"
      "  max(v + h, 2max - 1)          %.3f (above v + h in %d)\n"
      "  ordered walking distance      %.3f\n"
      "  its max(v + h, 2max - 1)      %.3f (above v + h in %d; linear "
      "conflict above it in %d)\n",
      count, most, sum_md / count, most, sum_lc / count, lc_above,
      sum_wd / count, sum_alt / count, alt_above, sum_owd / count,
      sum_oalt / count, oalt_above, lc_above_o);
}

struct Options {
  int count = 30, threads = 1, goal_blank = 0, heuristics = 0;
  MtmHeuristic heuristic = MtmHeuristic::kOrderedWalkingDistance;
  uint64_t seed = 20260424;
};

// The flags, each with its value; false (said on stderr) on a bad one.
bool ParseFlags(int argc, char** argv, Options* o) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const char* v = i + 1 < argc ? argv[i + 1] : nullptr;
    if (v == nullptr) {
      std::fprintf(stderr, "slidedb-mtm44: %s needs a value\n", a.c_str());
      return false;
    }
    ++i;
    if (a == "--count") {
      o->count = std::atoi(v);
    } else if (a == "--seed") {
      o->seed = std::strtoull(v, nullptr, 10);
    } else if (a == "--threads") {
      o->threads = std::atoi(v);
    } else if (a == "--goal-blank") {
      o->goal_blank = std::atoi(v);
    } else if (a == "--heuristic") {
      o->heuristic = std::string(v) == "plain"
                         ? MtmHeuristic::kWalkingDistance
                         : MtmHeuristic::kOrderedWalkingDistance;
    } else if (a == "--heuristics") {
      o->heuristics = std::atoi(v);
    } else {
      std::fprintf(stderr, "slidedb-mtm44: unknown flag %s\n", a.c_str());
      return false;
    }
  }
  return true;
}

// The line of totals over the positions searched.
void PrintSummary(const Options& o, const std::vector<double>& seconds,
                  const std::vector<int64_t>& nodes, int total_length) {
  std::vector<double> sorted = seconds;
  std::sort(sorted.begin(), sorted.end());
  std::vector<int64_t> sorted_nodes = nodes;
  std::sort(sorted_nodes.begin(), sorted_nodes.end());
  double total = 0;
  for (double s : seconds) total += s;
  int64_t total_nodes = 0;
  for (int64_t k : nodes) total_nodes += k;
  const size_t n = sorted.size();
  auto median = [n](const auto& v) {
    return n % 2 ? static_cast<double>(v[n / 2])
                 : (static_cast<double>(v[n / 2 - 1]) + v[n / 2]) / 2;
  };
  std::printf(
      "summary: %zu positions, seed %llu, goal blank %d, %d thread(s): "
      "total %.1f s, median %.2f s, max %.2f s; mean MTM length %.2f; "
      "nodes total %lld, median %.0f, max %lld; %.1f M nodes/s\n",
      n, static_cast<unsigned long long>(o.seed), o.goal_blank, o.threads,
      total, median(sorted), n ? sorted.back() : 0.0,
      n ? static_cast<double>(total_length) / n : 0.0,
      static_cast<long long>(total_nodes), median(sorted_nodes),
      n ? static_cast<long long>(sorted_nodes.back()) : 0LL,
      total > 0 ? total_nodes / total / 1e6 : 0.0);
}

int Main(int argc, char** argv) {
  Options o;
  if (!ParseFlags(argc, argv, &o)) return 2;
  const Board board(4, 4);
  const auto made = std::chrono::steady_clock::now();
  if (o.heuristics > 0) o.heuristic = MtmHeuristic::kOrderedWalkingDistance;
  const MtmSearch search(board, o.goal_blank, o.heuristic);
  std::printf(
      "%s walking distance, tables made in %.3f s\n",
      search.heuristic() == MtmHeuristic::kWalkingDistance ? "plain"
                                                           : "ordered",
      std::chrono::duration<double>(std::chrono::steady_clock::now() - made)
          .count());
  if (o.heuristics > 0) {
    CompareHeuristics(board, o.goal_blank, search, o.heuristics, o.seed);
  }
  std::mt19937_64 rng(o.seed);
  std::vector<double> seconds;
  std::vector<int64_t> nodes;
  int total_length = 0;
  std::printf("#  n  mtm  h0  nodes  seconds  state\n");
  for (int i = 0; i < o.count; ++i) {
    const State s = RandomSolvable(board, o.goal_blank, &rng);
    Path path;
    int length = 0;
    SearchLimits limits;
    limits.threads = o.threads;
    const auto t0 = std::chrono::steady_clock::now();
    const Status st = search.Solve(s, &path, &length, limits);
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
            .count();
    if (!st.ok() || MoveCount(path.moves, Metric::kMtm) != length) {
      std::fprintf(stderr, "slidedb-mtm44: position %d: %s\n", i + 1,
                   st.ToString().c_str());
      return 1;
    }
    seconds.push_back(secs);
    nodes.push_back(path.nodes);
    total_length += length;
    std::printf("%d %d %d %lld %.3f %s\n", i + 1, length, search.Heuristic(s),
                static_cast<long long>(path.nodes), secs,
                Tiles(board, s).c_str());
    std::fflush(stdout);
  }
  PrintSummary(o, seconds, nodes, total_length);
  return 0;
}

}  // namespace
}  // namespace slidedb

int main(int argc, char** argv) { return slidedb::Main(argc, argv); }
