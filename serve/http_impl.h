// The inside of HttpServer (serve/http_server.h), shared by its two files:
// http_server.cc (listening, the loops, stopping) and http_session.h (one
// connection, with http_session_answer.h and http_session_work.h). Not
// for other files.
#ifndef SLIDEDB_SERVE_HTTP_IMPL_H_
#define SLIDEDB_SERVE_HTTP_IMPL_H_

#include <algorithm>
#include <atomic>
#include <boost/asio.hpp>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <iostream>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "lib/base/out_of_memory.h"
#include "lib/base/threads.h"
#include "serve/http_server.h"
#include "serve/params.h"

namespace slidedb {

namespace net = boost::asio;
using tcp = net::ip::tcp;

class HttpServer::Impl {
 public:
  Impl(HttpHandler handler, HttpOptions options)
      : handler_(std::move(handler)),
        options_(std::move(options)),
        lone_threads_(std::min(std::max(1, options_.work_threads), Cores())),
        pool_(std::max(1, options_.work_threads)),
        contexts_(MakeContexts(options_.threads)),
        acceptor_(*contexts_[0]),
        dropped_line_("a request dropped, its connection closed unanswered: " +
                      ServerRan(OutOfMemoryText(false))) {}

  Status Listen();
  int port() const { return port_; }
  void Run(const std::function<void()>& ready);
  void Stop();
  void Log(const std::string& message) const {
    if (log_) {
      log_(message);
    } else {
      std::cerr << "slidedb-serve: " << message << std::endl;
    }
  }

  class Session;

  // The handler's answer to `request`, or, when memory runs out on its
  // way, a refusal (RanOutError); either thread's.
  ApiResponse Answered(const ApiRequest& request) const {
    return CatchOutOfMemory([&] { return handler_(request); }, RanOutError);
  }
  // One thread's event loop, which outlives a handler that runs out of
  // memory (Dropped()).
  void RunLoop(net::io_context& context);
  // A handler ran out of memory: what it did is dropped (its connection
  // closes unanswered) and the log says so, in words made beforehand.
  void Dropped() const;

  const HttpHandler handler_;
  const HttpOptions options_;
  int port_ = 0;
  bool check_host_ = true;
  std::function<void(const std::string&)> log_;
  std::atomic<bool> stopping_{false};  // searches in flight read it
  // Offloaded requests running or waiting for a work thread.
  std::atomic<int> offloaded_{0};
  // The threads of a search alone on the work threads: one a work thread,
  // up to one a core.
  const int lone_threads_;

  // The open connections, for Stop(). Declared before contexts_: a session
  // whose handler a context still holds leaves sessions_ when the context
  // is destroyed.
  std::mutex mutex_;
  std::condition_variable changed_;
  std::list<std::weak_ptr<Session>> sessions_;  // guarded by mutex_
  bool stop_requested_ = false;                 // guarded by mutex_

  // The work threads' loop, for the answers that may take long: run by
  // options_.work_threads threads that Run starts, as it starts the
  // connections' (StartThread: a server whose threads cannot all start
  // stops as out of memory, where a thread pool that could not would end
  // the process).
  net::io_context pool_;

  // One event loop a thread, each run by its thread alone (no locking
  // between threads: measured faster than one loop shared by all); each
  // connection is served by one of them, taken in turn.
  std::vector<std::unique_ptr<net::io_context>> contexts_;
  size_t next_context_ = 0;  // the acceptor's strand only
  tcp::acceptor acceptor_;
  // A connection will be accepted: an accept or its retry is pending (the
  // acceptor's strand only). A handler of that strand that ran out of
  // memory may have left none: RunLoop arms one again.
  bool accept_armed_ = false;
  // The acceptor could not be armed again for want of memory: the server
  // stops, and Run() says so (std::bad_alloc).
  std::atomic<bool> deaf_{false};
  const std::string dropped_line_;

  static std::vector<std::unique_ptr<net::io_context>> MakeContexts(int n) {
    std::vector<std::unique_ptr<net::io_context>> v;
    for (int i = 0; i < n; ++i) v.push_back(std::make_unique<net::io_context>(1));
    return v;
  }

 private:
  void Accept();
  // Accepts again after a moment (accept failed, or memory ran out).
  void AcceptLater();
  // Takes an accepted connection: a Session of its own.
  void Welcome(tcp::socket socket);
  void CloseAll(bool force);
  // Run()'s part once its threads run: takes connections (after `ready`)
  // until Stop(), then lets the requests in flight finish.
  void ServeUntilStopped(const std::function<void()>& ready);
  // Stops the threads `Run()` started and waits for those still running.
  void StopThreads(std::vector<std::thread>* loops,
                   std::vector<std::thread>* workers);
};

}  // namespace slidedb

#endif  // SLIDEDB_SERVE_HTTP_IMPL_H_
