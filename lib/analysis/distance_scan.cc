#include "lib/analysis/distance_scan.h"

#include <cstdio>
#include <string>
#include <vector>

#include "lib/puzzle/record.h"
#include "lib/puzzle/residue_walk.h"
#include "lib/puzzle/symmetry.h"
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

// The best moves of a goal served by symmetry (lib/puzzle/symmetry.h) as
// the byte table of its stored goal gives them (lib/solve/solver.cc): the
// stored table's move, to the nearer neighbour of lowest index in the
// stored goal's order, mapped to the asked goal's moves. The nearer
// neighbour of lowest index in the asked goal's own order may be another.
class ServedBestMove {
 public:
  ServedBestMove(const Board& board, int goal_blank)
      : map_(board, goal_blank), stored_(board, map_.stored_blank()) {}

  // True when the goal's own table is stored: its own order is the byte
  // table's.
  bool identity() const { return map_.identity(); }

  // Sets *move to the best move of `s` (index i of ix, residue r). `what`
  // names the table in errors.
  template <typename ResidueOf>
  Status Pick(const Indexer& ix, const State& s, Index i, uint8_t r,
              const ResidueOf& residue, const std::string& what,
              Move* move) const {
    const State t = map_.ToStored(s);
    Neighbours near;
    ListNeighbours(stored_.board(), t,
                   IndexerCursor(stored_, stored_.IndexOf(t)), &near);
    const IndexerCursor here(ix, i);
    for (int k = 0; k < near.n; ++k) {
      const Move m = map_.MoveFromStored(near.near[k].move);
      uint8_t v;
      Status st = residue(here.IndexAfter(m, s), &v);
      if (!st.ok()) return st;
      if (v == NearerResidue(r)) {
        *move = m;
        return Status::OK();
      }
    }
    return NoNearerNeighbour(what, i);
  }

 private:
  GoalMap map_;
  Indexer stored_;  // the stored goal's order
};

// Whether `options` says to stop now.
bool StopNow(const ScanOptions& options) {
  return (options.cancel != nullptr && options.cancel->load()) ||
         std::chrono::steady_clock::now() >= options.deadline;
}

// DeadlineExceeded when `options` says to stop before index i of `what`
// (looked at every 65,536 states).
Status Stopped(const ScanOptions& options, Index i, Index n,
               const std::string& what) {
  if ((i & 0xFFFF) != 0 || !StopNow(options)) return Status::OK();
  return Status::DeadlineExceeded("the scan of " + what + " stopped after " +
                                  std::to_string(i) + " of " +
                                  std::to_string(n) + " states");
}

// ScanDistances for a two-bit table: each state's distance found once, by
// walking to a state whose distance is known (resolved[i]: distance + 1,
// 0 until known), and its record made as a byte table's would be (for a
// goal served by symmetry, the stored goal's byte table's: ServedBestMove).
Status ScanTwoBit(
    Table* table,
    const std::function<void(Index index, int distance, uint8_t record)>& visit,
    const ScanOptions& options) {
  const Indexer& ix = table->indexer();
  const Index n = ix.size();
  const std::string what = "table " + table->meta().Id();
  auto residue = [table](Index j, uint8_t* r) {
    if (!table->GetResidueLoaded(j, r)) return table->GetResidue(j, r);
    return Status::OK();
  };
  const ServedBestMove served(ix.board(), table->meta().goal_blank);
  std::vector<uint8_t> resolved(n, 0);
  resolved[table->goal_index()] = 1;
  std::vector<Index> chain;
  for (Index i = 0; i < n; ++i) {
    Status st = Stopped(options, i, n, what);
    if (!st.ok()) return st;
    const State s = ix.StateAt(i);
    uint8_t r;
    st = residue(i, &r);
    if (!st.ok()) return st;
    ResidueStep next;
    if (i != table->goal_index()) {
      if (r == kResidueUnreached) {
        return Status::Corruption(what + ": index " + std::to_string(i) +
                                  " is not reached");
      }
      st = StepNearerOrFail(ix, s, i, r, residue, what, &next);
      if (!st.ok()) return st;
    }
    if (resolved[i] == 0) {
      // Walk from the next state until a known distance, then number the
      // chain back from there.
      chain.assign(1, i);
      ResidueStep at = next;
      uint8_t ra = NearerResidue(r);
      while (resolved[at.index] == 0) {
        if (chain.size() > kMaxChain + kDistanceSaturated) {
          return Status::Corruption(what + " leads a walk astray at index " +
                                    std::to_string(i));
        }
        chain.push_back(at.index);
        ResidueStep step;
        st = StepNearerOrFail(ix, at.state, at.index, ra, residue, what,
                              &step);
        if (!st.ok()) return st;
        at = step;
        ra = NearerResidue(ra);
      }
      int base = resolved[at.index];
      for (size_t k = chain.size(); k-- > 0;) {
        if (++base > 255) {
          return Status::Corruption("distance past 254 in " + what);
        }
        resolved[chain[k]] = static_cast<uint8_t>(base);
      }
    }
    const int d = resolved[i] - 1;
    if (d % 3 != r) {
      return Status::Corruption(what + ": index " + std::to_string(i) +
                                " has residue " + std::to_string(r) +
                                " but is " + std::to_string(d) +
                                " moves from the goal");
    }
    if (i == table->goal_index()) {
      visit(i, d, 0);  // the goal's record
      continue;
    }
    Move best = next.move;
    if (options.moves && !served.identity()) {
      st = served.Pick(ix, s, i, r, residue, what, &best);
      if (!st.ok()) return st;
    }
    visit(i, d, EncodeRecord(d, best));
  }
  return Status::OK();
}

}  // namespace

Status ScanDistances(
    Table* table,
    const std::function<void(Index index, int distance, uint8_t record)>& visit,
    const ScanOptions& options) {
  if (table->two_bit() && table->meta().board.cells() > kMaxTableCells) {
    return Status::NotSupported(TwoBitScanRefusal(table->meta()));
  }
  const std::string what = "table " + table->meta().Id();
  // A goal served by symmetry computes its pages here (seconds on 12
  // cells): the reading stops too.
  Status s = table->LoadAll([&] {
    return StopNow(options)
               ? Status::DeadlineExceeded(
                     "the scan of " + what + " stopped while it read " +
                     std::to_string(table->pages_loaded()) + " of " +
                     std::to_string(table->meta().pages) + " pages")
               : Status::OK();
  });
  if (!s.ok()) return s;
  if (table->two_bit()) return ScanTwoBit(table, visit, options);
  const Indexer& ix = table->indexer();
  const Index n = ix.size();
  // resolved[i]: the true distance of a saturated state once known, else 0.
  // Allocated on the first saturated record, so small boards never pay.
  std::vector<uint8_t> resolved;
  std::vector<Index> chain;
  for (Index i = 0; i < n; ++i) {
    s = Stopped(options, i, n, what);
    if (!s.ok()) return s;
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
          return Status::Corruption(what + " leads a walk astray at index " +
                                    std::to_string(i));
        }
        chain.push_back(j);
        State st = ix.StateAt(j);
        if (!Step(ix, RecordMove(r), &st, &j)) {
          return Status::Corruption(what +
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
          return Status::Corruption("distance past 255 in " + what);
        }
        resolved[chain[k]] = static_cast<uint8_t>(base);
      }
      d = resolved[i];
    }
    visit(i, d, rec);
  }
  return Status::OK();
}

std::string TwoBitScanRefusal(const TableMeta& meta) {
  const double gb = static_cast<double>(meta.states) / 1e9;
  char size[32];
  std::snprintf(size, sizeof size, "%.1f", gb);
  return "this needs every state's distance, and " + meta.board.Name() +
         "'s table holds two bits a state (" + std::to_string(meta.states) +
         " states): finding them all would take a byte a state, " + size +
         " GB of memory. Ask about states one at a time instead (solve, "
         "--moves, --verify, --count, --analyse), draw them with --sample "
         "without --distance, or read the stored --histogram";
}

Status TrueDistance(Table* table, Index index, int* distance) {
  if (table->two_bit()) {
    return DistanceToGoal(table, table->indexer().StateAt(index), distance);
  }
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
