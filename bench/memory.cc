// What one read from memory costs on this machine, by the size of the
// region read: a chain of dependent reads through a random cycle of cache
// lines (each line holds the index of the next), on huge pages where the
// system gives them, as the pattern databases are. The search's states
// each wait on about one such read (BENCHMARKS.md, the thirty-fourth
// session), so this says what a state can cost at best.
//
//   build/slidedb-bench --benchmark_filter=DependentReads
#include <sys/mman.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

#include "benchmark/benchmark.h"

namespace {

constexpr size_t kLine = 64;
constexpr size_t kWordsPerLine = kLine / sizeof(uint64_t);

void BM_DependentReads(benchmark::State& state) {
  const size_t bytes = static_cast<size_t>(state.range(0)) << 20;
  const size_t lines = bytes / kLine;
  void* region = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (region == MAP_FAILED) {
    state.SkipWithError("mmap refused the region");
    return;
  }
  madvise(region, bytes, MADV_HUGEPAGE);
  auto* words = static_cast<uint64_t*>(region);
  // One cycle through every line in a random order.
  std::vector<uint32_t> order(lines);
  std::iota(order.begin(), order.end(), 0u);
  std::shuffle(order.begin(), order.end(), std::mt19937_64(1));
  for (size_t i = 0; i < lines; ++i) {
    words[order[i] * kWordsPerLine] = order[(i + 1) % lines] * kWordsPerLine;
  }
  constexpr int64_t kReads = 1 << 20;
  uint64_t at = 0;
  for (auto _ : state) {
    for (int64_t i = 0; i < kReads; ++i) at = words[at];
    benchmark::DoNotOptimize(at);
  }
  state.SetItemsProcessed(state.iterations() * kReads);
  // Seconds a read, which the console shows in ns.
  state.counters["per_read"] = benchmark::Counter(
      static_cast<double>(state.iterations() * kReads),
      benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  munmap(region, bytes);
}
// The region's size in MiB: inside the caches, past them, the 4x4 tables'
// sizes at four bits (29 and 259 MB) and at one (7 and 65 MB), and beyond.
BENCHMARK(BM_DependentReads)
    ->Arg(1)
    ->Arg(2)
    ->Arg(4)
    ->Arg(8)
    ->Arg(16)
    ->Arg(32)
    ->Arg(64)
    ->Arg(128)
    ->Arg(256)
    ->Arg(1024)
    ->Unit(benchmark::kMillisecond);

}  // namespace
