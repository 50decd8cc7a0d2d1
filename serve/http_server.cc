#include "serve/http_server.h"

#include <algorithm>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <memory>
#include <new>
#include <system_error>
#include <thread>
#include <utility>

#include "lib/base/threads.h"
#include "serve/http_impl.h"
#include "serve/http_session.h"
#include "serve/http_session_answer.h"
#include "serve/http_session_work.h"

namespace slidedb {

namespace {

bool IsLoopbackAddress(const net::ip::address& a) { return a.is_loopback(); }

// How long the acceptor waits before it tries again after a failed accept
// or a retry with no memory to arm it, and how many such retries without
// memory the server takes (2 s) before it stops as out of memory.
constexpr auto kAcceptPause = std::chrono::milliseconds(50);
constexpr int kAcceptTriesWithoutMemory = 40;

}  // namespace

Status HttpServer::Impl::Listen() {
  boost::system::error_code ec;
  const std::string where =
      "cannot listen on " + options_.bind + " port " +
      std::to_string(options_.port);
  // An address, or a name ("localhost") that resolves to one.
  tcp::resolver resolver(*contexts_[0]);
  const auto found =
      resolver.resolve(options_.bind, std::to_string(options_.port),
                       tcp::resolver::passive | tcp::resolver::numeric_service,
                       ec);
  if (ec || found.empty()) {
    return Status::IOError(where + ": " +
                           (ec ? ec.message() : "no such address"));
  }
  const tcp::endpoint endpoint = found.begin()->endpoint();
  check_host_ = IsLoopbackAddress(endpoint.address());
  acceptor_.open(endpoint.protocol(), ec);
  if (!ec) acceptor_.set_option(net::socket_base::reuse_address(true), ec);
  if (!ec) acceptor_.bind(endpoint, ec);
  if (!ec) acceptor_.listen(net::socket_base::max_listen_connections, ec);
  if (ec) return Status::IOError(where + ": " + ec.message());
  port_ = acceptor_.local_endpoint().port();
  return Status::OK();
}

void HttpServer::Impl::Accept() {
  net::io_context& context = *contexts_[next_context_];
  next_context_ = (next_context_ + 1) % contexts_.size();
  acceptor_.async_accept(context, [this](beast::error_code ec, tcp::socket s) {
    accept_armed_ = false;
    if (ec == net::error::operation_aborted || !acceptor_.is_open()) {
      return;
    }
    if (ec) {
      // Out of descriptors, say: wait a little rather than spin.
      Log("accept: " + ec.message());
      return AcceptLater();
    }
    // No memory for the connection's session: it closes unanswered.
    if (RanOutOfMemory([&] { Welcome(std::move(s)); })) Dropped();
    Accept();
  });
  accept_armed_ = true;
}

void HttpServer::Impl::AcceptLater() {
  auto timer = std::make_shared<net::steady_timer>(acceptor_.get_executor(),
                                                   kAcceptPause);
  timer->async_wait([this, timer](beast::error_code) {
    accept_armed_ = false;
    if (acceptor_.is_open()) Accept();
  });
  accept_armed_ = true;
}

void HttpServer::Impl::Welcome(tcp::socket s) {
  if (options_.nodelay) {
    beast::error_code ignored;
    s.set_option(tcp::no_delay(true), ignored);
  }
  auto session = std::make_shared<Session>(this, std::move(s));
  std::list<std::weak_ptr<Session>>::iterator it;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    it = sessions_.insert(sessions_.end(), session);
  }
  session->Start(it);
}

void HttpServer::Impl::Dropped() const {
  RanOutOfMemory([this] { Log(dropped_line_); });
}

void HttpServer::Impl::RunLoop(net::io_context& context) {
  // Boost.Asio lets run() go on after a handler's exception has left it.
  while (RanOutOfMemory([&context] { context.run(); })) {
    Dropped();
    // The acceptor's loop: a connection will be accepted again, whatever
    // the handler was, or the server would stay up deaf. Between tries the
    // loop's other handlers run, as the ends of its connections free the
    // memory the retry waits for (a sleep here held them up). Past 2 s
    // without the memory to arm it, the server stops as out of memory
    // (Run throws): under `ulimit -v` that memory may never come, and a
    // server that listens but never accepts was the worse answer
    // (memory_limit_serve_test).
    int tries = 0;
    while (&context == contexts_[0].get() && !accept_armed_ &&
           acceptor_.is_open() && !stopping_.load() && !context.stopped() &&
           RanOutOfMemory([this] { AcceptLater(); })) {
      if (++tries == kAcceptTriesWithoutMemory) {
        deaf_ = true;
        Stop();
      }
      if (RanOutOfMemory([&context] { context.run_for(kAcceptPause); })) {
        Dropped();
      }
    }
  }
}

void HttpServer::Impl::CloseAll(bool force) {
  std::vector<std::shared_ptr<Session>> open;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    for (const auto& w : sessions_) {
      if (auto s = w.lock()) open.push_back(std::move(s));
    }
  }
  for (const auto& s : open) s->Stop(force);
}

void HttpServer::Impl::StopThreads(std::vector<std::thread>* loops,
                                   std::vector<std::thread>* workers) {
  pool_.stop();
  for (auto& c : contexts_) c->stop();
  for (auto* threads : {loops, workers}) {
    for (std::thread& t : *threads) {
      if (t.joinable()) t.join();
    }
  }
}

void HttpServer::Impl::ServeUntilStopped(const std::function<void()>& ready) {
  // Connections only once every thread runs (Run): none is left to a
  // loop that could not start.
  net::post(acceptor_.get_executor(), [this] { Accept(); });
  if (ready) ready();
  std::unique_lock<std::mutex> lock(mutex_);
  changed_.wait(lock, [this] { return stop_requested_; });
  lock.unlock();
  stopping_ = true;
  net::post(acceptor_.get_executor(), [this] {
    beast::error_code ec;
    acceptor_.close(ec);
  });
  CloseAll(false);
  // The requests in flight finish (searches stop at once), then their
  // connections close; past the grace every connection closes.
  lock.lock();
  const bool drained = changed_.wait_for(
      lock, options_.stop_grace, [this] { return sessions_.empty(); });
  lock.unlock();
  if (!drained) {
    CloseAll(true);
    lock.lock();
    changed_.wait_for(lock, std::chrono::milliseconds(500),
                      [this] { return sessions_.empty(); });
    lock.unlock();
  }
}

void HttpServer::Impl::Run(const std::function<void()>& ready) {
  std::vector<net::executor_work_guard<net::io_context::executor_type>> guards;
  for (auto& c : contexts_) guards.push_back(net::make_work_guard(*c));
  auto work_guard = net::make_work_guard(pool_);
  std::vector<std::thread> threads, workers;
  threads.reserve(contexts_.size());
  workers.reserve(std::max(1, options_.work_threads));
  bool started = true;
  for (int t = 0; started && t < std::max(1, options_.work_threads); ++t) {
    started = StartThread(&workers, [this] { RunLoop(pool_); });
  }
  for (size_t c = 0; started && c < contexts_.size(); ++c) {
    started = StartThread(
        &threads, [this, &context = *contexts_[c]] { RunLoop(context); });
  }
  if (!started) {
    // No room for another thread (ulimit -v): those started stop, and the
    // server with them, as out of memory (slidedb-serve exits 69).
    StopThreads(&threads, &workers);
    throw std::system_error(
        std::make_error_code(std::errc::resource_unavailable_try_again),
        "a thread of the server");
  }
  try {
    ServeUntilStopped(ready);
  } catch (...) {
    // Memory that ran out on this thread (ulimit -v): no thread left
    // running, the exception goes on (slidedb-serve exits 69).
    StopThreads(&threads, &workers);
    throw;
  }
  guards.clear();
  for (auto& c : contexts_) c->stop();
  for (std::thread& t : threads) t.join();
  // The work queued runs out (its connections closed), then the work
  // threads end.
  work_guard.reset();
  for (std::thread& t : workers) t.join();
  // Stopped as it could not accept for want of memory (RunLoop).
  if (deaf_) throw std::bad_alloc();
}

void HttpServer::Impl::Stop() {
  std::lock_guard<std::mutex> lock(mutex_);
  stop_requested_ = true;
  changed_.notify_all();
}

HttpServer::HttpServer(HttpHandler handler, HttpOptions options)
    : impl_(std::make_unique<Impl>(std::move(handler), std::move(options))) {}
HttpServer::~HttpServer() = default;
Status HttpServer::Listen() { return impl_->Listen(); }
int HttpServer::port() const { return impl_->port(); }
void HttpServer::Run(const std::function<void()>& ready) { impl_->Run(ready); }
void HttpServer::Stop() { impl_->Stop(); }
void HttpServer::set_log(std::function<void(const std::string&)> log) {
  impl_->log_ = std::move(log);
}

}  // namespace slidedb
