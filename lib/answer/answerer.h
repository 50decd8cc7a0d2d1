// Answers to STATEs, the same from every face: slidedb-query writes them as
// text or JSON Lines, slidedb-serve as JSON, the C++ API and Python as
// fields (SolvedFields). One input is parsed, posed and solved once here,
// whatever writes it.
#ifndef SLIDEDB_LIB_ANSWER_ANSWERER_H_
#define SLIDEDB_LIB_ANSWER_ANSWERER_H_

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "lib/answer/answer_extras.h"
#include "lib/answer/goal.h"
#include "lib/base/status.h"
#include "lib/puzzle/notation.h"
#include "lib/puzzle/path.h"
#include "lib/puzzle/problem.h"
#include "lib/solve/solver.h"

namespace slidedb {

// A malformed input named as every face names it: "'INPUT': message", an
// input of over 100 bytes cut short (ShownInput, lib/base/ascii.h).
std::string MalformedMessage(std::string_view input,
                             const std::string& message);
// The answer of an input that has none for `why` (it is malformed:
// InvalidArgument; or its own --max-seconds ran out: DeadlineExceeded), as
// every face that answers line by line gives it: with config.json the
// object {"input","error","code"} and a newline on *out, else
// "slidedb-query: " and MalformedMessage on *err.
void WriteUnanswered(const QueryConfig& config, std::string_view input,
                     const Status& why, std::string* out, std::string* err);
// The problem `input` poses under `config`: its start as read, its goal
// (config's, else the default goal of the start's labels) and *p, in
// config's metric. When it is malformed, the parser's error, which names
// no input.
Status PoseProblem(const QueryConfig& config, std::string_view input,
                   Arrangement* start, Arrangement* goal, Problem* p);
// PoseProblem's verdict alone: whether `input` is malformed under
// `config`, said before a missing table by every face (nobody builds a
// table to learn of a typo). Its words name no input.
Status CheckInput(const QueryConfig& config, std::string_view input);
// PoseProblem, its error InvalidArgument with MalformedMessage.
Status PoseInput(const QueryConfig& config, std::string_view input,
                 Arrangement* start, Arrangement* goal, Problem* p);
// The fields an answer about one start opens with, as answers write them
// (board, start, goal, metric, notation, solvable, reason), set on any
// face's fields that have them (moves, an analysis, extras).
template <class Fields>
void SetQuestionFields(const QueryConfig& config, const Arrangement& start,
                       const Arrangement& goal, const Problem& p, Fields* out) {
  out->board = config.board.Name();
  out->start = FormatArrangement(start, config.blank_out);
  out->goal = FormatArrangement(goal, config.blank_out);
  out->metric = MetricName(config.metric);
  out->notation = MoveConventionName(config.convention);
  out->solvable = p.solvable;
  out->reason = p.reason;
}

// One STATE's answer as fields: what its JSON object holds but for the
// extras (--steps, --count, --all, --verify).
struct SolvedFields {
  std::string board;  // "3x3"
  std::string start;  // the start and the goal as written on output
  std::string goal;
  bool solvable = false;
  std::string reason;  // when !solvable: why, about inversion parity
  int distance = -1;   // -1 when !solvable
  std::string metric;  // "stm" or "mtm"
  std::string moves;   // as WrittenMoves writes them: "ULDR", "R3 D2 L"
  std::string notation;            // "blank" or "tile"
  std::vector<std::string> tiles;  // the label of each tile that slides
  int64_t nodes = -1;  // states the search generated; -1: read off a table
  // False when a search's budget ran out first: then the distance is at
  // least lower_bound (see Path).
  bool optimal = true;
  int lower_bound = -1;
};

// What became of one input. kTimedOut: its own budget (--max-seconds,
// max_seconds) ran out before any answer (a multi-tile search answers
// optimally or not at all); said as a malformed input is, and a batch goes
// on to the next. kDatabaseError: a table failed, or a deadline of the
// whole batch (a server's) passed; the batch stops.
enum class Outcome {
  kSolved,
  kUnsolvable,
  kMalformed,
  kTimedOut,
  kDatabaseError
};

// Answers STATEs one at a time. Not thread-safe: one per thread (they may
// share the Solver).
class Answerer {
 public:
  // REQUIRES: config and solver outlive the Answerer.
  Answerer(const QueryConfig& config, Solver* solver);

  // Answers one input line, appending the output to *out and any message
  // for standard error to *err ("slidedb-query: ..."). In JSON a malformed
  // input is the object {"input","error"} on *out.
  Outcome Answer(std::string_view input, std::string* out, std::string* err);

  // Answers inputs[0..n) as n calls of Answer would, byte for byte, but on
  // a two-bit table with their walks taken together (Solver::SolveMany):
  // on 2x7 a walk's reads land anywhere in 10.9 GB, and several walks' reads
  // overlap. Where a search answers, each input is searched on every core
  // (at least; the config's limits.threads if more), one after another.
  // After each input, on_answer(outcome, err) with what Answer
  // would have put on *err (then cleared). Stops after a kDatabaseError;
  // returns the number of inputs answered.
  using OnAnswer = std::function<void(Outcome outcome, std::string* err)>;
  size_t AnswerMany(const std::string_view* inputs, size_t n, std::string* out,
                    const OnAnswer& on_answer);

  // Answers one input as fields. InvalidArgument, with MalformedMessage,
  // when it is malformed; the database's error when it cannot be read.
  Status Solve(std::string_view input, SolvedFields* fields);
  // Solve for each of inputs[0..n), into fields[k], with the walks of a
  // two-bit table taken together (Solver::SolveMany). The first error, in
  // input order, as Solve's; fields of later inputs are then unset.
  Status SolveMany(const std::string_view* inputs, size_t n,
                   SolvedFields* fields);
  // The distance alone (a table's record; a search's solution), -1 when
  // the input cannot reach the goal. Errors as Solve's.
  Status Distance(std::string_view input, int* distance);

  // After kDatabaseError or kTimedOut: what failed (the database's error,
  // the search's deadline).
  const Status& last_error() const { return last_error_; }

  // Whether Answer() may take the compact path (answerer_compact.cc) for
  // the inputs it fits; on by default. Tests turn it off to compare the
  // two paths' bytes.
  void set_compact_path(bool on) { compact_on_ = on && compact_.usable; }
  // How many answers the compact path wrote.
  uint64_t compact_answers() const { return compact_answers_; }

 private:
  // What the compact path needs, worked out once from the config.
  struct CompactPlan {
    bool usable = false;  // the config allows the compact path at all
    char blank = 0;       // the blank's one-character label; 0: 0 _ . -
    char blank_out = 0;   // the blank written on output
    char letter[4] = {};  // MoveLetter of each move
    int goal_parity = 0;  // ParityClass of the goal in table labels
    // With a goal of the config (config.goal set): its tiles as a set of
    // bytes, each tile's table number, its labels by table number, and
    // its text as written on output.
    uint64_t goal_tiles[4] = {};
    uint8_t goal_number[256] = {};
    char goal_label[16] = {};
    std::string goal_text;
  };
  void PlanCompact();
  // Answers an input written as one printable character per cell (no
  // separators) whose answer is a solved path; returns false, having
  // written nothing, for every other input, which the general path then
  // answers. Its output is byte for byte the general path's. When it takes
  // the input but the solver fails, it writes nothing and returns true
  // with the solver's error in *status.
  bool AnswerCompact(std::string_view input, std::string* out,
                     Status* status);

  // A batch's input once posed (AnswerMany, SolveMany): its texts, or why
  // it is malformed, and where its problem is kept.
  struct Posed {
    std::string malformed, start_text, goal_text;
    bool solvable = false;
    size_t at = 0;  // its problem's place in problems_ or unsolvable_
  };
  // Keeps the problem just posed (problem_) for a batch: a solvable one in
  // problems_, to be walked, another in unsolvable_, each counted; sets q's
  // solvable and at.
  void KeepPosed(Posed* q, size_t* walked, size_t* unsolvable);
  // Solves problems_[0..walked) into paths_ and statuses_.
  void SolveKept(size_t walked);

  Outcome Malformed(std::string_view input, const std::string& message,
                    std::string* out, std::string* err);
  // The fields of the input just posed (problem_) but for its path: none
  // yet.
  void PosedFields(SolvedFields* f) const;
  // A solved input's fields from its path.
  void SolvedPathFields(const Problem& p, const Path& path,
                        SolvedFields* f) const;
  void WriteUnsolvable(const Problem& p, const std::string& start,
                       const std::string& goal, std::string* out);
  // Writes a solved input's answer, or the solver's error `s` (that of
  // `input`, as given, when its own budget ran out).
  Outcome WriteSolved(std::string_view input, const Problem& p,
                      const std::string& start, const std::string& goal,
                      const Path& path, const Status& s, std::string* out,
                      std::string* err);
  // Parses `input` and poses it into start_ and problem_, with the texts
  // of its start and goal; a malformed input's message, or "".
  std::string Pose(std::string_view input, std::string* start_text,
                   std::string* goal_text);
  // What a search's path adds, on both paths: in text, after the count of
  // moves, the note of a path not proven optimal (else nothing); in JSON,
  // after "tiles", "nodes", "optimal" and "lower_bound" (nothing for a
  // table's path).
  static std::string NotOptimalNote(const Path& path);
  static void AppendSearchJson(const Path& path, std::string* out);
  // The limits of one input's search (AnswerLimits, on at least
  // search_threads_ threads).
  SearchLimits InputLimits() const;
  void WriteText(const Problem& p, const std::string& start,
                 const std::string& goal, const Path& path, std::string* out);
  void WriteJson(const Problem& p, const std::string& start,
                 const std::string& goal, const Path& path, std::string* out);

  const QueryConfig& config_;
  Solver* solver_;
  ExtraAnswers extras_;
  const std::string json_head_;  // {"board":"3x3","start":
  Status last_error_;
  CompactPlan compact_;
  bool compact_on_ = false;
  uint64_t compact_answers_ = 0;
  // Reused between inputs, to keep their buffers.
  Arrangement start_;
  Problem problem_;
  Path path_;
  // AnswerMany's: whether walks of a two-bit table answer (-1: not known
  // yet); a batch's inputs, problems, paths and statuses.
  int walks_two_bit_ = -1;
  // Whether a search answers (-1: not known yet); while AnswerMany runs,
  // the threads each search takes at least (0: the config's).
  int searches_ = -1;
  int search_threads_ = 0;
  std::vector<Posed> posed_;
  std::vector<Problem> problems_, unsolvable_;
  std::vector<Path> paths_;
  std::vector<Status> statuses_;
};

// The blank's steps `moves` as answers write them: in the config's
// convention, a letter a step ("ULDR") or, in the multi-tile metric or the
// tiles' convention, a letter a run with its length ("R3 D2 L").
std::string WrittenMoves(const QueryConfig& config,
                         const std::vector<Move>& moves);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_ANSWER_ANSWERER_H_
