#include "serve/api.h"

#include <atomic>
#include <cctype>
#include <cstdlib>
#include <map>
#include <new>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "lib/base/ascii.h"
#include "lib/base/out_of_memory.h"
#include "lib/puzzle/board.h"
#include "lib/puzzle/notation.h"
#include "serve/handlers.h"
#include "serve/params.h"

namespace slidedb {

namespace {

std::string_view Param(const ApiRequest& request, const char* name) {
  const auto it = request.params.find(name);
  return it == request.params.end() ? std::string_view() : it->second;
}

// Whether `request`'s start is within kNearMoves of its goal by the
// Manhattan distance, in single-tile moves: a search from it generates a
// few hundred states (the estimate of its cost before it runs). False for
// anything else, malformed input included.
bool NearItsGoal(const ApiRequest& request, const Board& board) {
  const std::string_view metric = Param(request, "metric");
  if (!metric.empty() && metric != "stm") return false;
  const NotationOptions notation{std::string(Param(request, "blank"))};
  Arrangement start, goal;
  if (!ParseArrangement(Param(request, "start"), board, notation, &start)
           .ok()) {
    return false;
  }
  if (request.params.count("goal") > 0) {
    if (!ParseArrangement(Param(request, "goal"), board, notation, &goal)
             .ok()) {
      return false;
    }
  } else {
    goal = DefaultGoal(board, start);
  }
  std::map<std::string_view, int> home;
  for (int c = 0; c < board.cells(); ++c) home[goal.labels[c]] = c;
  int md = 0;
  for (int c = 0; c < board.cells(); ++c) {
    if (c == start.blank) continue;
    const auto it = home.find(start.labels[c]);
    if (it == home.end()) return false;
    md += std::abs(board.Row(c) - board.Row(it->second)) +
          std::abs(board.Col(c) - board.Col(it->second));
  }
  return md <= kNearMoves;
}

}  // namespace

ApiResponse PastDeadlineInQueue(const ApiRequest& request) {
  const std::string metric = AsciiLower(Param(request, "metric"));
  return Error(503, DeadlineMessage("it waited for a work thread all that time",
                                    request, metric == "mtm",
                                    request.params.count("max_seconds") > 0));
}

bool MayTakeLong(const ApiRequest& request) {
  if ((request.method == "POST" && request.body.size() > kQuickBatchBytes) ||
      request.path == "/api/count" || request.path == "/api/sample") {
    return true;
  }
  if (request.params.count("all") > 0 || request.params.count("count") > 0) {
    return true;
  }
  const auto board = request.params.find("board");
  Board b;
  // A malformed board is refused at once: not long. An analysis searches
  // from every position its moves reach, however far from the start.
  return board != request.params.end() &&
         Board::Parse(board->second, &b).ok() && b.cells() > kMaxTableCells &&
         (request.method == "POST" || request.path == "/api/analyse" ||
          !NearItsGoal(request, b));
}

Status ListSourceGoals(const std::vector<DbSource>& sources,
                       std::vector<GoalInfo>* goals,
                       std::vector<std::string>* shadowed) {
  goals->clear();
  // board, goal and metric -> the index in *goals of the one that answers
  std::map<std::string, size_t> seen;
  for (const DbSource& source : sources) {
    std::vector<GoalInfo> own;
    const Status s = ListGoals(*source.db, &own);
    if (!s.ok()) return s;
    for (GoalInfo& g : own) {
      const std::string key = g.board + ' ' + g.goal + ' ' + g.metric;
      const auto [it, fresh] = seen.emplace(key, goals->size());
      if (!fresh) {
        if (shadowed != nullptr) {
          shadowed->push_back(g.board + " goal " + g.goal + " (" + g.metric +
                              ") is in " + (*goals)[it->second].database +
                              " and " + source.dir + ": " +
                              (*goals)[it->second].database +
                              " answers it (given first)");
        }
        continue;
      }
      g.database = source.dir;
      goals->push_back(std::move(g));
    }
  }
  return Status::OK();
}

Api::Api(std::vector<std::string> db_dirs, const WebFiles* web,
         ApiOptions options)
    : db_dirs_(std::move(db_dirs)),
      web_(web),
      options_(std::move(options)),
      page_budget_(options_.memory_limit > 0
                       ? std::make_shared<PageBudget>(options_.memory_limit)
                       : nullptr) {}

std::string ExposedHeaders(const ApiResponse& r) {
  std::string expose;
  auto add = [&](bool sent, std::string_view name) {
    if (!sent) return;
    if (!expose.empty()) expose += ", ";
    expose += name;
  };
  add(!r.note.empty(), kNoteHeader);
  add(SendsRetryAfter(r), "Retry-After");
  add(!r.allow.empty(), "Allow");
  return expose;
}

Status Api::Open(std::string* failed_dir) { return Reload(failed_dir); }

std::vector<std::string> Api::Shadowed() const {
  std::shared_ptr<Backend> b = backend();
  return b == nullptr ? std::vector<std::string>() : b->shadowed;
}

Status Api::Reload(std::string* failed_dir, const std::atomic<bool>* stop) {
  auto fresh = std::make_shared<Backend>();
  for (const std::string& dir : db_dirs_) {
    if (stop != nullptr && stop->load()) {
      if (failed_dir != nullptr) failed_dir->clear();
      return Status::DeadlineExceeded("stopped reopening the databases");
    }
    if (failed_dir != nullptr) *failed_dir = dir;
    std::unique_ptr<Database> db;
    Status s = Database::Open(dir, &db);
    if (!s.ok()) return s;
    // A server answers for long: every table's metadata is read now, so a
    // damaged one stops the (re)load instead of a request.
    std::vector<const TableMeta*> tables;
    s = db->Tables(&tables);
    if (!s.ok()) return s;
    auto solver = std::make_unique<Solver>(db.get());
    if (options_.open_hook) solver->set_open_hook(options_.open_hook);
    // One budget for every database and reload: the pages of a database
    // replaced count until they are the oldest and leave first.
    if (page_budget_ != nullptr) solver->set_page_budget(page_budget_);
    if (options_.preload) {
      s = solver->PreloadPdbs(stop);
      if (!s.ok()) return s;
    }
    fresh->sources.push_back({dir, db.get(), solver.get()});
    fresh->dbs.push_back(std::move(db));
    fresh->solvers.push_back(std::move(solver));
  }
  if (failed_dir != nullptr) failed_dir->clear();
  std::vector<GoalInfo> goals;
  Status s = ListSourceGoals(fresh->sources, &goals, &fresh->shadowed);
  if (!s.ok()) return s;
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

enum class Endpoint {
  kSolve,
  kMoves,
  kCount,
  kVerify,
  kAnalyse,
  kHistogram,
  kSample,
  kTables,
  kProgress,
  kHealth
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
    {"/api/analyse", "GET, HEAD", Endpoint::kAnalyse},
    {"/api/histogram", "GET, HEAD", Endpoint::kHistogram},
    {"/api/sample", "GET, HEAD", Endpoint::kSample},
    {"/api/tables", "GET, HEAD", Endpoint::kTables},
    {"/api/progress", "GET, HEAD", Endpoint::kProgress},
    {"/healthz", "GET, HEAD", Endpoint::kHealth},
};

// The questions whose answer may be a search: they take `progress`.
bool TakesProgress(Endpoint e) {
  return e == Endpoint::kSolve || e == Endpoint::kCount ||
         e == Endpoint::kVerify || e == Endpoint::kMoves ||
         e == Endpoint::kAnalyse;
}

// The 400 of a malformed id in parameter `name`.
ApiResponse BadProgressId(const char* name) {
  return Error(400, std::string("parameter '") + name + "' must be 1 to " +
                        std::to_string(kMaxProgressIdLength) +
                        " letters (A-Z, a-z), digits, '_' or '-'");
}

// GET /api/progress?id=ID: the progress of the running request of `id`.
ApiResponse Progress(const ApiRequest& request,
                     const ProgressRegistry& registry) {
  const Params params(request.params);
  if (const std::string* unknown = params.Unknown({"id"}, {})) {
    return Error(400, "unknown parameter '" + *unknown + "'");
  }
  const std::string* id = params.Get("id");
  if (id == nullptr) return Error(400, "missing parameter 'id'");
  if (!ValidProgressId(*id)) return BadProgressId("id");
  std::shared_ptr<const ProgressSlot> slot = registry.Find(*id);
  if (slot == nullptr) {
    return Error(404, "no request with progress id '" + *id +
                          "' is running: it has not started, or it ended");
  }
  return Json(200, slot->Json(*id));
}

// Answers `request` by `answer`; with a `progress` id, registered under it
// while it runs, its searches telling their progress there.
template <class Answer>
ApiResponse WithProgress(const ApiRequest& request,
                         ProgressRegistry* registry, const Answer& answer) {
  const auto it = request.params.find("progress");
  if (it == request.params.end()) return answer(request);
  const std::string id = it->second;
  if (!ValidProgressId(id)) return BadProgressId("progress");
  std::shared_ptr<ProgressSlot> slot;
  switch (registry->Add(id, &slot)) {
    case ProgressRegistry::Added::kAdded:
      break;
    case ProgressRegistry::Added::kTaken:
      return Error(409, "a running request has progress id '" + id +
                            "': each needs its own");
    case ProgressRegistry::Added::kFull:
      return Error(503, "too many requests tell their progress at once (" +
                            std::to_string(kMaxProgressEntries) +
                            "); try again shortly");
  }
  struct Leave {
    ProgressRegistry* registry;
    const std::string& id;
    ~Leave() { registry->Remove(id); }
  } leave{registry, id};
  ApiRequest own = request;  // a POST's body too: at most 1 MiB
  own.params.erase("progress");  // the answer is the same without it
  own.limits.progress = [slot](const SearchProgress& p) { slot->Update(p); };
  own.limits.progress_every = 1;  // the states within a long iteration too
  return answer(own);
}

// The handler of `endpoint` (the progress and health endpoints have none).
ApiResponse Dispatch(Endpoint endpoint, Handler* h) {
  switch (endpoint) {
    case Endpoint::kSolve: return h->Solve("");
    case Endpoint::kCount: return h->Solve("count");
    case Endpoint::kVerify: return h->Solve("verify");
    case Endpoint::kMoves: return h->Moves();
    case Endpoint::kAnalyse: return h->Analyse();
    case Endpoint::kHistogram: return h->Histogram();
    case Endpoint::kSample: return h->Sample();
    case Endpoint::kTables:
    case Endpoint::kProgress:
    case Endpoint::kHealth: break;
  }
  return h->Tables();
}

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
    if (const std::string* unknown = Params(request.params).Unknown({}, {})) {
      return Error(400, "unknown parameter '" + *unknown + "'");
    }
    return Json(200, "{\"status\":\"ok\"}\n");
  }
  if (route->endpoint == Endpoint::kProgress) {
    return Progress(request, progress_);
  }
  std::shared_ptr<Backend> b = backend();
  if (b == nullptr) return Error(503, "the database is not open");
  const Endpoint endpoint = route->endpoint;
  auto answer = [&b, endpoint](const ApiRequest& asked) {
    // Memory the library asked for where it cannot say so (a container
    // that grew), or a thread it could not start: this request fails, the
    // server goes on serving.
    return CatchOutOfMemory(
        [&] {
          Handler h(b->sources, b->generation, asked);
          return Dispatch(endpoint, &h);
        },
        RanOutError);
  };
  if (!TakesProgress(endpoint)) return answer(request);
  return WithProgress(request, &progress_, answer);
}

}  // namespace slidedb
