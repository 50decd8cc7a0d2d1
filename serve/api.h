// The HTTP API of slidedb-serve as plain function calls, with no sockets:
// a request (method, path, query parameters, body) in, a response (status,
// content type, body) out. serve/http_server.h puts it behind HTTP; tests
// and benchmarks call it directly. docs/SERVE.md describes every endpoint.
//
// Thread-safe: any number of threads call Handle() at once. They share one
// Database and one Solver (each table held once). Reload() swaps in a newly
// opened database; requests already running finish on the old one, which
// is closed when the last of them returns.
#ifndef SLIDEDB_SERVE_API_H_
#define SLIDEDB_SERVE_API_H_

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "lib/base/status.h"
#include "lib/solve/solver.h"
#include "lib/storage/database.h"
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

struct ApiResponse {
  int status = 200;
  // A string literal (the caller may pass .data() as a C string).
  std::string_view content_type;
  std::string body;
  std::string allow;  // the Allow header of a 405
};

// Limits of POST /api/solve (413 past either).
inline constexpr size_t kMaxBatchBytes = 1 << 20;
inline constexpr size_t kMaxBatchLines = 10000;
// Most solutions all=1 lists (its `limit`; 413 past it): each is a path
// held in memory until the answer is written.
inline constexpr size_t kMaxAllSolutions = 10000;
// Most states /api/sample returns at once.
inline constexpr uint64_t kMaxSample = 10000;

// Whether answering `request` may take long: a batch (POST), a board of
// more cells than a full table has (a search over pattern databases), every
// optimal solution or their count, or a sample (which may scan a table).
// The server answers those on its work threads.
bool MayTakeLong(const ApiRequest& request);

struct ApiOptions {
  // Read every pattern database whole when the database is opened (and
  // reopened), before it serves (slidedb-serve --preload); by default a
  // search reads their pages as it first needs them.
  bool preload = false;
  // The most bytes the pattern databases' pages read on demand may hold
  // (slidedb-serve --memory-limit); 0: no limit. Past it the pages read
  // longest ago are given back and read again when needed (PageBudget).
  uint64_t memory_limit = 0;
  // Handed to the Solver (Solver::set_open_hook): slidedb-serve says on
  // standard error what it opens; tests hold an opening there.
  Solver::OpenHook open_hook;
};

class Api {
 public:
  // Serves the database at db_dir (once Open() succeeds) and the page's
  // files from `web` (may be null: then only the API).
  Api(std::string db_dir, const WebFiles* web, ApiOptions options = {});

  // Opens the database. NotFound when there is none at db_dir.
  Status Open();
  // Opens the database again (with options.preload, reading its pattern
  // databases) and swaps it in; on failure the old one stays in service
  // and the error is returned.
  Status Reload();

  const std::string& db_dir() const { return db_dir_; }

  ApiResponse Handle(const ApiRequest& request) const;

 private:
  struct Backend {
    std::unique_ptr<Database> db;
    std::unique_ptr<Solver> solver;
    uint64_t generation;  // unique in the process, for per-thread caches
  };
  std::shared_ptr<Backend> backend() const;

  const std::string db_dir_;
  const WebFiles* web_;
  const ApiOptions options_;
  // Shared by every reload's Solver; null without options_.memory_limit.
  const std::shared_ptr<PageBudget> page_budget_;
  mutable std::mutex mutex_;  // guards backend_ (the pointer)
  std::shared_ptr<Backend> backend_;
};

}  // namespace slidedb

#endif  // SLIDEDB_SERVE_API_H_
