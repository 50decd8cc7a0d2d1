#include "lib/answer/answerer.h"

#include <algorithm>

#include "lib/answer/json_text.h"
#include "lib/base/ascii.h"
#include "lib/base/threads.h"

namespace slidedb {

std::string MalformedMessage(std::string_view input,
                             const std::string& message) {
  // Appended piece by piece: "'" + std::string draws GCC 12's false
  // -Wrestrict.
  std::string out = "'";
  out += ShownInput(input);
  out += "': ";
  out += message;
  return out;
}

Status PoseProblem(const QueryConfig& config, std::string_view input,
                   Arrangement* start, Arrangement* goal, Problem* p) {
  Status s = ParseArrangement(input, config.board, config.notation, start);
  if (s.ok() && !config.goal) s = CheckDefaultGoal(*start);
  if (!s.ok()) return s;
  *goal = config.goal ? *config.goal : DefaultGoal(config.board, *start);
  s = MakeProblem(config.board, *start, *goal, p);
  p->metric = config.metric;
  return s;
}

Status PoseInput(const QueryConfig& config, std::string_view input,
                 Arrangement* start, Arrangement* goal, Problem* p) {
  const Status s = PoseProblem(config, input, start, goal, p);
  if (!s.ok()) {
    return Status::InvalidArgument(MalformedMessage(input, s.message()));
  }
  return Status::OK();
}

Status CheckInput(const QueryConfig& config, std::string_view input) {
  Arrangement start, goal;
  Problem p;
  return PoseProblem(config, input, &start, &goal, &p);
}

void WriteUnanswered(const QueryConfig& config, std::string_view input,
                     const Status& why, std::string* out, std::string* err) {
  if (config.json) {
    AppendErrorJson({{"input", EchoedInput(input)}}, why, out);
  } else {
    *err += "slidedb-query: " + MalformedMessage(input, why.message()) + "\n";
  }
}

Answerer::Answerer(const QueryConfig& config, Solver* solver)
    : config_(config),
      solver_(solver),
      extras_(config.extras, solver, config.metric, config.convention),
      json_head_("{\"board\":\"" + config.board.Name() + "\",\"start\":") {
  PlanCompact();
}

Outcome Answerer::Malformed(std::string_view input,
                            const std::string& message, std::string* out,
                            std::string* err) {
  WriteUnanswered(config_, input, Status::InvalidArgument(message), out, err);
  return Outcome::kMalformed;
}

std::string Answerer::Pose(std::string_view input, std::string* start_text,
                           std::string* goal_text) {
  // PoseProblem's steps, written out: through it, a batch of states read
  // the general way ran 4% slower (300,000 3x3 lines with spaces, 0.457
  // against 0.441 s, medians of 15 side by side).
  Status s = ParseArrangement(input, config_.board, config_.notation, &start_);
  if (s.ok() && !config_.goal) s = CheckDefaultGoal(start_);
  if (!s.ok()) return s.message();
  const Arrangement goal =
      config_.goal ? *config_.goal : DefaultGoal(config_.board, start_);
  s = MakeProblem(config_.board, start_, goal, &problem_);
  if (!s.ok()) return s.message();
  problem_.metric = config_.metric;
  *start_text = FormatArrangement(start_, config_.blank_out);
  *goal_text = FormatArrangement(goal, config_.blank_out);
  return "";
}

Status Answerer::Solve(std::string_view input, SolvedFields* f) {
  const std::string malformed = Pose(input, &f->start, &f->goal);
  if (!malformed.empty()) {
    return Status::InvalidArgument(MalformedMessage(input, malformed));
  }
  const Problem& p = problem_;
  PosedFields(f);
  if (!p.solvable) return Status::OK();
  Status s = solver_->Solve(p, &path_, AnswerLimits(config_));
  if (!s.ok()) return s;
  SolvedPathFields(p, path_, f);
  return Status::OK();
}

Status Answerer::SolveMany(const std::string_view* inputs, size_t n,
                           SolvedFields* fields) {
  if (posed_.size() < n) posed_.resize(n);
  size_t walked = 0, unsolvable = 0;
  for (size_t k = 0; k < n; ++k) {
    Posed& q = posed_[k];
    SolvedFields* f = &fields[k];
    q.malformed = Pose(inputs[k], &f->start, &f->goal);
    if (!q.malformed.empty()) {
      return Status::InvalidArgument(MalformedMessage(inputs[k], q.malformed));
    }
    PosedFields(f);
    KeepPosed(&q, &walked, &unsolvable);
  }
  SolveKept(walked);
  for (size_t k = 0; k < n; ++k) {
    const Posed& q = posed_[k];
    if (!q.solvable) continue;
    if (!statuses_[q.at].ok()) return statuses_[q.at];
    SolvedPathFields(problems_[q.at], paths_[q.at], &fields[k]);
  }
  return Status::OK();
}

void Answerer::KeepPosed(Posed* q, size_t* walked, size_t* unsolvable) {
  q->solvable = problem_.solvable;
  std::vector<Problem>& kept = q->solvable ? problems_ : unsolvable_;
  q->at = q->solvable ? (*walked)++ : (*unsolvable)++;
  if (kept.size() <= q->at) kept.resize(q->at + 1);
  std::swap(kept[q->at], problem_);
}

void Answerer::SolveKept(size_t walked) {
  if (paths_.size() < walked) paths_.resize(walked);
  if (statuses_.size() < walked) statuses_.resize(walked);
  // Each search's max_seconds from its own start, as a line alone has it.
  double each_seconds = 0;
  SearchLimits limits = BatchAnswerLimits(config_, &each_seconds);
  limits.threads = std::max(limits.threads, search_threads_);
  solver_->SolveMany(problems_.data(), walked, paths_.data(), statuses_.data(),
                     limits, each_seconds);
}

void Answerer::PosedFields(SolvedFields* f) const {
  f->board = config_.board.Name();
  f->solvable = problem_.solvable;
  f->reason = problem_.reason;
  f->distance = -1;
  // The question's, solvable or not (as Verify and Analyse say them).
  f->metric = MetricName(config_.metric);
  f->notation = MoveConventionName(config_.convention);
  f->moves.clear();
  f->tiles.clear();
  f->nodes = -1;
  f->optimal = true;
  f->lower_bound = -1;
}

void Answerer::SolvedPathFields(const Problem& p, const Path& path,
                                SolvedFields* f) const {
  f->distance = path.distance();
  f->moves = WrittenMoves(config_, path.moves);
  for (uint8_t t : path.tiles) f->tiles.push_back(p.label[t]);
  f->nodes = path.nodes;
  f->optimal = path.optimal;
  f->lower_bound = path.lower_bound;
}

Status Answerer::Distance(std::string_view input, int* distance) {
  std::string start_text, goal_text;
  const std::string malformed = Pose(input, &start_text, &goal_text);
  if (!malformed.empty()) {
    return Status::InvalidArgument(MalformedMessage(input, malformed));
  }
  *distance = -1;
  if (!problem_.solvable) return Status::OK();
  return solver_->Distance(problem_, distance, BudgetLimits(config_));
}

Outcome Answerer::Answer(std::string_view input, std::string* out,
                         std::string* err) {
  Status s;
  if (compact_on_ && AnswerCompact(input, out, &s)) {
    if (s.ok()) return Outcome::kSolved;
    return WriteSolved(input, problem_, "", "", path_, s, out, err);
  }
  std::string start_text, goal_text;
  const std::string malformed = Pose(input, &start_text, &goal_text);
  if (!malformed.empty()) return Malformed(input, malformed, out, err);
  const Problem& p = problem_;
  if (!p.solvable) {
    WriteUnsolvable(p, start_text, goal_text, out);
    return Outcome::kUnsolvable;
  }
  const SearchLimits limits = InputLimits();
  s = solver_->Solve(p, &path_, limits);
  if (config_.extras.any()) {
    // --verify's optimal length is the solve's; a solve that ran out of
    // its budget with a best path leaves it unknown (a legal 5x5 solve is
    // still checked and measured). --count and --all read a table, or
    // search again (their states then count in the answer's).
    std::string bad_moves;
    if (s.ok()) s = extras_.Compute(p, &path_, limits, &bad_moves);
    if (s.ok() && path_.nodes >= 0) path_.nodes += extras_.searched();
    if (s.ok() && !bad_moves.empty()) {
      return Malformed(input, bad_moves, out, err);
    }
  }
  return WriteSolved(input, p, start_text, goal_text, path_, s, out, err);
}

size_t Answerer::AnswerMany(const std::string_view* inputs, size_t n,
                            std::string* out, const OnAnswer& on_answer) {
  std::string err;
  if (walks_two_bit_ < 0) {
    walks_two_bit_ =
        solver_->WalksTwoBit(config_.board, GoalBlank(config_), config_.metric);
  }
  if (searches_ < 0) {
    searches_ =
        solver_->Searches(config_.board, GoalBlank(config_), config_.metric);
  }
  // Searched states take every core (at least): side by side, one a
  // thread, threads with none left helping the searches still running
  // (Solver::SolveMany), so that no core idles while the last ones run.
  const int threads = searches_ ? Cores() : 0;
  if ((!walks_two_bit_ && !searches_) || config_.extras.any()) {
    search_threads_ = threads;
    size_t k = 0;
    while (k < n) {
      const Outcome o = Answer(inputs[k++], out, &err);
      on_answer(o, &err);
      err.clear();
      if (o == Outcome::kDatabaseError) break;
    }
    search_threads_ = 0;
    return k;
  }
  // Posed one by one, solved together, written in order.
  if (posed_.size() < n) posed_.resize(n);
  size_t walked = 0, unsolvable = 0;
  for (size_t k = 0; k < n; ++k) {
    Posed& q = posed_[k];
    q.malformed = Pose(inputs[k], &q.start_text, &q.goal_text);
    if (!q.malformed.empty()) continue;
    KeepPosed(&q, &walked, &unsolvable);
  }
  search_threads_ = threads;
  SolveKept(walked);
  search_threads_ = 0;
  for (size_t k = 0; k < n; ++k) {
    const Posed& q = posed_[k];
    Outcome o = Outcome::kUnsolvable;
    if (!q.malformed.empty()) {
      o = Malformed(inputs[k], q.malformed, out, &err);
    } else if (q.solvable) {
      o = WriteSolved(inputs[k], problems_[q.at], q.start_text, q.goal_text,
                      paths_[q.at], statuses_[q.at], out, &err);
    } else {
      WriteUnsolvable(unsolvable_[q.at], q.start_text, q.goal_text, out);
    }
    on_answer(o, &err);
    err.clear();
    if (o == Outcome::kDatabaseError) return k + 1;
  }
  return n;
}

void Answerer::WriteUnsolvable(const Problem& p, const std::string& start,
                               const std::string& goal, std::string* out) {
  if (config_.json) {
    *out += json_head_;
    AppendJsonString(out, start);
    *out += ",\"goal\":";
    AppendJsonString(out, goal);
    *out += ",\"solvable\":false,\"reason\":";
    AppendJsonString(out, p.reason);
    *out += "}\n";
  } else {
    *out += start + " -> " + goal + ": unsolvable: " + p.reason + "\n";
  }
}

Outcome Answerer::WriteSolved(std::string_view input, const Problem& p,
                              const std::string& start, const std::string& goal,
                              const Path& path, const Status& s,
                              std::string* out, std::string* err) {
  if (!s.ok()) {
    last_error_ = s;
    if (OwnBudgetRanOut(config_, s)) {
      WriteUnanswered(config_, input, s, out, err);
      return Outcome::kTimedOut;
    }
    *err += "slidedb-query: " + s.message() + "\n";
    return Outcome::kDatabaseError;
  }
  if (config_.json) {
    WriteJson(p, start, goal, path, out);
  } else {
    WriteText(p, start, goal, path, out);
  }
  return Outcome::kSolved;
}

std::string Answerer::NotOptimalNote(const Path& path) {
  if (path.optimal) return "";
  return " (the budget ran out: not proven optimal; the optimal length is at "
         "least " +
         std::to_string(path.lower_bound) + ")";
}

void Answerer::AppendSearchJson(const Path& path, std::string* out) {
  if (path.nodes < 0) return;
  *out += ",\"nodes\":" + std::to_string(path.nodes) +
          ",\"optimal\":" + (path.optimal ? "true" : "false");
  if (!path.optimal) {
    *out += ",\"lower_bound\":" + std::to_string(path.lower_bound);
  }
}

SearchLimits Answerer::InputLimits() const {
  SearchLimits limits = AnswerLimits(config_);
  limits.threads = std::max(limits.threads, search_threads_);
  return limits;
}

void Answerer::WriteText(const Problem& p, const std::string& start,
                         const std::string& goal, const Path& path,
                         std::string* out) {
  const int d = path.distance();
  *out += start + " -> " + goal + ": " + std::to_string(d) +
          (d == 1 ? " move" : " moves");
  if (config_.metric == Metric::kMtm) *out += " (multi-tile)";
  *out += NotOptimalNote(path) + "\n";
  if (d > 0) {
    *out += "  moves: " + WrittenMoves(config_, path.moves);
    if (config_.convention == MoveConvention::kTile) *out += " (tiles' way)";
    *out += "\n  tiles:";
    for (uint8_t t : path.tiles) *out += " " + p.label[t];
    *out += "\n";
  }
  if (config_.steps) {
    State s = p.start;
    *out += "  start:\n" + DrawArrangement(p.board, ToArrangement(p, s), 4);
    const size_t steps = path.moves.size();
    for (size_t k = 0, n = 1; k < steps; ++n) {
      const size_t end = MoveEnd(path.moves, k, config_.metric);
      std::string tiles;
      for (size_t j = k; j < end; ++j) {
        ApplyMove(p.board, path.moves[j], &s);
        tiles += " " + p.label[path.tiles[j]];
      }
      *out +=
          "  step " + std::to_string(n) + ": " +
          WrittenMoves(config_, std::vector<Move>(path.moves.begin() + k,
                                                  path.moves.begin() + end)) +
          (end - k == 1 ? " (tile" : " (tiles") + tiles + ")\n" +
          DrawArrangement(p.board, ToArrangement(p, s), 4);
      k = end;
    }
  }
  if (config_.extras.any()) extras_.AppendText(out);
}

void Answerer::WriteJson(const Problem& p, const std::string& start,
                         const std::string& goal, const Path& path,
                         std::string* out) {
  *out += json_head_;
  AppendJsonString(out, start);
  *out += ",\"goal\":";
  AppendJsonString(out, goal);
  *out += ",\"solvable\":true,\"distance\":" + std::to_string(path.distance()) +
          ",\"metric\":\"" + MetricName(config_.metric) + "\",\"moves\":\"" +
          WrittenMoves(config_, path.moves) + "\",\"notation\":\"" +
          MoveConventionName(config_.convention) + "\",\"tiles\":[";
  for (size_t k = 0; k < path.tiles.size(); ++k) {
    if (k > 0) out->push_back(',');
    AppendJsonLabel(out, p.label[path.tiles[k]]);
  }
  *out += "]";
  AppendSearchJson(path, out);
  if (config_.steps) {
    *out += ",\"path\":[";
    State s = p.start;
    AppendJsonString(out, start);
    for (size_t k = 0; k < path.moves.size(); ++k) {
      ApplyMove(p.board, path.moves[k], &s);
      if (MoveEnd(path.moves, k, config_.metric) != k + 1) continue;
      out->push_back(',');
      AppendJsonString(out,
                       FormatArrangement(ToArrangement(p, s), config_.blank_out));
    }
    *out += "]";
  }
  if (config_.extras.any()) extras_.AppendJson(out);
  *out += "}\n";
}

std::string WrittenMoves(const QueryConfig& config,
                         const std::vector<Move>& moves) {
  return FormatMoves(moves, config.convention,
                     config.metric == Metric::kMtm ||
                         config.convention == MoveConvention::kTile);
}

}  // namespace slidedb
