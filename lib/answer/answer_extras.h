// The extra fields slidedb-query adds to each solved STATE's answer:
// --count (optimal_solutions), --all (solutions) and --verify (verify).
#ifndef SLIDEDB_LIB_ANSWER_ANSWER_EXTRAS_H_
#define SLIDEDB_LIB_ANSWER_ANSWER_EXTRAS_H_

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
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

  // The last Compute()'s answers, for the C++ API.
  PathCount count() const { return count_; }
  // The states its search for every optimal solution generated (0 when a
  // table answered).
  int64_t searched() const { return searched_; }
  const Verdict& verdict() const { return verdict_; }
  bool complete() const { return complete_; }
  // The solutions listed, written as answers write moves.
  std::vector<std::string> WrittenSolutions() const;

 private:
  const ExtraOptions& options_;
  Solver* solver_;
  const Metric metric_;
  const MoveConvention convention_;
  std::string Letters(const std::vector<Move>& moves) const;
  std::map<int, std::unique_ptr<OptimalPaths>> paths_;  // by goal blank
  PathCount count_ = 0;
  int64_t searched_ = 0;
  std::vector<std::vector<Move>> solutions_;
  bool complete_ = true;
  Verdict verdict_;
  bool verify_by_tile_ = false;  // --verify named tiles, not moves
  // The verdict's optimal length was not found (-1): the solve ran out of
  // its budget first; it is at least this.
  int optimal_at_least_ = -1;
  // Illegal moves that, read in the other notation (the blank's way for
  // the tiles', or back), are legal: the likeliest slip, said in text.
  bool legal_in_other_notation_ = false;
  // The letters of --verify's moves as written (each with its count one),
  // which MTM may read as fewer moves: a run one way is one move.
  int letters_written_ = 0;
  void CheckOtherNotation(const Problem& p);
  // --count and --all where a search answers p's goal, in single-tile
  // moves: p.start is `distance` from it.
  Status SearchedExtras(const Problem& p, int distance,
                        const SearchLimits& limits);
};

struct QueryConfig;  // lib/answer/goal.h, which includes this header

// One start's extras asked apart from its solve (the C++ API's Verify and
// AllSolutions, Python's verify and solutions): the start and goal as
// answers write them, and the extras.
struct ExtraFields {
  std::string board, start, goal, metric, notation;
  bool solvable = false;
  std::string reason;                  // when !solvable: no extra is computed
  std::string optimal_solutions;       // count: in decimal, counted in 128 bits
  std::vector<std::string> solutions;  // all
  bool solutions_complete = true;
  Verdict verdict;  // verify
};

// The extras `extras` asks of `input` under `config`: InvalidArgument for
// a malformed start or solution (its message says which), NotSupported for
// count or all where a search answers the goal; verify's optimal length
// within config's budget (DeadlineExceeded past it).
Status AnswerExtras(const QueryConfig& config, Solver* solver,
                    std::string_view input, const ExtraOptions& extras,
                    ExtraFields* out);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_ANSWER_ANSWER_EXTRAS_H_
