#include "serve/handlers.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <sstream>
#include <string_view>
#include <utility>
#include <vector>

#include "lib/analysis/sample.h"
#include "lib/answer/analyse.h"
#include "lib/answer/answerer.h"
#include "lib/answer/histogram.h"
#include "lib/answer/input_lines.h"
#include "lib/answer/json_text.h"
#include "lib/answer/moves.h"
#include "lib/answer/table_tools.h"
#include "lib/answer/tables.h"

namespace slidedb {

namespace {

// Each thread keeps the Answerer of its last /api/solve question, with its
// buffers: the next question with the same parameters (but for start) on the
// same database reuses it, as slidedb-query reuses one for every line.
struct AnswererCache {
  uint64_t generation = 0;  // Backend::generation; 0: none
  std::string key;          // the endpoint and the parameters but start
  QueryConfig config;       // what answerer refers to
  std::unique_ptr<Answerer> answerer;
};

AnswererCache& ThreadAnswerer() {
  thread_local AnswererCache cache;
  return cache;
}

// Whether `request` may take max_seconds and answer better with it: a path
// (/api/solve) or an analysis, not /api/moves, a verification, `count` or
// `all` (which need exact distances).
bool MaxSecondsCanHelp(const ApiRequest& request) {
  if (request.path != "/api/solve" && request.path != "/api/analyse") {
    return false;
  }
  for (const char* exact : {"verify", "count", "all"}) {
    if (request.params.count(exact) > 0) return false;
  }
  return true;
}

}  // namespace

std::string DeadlineMessage(const std::string& why, const ApiRequest& request,
                            bool mtm, bool max_seconds) {
  std::string m =
      "no answer within the server's time for one request (" + why + "); ";
  // What max_seconds can do, said only where it is true.
  if (request.path == "/api/sample") {
    m += "a sample at a distance reads every state of the table: the "
         "server may be busy, or the table too large for its time";
  } else if (mtm) {
    // Said once: the search's own words may say it already.
    if (why.find("optimally or not at all") == std::string::npos) {
      m += "a search in the multi-tile metric is always optimal";
      if (MaxSecondsCanHelp(request)) m += ", with max_seconds or not";
      m += ": ";
    }
    m += "the position may be too far for the server's time, or the "
         "server busy";
  } else if (!MaxSecondsCanHelp(request)) {
    m += "the server may be busy, or the position too hard for its "
         "pattern databases";
  } else if (max_seconds) {
    m += "max_seconds was given, but not even its best path was found in "
         "time: the server may be busy";
  } else {
    m += "the server may be busy, or the position too hard for its "
         "pattern databases: max_seconds=T answers with the best path "
         "found in T seconds";
  }
  return m;
}

ApiResponse Handler::Failure(const Status& s) {
  const std::string* max_seconds = params_.Get("max_seconds");
  if (config_ != nullptr && max_seconds != nullptr &&
      OwnBudgetRanOut(*config_, s)) {
    // Asking again will not help, asking with more time may.
    ApiResponse r = Error(s, "no answer within max_seconds=" + *max_seconds +
                                 " (" + s.message() + "): ask with more time");
    r.retry = false;
    return r;
  }
  if (s.IsDeadlineExceeded()) {
    return Error(s, DeadlineMessage(
                        s.message(), request_,
                        config_ != nullptr && config_->metric == Metric::kMtm,
                        config_ != nullptr && config_->max_seconds > 0));
  }
  return Error(s, config_ != nullptr ? TableErrorMessage(*config_, s, db_)
                                     : s.message());
}

Status Handler::Read(std::initializer_list<const char*> more) {
  const std::string* unknown = params_.Unknown(kGoalParams, more);
  if (unknown != nullptr) {
    return Status::InvalidArgument("unknown parameter '" + *unknown + "'");
  }
  if (config_ == nullptr) config_ = &own_config_.emplace();
  config_->extras.profile = &kServerLimits;
  Status s = params_.ReadGoal(db_dir_, config_);
  // max_seconds, where `more` lets it be given (else it was refused above).
  const std::string* t = params_.Get("max_seconds");
  if (s.ok() && t != nullptr) {
    s = ParseMaxSeconds("parameter 'max_seconds'", *t, &config_->max_seconds);
  }
  if (s.ok()) PickSource();
  return s;
}

bool Handler::OpenGoal(const std::string* start, ApiResponse* error,
                       const std::string* moves) {
  GoalKind kind;
  const Status s = slidedb::OpenGoal(*config_, solver_, &kind);
  if (s.ok()) return true;
  const Status malformed =
      start != nullptr ? CheckInput(*config_, *start) : Status::OK();
  if (malformed.ok()) {
    *error = Failure(s);
    return false;
  }
  // The start's own fault is said first, as its answer says it.
  std::string out, unused;
  if (moves != nullptr) {
    AppendErrorJson(
        {{"start", *start}, {"moves", *moves}},
        Status::InvalidArgument(MalformedMessage(*start, malformed.message())),
        &out);
  } else {
    WriteUnanswered(*config_, *start, malformed, &out, &unused);
  }
  *error = Json(400, std::move(out));
  return false;
}

const std::string* Handler::Start(ApiResponse* error) {
  const std::string* start = params_.Get("start");
  if (start == nullptr) *error = Error(400, "missing parameter 'start'");
  return start;
}

// The parameters of /api/solve, /api/count and /api/verify into *config_;
// InvalidArgument (a 400) for one that is wrong.
Status Handler::ReadSolve(const std::string& implied) {
  const bool verify_endpoint = implied == "verify";
  Status s = Read({"start", "steps", "count", "all", "limit", "max_seconds",
                   verify_endpoint ? "moves" : "verify"});
  if (!s.ok()) return s;
  bool count = false;
  s = params_.Flag("steps", &config_->steps);
  if (s.ok()) s = params_.Flag("count", &count);
  if (s.ok()) s = params_.Flag("all", &config_->extras.all);
  if (!s.ok()) return s;
  if (implied == "count" && params_.Get("count") != nullptr && !count) {
    // /api/count always counts: count=0 would be answered as count=1.
    return Status::InvalidArgument(
        "parameter 'count' cannot be 0 on /api/count (use /api/solve)");
  }
  config_->extras.count = implied == "count" || count;
  if (const std::string* limit = params_.Get("limit")) {
    uint64_t n;
    if (!config_->extras.all) {
      return Status::InvalidArgument("parameter 'limit' needs all=1");
    }
    s = ReadNumber(UserNumber::kLimit, "parameter 'limit'", *limit,
                   kServerLimits, &n);
    if (!s.ok()) return s;
    config_->extras.limit = static_cast<size_t>(n);
  }
  const char* verify_param = verify_endpoint ? "moves" : "verify";
  const std::string* verify = params_.Get(verify_param);
  if (verify_endpoint && verify == nullptr) {
    return Status::InvalidArgument("missing parameter 'moves'");
  }
  if (verify != nullptr) {
    config_->extras.verify = true;
    config_->extras.verify_text = *verify;
    config_->extras.verify_name =
        std::string("parameter '") + verify_param + "'";
  }
  return Status::OK();
}

Answerer* Handler::CachedAnswerer(const std::string& implied,
                                  ApiResponse* error) {
  AnswererCache& cache = ThreadAnswerer();
  // Each name and value with its length, so that no two lists of
  // parameters give one key (a value may hold "&" and "=").
  std::string key = implied;
  for (const auto& [name, value] : request_.params) {
    if (name == "start") continue;
    key += std::to_string(name.size()) + ':' + name +
           std::to_string(value.size()) + ':' + value;
  }
  config_ = &cache.config;
  if (cache.generation != generation_ || cache.key != key) {
    cache.answerer.reset();
    cache.generation = 0;
    cache.config = QueryConfig();
    Status s = ReadSolve(implied);
    if (!s.ok()) {
      *error = Failure(s);
      return nullptr;
    }
    // Every answer uses what answers the goal: a missing one is a 404
    // (but for a malformed start, a 400).
    if (!OpenGoal(params_.Get("start"), error)) return nullptr;
    if (config_->extras.count || config_->extras.all) {
      s = CheckWholeTable(*config_, solver_,
                          config_->extras.count ? WholeTableTool::kCount
                                                : WholeTableTool::kAll);
      if (!s.ok()) {
        *error = Failure(s);
        return nullptr;
      }
    }
    cache.answerer = std::make_unique<Answerer>(cache.config, solver_);
    cache.key = std::move(key);
    cache.generation = generation_;
  }
  // The deadline is this request's own (the cached config is reused).
  config_->limits = request_.limits;
  return cache.answerer.get();
}

// The answers of slidedb-query --format json, made by the same Answerer.
ApiResponse Handler::Solve(const std::string& implied) {
  const bool batch = request_.method == "POST";
  if (batch && params_.Has("start")) {
    return Error(400, "POST /api/solve takes its states in the body, one per "
                      "line, not in 'start'");
  }
  ApiResponse error;
  Answerer* answerer = CachedAnswerer(implied, &error);
  if (answerer == nullptr) return error;
  // A batch's lines count max_seconds each from their own start; one
  // state, the whole answer from now (OwnBudgetRanOut).
  config_->asked_at.reset();
  if (batch) return SolveBatch(answerer);
  config_->asked_at = SearchLimits::Clock::now();
  const std::string* start = Start(&error);
  if (start == nullptr) return error;
  std::string out, err;
  switch (answerer->Answer(*start, &out, &err)) {
    case Outcome::kSolved:
    case Outcome::kUnsolvable:
      return Json(200, std::move(out));
    case Outcome::kMalformed:
      return Json(400, std::move(out));
    case Outcome::kTimedOut:  // max_seconds: 503, as a deadline
    case Outcome::kDatabaseError:
      break;
  }
  return Failure(answerer->last_error());
}

ApiResponse Handler::SolveBatch(Answerer* answerer) {
  ApiResponse error;
  std::vector<std::string> inputs;
  if (!BatchInputs(&inputs, &error)) return error;
  std::string out;
  out.reserve(request_.body.size() * 16);
  // Answered 256 at a time (a two-bit table's walks together,
  // Answerer::AnswerMany); table answers take microseconds: the clock is
  // read between groups.
  constexpr size_t kGroup = 256;
  std::vector<std::string_view> group;
  for (size_t i = 0; i < inputs.size(); i += kGroup) {
    group.assign(inputs.begin() + i,
                 inputs.begin() + std::min(inputs.size(), i + kGroup));
    bool failed = false;
    answerer->AnswerMany(group.data(), group.size(), &out,
                         [&failed](Outcome o, std::string*) {
                           failed |= o == Outcome::kDatabaseError;
                         });
    if (failed) return Failure(answerer->last_error());
    const size_t done = i + group.size();
    if (done < inputs.size() &&
        std::chrono::steady_clock::now() >= config_->limits.deadline) {
      return Failure(Status::DeadlineExceeded(
          "stopped after " + std::to_string(done) + " of " +
          std::to_string(inputs.size()) + " states"));
    }
  }
  return Json(200, std::move(out), kJsonLines);
}

bool Handler::BatchInputs(std::vector<std::string>* inputs,
                          ApiResponse* error) {
  const std::string& type = request_.content_type;
  const std::string& body = request_.body;
  if (body.size() > kMaxBatchBytes) {
    *error = Error(413, "the body is larger than " +
                            std::to_string(kMaxBatchBytes) + " bytes");
    return false;
  }
  const bool lines = type.empty() || type == "text/plain" ||
                     type == "application/x-www-form-urlencoded";
  if (!lines && type != "application/json") {
    *error = Error(415, "POST /api/solve takes text/plain or "
                        "application/x-www-form-urlencoded (one state per "
                        "line) or application/json (an array of strings), "
                        "not '" + type + "'");
    return false;
  }
  // Counted before any is answered: a batch past the limit gets nothing
  // (413, as a body over its bytes).
  const auto too_many = [&](size_t n) {
    return Error(413, CheckCount(UserNumber::kBatch, "a batch", n,
                                 kServerLimits)
                          .message());
  };
  if (lines) {
    if (!SplitInputLines(body, kMaxBatchLines, inputs)) {
      *error = too_many(kMaxBatchLines + 1);  // at least
      return false;
    }
  } else {
    const Status s = ParseJsonStrings(body, inputs);
    if (!s.ok()) {
      *error = Error(s);
      return false;
    }
    if (inputs->size() > kMaxBatchLines) {
      *error = too_many(inputs->size());
      return false;
    }
  }
  if (inputs->empty()) {
    *error = Error(400, lines ? "POST /api/solve takes its states in the "
                                "body, one per line, and the body holds none"
                              : "POST /api/solve takes its states in the "
                                "body, and its JSON array holds none");
    return false;
  }
  return true;
}

// GET /api/moves: the start's distance and every legal move from it, its
// searches within max_seconds (every distance exact, or none given).
ApiResponse Handler::Moves() {
  const Status bad = Read({"start", "max_seconds"});
  if (!bad.ok()) return Failure(bad);
  ApiResponse error;
  const std::string* input = Start(&error);
  if (input == nullptr) return error;
  if (!OpenGoal(input, &error)) return error;
  config_->limits = request_.limits;
  MovesFields moves;
  const Status s = AnswerMoves(*config_, solver_, *input, &moves);
  std::string out;
  if (s.IsInvalidArgument()) {
    // Malformed starts are answered as /api/solve answers them.
    Answerer answerer(*config_, solver_);
    std::string unused;
    answerer.Answer(*input, &out, &unused);
    return Json(400, std::move(out));
  }
  if (!s.ok()) return Failure(s);
  AppendMovesJson(moves, &out);
  return Json(200, std::move(out));
}

// GET /api/analyse: slidedb-query --analyse --format json, a search's
// budget in max_seconds.
ApiResponse Handler::Analyse() {
  const Status bad = Read({"start", "moves", "max_seconds"});
  if (!bad.ok()) return Failure(bad);
  ApiResponse error;
  const std::string* input = Start(&error);
  if (input == nullptr) return error;
  const std::string* moves = params_.Get("moves");
  if (moves == nullptr) return Error(400, "missing parameter 'moves'");
  if (!OpenGoal(input, &error, moves)) return error;
  config_->limits = request_.limits;
  AnalysisFields analysis;
  const Status s = AnalyseSolve(*config_, solver_, *input, *moves, &analysis);
  std::string out;
  if (s.IsInvalidArgument()) {
    // A malformed start or solve is answered as slidedb-query --analyse
    // answers it.
    AppendErrorJson({{"start", *input}, {"moves", *moves}}, s, &out);
    return Json(400, std::move(out));
  }
  if (!s.ok()) return Failure(s);
  AppendAnalysisJson(analysis, &out);
  return Json(200, std::move(out));
}

// The 400 of `notation` where no moves are written, refused as
// slidedb-query refuses it rather than ignored.
ApiResponse Handler::NotationIgnored() const {
  return Error(400, "parameter 'notation' does not apply to " + request_.path +
                        ": its answers write no moves");
}

// GET /api/histogram: slidedb-query --histogram --format json.
ApiResponse Handler::Histogram() {
  const Status bad = Read({});
  if (!bad.ok()) return Failure(bad);
  if (params_.Has("notation")) return NotationIgnored();
  std::string out;
  const Status s = AppendHistogram(*config_, *db_, "json", &out);
  if (!s.ok()) return Failure(s);
  return Json(200, std::move(out));
}

// GET /api/sample: slidedb-query --sample N [--distance D] [--seed S]
// --format json.
ApiResponse Handler::Sample() {
  const Status bad = Read({"n", "distance", "seed"});
  if (!bad.ok()) return Failure(bad);
  if (params_.Has("notation")) return NotationIgnored();
  uint64_t n = 0, seed = kDefaultSampleSeed, distance = 0;
  const std::string* n_text = params_.Get("n");
  if (n_text == nullptr) return Error(400, "missing parameter 'n'");
  const std::string* d_text = params_.Get("distance");
  const std::string* seed_text = params_.Get("seed");
  // Each number as every face reads it (lib/answer/limits.h).
  Status s = ReadNumber(UserNumber::kSample, "parameter 'n'", *n_text,
                        kServerLimits, &n);
  if (s.ok() && d_text != nullptr) {
    s = ReadNumber(UserNumber::kDistance, "parameter 'distance'", *d_text,
                   kServerLimits, &distance);
  }
  if (s.ok() && seed_text != nullptr) {
    s = ReadNumber(UserNumber::kSeed, "parameter 'seed'", *seed_text,
                   kServerLimits, &seed);
  }
  if (!s.ok()) return Failure(s);
  TableToolContext ctx;
  config_->limits = request_.limits;  // a scan's deadline and cancel
  s = OpenTableTool(*config_, solver_, WholeTableTool::kSample, &ctx);
  if (!s.ok()) return Failure(s);
  std::ostringstream out;
  std::string note;
  s = RunSample(ctx, n, d_text ? static_cast<int>(distance) : -1, seed,
                /*json=*/true, out, &note);
  if (!s.ok()) return Failure(s);
  ApiResponse r = Json(200, out.str(), kJsonLines);
  r.note = std::move(note);
  return r;
}

// GET /api/tables[?board=RxC]: every goal the database answers, or those
// of one board (lib/answer/tables.h).
ApiResponse Handler::Tables() {
  if (const std::string* unknown = params_.Unknown({"board"}, {})) {
    return Error(400, "unknown parameter '" + *unknown + "'");
  }
  std::vector<GoalInfo> goals;
  // Every table's metadata was read when the databases were opened
  // (Reload): this cannot fail.
  Status s = ListSourceGoals(sources_, &goals, nullptr);
  if (!s.ok()) return Failure(s);
  if (const std::string* board = params_.Get("board")) {
    s = KeepBoard(*board, &goals);
    if (!s.ok()) return Error(400, s.message());
  }
  std::string out;
  AppendGoalsJson(goals, &out);
  return Json(200, std::move(out));
}

}  // namespace slidedb
