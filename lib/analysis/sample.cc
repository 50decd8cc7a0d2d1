#include "lib/analysis/sample.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <utility>

#include "lib/analysis/distance_scan.h"

namespace slidedb {

uint64_t SampleRng::Below(uint64_t n) {
  const uint64_t reject_below = (0 - n) % n;  // 2^64 mod n
  uint64_t x;
  do {
    x = engine_();
  } while (x < reject_below);
  return x % n;
}

namespace {

// k distinct ranks from [0, m) in draw order: a partial Fisher-Yates
// shuffle. Its moved entries live in a hash map while few are drawn, and in
// a dense array of all m ranks when many are (the same swaps either way, so
// a seed gives the same ranks).
template <typename Store>
std::vector<uint64_t> Shuffle(uint64_t k, uint64_t m, uint64_t seed,
                              Store* store) {
  SampleRng rng(seed);
  std::vector<uint64_t> ranks;
  ranks.reserve(k);
  for (uint64_t i = 0; i < k; ++i) {
    const uint64_t j = i + rng.Below(m - i);
    const uint64_t vi = store->Get(i), vj = store->Get(j);
    store->Set(j, vi);
    store->Set(i, vj);
    ranks.push_back(vj);
  }
  return ranks;
}

struct SparseStore {
  std::unordered_map<uint64_t, uint64_t> moved;
  uint64_t Get(uint64_t p) const {
    auto it = moved.find(p);
    return it == moved.end() ? p : it->second;
  }
  void Set(uint64_t p, uint64_t v) { moved[p] = v; }
};

struct DenseStore {
  std::vector<uint32_t> at;
  explicit DenseStore(uint64_t m) : at(m) {
    for (uint64_t p = 0; p < m; ++p) at[p] = static_cast<uint32_t>(p);
  }
  uint64_t Get(uint64_t p) const { return at[p]; }
  void Set(uint64_t p, uint64_t v) { at[p] = static_cast<uint32_t>(v); }
};

std::vector<uint64_t> DrawRanks(uint64_t k, uint64_t m, uint64_t seed) {
  // A hash map entry costs some 40 bytes, a dense slot 4: two entries per
  // draw, so past m/20 draws the dense array is the smaller.
  if (m <= UINT32_MAX && k > m / 20) {
    DenseStore store(m);
    return Shuffle(k, m, seed, &store);
  }
  SparseStore store;
  return Shuffle(k, m, seed, &store);
}

}  // namespace

Status SampleStates(Table* table, uint64_t n, int distance, uint64_t seed,
                    std::vector<Index>* out, ScanOptions scan) {
  out->clear();
  if (distance < 0) {
    const uint64_t m = table->indexer().size();
    for (uint64_t r : DrawRanks(std::min(n, m), m, seed)) {
      out->push_back(static_cast<Index>(r));
    }
    return Status::OK();
  }
  // The states at the distance are counted in the table's histogram: one
  // scan finds the drawn ones (and a histogram that disagrees with the
  // records shows there as a rank not found).
  const std::vector<uint64_t>& histogram = table->meta().histogram;
  const uint64_t m = static_cast<size_t>(distance) < histogram.size()
                         ? histogram[distance]
                         : 0;
  if (m == 0) return Status::OK();
  const std::vector<uint64_t> ranks = DrawRanks(std::min(n, m), m, seed);
  // Map ranks (the r-th state at the distance, in index order) to indexes
  // in one more scan, visiting the ranks in increasing order.
  std::vector<std::pair<uint64_t, size_t>> order;
  order.reserve(ranks.size());
  for (size_t k = 0; k < ranks.size(); ++k) order.emplace_back(ranks[k], k);
  std::sort(order.begin(), order.end());
  out->assign(ranks.size(), 0);
  size_t next = 0;
  uint64_t rank = 0;
  scan.moves = false;
  Status s = ScanDistances(
      table,
      [&](Index i, int d, uint8_t) {
        if (d != distance) return;
        while (next < order.size() && order[next].first == rank) {
          (*out)[order[next].second] = i;
          ++next;
        }
        ++rank;
      },
      scan);
  if (!s.ok()) return s;
  if (next != order.size()) {
    return Status::Corruption("table " + table->meta().Id() + " holds " +
                              std::to_string(rank) +
                              " states at distance " +
                              std::to_string(distance) +
                              ", its histogram " + std::to_string(m));
  }
  return Status::OK();
}

}  // namespace slidedb
