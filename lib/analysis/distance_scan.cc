#include "lib/analysis/distance_scan.h"

#include <vector>

#include "lib/solve/walk.h"
#include "lib/storage/format.h"

namespace slidedb {

namespace {

// Longest chain of saturated records a walk may follow before the table is
// deemed corrupt: no board of up to 12 cells has a distance above 80.
constexpr int kMaxChain = 255 - kDistanceSaturated;

// Moves the blank of *s (at index *i) by `m`, updating *i. False when `m`
// leaves the board.
bool Step(const Indexer& ix, Move m, State* s, Index* i) {
  if (!ApplyMove(ix.board(), m, s)) return false;
  *i = ix.AfterMove(*i, m, *s);
  return true;
}

}  // namespace

Status ScanDistances(Table* table,
                     const std::function<void(Index index, int distance,
                                              uint8_t record)>& visit) {
  Status s = table->LoadAll();
  if (!s.ok()) return s;
  const Indexer& ix = table->indexer();
  const Index n = ix.size();
  // resolved[i]: the true distance of a saturated state once known, else 0.
  // Allocated on the first saturated record, so small boards never pay.
  std::vector<uint8_t> resolved;
  std::vector<Index> chain;
  for (Index i = 0; i < n; ++i) {
    uint8_t rec;
    s = table->Get(i, &rec);
    if (!s.ok()) return s;
    int d = RecordDistance(rec);
    if (d >= kDistanceSaturated) {
      if (resolved.empty()) resolved.assign(n, 0);
      // Follow best moves until a known distance, then number the chain
      // back from there.
      chain.clear();
      Index j = i;
      uint8_t r = rec;
      int base = -1;
      while (true) {
        if (resolved[j] != 0) {
          base = resolved[j];
          break;
        }
        if (RecordDistance(r) < kDistanceSaturated) {
          base = RecordDistance(r);
          break;
        }
        if (static_cast<int>(chain.size()) == kMaxChain) {
          return Status::Corruption("table " + table->meta().Id() +
                                    " leads a walk astray at index " +
                                    std::to_string(i));
        }
        chain.push_back(j);
        State st = ix.StateAt(j);
        if (!Step(ix, RecordMove(r), &st, &j)) {
          return Status::Corruption("table " + table->meta().Id() +
                                    " has a best move off the board at "
                                    "index " +
                                    std::to_string(chain.back()));
        }
        s = table->Get(j, &r);
        if (!s.ok()) return s;
      }
      for (size_t k = chain.size(); k-- > 0;) {
        ++base;
        if (base > 255) {
          return Status::Corruption("distance past 255 in table " +
                                    table->meta().Id());
        }
        resolved[chain[k]] = static_cast<uint8_t>(base);
      }
      d = resolved[i];
    }
    visit(i, d, rec);
  }
  return Status::OK();
}

Status TrueDistance(Table* table, Index index, int* distance) {
  uint8_t rec;
  Status s = table->Get(index, &rec);
  if (!s.ok()) return s;
  if (RecordDistance(rec) < kDistanceSaturated) {
    *distance = RecordDistance(rec);
    return Status::OK();
  }
  return DistanceToGoal(table, table->indexer().StateAt(index), distance);
}

}  // namespace slidedb
