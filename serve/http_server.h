// HttpServer: the API (serve/api.h) over HTTP/1.1, on Boost.Beast over
// Boost.Asio. A few threads run every connection's reads, answers and
// writes; no thread waits on a slow or idle client. Each limit of
// HttpOptions is enforced while the request is read, and docs/SERVE.md
// lists them ("Limits").
//
// Thread-safe: Stop() may be called from any thread while Run() runs.
#ifndef SLIDEDB_SERVE_HTTP_SERVER_H_
#define SLIDEDB_SERVE_HTTP_SERVER_H_

#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "lib/base/status.h"
#include "serve/access_log.h"
#include "serve/api.h"

namespace slidedb {

struct HttpOptions {
  std::string bind = "127.0.0.1";
  int port = 8080;  // 0: any free port
  int threads = 2;  // event loops, a thread each: connections and answers
  // Threads for the answers `offload` picks (a search, a batch): answered
  // there, they leave their connection's loop free for its other ones.
  int work_threads = 2;
  std::function<bool(const ApiRequest&)> offload;
  // The answer to an offloaded request still waiting for a work thread at
  // its deadline (a 503 saying so when not set).
  std::function<ApiResponse(const ApiRequest&)> past_deadline;
  // Most offloaded requests waiting for a work thread, besides those
  // running (-1: no bound); past it a request gets 503 with Retry-After at
  // once instead of waiting behind the others.
  int work_queue = -1;
  bool nodelay = true;  // TCP_NODELAY on every connection

  // Time limits. A request's head must arrive whole within head_timeout
  // of its first byte, its body within body_timeout after the head; a
  // keep-alive connection with no request for idle_timeout is closed; an
  // answer not taken by the client within write_timeout is dropped. A
  // request's work stops at work_timeout (503).
  std::chrono::milliseconds head_timeout{5000};
  std::chrono::milliseconds body_timeout{10000};
  std::chrono::milliseconds idle_timeout{5000};
  std::chrono::milliseconds write_timeout{10000};
  std::chrono::milliseconds work_timeout{10000};
  // After Stop(): requests in flight get this long to finish; then every
  // connection is closed.
  std::chrono::milliseconds stop_grace{3000};

  // Size limits, checked as the bytes arrive: the head's bytes and its
  // fields (431 past either), the body's bytes whatever its encoding (413).
  size_t head_limit = 16 * 1024;
  size_t max_fields = 100;
  size_t body_limit = kMaxBatchBytes;

  // Host names a request may name besides the loopback ones, when the
  // server listens on a loopback address (others get 403); any when it
  // listens on another.
  std::vector<std::string> allowed_hosts;
  // The origin whose pages may call the API from a browser (CORS); none
  // when empty, "*" for any.
  std::string cors_origin;

  // Called for every answer written (refusals included), on the
  // connection's loop; none when empty (serve/access_log.h).
  std::function<void(const AccessRecord&)> access_log;
};

// What answers a request: the API (Api::Handle), or a test's stand-in.
// Called on the server's threads, several at once.
using HttpHandler = std::function<ApiResponse(const ApiRequest&)>;

class HttpServer {
 public:
  HttpServer(HttpHandler handler, HttpOptions options);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // Binds and listens (backlog: the system's maximum). IOError naming the
  // address when it cannot.
  Status Listen();
  // The port listened on (after Listen).
  int port() const;

  // Serves until Stop(), then returns once every connection is closed.
  // `ready`, when given, runs once every thread of the server runs
  // (slidedb-serve prints its "listening on" line there). Throws when a
  // thread cannot start (as under ulimit -v), or what `ready` throws, with
  // no thread left running. Memory that runs out while it serves costs one
  // request, never the server: the HttpHandler's running out is a 503
  // (ResourceExhausted), as is the connection's own where it can still say
  // so; past that the connection closes unanswered and the log says so.
  // Only a server that cannot take new connections for want of memory for
  // 2 s stops, and Run() then throws std::bad_alloc.
  void Run(const std::function<void()>& ready = nullptr);
  // Stops accepting, lets the requests in flight finish (their searches
  // are cut short), closes every connection, and makes Run() return
  // within stop_grace.
  void Stop();

  // Where the server says what went wrong inside (a 500's cause): stderr
  // by default.
  void set_log(std::function<void(const std::string&)> log);

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace slidedb

#endif  // SLIDEDB_SERVE_HTTP_SERVER_H_
