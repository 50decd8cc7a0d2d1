#include "query/answerer.h"

#include <charconv>

#include "lib/storage/format.h"
#include "query/json_text.h"

namespace slidedb {

int GoalBlank(const QueryConfig& config) {
  return config.goal ? config.goal->blank : config.board.cells() - 1;
}

std::string BuildHint(const QueryConfig& config, int goal_blank) {
  return "build it with: slidedb-build --db " + config.db_dir + " --board " +
         config.board.Name() + " --goal " +
         FormatArrangement(
             CanonicalGoalArrangement(config.board, goal_blank, "0"), "0");
}

std::string TableErrorMessage(const QueryConfig& config, const Status& s) {
  std::string m = s.message();
  if (s.IsNotFound()) m += "; " + BuildHint(config, GoalBlank(config));
  return m;
}

Answerer::Answerer(const QueryConfig& config, Solver* solver)
    : config_(config),
      solver_(solver),
      extras_(config.extras, solver),
      json_head_("{\"board\":\"" + config.board.Name() + "\",\"start\":") {
  PlanCompact();
}

Outcome Answerer::Malformed(std::string_view full_input,
                            const std::string& message, std::string* out,
                            std::string* err) {
  // A huge line is not echoed back whole.
  constexpr size_t kShown = 100;
  const std::string input =
      full_input.size() <= kShown
          ? std::string(full_input)
          : std::string(full_input.substr(0, kShown)) + "...";
  if (config_.json) {
    *out += "{\"input\":";
    AppendJsonString(out, input);
    *out += ",\"error\":";
    AppendJsonString(out, message);
    *out += "}\n";
  } else {
    *err += "slidedb-query: '" + input + "': " + message + "\n";
  }
  return Outcome::kMalformed;
}

Outcome Answerer::Answer(std::string_view input, std::string* out,
                         std::string* err) {
  if (compact_on_ && AnswerCompact(input, out)) return Outcome::kSolved;
  Arrangement& start = start_;
  Status s = ParseArrangement(input, config_.board, config_.notation, &start);
  if (!s.ok()) return Malformed(input, s.message(), out, err);
  const Arrangement goal =
      config_.goal ? *config_.goal : DefaultGoal(config_.board, start);
  Problem& p = problem_;
  s = MakeProblem(config_.board, start, goal, &p);
  if (!s.ok()) return Malformed(input, s.message(), out, err);
  const std::string start_text = FormatArrangement(start, config_.blank_out);
  const std::string goal_text = FormatArrangement(goal, config_.blank_out);
  if (!p.solvable) {
    if (config_.json) {
      *out += json_head_;
      AppendJsonString(out, start_text);
      *out += ",\"goal\":";
      AppendJsonString(out, goal_text);
      *out += ",\"solvable\":false,\"reason\":";
      AppendJsonString(out, p.reason);
      *out += "}\n";
    } else {
      *out += start_text + " -> " + goal_text + ": unsolvable: " + p.reason +
              "\n";
    }
    return Outcome::kUnsolvable;
  }
  s = solver_->Solve(p, &path_);
  if (s.ok() && config_.extras.any()) {
    std::string malformed;
    s = extras_.Compute(p, &malformed);
    if (s.ok() && !malformed.empty()) {
      return Malformed(input, malformed, out, err);
    }
  }
  if (!s.ok()) {
    *err += "slidedb-query: " + s.message() + "\n";
    database_error_ = s;
    return Outcome::kDatabaseError;
  }
  if (config_.json) {
    WriteJson(p, start_text, goal_text, path_, out);
  } else {
    WriteText(p, start_text, goal_text, path_, out);
  }
  return Outcome::kSolved;
}

void Answerer::WriteText(const Problem& p, const std::string& start,
                         const std::string& goal, const Path& path,
                         std::string* out) {
  const int d = path.distance();
  *out += start + " -> " + goal + ": " + std::to_string(d) +
          (d == 1 ? " move" : " moves") + "\n";
  if (d > 0) {
    *out += "  moves: ";
    for (Move m : path.moves) out->push_back(MoveLetter(m));
    *out += "\n  tiles:";
    for (uint8_t t : path.tiles) *out += " " + p.label[t];
    *out += "\n";
  }
  if (config_.steps) {
    State s = p.start;
    *out += "  start:\n" + DrawArrangement(p.board, ToArrangement(p, s), 4);
    for (int k = 0; k < d; ++k) {
      ApplyMove(p.board, path.moves[k], &s);
      *out += "  step " + std::to_string(k + 1) + ": " +
              MoveLetter(path.moves[k]) + " (tile " + p.label[path.tiles[k]] +
              ")\n" + DrawArrangement(p.board, ToArrangement(p, s), 4);
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
  *out += ",\"solvable\":true,\"distance\":" +
          std::to_string(path.distance()) + ",\"moves\":\"";
  for (Move m : path.moves) out->push_back(MoveLetter(m));
  *out += "\",\"tiles\":[";
  for (size_t k = 0; k < path.tiles.size(); ++k) {
    if (k > 0) out->push_back(',');
    AppendJsonLabel(out, p.label[path.tiles[k]]);
  }
  *out += "]";
  if (path.nodes >= 0) *out += ",\"nodes\":" + std::to_string(path.nodes);
  if (config_.steps) {
    *out += ",\"path\":[";
    State s = p.start;
    AppendJsonString(out, start);
    for (Move m : path.moves) {
      ApplyMove(p.board, m, &s);
      out->push_back(',');
      AppendJsonString(out,
                       FormatArrangement(ToArrangement(p, s), config_.blank_out));
    }
    *out += "]";
  }
  if (config_.extras.any()) extras_.AppendJson(out);
  *out += "}\n";
}

bool ParseNumber(const std::string& text, uint64_t max, uint64_t* value) {
  const char* end = text.data() + text.size();
  auto r = std::from_chars(text.data(), end, *value);
  return !text.empty() && r.ec == std::errc() && r.ptr == end &&
         *value <= max;
}

Status FindGoalTable(const QueryConfig& config, const Database& db,
                     const TableMeta** meta) {
  const int goal_blank = GoalBlank(config);
  Status s = db.FindTable(config.board, goal_blank, meta);
  if (!s.ok()) return s;
  if (*meta == nullptr) {
    return Status::NotFound("table " + TableId(config.board, goal_blank) +
                            " is not in the database " + config.db_dir);
  }
  return Status::OK();
}

std::string HistogramGoalText(const QueryConfig& config) {
  return FormatArrangement(
      config.goal ? *config.goal
                  : CanonicalGoalArrangement(config.board, GoalBlank(config),
                                             config.blank_out),
      config.blank_out);
}

std::string HistogramJson(const QueryConfig& config, const TableMeta& meta) {
  std::string o = "{\"board\":\"" + config.board.Name() + "\",\"goal\":";
  AppendJsonString(&o, HistogramGoalText(config));
  o += ",\"total\":" + std::to_string(meta.states) +
       ",\"max_distance\":" + std::to_string(meta.max_distance) +
       ",\"counts\":[";
  for (size_t d = 0; d < meta.histogram.size(); ++d) {
    if (d > 0) o += ',';
    o += std::to_string(meta.histogram[d]);
  }
  return o + "]}\n";
}

Status OpenTableTool(const QueryConfig& config, Solver* solver,
                     TableToolContext* ctx) {
  Status s = solver->GetTable(config.board, GoalBlank(config), &ctx->table);
  if (!s.ok()) return s;
  const Arrangement goal =
      config.goal ? *config.goal
                  : CanonicalGoalArrangement(config.board, GoalBlank(config),
                                             OutputBlankLabel(config.notation));
  s = MakeProblem(config.board, goal, goal, &ctx->goal);
  if (!s.ok()) return Status::InvalidArgument("goal: " + s.message());
  ctx->goal_text = FormatArrangement(goal, config.blank_out);
  ctx->blank_out = config.blank_out;
  return Status::OK();
}

}  // namespace slidedb
