// slidedb-bench: slidedb's in-process query and build speed, side by side
// with the classic solvers (bench/baselines.h) on the same seeded random
// solvable 3x3 instances.
//
//   slidedb-bench [--db DIR] [--instances N] [--seed S] [benchmark flags]
//       Google Benchmark: WalkToGoal, DistanceToGoal, the baselines, RunBfs.
//   slidedb-bench --compare [--db DIR] [--instances N] [--seed S]
//       Per-instance medians of every method, each baseline's answers
//       checked against the table, and the median RunBfs time: one
//       "name value" line each, for scripts/bench.sh 3x3. Exit status 1 if any
//       answer disagrees.
//   slidedb-bench --states N [--seed S] [--large RxC]
//       N random solvable states, one per line (input for slidedb-query):
//       of 3x3, or with --large of that board (any size an index covers).
//   slidedb-bench --large RxC --db DIR [--instances N] [--seed S]
//       In-process walks on a large board's default-goal table, read page
//       by page as slidedb-query reads it: the first walk of each random
//       state (its pages fetched from RocksDB) and the median of later
//       walks. "name value" lines, for scripts/bench.sh large.
//
// Without --db the table is built in memory by RunBfs; with it, read from
// the database the way slidedb-query reads it.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "bench/baselines.h"
#include "bench/puzzle.h"
#include "lib/search/bfs.h"
#include "lib/solve/solver.h"
#include "lib/solve/walk.h"
#include "lib/storage/database.h"
#include "lib/storage/format.h"
#include "lib/storage/table.h"

namespace slidedb::bench {
namespace {

struct Options {
  std::string db;
  int instances = 200;
  uint64_t seed = 20261121;
  bool compare = false;
  long states = -1;
  std::string large;  // a board, with --large
};

// The table of the goal 123456780 (3x3/b8) and what owns it.
struct TableHolder {
  std::unique_ptr<Database> db;
  std::unique_ptr<Solver> solver;
  std::unique_ptr<Table> own;
  Table* table = nullptr;
};

bool OpenTable(const Options& o, TableHolder* h) {
  const Board board(3, 3);
  if (!o.db.empty()) {
    Status s = Database::Open(o.db, &h->db);
    if (s.ok()) {
      h->solver = std::make_unique<Solver>(h->db.get());
      s = h->solver->GetTable(board, 8, &h->table);
    }
    if (!s.ok()) {
      std::fprintf(stderr, "slidedb-bench: %s\n", s.ToString().c_str());
      return false;
    }
    return true;
  }
  const Indexer indexer(board, 8);
  BfsResult r;
  Status s = RunBfs(indexer, 1, nullptr, &r);
  if (!s.ok()) {
    std::fprintf(stderr, "slidedb-bench: %s\n", s.ToString().c_str());
    return false;
  }
  const TableMeta meta = TableMeta::FromHistogram(board, 8, r.histogram);
  h->own = Table::FromRecords(meta, r.records);
  h->table = h->own.get();
  return true;
}

Options g_options;
TableHolder g_table;
std::vector<Tiles> g_instances;
std::vector<State> g_states;

// --- Google Benchmark ------------------------------------------------------

// One query per iteration, cycling through the instances; the iteration
// counts are multiples of the instance count, so every method averages over
// exactly the same instances.
void BM_WalkToGoal(benchmark::State& state) {
  Path path;
  size_t k = 0;
  for (auto _ : state) {
    Status s = WalkToGoal(g_table.table, g_states[k], &path);
    benchmark::DoNotOptimize(s);
    benchmark::DoNotOptimize(path.moves.data());
    if (++k == g_states.size()) k = 0;
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_DistanceToGoal(benchmark::State& state) {
  int d = 0;
  size_t k = 0;
  for (auto _ : state) {
    Status s = DistanceToGoal(g_table.table, g_states[k], &d);
    benchmark::DoNotOptimize(s);
    benchmark::DoNotOptimize(d);
    if (++k == g_states.size()) k = 0;
  }
  state.SetItemsProcessed(state.iterations());
}

template <typename Solver>
void BM_Baseline(benchmark::State& state) {
  static Solver* solver = new Solver;  // buffers kept between runs
  size_t k = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(solver->Solve(g_instances[k]));
    if (++k == g_instances.size()) k = 0;
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_RunBfs(benchmark::State& state) {
  const Indexer indexer(Board(3, 3), 8);
  BfsResult r;
  for (auto _ : state) {
    Status s = RunBfs(indexer, static_cast<int>(state.range(0)), nullptr, &r);
    benchmark::DoNotOptimize(s);
  }
  state.counters["states"] = static_cast<double>(indexer.size());
}

void RegisterAll() {
  const int64_t n = static_cast<int64_t>(g_instances.size());
  benchmark::RegisterBenchmark("WalkToGoal", BM_WalkToGoal)
      ->Iterations(n * 2000);
  benchmark::RegisterBenchmark("DistanceToGoal", BM_DistanceToGoal)
      ->Iterations(n * 10000);
  benchmark::RegisterBenchmark("IdaStarManhattanLinearConflict",
                               BM_Baseline<IdaStarBaseline>)
      ->Iterations(n)
      ->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("AStarManhattan", BM_Baseline<AStarBaseline>)
      ->Iterations(n)
      ->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("BfsPerQuery", BM_Baseline<BfsBaseline>)
      ->Iterations(n)
      ->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("RunBfs3x3", BM_RunBfs)
      ->Arg(1)
      ->Arg(2)
      ->ArgName("threads")
      ->Unit(benchmark::kMillisecond)
      ->Iterations(10);
}

// --- --compare ---------------------------------------------------------------

using Clock = std::chrono::steady_clock;

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double Mean(const std::vector<double>& v) {
  double s = 0;
  for (double x : v) s += x;
  return v.empty() ? 0 : s / static_cast<double>(v.size());
}

// Nanoseconds per call of fn(k) on instance k: the least of `rounds`
// rounds of `reps` calls each.
template <typename Fn>
std::vector<double> PerInstance(size_t count, int rounds, int reps, Fn fn) {
  std::vector<double> best(count, 1e300);
  for (int r = 0; r < rounds; ++r) {
    for (size_t k = 0; k < count; ++k) {
      const auto t0 = Clock::now();
      for (int i = 0; i < reps; ++i) fn(k);
      const double ns =
          std::chrono::duration<double, std::nano>(Clock::now() - t0).count() /
          reps;
      best[k] = std::min(best[k], ns);
    }
  }
  return best;
}

// CPU time of the whole process (every thread), in milliseconds: on a
// shared machine, wall time also counts the waits for a core.
double ProcessCpuMs() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

void Report(const char* name, const std::vector<double>& ns) {
  std::printf("%s_median_ns %.1f\n%s_mean_ns %.1f\n", name, Median(ns), name,
              Mean(ns));
}

// Every baseline's answer against the table's (the path's length and
// end, the distance); prints the counts. Whether all agree.
bool CheckAnswers() {
  const size_t n = g_instances.size();
  std::vector<int> truth(n);
  Path path;
  BfsBaseline bfs;
  AStarBaseline astar;
  IdaStarBaseline ida;
  int bad = 0;
  for (size_t k = 0; k < n; ++k) {
    int d = -1;
    Status s = WalkToGoal(g_table.table, g_states[k], &path);
    Status s2 = DistanceToGoal(g_table.table, g_states[k], &d);
    if (!s.ok() || !s2.ok()) {
      std::fprintf(stderr, "slidedb-bench: %s %s\n", s.ToString().c_str(),
                   s2.ToString().c_str());
      return false;
    }
    // The path must lead to the goal, and be as long as the distance.
    State st = g_states[k];
    for (Move m : path.moves) ApplyMove(Board(3, 3), m, &st);
    truth[k] = path.distance();
    const int answers[] = {d, bfs.Solve(g_instances[k]),
                           astar.Solve(g_instances[k]),
                           ida.Solve(g_instances[k])};
    bool ok = st == CanonicalGoal(Board(3, 3), 8);
    for (int a : answers) ok = ok && a == truth[k];
    if (!ok) {
      ++bad;
      std::fprintf(stderr,
                   "slidedb-bench: %s: path %d, distance %d, BFS %d, A* %d, "
                   "IDA* %d\n",
                   ToText(g_instances[k]).c_str(), truth[k], answers[0],
                   answers[1], answers[2], answers[3]);
    }
  }
  std::printf(
      "instances %zu\nseed %llu\nanswers_checked %zu\nanswers_wrong %d\n", n,
      static_cast<unsigned long long>(g_options.seed), n, bad);
  std::printf("mean_distance %.2f\n",
              Mean(std::vector<double>(truth.begin(), truth.end())));
  return bad == 0;
}

// Each way of answering, per instance: the table's walk and distance, the
// baselines' searches.
void TimeQueries() {
  const size_t n = g_instances.size();
  Path path;
  int d = 0;
  Report("path", PerInstance(n, 5, 2000, [&](size_t k) {
           // Every answer was checked against the table beforehand.
           static_cast<void>(WalkToGoal(g_table.table, g_states[k], &path));
           benchmark::DoNotOptimize(path.moves.data());
         }));
  Report("distance", PerInstance(n, 5, 10000, [&](size_t k) {
           static_cast<void>(DistanceToGoal(g_table.table, g_states[k], &d));
           benchmark::DoNotOptimize(d);
         }));
  IdaStarBaseline ida;
  Report("idastar", PerInstance(n, 3, 1, [&](size_t k) {
           benchmark::DoNotOptimize(ida.Solve(g_instances[k]));
         }));
  AStarBaseline astar;
  Report("astar", PerInstance(n, 2, 1, [&](size_t k) {
           benchmark::DoNotOptimize(astar.Solve(g_instances[k]));
         }));
  BfsBaseline bfs;
  Report("bfs_query", PerInstance(n, 1, 1, [&](size_t k) {
           benchmark::DoNotOptimize(bfs.Solve(g_instances[k]));
         }));
}

// The whole table's breadth-first search on one and two threads.
void TimeBuilds() {
  for (int threads : {1, 2}) {
    const Indexer indexer(Board(3, 3), 8);
    std::vector<double> ms, cpu_ms;
    BfsResult r;
    for (int i = 0; i < 15; ++i) {
      const double c0 = ProcessCpuMs();
      const auto t0 = Clock::now();
      static_cast<void>(RunBfs(indexer, threads, nullptr, &r));
      ms.push_back(
          std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
      cpu_ms.push_back(ProcessCpuMs() - c0);
    }
    std::printf(
        "runbfs_t%d_median_ms %.3f\nrunbfs_t%d_min_ms %.3f\n"
        "runbfs_t%d_cpu_median_ms %.3f\n",
        threads, Median(ms), threads, *std::min_element(ms.begin(), ms.end()),
        threads, Median(cpu_ms));
  }
}

int Compare() {
  if (!CheckAnswers()) return 1;
  TimeQueries();
  TimeBuilds();
  return 0;
}

// --- --large -----------------------------------------------------------------

// --states N --large RxC: N seeded random states of that board that reach
// its default goal, one a line, labels joined by commas.
int LargeStates() {
  Board board;
  Status s = Board::Parse(g_options.large, &board);
  if (!s.ok()) {
    std::fprintf(stderr, "slidedb-bench: %s\n", s.ToString().c_str());
    return 64;
  }
  const Indexer indexer(board, board.cells() - 1);
  std::mt19937_64 rng(g_options.seed);
  std::string out;
  for (long k = 0; k < g_options.states; ++k) {
    const State st = indexer.StateAt(rng() % indexer.size());
    for (int c = 0; c < board.cells(); ++c) {
      if (c > 0) out += ',';
      out += std::to_string(st.tile[c]);
    }
    out += '\n';
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  return 0;
}

int Large() {
  Board board;
  Status s = Board::Parse(g_options.large, &board);
  std::unique_ptr<Database> db;
  if (s.ok()) s = Database::Open(g_options.db, &db);
  Solver solver(db ? db.get() : nullptr);
  Table* table = nullptr;
  if (s.ok()) s = solver.GetTable(board, board.cells() - 1, &table);
  if (!s.ok()) {
    std::fprintf(stderr, "slidedb-bench: %s\n", s.ToString().c_str());
    return 66;
  }
  const Indexer& indexer = table->indexer();
  std::mt19937_64 rng(g_options.seed);
  std::vector<State> states;
  for (int k = 0; k < g_options.instances; ++k) {
    states.push_back(
        indexer.StateAt(static_cast<Index>(rng() % indexer.size())));
  }
  const State goal = CanonicalGoal(board, board.cells() - 1);
  Path path;
  std::vector<double> cold_us;
  std::vector<double> lengths;
  for (const State& start : states) {
    const auto t0 = Clock::now();
    s = WalkToGoal(table, start, &path);
    cold_us.push_back(
        std::chrono::duration<double, std::micro>(Clock::now() - t0).count());
    State at = start;
    for (Move m : path.moves) ApplyMove(board, m, &at);
    int d = -1;
    if (s.ok()) s = DistanceToGoal(table, start, &d);
    if (!s.ok() || at != goal || d != path.distance()) {
      std::fprintf(stderr, "slidedb-bench: a walk went wrong: %s\n",
                   s.ToString().c_str());
      return 1;
    }
    lengths.push_back(path.distance());
  }
  const std::vector<double> warm_ns =
      PerInstance(states.size(), 5, 20, [&](size_t k) {
        static_cast<void>(WalkToGoal(table, states[k], &path));
        benchmark::DoNotOptimize(path.moves.data());
      });
  std::printf(
      "board %s\nstates %llu\ninstances %zu\nseed %llu\nmean_distance %.2f\n"
      "pages_loaded %u\npages %u\ncold_path_median_us %.1f\n"
      "warm_path_median_ns %.1f\nwarm_path_max_ns %.1f\n",
      board.Name().c_str(), static_cast<unsigned long long>(indexer.size()),
      states.size(), static_cast<unsigned long long>(g_options.seed),
      Mean(lengths), table->pages_loaded(), table->meta().pages,
      Median(cold_us), Median(warm_ns),
      *std::max_element(warm_ns.begin(), warm_ns.end()));
  return 0;
}

bool ParseOptions(int* argc, char** argv, Options* o) {
  int out = 1;
  for (int i = 1; i < *argc; ++i) {
    const char* a = argv[i];
    auto value = [&](const char* name) -> const char* {
      if (std::strcmp(a, name) != 0) return nullptr;
      if (i + 1 >= *argc) {
        std::fprintf(stderr, "slidedb-bench: %s needs a value\n", name);
        std::exit(64);
      }
      return argv[++i];
    };
    if (const char* v = value("--db")) {
      o->db = v;
    } else if (const char* v = value("--instances")) {
      o->instances = std::atoi(v);
    } else if (const char* v = value("--seed")) {
      o->seed = std::strtoull(v, nullptr, 10);
    } else if (const char* v = value("--large")) {
      o->large = v;
    } else if (const char* v = value("--states")) {
      o->states = std::atol(v);
    } else if (std::strcmp(a, "--compare") == 0) {
      o->compare = true;
    } else {
      argv[out++] = argv[i];
    }
  }
  *argc = out;
  return o->instances > 0;
}

int Main(int argc, char** argv) {
  if (!ParseOptions(&argc, argv, &g_options)) {
    std::fprintf(stderr, "slidedb-bench: --instances must be at least 1\n");
    return 64;
  }
  if (g_options.states >= 0 && !g_options.large.empty()) return LargeStates();
  if (g_options.states >= 0) {
    std::string out;
    for (const Tiles& t :
         RandomInstances(static_cast<int>(g_options.states), g_options.seed)) {
      out += ToText(t);
      out += '\n';
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
    return 0;
  }
  if (!g_options.large.empty()) return Large();
  if (!OpenTable(g_options, &g_table)) return 66;
  g_instances = RandomInstances(g_options.instances, g_options.seed);
  for (const Tiles& t : g_instances) g_states.push_back(ToState(t));
  int status = 0;
  if (g_options.compare) {
    status = Compare();
  } else {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 64;
    RegisterAll();
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
  }
  std::fflush(stdout);
  // Close the database now: RocksDB's own statics are gone by the time
  // globals are destroyed.
  g_table.table = nullptr;
  g_table.own.reset();
  g_table.solver.reset();
  g_table.db.reset();
  return status;
}

}  // namespace
}  // namespace slidedb::bench

int main(int argc, char** argv) { return slidedb::bench::Main(argc, argv); }
