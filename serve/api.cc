#include "serve/api.h"

#include <algorithm>
#include <atomic>
#include <optional>
#include <sstream>
#include <string_view>
#include <utility>
#include <vector>

#include "cli/exit_codes.h"
#include "lib/analysis/sample.h"
#include "lib/puzzle/notation.h"
#include "lib/puzzle/problem.h"
#include "lib/puzzle/symmetry.h"
#include "lib/solve/walk.h"
#include "lib/storage/format.h"
#include "query/answerer.h"
#include "query/json_text.h"
#include "query/table_tools.h"

namespace slidedb {

namespace {

constexpr char kJson[] = "application/json";
constexpr char kJsonLines[] = "application/x-ndjson";

ApiResponse Error(int status, const std::string& message) {
  ApiResponse r;
  r.status = status;
  r.content_type = kJson;
  r.body = "{\"error\":";
  AppendJsonString(&r.body, message);
  r.body += "}\n";
  return r;
}

ApiResponse Json(int status, std::string body, const char* type = kJson) {
  ApiResponse r;
  r.status = status;
  r.content_type = type;
  r.body = std::move(body);
  return r;
}

// The query parameters of one request, checked against what its endpoint
// takes.
class Params {
 public:
  explicit Params(const std::multimap<std::string, std::string>& params)
      : params_(params) {}

  // A name in neither list, or null when there is none (a name may be
  // empty: "?=1").
  const std::string* Unknown(std::initializer_list<const char*> known,
                             std::initializer_list<const char*> more) const {
    for (const auto& param : params_) {
      // Not a structured binding: clang 14 (scripts/fuzz.sh) cannot
      // capture one.
      const std::string& name = param.first;
      auto is = [&name](const char* k) { return name == k; };
      if (std::none_of(known.begin(), known.end(), is) &&
          std::none_of(more.begin(), more.end(), is)) {
        return &name;
      }
    }
    return nullptr;
  }
  bool Has(const std::string& name) const { return params_.count(name) > 0; }
  const std::string* Get(const std::string& name) const {
    auto it = params_.find(name);
    return it == params_.end() ? nullptr : &it->second;
  }
  // A flag: absent, "0" or "false" is false; "", "1" or "true" is true.
  bool Flag(const std::string& name, std::string* error) const {
    const std::string* v = Get(name);
    if (v == nullptr || *v == "0" || *v == "false") return false;
    if (v->empty() || *v == "1" || *v == "true") return true;
    *error = "parameter '" + name + "' must be 1 or 0 (true or false), not '" +
             *v + "'";
    return false;
  }

 private:
  const std::multimap<std::string, std::string>& params_;
};

// The parameters every question about a table takes.
constexpr std::initializer_list<const char*> kTableParams = {"board", "goal",
                                                             "blank"};

// Fills *config from board, goal and blank as slidedb-query reads --board,
// --goal and --blank; "" or the message of a 400.
std::string ReadTableParams(const Params& params, const std::string& db_dir,
                            QueryConfig* config) {
  config->db_dir = db_dir;
  config->json = true;
  const std::string* board = params.Get("board");
  Status s = Board::Parse(board ? *board : "3x3", &config->board);
  if (!s.ok()) return s.message();
  if (const std::string* blank = params.Get("blank")) {
    config->notation.blank = *blank;
    s = CheckBlankLabel(config->notation.blank);
    if (!s.ok()) return s.message();
  }
  config->blank_out = OutputBlankLabel(config->notation);
  if (const std::string* goal = params.Get("goal")) {
    Arrangement g;
    s = ParseArrangement(*goal, config->board, config->notation, &g);
    if (!s.ok()) return "goal '" + *goal + "': " + s.message();
    config->goal = g;
  }
  return "";
}

}  // namespace

Api::Api(std::string db_dir, const WebFiles* web)
    : db_dir_(std::move(db_dir)), web_(web) {}

Status Api::Open() { return Reload(); }

Status Api::Reload() {
  auto fresh = std::make_shared<Backend>();
  Status s = Database::Open(db_dir_, &fresh->db);
  if (!s.ok()) return s;
  // A server answers for long: every table's metadata is read now, so a
  // damaged one stops the (re)load instead of a request.
  std::vector<const TableMeta*> tables;
  s = fresh->db->Tables(&tables);
  if (!s.ok()) return s;
  fresh->solver = std::make_unique<Solver>(fresh->db.get());
  static std::atomic<uint64_t> generations{0};
  fresh->generation = ++generations;
  std::shared_ptr<Backend> old;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    old = std::move(backend_);
    backend_ = std::move(fresh);
  }
  // `old` is released here, or by the last request still using it.
  return Status::OK();
}

std::shared_ptr<Api::Backend> Api::backend() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return backend_;
}

namespace {

// One request's work, with the database it started on.
class Handler {
 public:
  Handler(const std::string& db_dir, Database* db, Solver* solver,
          uint64_t generation, const ApiRequest& request)
      : db_dir_(db_dir),
        db_(db),
        solver_(solver),
        request_(request),
        params_(request.params),
        generation_(generation) {}

  ApiResponse Solve(const std::string& implied);
  ApiResponse Moves();
  ApiResponse Histogram();
  ApiResponse Sample();
  ApiResponse Tables();

 private:
  std::string ReadSolve(const std::string& implied);
  // Reads the table parameters plus `more`; "" or the message of a 400.
  std::string Read(std::initializer_list<const char*> more) {
    const std::string* unknown = params_.Unknown(kTableParams, more);
    if (unknown != nullptr) return "unknown parameter '" + *unknown + "'";
    if (config_ == nullptr) config_ = &own_config_.emplace();
    return ReadTableParams(params_, db_dir_, config_);
  }
  // The goal's table, opened: nullptr after filling *error (404 when it
  // was not built, naming the command that builds it).
  Table* GoalTable(ApiResponse* error) {
    Table* table;
    Status s = solver_->GetTable(config_->board, GoalBlank(*config_), &table);
    if (s.ok()) return table;
    *error = TableError(s);
    return nullptr;
  }
  ApiResponse TableError(const Status& s) {
    return Error(s.IsNotFound() ? 404 : 500, TableErrorMessage(*config_, s));
  }
  // The start parameter, required; nullptr after filling *error.
  const std::string* Start(ApiResponse* error) {
    const std::string* start = params_.Get("start");
    if (start == nullptr) *error = Error(400, "missing parameter 'start'");
    return start;
  }

  const std::string& db_dir_;
  Database* db_;
  Solver* solver_;
  const ApiRequest& request_;
  Params params_;
  uint64_t generation_;
  // Made by Read(), but for /api/solve asked again with the parameters of
  // this thread's last question.
  std::optional<QueryConfig> own_config_;
  // own_config_, or for /api/solve the config of this thread's Answerer;
  // set before any use by Read() or Solve().
  QueryConfig* config_ = nullptr;
};

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

// The parameters of /api/solve, /api/count (implied "count") and
// /api/verify (implied "verify") into *config_; "" or the message of a 400.
std::string Handler::ReadSolve(const std::string& implied) {
  const bool verify_endpoint = implied == "verify";
  std::string bad = Read({"start", "steps", "count", "all", "limit",
                          verify_endpoint ? "moves" : "verify"});
  if (!bad.empty()) return bad;
  config_->steps = params_.Flag("steps", &bad);
  config_->extras.count = implied == "count" || params_.Flag("count", &bad);
  config_->extras.all = params_.Flag("all", &bad);
  if (!bad.empty()) return bad;
  if (const std::string* limit = params_.Get("limit")) {
    uint64_t n;
    if (!config_->extras.all) return "parameter 'limit' needs all=1";
    if (!ParseNumber(*limit, 1000000000, &n) || n == 0) {
      return "parameter 'limit' must be a whole number of at least 1, not '" +
             *limit + "'";
    }
    config_->extras.limit = static_cast<size_t>(n);
  }
  const std::string* verify = params_.Get(verify_endpoint ? "moves" : "verify");
  if (verify_endpoint && verify == nullptr) return "missing parameter 'moves'";
  if (verify != nullptr) {
    config_->extras.verify = true;
    config_->extras.verify_text = *verify;
  }
  return "";
}

// GET /api/solve, /api/count, /api/verify and POST /api/solve: the answers
// of slidedb-query --format json, made by the same Answerer.
ApiResponse Handler::Solve(const std::string& implied) {
  const bool batch = request_.method == "POST";
  if (batch && params_.Has("start")) {
    return Error(400, "POST /api/solve takes its states in the body, one per "
                      "line, not in 'start'");
  }
  ApiResponse error;
  // This thread's Answerer serves if it was made for the same question.
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
    const std::string bad = ReadSolve(implied);
    if (!bad.empty()) return Error(400, bad);
    // Every answer uses the goal's table: a missing one is a 404.
    if (GoalTable(&error) == nullptr) return error;
    cache.answerer = std::make_unique<Answerer>(cache.config, solver_);
    cache.key = std::move(key);
    cache.generation = generation_;
  }
  Answerer& answerer = *cache.answerer;
  std::string out, err;
  out.reserve(batch ? request_.body.size() * 16 : 256);
  bool malformed = false;
  auto answer = [&](const std::string& input) {
    switch (answerer.Answer(input, &out, &err)) {
      case Outcome::kSolved:
      case Outcome::kUnsolvable:
        return true;
      case Outcome::kMalformed:
        malformed = true;
        return true;
      case Outcome::kDatabaseError:
        break;
    }
    return false;
  };
  if (!batch) {
    const std::string* start = Start(&error);
    if (start == nullptr) return error;
    if (!answer(*start)) return TableError(answerer.database_error());
    return Json(malformed ? 400 : 200, std::move(out));
  }
  if (request_.body.size() > kMaxBatchBytes) {
    return Error(413, "the body is larger than " +
                          std::to_string(kMaxBatchBytes) + " bytes");
  }
  // Counted before any is answered: a batch past the limit gets nothing.
  std::vector<std::string> inputs;
  std::istringstream lines(request_.body);
  std::string line;
  while (std::getline(lines, line)) {
    const size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    if (line.back() == '\r') line.pop_back();
    if (inputs.size() == kMaxBatchLines) {
      return Error(413, "a batch holds at most " +
                            std::to_string(kMaxBatchLines) + " states");
    }
    inputs.push_back(std::move(line));
  }
  for (const std::string& input : inputs) {
    if (!answer(input)) return TableError(answerer.database_error());
  }
  return Json(200, std::move(out), kJsonLines);
}

// GET /api/moves: the start's distance and every legal move from it.
ApiResponse Handler::Moves() {
  const std::string bad = Read({"start"});
  if (!bad.empty()) return Error(400, bad);
  ApiResponse error;
  const std::string* input = Start(&error);
  if (input == nullptr) return error;
  Table* table = GoalTable(&error);
  if (table == nullptr) return error;
  // Unsolvable and malformed starts are answered as /api/solve answers
  // them: the same object, the same status.
  Arrangement start;
  Problem p;
  Status s = ParseArrangement(*input, config_->board, config_->notation, &start);
  if (s.ok()) {
    s = MakeProblem(config_->board, start,
                    config_->goal ? *config_->goal
                                 : DefaultGoal(config_->board, start),
                    &p);
  }
  if (!s.ok() || !p.solvable) {
    Answerer answerer(*config_, solver_);
    std::string out, err;
    const Outcome o = answerer.Answer(*input, &out, &err);
    return Json(o == Outcome::kMalformed ? 400 : 200, std::move(out));
  }
  const Arrangement goal =
      config_->goal ? *config_->goal : DefaultGoal(config_->board, start);
  int distance;
  s = DistanceToGoal(table, p.start, &distance);
  if (!s.ok()) return TableError(s);
  std::string o = "{\"board\":\"" + config_->board.Name() + "\",\"start\":";
  AppendJsonString(&o, FormatArrangement(start, config_->blank_out));
  o += ",\"goal\":";
  AppendJsonString(&o, FormatArrangement(goal, config_->blank_out));
  o += ",\"solvable\":true,\"distance\":" + std::to_string(distance) +
       ",\"moves\":[";
  bool first = true;
  for (Move m : kAllMoves) {
    State next = p.start;
    uint8_t tile;
    if (!ApplyMove(config_->board, m, &next, &tile)) continue;
    int d;
    s = DistanceToGoal(table, next, &d);
    if (!s.ok()) return TableError(s);
    if (!first) o += ',';
    first = false;
    o += "{\"move\":\"";
    o += MoveLetter(m);
    o += "\",\"tile\":";
    AppendJsonString(&o, p.label[tile]);
    o += ",\"state\":";
    AppendJsonString(&o, FormatArrangement(ToArrangement(p, next),
                                           config_->blank_out));
    o += ",\"distance\":" + std::to_string(d) + "}";
  }
  o += "]}\n";
  return Json(200, std::move(o));
}

// GET /api/histogram: slidedb-query --histogram --format json.
ApiResponse Handler::Histogram() {
  const std::string bad = Read({});
  if (!bad.empty()) return Error(400, bad);
  const TableMeta* meta;
  Status s = FindGoalTable(*config_, *db_, &meta);
  if (!s.ok()) return TableError(s);
  return Json(200, HistogramJson(*config_, *meta));
}

// GET /api/sample: slidedb-query --sample N [--distance D] [--seed S]
// --format json.
ApiResponse Handler::Sample() {
  const std::string bad = Read({"n", "distance", "seed"});
  if (!bad.empty()) return Error(400, bad);
  uint64_t n = 0, seed = kDefaultSampleSeed, distance = 0;
  const std::string* n_text = params_.Get("n");
  if (n_text == nullptr) return Error(400, "missing parameter 'n'");
  if (!ParseNumber(*n_text, kMaxSample, &n) || n == 0) {
    return Error(400, "parameter 'n' must be a whole number from 1 to " +
                          std::to_string(kMaxSample) + ", not '" + *n_text +
                          "'");
  }
  const std::string* d_text = params_.Get("distance");
  if (d_text != nullptr && !ParseNumber(*d_text, 1000, &distance)) {
    return Error(400, "parameter 'distance' must be a whole number of moves, "
                      "not '" + *d_text + "'");
  }
  const std::string* seed_text = params_.Get("seed");
  if (seed_text != nullptr && !ParseNumber(*seed_text, UINT64_MAX, &seed)) {
    return Error(400, "parameter 'seed' must be a whole number from 0 to " +
                          std::to_string(UINT64_MAX) + ", not '" +
                          *seed_text + "'");
  }
  TableToolContext ctx;
  Status s = OpenTableTool(*config_, solver_, &ctx);
  if (s.IsInvalidArgument()) return Error(400, s.message());
  if (!s.ok()) return TableError(s);
  std::ostringstream out, err;
  const int status =
      RunSample(ctx, n, d_text ? static_cast<int>(distance) : -1, seed,
                /*json=*/true, out, err);
  if (status != kExitOk) return Error(500, err.str());
  return Json(200, out.str(), kJsonLines);
}

// GET /api/tables: every goal the database answers from a table, one entry
// per goal blank: "stored" when its own table is stored, else "table" names
// the stored table that serves it by symmetry (lib/puzzle/symmetry.h).
ApiResponse Handler::Tables() {
  if (!request_.params.empty()) {
    return Error(400, "unknown parameter '" + request_.params.begin()->first +
                          "'");
  }
  std::string o = "{\"tables\":[";
  bool first = true;
  std::vector<const TableMeta*> tables;
  // Read whole when the database was opened (Reload): this cannot fail.
  Status s = db_->Tables(&tables);
  if (!s.ok()) return Error(500, s.message());
  for (const TableMeta* t_stored : tables) {
    const TableMeta& stored = *t_stored;
    for (int goal_blank : ServedGoalBlanks(stored.board, stored.goal_blank)) {
      const TableMeta t = ServedTableMeta(stored, goal_blank);
      if (!first) o += ',';
      first = false;
      o += "{\"board\":\"" + t.board.Name() + "\",\"goal\":";
      AppendJsonString(&o, t.goal);
      o += ",\"goal_blank\":" + std::to_string(t.goal_blank) +
           ",\"states\":" + std::to_string(t.states) +
           ",\"max_distance\":" + std::to_string(t.max_distance) +
           ",\"stored\":" +
           (goal_blank == stored.goal_blank ? "true" : "false") +
           ",\"table\":\"" + stored.Id() + "\"}";
    }
  }
  o += "]}\n";
  return Json(200, std::move(o));
}

enum class Endpoint {
  kSolve, kMoves, kCount, kVerify, kHistogram, kSample, kTables, kHealth
};

struct Route {
  std::string_view path;
  const char* methods;  // the Allow header
  Endpoint endpoint;
};

constexpr Route kRoutes[] = {
    {"/api/solve", "GET, HEAD, POST", Endpoint::kSolve},
    {"/api/moves", "GET, HEAD", Endpoint::kMoves},
    {"/api/count", "GET, HEAD", Endpoint::kCount},
    {"/api/verify", "GET, HEAD", Endpoint::kVerify},
    {"/api/histogram", "GET, HEAD", Endpoint::kHistogram},
    {"/api/sample", "GET, HEAD", Endpoint::kSample},
    {"/api/tables", "GET, HEAD", Endpoint::kTables},
    {"/healthz", "GET, HEAD", Endpoint::kHealth},
};

}  // namespace

ApiResponse Api::Handle(const ApiRequest& request) const {
  const std::string& path = request.path;
  const bool get = request.method == "GET" || request.method == "HEAD";
  const Route* route = nullptr;
  for (const Route& r : kRoutes) {
    if (path == r.path) {
      route = &r;
      break;
    }
  }
  if (route == nullptr) {
    if (path.compare(0, 5, "/api/") == 0 || path == "/api") {
      return Error(404, "no such endpoint: " + path);
    }
    ApiResponse r;
    if (!get) {
      r = Error(405, request.method + " is not allowed on " + path);
      r.allow = "GET, HEAD";
      return r;
    }
    if (web_ != nullptr && web_->Find(path, &r.body, &r.content_type)) {
      return r;
    }
    return Error(404, "no such file: " + path);
  }
  const bool post_ok =
      route->endpoint == Endpoint::kSolve && request.method == "POST";
  if (!get && !post_ok) {
    ApiResponse r = Error(405, request.method + " is not allowed on " + path);
    r.allow = route->methods;
    return r;
  }
  if (route->endpoint == Endpoint::kHealth) {
    return Json(200, "{\"status\":\"ok\"}\n");
  }
  std::shared_ptr<Backend> b = backend();
  if (b == nullptr) return Error(503, "the database is not open");
  Handler h(db_dir_, b->db.get(), b->solver.get(), b->generation, request);
  switch (route->endpoint) {
    case Endpoint::kSolve: return h.Solve("");
    case Endpoint::kCount: return h.Solve("count");
    case Endpoint::kVerify: return h.Solve("verify");
    case Endpoint::kMoves: return h.Moves();
    case Endpoint::kHistogram: return h.Histogram();
    case Endpoint::kSample: return h.Sample();
    case Endpoint::kTables:
    case Endpoint::kHealth: break;
  }
  return h.Tables();
}

}  // namespace slidedb
