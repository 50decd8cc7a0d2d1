// The HTTP API of slidedb-serve as plain function calls, with no sockets:
// a request (method, path, query parameters, body) in, a response (status,
// content type, body) out. serve/http_server.h puts it behind HTTP; tests
// and benchmarks call it directly. docs/SERVE.md describes every endpoint.
//
// Thread-safe: any number of threads call Handle() at once. They share one
// Database and one Solver a database (each table held once). With several
// databases, a question goes to the first of them (in the order given) that
// answers its goal. Reload() swaps in newly opened databases; requests
// already running finish on the old ones, which are closed when the last of
// them returns.
#ifndef SLIDEDB_SERVE_API_H_
#define SLIDEDB_SERVE_API_H_

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "lib/answer/limits.h"
#include "lib/answer/tables.h"
#include "lib/base/status.h"
#include "lib/solve/solver.h"
#include "lib/storage/database.h"
#include "serve/progress.h"
#include "serve/web_files.h"

namespace slidedb {

struct ApiRequest {
  std::string method;  // "GET", "POST", ...
  std::string path;    // decoded, without the query: "/api/solve"
  // Decoded query parameters; a name given twice keeps its first value.
  std::multimap<std::string, std::string> params;
  std::string body;
  // The body's media type, lower case, without parameters: "text/plain".
  std::string content_type;
  // Where a search answers, it stops here (503).
  SearchLimits limits;
};

// The header of ApiResponse::note.
inline constexpr char kNoteHeader[] = "X-Slidedb-Note";

struct ApiResponse {
  int status = 200;
  // A string literal (the caller may pass .data() as a C string).
  std::string_view content_type;
  std::string body;
  std::string allow;  // the Allow header of a 405
  // A note for people, sent as X-Slidedb-Note: what the CLI writes to
  // standard error beside the same answer (fewer states than asked for).
  std::string note;
  // A 503's Retry-After: false where the same request again cannot help
  // (its own max_seconds ran out, not the server's time).
  bool retry = true;
  // An error's "code" (Status::CodeName's literal), kept should its
  // message be replaced (Reworded); null for an answer.
  const char* code = nullptr;
};

// Whether `r` is sent with Retry-After: a 503 that asking again may answer.
inline bool SendsRetryAfter(const ApiResponse& r) {
  return r.status == 503 && r.retry;
}

// The headers of `r` beyond the CORS-safelisted ones, which a page of a
// --cors origin may read (Access-Control-Expose-Headers): its note, a
// 503's Retry-After, a 405's Allow; "" when none.
std::string ExposedHeaders(const ApiResponse& r);

// The most bytes of a POST /api/solve body (413 past it). The numbers a
// request gives are read through kServerLimits (lib/answer/limits.h): at
// most 10,000 states a batch (413 past it, as the body), solutions all=1
// lists, states a sample draws and moves of a proposed solution (400).
inline constexpr size_t kMaxBatchBytes = 1 << 20;
inline constexpr size_t kMaxBatchLines = kServerLimits.batch;

// Whether answering `request` may take long: a batch (POST) of more than
// kQuickBatchBytes or on a searched board, a board of more cells than a
// full table has (a search over pattern databases) unless its start is
// near its goal (kNearMoves) and it is no analysis (whose moves may go
// anywhere), every optimal solution or their count, or a
// sample (which may scan a table). The server answers
// those on its work threads; the rest, table answers, never wait for them.
bool MayTakeLong(const ApiRequest& request);
// The 503 of a request that was still waiting for a work thread at its
// deadline (HttpOptions::past_deadline).
ApiResponse PastDeadlineInQueue(const ApiRequest& request);
// A POST body of at most this many bytes on a table's board is answered
// at once, as a GET: at most a few hundred states, each a table's record.
inline constexpr size_t kQuickBatchBytes = 2048;
// A searched board's GET whose start is at most this many single-tile
// moves from its goal by the Manhattan distance is answered at once too.
inline constexpr int kNearMoves = 8;

struct ApiOptions {
  // Read every pattern database whole when the database is opened (and
  // reopened), before it serves (slidedb-serve --preload); by default a
  // search reads their pages as it first needs them.
  bool preload = false;
  // The most bytes the pattern databases' pages read on demand and the
  // multi-tile searches' walking-distance tables may hold (slidedb-serve
  // --memory-limit); 0: no limit. Past it the pages read longest ago are
  // given back and read again when needed (PageBudget); a request whose
  // tables would pass it gets 503.
  uint64_t memory_limit = 0;
  // Handed to the Solver (Solver::set_open_hook): slidedb-serve says on
  // standard error what it opens; tests hold an opening there.
  Solver::OpenHook open_hook;
};

// One open database of those a server answers from.
struct DbSource {
  std::string dir;  // as given (--db)
  Database* db;
  Solver* solver;
};

// Every goal the sources answer, each once, with the database that answers
// it (GoalInfo::database): the first source that lists it. *shadowed (may
// be null) gets a line for each goal a later source also lists.
Status ListSourceGoals(const std::vector<DbSource>& sources,
                       std::vector<GoalInfo>* goals,
                       std::vector<std::string>* shadowed);

class Api {
 public:
  // Serves the databases at db_dirs (once Open() succeeds; the first that
  // answers a goal answers it) and the page's files from `web` (may be
  // null: then only the API).
  Api(std::vector<std::string> db_dirs, const WebFiles* web,
      ApiOptions options = {});
  Api(std::string db_dir, const WebFiles* web, ApiOptions options = {})
      : Api(std::vector<std::string>{std::move(db_dir)}, web,
            std::move(options)) {}

  // Opens the databases. NotFound when there is none at one of db_dirs
  // (the message names it; *failed_dir, when given, is that one, or empty
  // when the failure was no one database's).
  Status Open(std::string* failed_dir = nullptr);
  // Opens the databases again (with options.preload, reading their pattern
  // databases) and swaps them in; on failure the old ones stay in service
  // and the error is returned (*failed_dir as Open's). Once `*stop` is set
  // it stops (between databases, and between the pages a preload reads):
  // DeadlineExceeded, the old ones in service (slidedb-serve's SIGTERM
  // while a SIGHUP's reopening reads).
  Status Reload(std::string* failed_dir = nullptr,
                const std::atomic<bool>* stop = nullptr);

  const std::vector<std::string>& db_dirs() const { return db_dirs_; }
  // A line for each goal that two databases answer, saying which one does
  // (ListSourceGoals), as of the last Open() or Reload().
  std::vector<std::string> Shadowed() const;

  ApiResponse Handle(const ApiRequest& request) const;

 private:
  struct Backend {
    std::vector<std::unique_ptr<Database>> dbs;
    std::vector<std::unique_ptr<Solver>> solvers;
    std::vector<DbSource> sources;  // over dbs and solvers
    std::vector<std::string> shadowed;
    uint64_t generation;  // unique in the process, for per-thread caches
  };
  std::shared_ptr<Backend> backend() const;

  const std::vector<std::string> db_dirs_;
  const WebFiles* web_;
  const ApiOptions options_;
  // Shared by every reload's Solver; null without options_.memory_limit.
  const std::shared_ptr<PageBudget> page_budget_;
  // The running requests that gave a `progress` id (GET /api/progress).
  mutable ProgressRegistry progress_;
  mutable std::mutex mutex_;  // guards backend_ (the pointer)
  std::shared_ptr<Backend> backend_;
};

}  // namespace slidedb

#endif  // SLIDEDB_SERVE_API_H_
