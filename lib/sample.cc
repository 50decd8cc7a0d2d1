#include "lib/sample.h"

#include <algorithm>
#include <unordered_map>
#include <utility>

#include "lib/distance_scan.h"

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
// shuffle whose moved entries live in a hash map.
std::vector<uint64_t> DrawRanks(uint64_t k, uint64_t m, uint64_t seed) {
  SampleRng rng(seed);
  std::unordered_map<uint64_t, uint64_t> moved;
  auto at = [&](uint64_t p) {
    auto it = moved.find(p);
    return it == moved.end() ? p : it->second;
  };
  std::vector<uint64_t> ranks;
  ranks.reserve(k);
  for (uint64_t i = 0; i < k; ++i) {
    const uint64_t j = i + rng.Below(m - i);
    const uint64_t vi = at(i), vj = at(j);
    moved[j] = vi;
    moved[i] = vj;
    ranks.push_back(vj);
  }
  return ranks;
}

}  // namespace

Status SampleStates(Table* table, uint64_t n, int distance, uint64_t seed,
                    std::vector<Index>* out) {
  out->clear();
  if (distance < 0) {
    const uint64_t m = table->indexer().size();
    for (uint64_t r : DrawRanks(std::min(n, m), m, seed)) {
      out->push_back(static_cast<Index>(r));
    }
    return Status::OK();
  }
  uint64_t m = 0;
  Status s = ScanDistances(table, [&](Index, int d, uint8_t) {
    if (d == distance) ++m;
  });
  if (!s.ok()) return s;
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
  s = ScanDistances(table, [&](Index i, int d, uint8_t) {
    if (d != distance) return;
    while (next < order.size() && order[next].first == rank) {
      (*out)[order[next].second] = i;
      ++next;
    }
    ++rank;
  });
  if (!s.ok()) return s;
  if (next != order.size()) {
    return Status::Corruption("table " + table->meta().Id() +
                              " changed between two scans");
  }
  return Status::OK();
}

}  // namespace slidedb
