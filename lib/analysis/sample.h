// Sample: uniform random states of a table, reproducible from a seed.
//
// The generator is std::mt19937_64 seeded with the seed, whose output the
// C++ standard fixes exactly; a draw below n takes the next output x,
// rejects it while x < 2^64 mod n, and returns x mod n. The states are
// drawn without replacement by a partial Fisher-Yates shuffle of the ranks
// 0..M-1 (M: the states eligible), so a seed gives the same states, in the
// same order, on every platform and standard library.
#ifndef SLIDEDB_LIB_ANALYSIS_SAMPLE_H_
#define SLIDEDB_LIB_ANALYSIS_SAMPLE_H_

#include <cstdint>
#include <random>
#include <vector>

#include "lib/analysis/distance_scan.h"
#include "lib/base/status.h"
#include "lib/puzzle/index.h"
#include "lib/storage/table.h"

namespace slidedb {

// The draws described above.
class SampleRng {
 public:
  explicit SampleRng(uint64_t seed) : engine_(seed) {}
  // Uniform in [0, n). REQUIRES: n > 0.
  uint64_t Below(uint64_t n);

 private:
  std::mt19937_64 engine_;
};

// The seed used when none is given.
inline constexpr uint64_t kDefaultSampleSeed = 1;

// Up to `n` distinct states of the table, uniformly at random and in the
// order drawn, as indexes (Indexer::StateAt turns them into states). With
// distance >= 0 only states at exactly that distance are eligible; with -1
// every state is. Fewer than n when fewer are eligible (then all of them,
// shuffled).
// A draw at a distance scans the whole table, and stops as `scan` says
// (its moves are never read).
// REQUIRES: table != nullptr; distance >= -1.
Status SampleStates(Table* table, uint64_t n, int distance, uint64_t seed,
                    std::vector<Index>* out, ScanOptions scan = ScanOptions());

}  // namespace slidedb

#endif  // SLIDEDB_LIB_ANALYSIS_SAMPLE_H_
