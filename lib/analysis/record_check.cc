#include "lib/analysis/record_check.h"

#include <algorithm>
#include <climits>
#include <thread>
#include <utility>

#include "lib/puzzle/index.h"
#include "lib/puzzle/notation.h"
#include "lib/puzzle/problem.h"
#include "lib/puzzle/record.h"
#include "lib/puzzle/state.h"

namespace slidedb {

namespace {

// A state in the table's own labels, as the tools write states.
std::string StateText(const Board& board, const State& s) {
  Arrangement a;
  a.blank = s.blank;
  for (int c = 0; c < board.cells(); ++c) {
    a.labels.push_back(std::to_string(s.tile[c]));
  }
  return FormatArrangement(a, "0");
}

// Distances of saturated records resolved by walking their best moves:
// kUnresolved until looked at, kBroken when the walk leaves the board or
// goes round in circles, else the distance the walk found (at most
// kMaxResolved; 63 or more unless the record is wrong).
constexpr uint8_t kUnresolved = 0;
constexpr uint8_t kBroken = 255;
// No board of up to 12 cells is more than 80 moves across.
constexpr int kMaxResolved = 254;

// What one worker found.
struct Findings {
  uint64_t problems = 0;
  std::vector<CheckProblem> listed;
  std::vector<uint64_t> histogram;
};

class RecordChecker {
 public:
  RecordChecker(const Board& board, int goal_blank, Metric metric,
                const std::vector<uint8_t>& records, int max_listed)
      : board_(board),
        metric_(metric),
        ix_(board, goal_blank),
        records_(records),
        max_listed_(max_listed),
        goal_(ix_.IndexOf(CanonicalGoal(board, goal_blank))) {}

  // Walks every saturated record's best moves down to a record below 63.
  void ResolveSaturated(Findings* f) {
    const Index n = ix_.size();
    std::vector<Index> chain;
    for (Index i = 0; i < n; ++i) {
      if (RecordDistance(records_[i]) < kDistanceSaturated) continue;
      if (resolved_.empty()) resolved_.assign(n, kUnresolved);
      if (resolved_[i] != kUnresolved) continue;
      chain.clear();
      Index j = i;
      int base = -1;
      std::string broken;
      while (true) {
        const int d = RecordDistance(records_[j]);
        if (d < kDistanceSaturated) {
          base = d;
          break;
        }
        if (resolved_[j] == kBroken) break;
        if (resolved_[j] != kUnresolved) {
          base = resolved_[j];
          break;
        }
        if (static_cast<int>(chain.size()) >= kMaxResolved) {
          broken = "following best moves from here never reaches a record "
                   "below 63";
          break;
        }
        chain.push_back(j);
        State s = ix_.StateAt(j);
        const Move m = RecordMove(records_[j]);
        if (!ApplyMove(board_, m, &s)) {
          broken = "the best move of the saturated record at index " +
                   std::to_string(j) + " leaves the board";
          break;
        }
        j = ix_.AfterMove(j, m, s);
      }
      if (base < 0) {
        for (Index k : chain) resolved_[k] = kBroken;
        if (!broken.empty()) Report(f, i, broken);
        continue;
      }
      for (size_t k = chain.size(); k-- > 0;) {
        base = std::min(base + 1, kMaxResolved);
        resolved_[chain[k]] = static_cast<uint8_t>(base);
      }
    }
  }

  // Checks the records of ranks [begin, end): indexes begin*cells ...
  void CheckRanks(Index begin, Index end, Findings* f) const {
    const int cells = board_.cells();
    const int cols = board_.cols();
    // Even widths: the two tiles that end a sequence swap with the parity
    // of the blank's row, so keep one tile sequence per row parity.
    const bool two_orders = cols % 2 == 0 && board_.rows() > 1;
    uint8_t seq[2][kMaxCells];
    for (Index r = begin; r < end; ++r) {
      const Index first = r * static_cast<Index>(cells);
      for (int p = 0; p < (two_orders ? 2 : 1); ++p) {
        const State base = ix_.StateAt(first + static_cast<Index>(p * cols));
        int k = 0;
        for (int c = 0; c < cells; ++c) {
          if (base.tile[c] != 0) seq[p][k++] = base.tile[c];
        }
      }
      for (int b = 0; b < cells; ++b) {
        const uint8_t* tiles = seq[two_orders ? board_.Row(b) & 1 : 0];
        State s;
        s.blank = static_cast<uint8_t>(b);
        for (int c = 0, k = 0; c < cells; ++c) {
          s.tile[c] = c == b ? 0 : tiles[k++];
        }
        CheckOne(first + static_cast<Index>(b), s, f);
      }
    }
  }

  Index ranks() const { return ix_.size() / board_.cells(); }

 private:
  // The true distance of index i, or -1 when unknown (a broken saturated
  // walk, reported already).
  int Distance(Index i) const {
    const int d = RecordDistance(records_[i]);
    if (d < kDistanceSaturated) return d;
    const uint8_t r = resolved_[i];
    return r == kBroken ? -1 : r;
  }

  void Report(Findings* f, Index i, const std::string& what) const {
    if (f->listed.size() < static_cast<size_t>(max_listed_)) {
      f->listed.push_back({static_cast<int64_t>(i),
                           StateText(board_, ix_.StateAt(i)), what});
    }
    ++f->problems;
  }

  void CheckOne(Index i, const State& s, Findings* f) const {
    const uint8_t rec = records_[i];
    const int d = Distance(i);
    if (d < 0) return;
    if (static_cast<size_t>(d) >= f->histogram.size()) {
      f->histogram.resize(d + 1);
    }
    ++f->histogram[d];
    if (i == goal_) {
      if (rec != 0) {
        Report(f, i, "the goal's record is " + std::to_string(rec) +
                         ", not 0");
      }
      return;
    }
    if (d == 0) {
      Report(f, i, "distance 0, but it is not the goal");
      return;
    }
    if (RecordDistance(rec) == kDistanceSaturated && d < kDistanceSaturated) {
      Report(f, i, "stored as 63 or more, but its best moves reach the goal "
                   "in " + std::to_string(d));
      return;
    }
    const Move best = RecordMove(rec);
    int nearest = d;  // the nearest neighbour's distance
    State nearest_state = s;
    Move nearest_move = best;
    // In MTM a move goes 1, 2, ... cells one way; the best one's nearest
    // state must be one nearer.
    const int reach = metric_ == Metric::kMtm ? kMaxCells : 1;
    for (Move m : kAllMoves) {
      State t = s;
      Index j = i;
      int best_nearest = INT_MAX;
      State best_state = s;
      for (int k = 0; k < reach && ApplyMove(board_, m, &t); ++k) {
        j = ix_.AfterMove(j, m, t);
        const int dn = Distance(j);
        if (dn < 0) continue;
        if (dn < best_nearest) {
          best_nearest = dn;
          best_state = t;
        }
        if (dn < nearest) {
          nearest = dn;
          nearest_state = t;
          nearest_move = m;
        }
      }
      if (m != best) continue;
      if (best_nearest == INT_MAX) {
        Report(f, i,
               std::string("the best move ") + MoveLetter(m) +
                   " leaves the board");
        return;
      }
      if (best_nearest != d - 1) {
        Report(f, i,
               "distance " + std::to_string(d) + ", but the best move " +
                   MoveLetter(m) + " leads to " +
                   StateText(board_, best_state) + " at distance " +
                   std::to_string(best_nearest) + ", not " +
                   std::to_string(d - 1));
        return;
      }
    }
    if (nearest < d - 1) {
      Report(f, i,
             "distance " + std::to_string(d) +
                 " is not the shortest: " + "move " + MoveLetter(nearest_move) +
                 " leads to " + StateText(board_, nearest_state) +
                 " at distance " + std::to_string(nearest));
    }
  }

  const Board board_;
  const Metric metric_;
  const Indexer ix_;
  const std::vector<uint8_t>& records_;
  const int max_listed_;
  const Index goal_;
  std::vector<uint8_t> resolved_;  // empty when no record is saturated
};

void Merge(Findings&& from, int max_listed, TableCheck* check,
           std::vector<uint64_t>* histogram) {
  check->problems += from.problems;
  for (auto& p : from.listed) {
    if (check->listed.size() < static_cast<size_t>(max_listed)) {
      check->listed.push_back(std::move(p));
    }
  }
  if (histogram->size() < from.histogram.size()) {
    histogram->resize(from.histogram.size());
  }
  for (size_t d = 0; d < from.histogram.size(); ++d) {
    (*histogram)[d] += from.histogram[d];
  }
}

}  // namespace

void CheckRecords(const Board& board, int goal_blank, Metric metric,
                  const std::vector<uint8_t>& records, int threads,
                  int max_listed, TableCheck* check,
                  std::vector<uint64_t>* histogram,
                  const ShareProgress& progress) {
  RecordChecker checker(board, goal_blank, metric, records, max_listed);
  Findings saturated;
  checker.ResolveSaturated(&saturated);
  Merge(std::move(saturated), max_listed, check, histogram);
  const Index ranks = checker.ranks();
  threads =
      static_cast<int>(std::max<Index>(1, std::min<Index>(threads, ranks)));
  std::vector<Findings> found(threads);
  // Shared out by rank (a tile sequence: a state for each blank cell), told
  // in states.
  ShareProgress by_rank = progress;
  if (progress.told) {
    by_rank.told = [&progress, cells = board.cells()](uint64_t done) {
      progress.told(done * cells);
    };
  }
  RunShares(ranks, threads, by_rank, [&](int t, Index begin, Index end) {
    checker.CheckRanks(begin, end, &found[t]);
  });
  // Workers cover increasing indexes: the first problems listed are the
  // lowest indexes.
  for (auto& f : found) Merge(std::move(f), max_listed, check, histogram);
}

}  // namespace slidedb
