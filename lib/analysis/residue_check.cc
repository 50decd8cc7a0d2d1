#include "lib/analysis/residue_check.h"

#include <algorithm>
#include <string>
#include <thread>
#include <utility>

#include "lib/analysis/check_progress.h"
#include "lib/puzzle/index.h"
#include "lib/puzzle/notation.h"
#include "lib/puzzle/problem.h"
#include "lib/puzzle/residue_walk.h"
#include "lib/puzzle/state.h"

namespace slidedb {

namespace {

// What one worker found.
struct ResidueFindings {
  uint64_t problems = 0;
  std::vector<CheckProblem> listed;
  std::array<uint64_t, 3> counts{};
};

class ResidueChecker {
 public:
  ResidueChecker(const Board& board, int goal_blank,
                 const std::vector<uint8_t>& residues, int max_listed)
      : board_(board),
        ix_(board, goal_blank),
        residues_(residues),
        max_listed_(max_listed),
        goal_(ix_.IndexOf(CanonicalGoal(board, goal_blank))) {}

  Index size() const { return ix_.size(); }

  // Checks the states of indexes [begin, end).
  void Check(Index begin, Index end, ResidueFindings* f) const {
    for (Index i = begin; i < end; ++i) {
      const uint8_t r = Residue(i);
      if (r == kResidueUnreached) {
        Report(f, i, "not reached (residue 3)");
        continue;
      }
      ++f->counts[r];
      if (i == goal_) {
        if (r != 0) {
          Report(f, i,
                 "the goal's residue is " + std::to_string(r) + ", not 0");
        }
        continue;
      }
      const State s = ix_.StateAt(i);
      bool nearer = false;
      for (Move m : kAllMoves) {
        State t = s;
        if (!ApplyMove(board_, m, &t)) continue;
        const uint8_t v = Residue(ix_.AfterMove(i, m, t));
        if (v == kResidueUnreached) continue;  // reported at its own index
        nearer = nearer || v == NearerResidue(r);
        if (v == r) {
          Report(f, i,
                 "residue " + std::to_string(r) + ", and so has move " +
                     MoveLetter(m) + "'s neighbour " + StateText(t) +
                     ": neighbours differ by one move");
        }
      }
      if (!nearer) {
        Report(f, i,
               "residue " + std::to_string(r) +
                   ", but no neighbour has residue " +
                   std::to_string(NearerResidue(r)) +
                   ": none is one step nearer the goal");
      }
    }
  }

 private:
  uint8_t Residue(Index i) const {
    return (residues_[i >> 2] >> ((i & 3) * 2)) & 3;
  }

  // A state in the table's own labels, as the tools write states.
  std::string StateText(const State& s) const {
    Arrangement a;
    a.blank = s.blank;
    for (int c = 0; c < board_.cells(); ++c) {
      a.labels.push_back(std::to_string(s.tile[c]));
    }
    return FormatArrangement(a, "0");
  }

  void Report(ResidueFindings* f, Index i, const std::string& what) const {
    if (f->listed.size() < static_cast<size_t>(max_listed_)) {
      f->listed.push_back(
          {static_cast<int64_t>(i), StateText(ix_.StateAt(i)), what});
    }
    ++f->problems;
  }

  const Board board_;
  const Indexer ix_;
  const std::vector<uint8_t>& residues_;
  const int max_listed_;
  const Index goal_;
};

}  // namespace

void CheckResidues(const Board& board, int goal_blank,
                   const std::vector<uint8_t>& residues, int threads,
                   int max_listed, TableCheck* check,
                   std::array<uint64_t, 3>* counts,
                   const ShareProgress& progress) {
  const ResidueChecker checker(board, goal_blank, residues, max_listed);
  const Index n = checker.size();
  threads = std::max(
      1, std::min<int>(threads, static_cast<int>(std::min<Index>(n, 256))));
  std::vector<ResidueFindings> found(threads);
  RunShares(n, threads, progress, [&](int t, Index begin, Index end) {
    checker.Check(begin, end, &found[t]);
  });
  // Workers cover increasing indexes: the first problems listed are the
  // lowest indexes.
  *counts = {};
  for (auto& f : found) {
    check->problems += f.problems;
    for (auto& p : f.listed) {
      if (check->listed.size() < static_cast<size_t>(max_listed)) {
        check->listed.push_back(std::move(p));
      }
    }
    for (int r = 0; r < 3; ++r) (*counts)[r] += f.counts[r];
  }
}

}  // namespace slidedb
