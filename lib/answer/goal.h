// What every face of slidedb reads first: the board, the goal and the blank
// of a question (one set of checks and messages for the command line, the
// HTTP API, the C++ API and Python), and what in the database answers that
// goal: a full table (its own or one a symmetry relates to it) or pattern
// databases and a search. A tool that needs every state of a full table is
// refused on a goal that a search answers, in the same words on every face.
#ifndef SLIDEDB_LIB_ANSWER_GOAL_H_
#define SLIDEDB_LIB_ANSWER_GOAL_H_

#include <optional>
#include <string>
#include <string_view>

#include "lib/answer/answer_extras.h"
#include "lib/answer/limits.h"
#include "lib/base/status.h"
#include "lib/puzzle/board.h"
#include "lib/puzzle/metric.h"
#include "lib/puzzle/move_notation.h"
#include "lib/puzzle/notation.h"
#include "lib/solve/solver.h"

namespace slidedb {

// What a question is asked about and how its answers are written.
struct QueryConfig {
  std::string db_dir;  // named in the command that builds what is missing
  Board board;
  NotationOptions notation;
  std::string blank_out;  // the blank's label on output
  std::optional<Arrangement> goal;  // unset: each start's default goal
  bool json = false;
  bool steps = false;  // text: every board on the way; JSON: "path"
  Metric metric = Metric::kStm;  // how moves are counted
  // How moves are written (--notation, notation=) and read (--verify,
  // --analyse): the blank's way or the tiles', with counts for runs
  // (lib/puzzle/move_notation.h).
  MoveConvention convention = MoveConvention::kBlank;
  ExtraOptions extras;
  int threads = 0;  // a batch on N threads (slidedb-query); 0: a core each
  // Where a search answers (pattern databases), it stops here with
  // DeadlineExceeded (a server's deadline); none by default.
  SearchLimits limits;
  // A search's budget for each answer, in seconds (--max-seconds,
  // max_seconds): when it runs out, the answer is the best path found, maybe
  // not optimal, with the distance proven (Path::optimal). 0: none.
  double max_seconds = 0;
  // When the question was asked, where that is before its answer starts
  // (slidedb-query with one state: the database's opening counts); unset:
  // when the answer starts.
  std::optional<SearchLimits::Clock::time_point> asked_at;
};

// The limits of one answer's search: config.limits, with the budget of
// config.max_seconds counted from config.asked_at (or now), less room to
// write the answer (a twentieth of the budget, at most 50 ms).
SearchLimits AnswerLimits(const QueryConfig& config);
// AnswerLimits for the searches of a batch's lines (config.asked_at unset),
// each with its budget counted from its own search's start: the limits,
// answer_by cut for a deadline alone, and *each_seconds the budget
// (Solver::SolveMany's); with asked_at, AnswerLimits and 0.
SearchLimits BatchAnswerLimits(const QueryConfig& config, double* each_seconds);
// The limits of searches whose answer must be exact (a distance, --verify's
// optimal length, every move's distance, an analysis): config.limits,
// stopped (DeadlineExceeded) config.max_seconds after config.asked_at (or
// now), less AnswerLimits's room to write (so that the message of the
// budget run out is written within it too).
SearchLimits BudgetLimits(const QueryConfig& config);
// Whether `s` is the question's own budget (config.max_seconds) run out,
// not a stop (limits.cancel) or a server's deadline (limits.deadline):
// DeadlineExceeded, max_seconds given, not cancelled, and, under a
// deadline, the budget from config.asked_at ending before nine tenths of
// the way to it (where AnswerLimits cuts it); without asked_at (a batch's
// line), the deadline not yet reached.
bool OwnBudgetRanOut(const QueryConfig& config, const Status& s);

// Reads a question's board ("3x3"), goal (any arrangement; null: each
// start's default goal) and blank label (null: any of 0 _ . -; "" given is
// an error, as on the command line) into *config, as every face takes
// them. InvalidArgument with the message every face shows ("goal '...':
// ...").
Status ReadGoalOptions(const std::string& board, const std::string* goal,
                       const std::string* blank, QueryConfig* config);

// Reads how moves are counted (metric: "stm" or "mtm"; null: stm) and
// written (notation: "blank" or "tile"; null: blank) into *config, as every
// face takes them. InvalidArgument with the message every face shows.
Status ReadMoveOptions(const std::string* metric, const std::string* notation,
                       QueryConfig* config);

// The cell of the goal's blank: the table or search every answer uses.
int GoalBlank(const QueryConfig& config);

// The goal as answers about the whole goal write it: config.goal, or the
// canonical goal with the blank last.
Arrangement GoalArrangement(const QueryConfig& config);

// What answers the questions about a goal.
enum class GoalKind {
  kTable,           // its own full table
  kSymmetricTable,  // the table of a goal a symmetry of the board relates
  kSearch,          // IDA* over pattern databases (boards of 13-25 cells)
};

// Opens whatever answers the config's goal in the solver's database, so
// that a missing table or pattern database is reported once, before any
// state is read. NotFound when nothing answers it, the message naming the
// command that builds it; Corruption or IOError when it cannot be read.
Status OpenGoal(const QueryConfig& config, Solver* solver, GoalKind* kind);

// A table or pattern database that cannot be used, said for a person: the
// status's message and, when it is missing, the command that builds it
// (for pattern databases, like the board's sets that `db` holds: the
// database the question was put to, or null to open config.db_dir for
// it).
std::string TableErrorMessage(const QueryConfig& config, const Status& s,
                              const Database* db = nullptr);

// The tools that need every state of the goal's full table.
// A tool without a start (a histogram, a sample, the states at a
// distance, an export, the heuristics' report) answers about the goal
// given, or else the board's canonical goal, tiles 1 to cells - 1:
// InvalidArgument when the blank's label is one of those tiles'.
Status CheckGoalLabels(const QueryConfig& config);

enum class WholeTableTool {
  kCount, kAll, kAtDistance, kSample, kExport, kHeuristics, kHistogram
};

// NotSupported, in the words every face gives, when a search answers the
// config's goal (the tool needs its full table); OpenGoal's NotFound when
// the search has nothing to search with (a build may answer: the two-bit
// table of 2x7, or the pattern databases the message names); OK otherwise.
Status CheckWholeTable(const QueryConfig& config, Solver* solver,
                       WholeTableTool tool);
// The NotSupported of CheckWholeTable for a goal answered by a search.
Status NeedsFullTable(const QueryConfig& config, WholeTableTool tool);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_ANSWER_GOAL_H_
