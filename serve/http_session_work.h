// HttpServer::Impl::Session's requests on the work threads (those that may
// take long, HttpOptions::offload): the queue's bound, the deadline of a
// request still queued, and the client's leaving, which cancels its work.
// Included by serve/http_server.cc alone, after serve/http_session.h.
#ifndef SLIDEDB_SERVE_HTTP_SESSION_WORK_H_
#define SLIDEDB_SERVE_HTTP_SESSION_WORK_H_

#include <sys/socket.h>
#include <sys/types.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <string>
#include <utility>

#include "serve/http_session.h"

namespace slidedb {

inline void HttpServer::Impl::Session::Offload() {
  const int before = server_->offloaded_.fetch_add(1);
  if (options_.work_queue >= 0 &&
      before >= options_.work_threads + options_.work_queue) {
    server_->offloaded_.fetch_sub(1);
    return Respond(
        Error(503, "the server is busy: its " +
                       std::to_string(options_.work_threads) +
                       " work threads are taken and " +
                       std::to_string(options_.work_queue) +
                       " requests wait for them (slidedb-serve --work-queue); "
                       "try again shortly"));
  }
  work_ = kQueued;
  try {
    Queue();
  } catch (...) {
    server_->offloaded_.fetch_sub(1);  // not queued (no memory for it)
    throw;
  }
  // A work thread has it: its answer comes, whatever runs out below.
  queued_ = true;
  WaitForWork();
  watching_ = true;
  WatchClient();
}

// Offload()'s request on the work threads' queue.
inline void HttpServer::Impl::Session::Queue() {
  net::post(server_->pool_, [s = shared_from_this()] {
    int queued = kQueued;
    if (!s->work_.compare_exchange_strong(queued, kRunning)) {
      s->server_->offloaded_.fetch_sub(1);
      return;  // refused at its deadline while it waited (WaitForWork)
    }
    // A request alone on the work threads searches on as many threads as
    // there are work threads (and cores): its answer is the one a single
    // thread finds (lib/search/ida_driver.h), and a request that comes
    // meanwhile still has a work thread of its own.
    if (s->server_->offloaded_.load() == 1) {
      s->asked_.request.limits.threads = s->server_->lone_threads_;
    }
    ApiResponse r;
    const bool ran_out =
        RanOutOfMemory([&] { r = s->server_->Answered(s->asked_.request); });
    s->server_->offloaded_.fetch_sub(1);
    if (ran_out || RanOutOfMemory([&] { s->Reply(std::move(r)); })) {
      // No memory for the answer or its way back: lost, and the loop
      // closes the connection (WaitForWork).
      s->work_ = kLost;
      s->server_->Dropped();
    }
  });
}

// The work thread's answer, back on the connection's loop.
inline void HttpServer::Impl::Session::Reply(ApiResponse r) {
  net::post(stream_.get_executor(),
            [s = shared_from_this(), r = std::move(r)]() mutable {
              s->work_timer_.cancel();
              s->watching_ = false;
              beast::error_code ignored;
              s->stream_.socket().cancel(ignored);  // ends WatchClient's wait
              s->Respond(std::move(r));
            });
}

// A request still waiting for a work thread at its deadline is refused
// then (503), not when a thread takes it: every request is answered or
// refused within --work-timeout, however long the queue. (One that a
// thread took stops at the deadline by its limits: its answer comes
// soon after, or, lost for want of memory, its connection is closed.)
inline void HttpServer::Impl::Session::WaitForWork() {
  work_timer_.expires_at(asked_.request.limits.deadline);
  AwaitWork();
}
inline void HttpServer::Impl::Session::AwaitWork() {
  work_timer_.async_wait([s = shared_from_this()](beast::error_code ec) {
    if (ec) return;  // answered (Reply), or the connection closed
    int queued = kQueued;
    if (s->work_.compare_exchange_strong(queued, kRefused)) {
      s->watching_ = false;
      beast::error_code ignored;
      s->stream_.socket().cancel(ignored);  // ends WatchClient's wait
      return s->Respond(
          s->options_.past_deadline
              ? s->options_.past_deadline(s->asked_.request)
              : Error(503,
                      "no answer within the server's time for one "
                      "request: it waited for a work thread all that "
                      "time, as the server is busy; try again shortly"));
    }
    if (queued == kLost) {
      s->answering_ = false;
      return s->Close();
    }
    // Still running: look again shortly.
    s->work_timer_.expires_after(std::chrono::milliseconds(100));
    s->AwaitWork();
  });
}

// While a work thread answers: a client that closes the connection (or
// resets it) cancels the request's work, which then frees its thread.
// Bytes that arrive meanwhile (a request sent before this answer) end the
// watch: they are read after the answer.
inline void HttpServer::Impl::Session::WatchClient() {
  stream_.socket().async_wait(
      tcp::socket::wait_read, [s = shared_from_this()](beast::error_code ec) {
        if (!s->watching_ || ec == net::error::operation_aborted) return;
        char byte;
        const ssize_t n = ::recv(s->stream_.socket().native_handle(), &byte, 1,
                                 MSG_PEEK | MSG_DONTWAIT);
        if (n > 0) return;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
          return s->WatchClient();  // woken for nothing: wait again
        }
        s->client_gone_ = true;
        s->cancel_ = true;
      });
}

}  // namespace slidedb

#endif  // SLIDEDB_SERVE_HTTP_SESSION_WORK_H_
