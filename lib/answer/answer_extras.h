// The extra fields slidedb-query adds to each solved STATE's answer:
// --count (optimal_solutions), --all (solutions) and --verify (verify).
#ifndef SLIDEDB_LIB_ANSWER_ANSWER_EXTRAS_H_
#define SLIDEDB_LIB_ANSWER_ANSWER_EXTRAS_H_

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "lib/analysis/optimal_paths.h"
#include "lib/analysis/verify.h"
#include "lib/answer/limits.h"
#include "lib/base/status.h"
#include "lib/puzzle/problem.h"
#include "lib/solve/solver.h"

namespace slidedb {

struct ExtraOptions {
  bool count = false;
  bool all = false;
  size_t limit = 100;  // solutions listed by --all at most
  bool verify = false;
  std::string verify_text;  // the MOVES of --verify
  // How the face names them in a message ("parameter 'moves'" on the
  // server's /api/verify).
  std::string verify_name = "--verify";
  // The most of each number the face takes (lib/answer/limits.h): the
  // moves of --verify's and --analyse's solutions are checked against it.
  const LimitProfile* profile = &kLibraryLimits;
  bool any() const { return count || all || verify; }
};

class ExtraAnswers {
 public:
  // REQUIRES: options and solver outlive this object.
  // Moves are read and written in `convention`; solutions listed in
  // `metric` with runs as answers write them (WrittenMoves).
  ExtraAnswers(const ExtraOptions& options, Solver* solver, Metric metric,
               MoveConvention convention)
      : options_(options),
        solver_(solver),
        metric_(metric),
        convention_(convention) {}

  // Works out the extras for one solvable problem. When the --verify MOVES
  // do not fit this puzzle, sets *malformed to why (the input counts as
  // malformed) and returns OK. Where a search answers, --verify's optimal
  // length is `solved`'s when it is proven optimal, else a search's that
  // stops at `limits` (DeadlineExceeded). Any other failure is the
  // database's. REQUIRES: p.solvable; malformed != nullptr.
  Status Compute(const Problem& p, const Path* solved,
                 const SearchLimits& limits, std::string* malformed);

  // The fields of the last Compute(), for the JSON object of the answer
  // (each starts with a comma) or as indented lines of the text answer.
  void AppendJson(std::string* out) const;
  void AppendText(std::string* out) const;

 private:
  const ExtraOptions& options_;
  Solver* solver_;
  const Metric metric_;
  const MoveConvention convention_;
  std::string Letters(const std::vector<Move>& moves) const;
  std::map<int, std::unique_ptr<OptimalPaths>> paths_;  // by goal blank
  PathCount count_ = 0;
  std::vector<std::vector<Move>> solutions_;
  bool complete_ = true;
  Verdict verdict_;
  bool verify_by_tile_ = false;  // --verify named tiles, not moves
};

}  // namespace slidedb

#endif  // SLIDEDB_LIB_ANSWER_ANSWER_EXTRAS_H_
