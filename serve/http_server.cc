#include "serve/http_server.h"

#include <algorithm>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <condition_variable>
#include <iostream>
#include <iterator>
#include <list>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

#include "serve/http_fields.h"
#include "serve/params.h"
#include "serve/url.h"

namespace slidedb {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;

namespace {

std::string_view View(beast::string_view v) { return {v.data(), v.size()}; }
beast::string_view BeastView(std::string_view v) {
  return {v.data(), v.size()};
}

// The longest request target taken (414 past it).
constexpr size_t kMaxTarget = 8192;

bool IsLoopbackAddress(const net::ip::address& a) { return a.is_loopback(); }

std::string ErrorBody(const std::string& message) {
  return std::move(Error(0, message).body);
}

}  // namespace

class HttpServer::Impl {
 public:
  Impl(HttpHandler handler, HttpOptions options)
      : handler_(std::move(handler)),
        options_(std::move(options)),
        pool_(static_cast<size_t>(std::max(1, options_.work_threads))),
        contexts_(MakeContexts(options_.threads)),
        acceptor_(*contexts_[0]) {}

  Status Listen();
  int port() const { return port_; }
  void Run();
  void Stop();
  void Log(const std::string& message) const {
    if (log_) {
      log_(message);
    } else {
      std::cerr << "slidedb-serve: " << message << std::endl;
    }
  }

  class Session;

  const HttpHandler handler_;
  const HttpOptions options_;
  int port_ = 0;
  bool check_host_ = true;
  std::function<void(const std::string&)> log_;
  std::atomic<bool> stopping_{false};  // searches in flight read it

  // The open connections, for Stop(). Declared before contexts_: a session
  // whose handler a context still holds leaves sessions_ when the context
  // is destroyed.
  std::mutex mutex_;
  std::condition_variable changed_;
  std::list<std::weak_ptr<Session>> sessions_;  // guarded by mutex_
  bool stop_requested_ = false;                 // guarded by mutex_

  // The work threads, for the answers that may take long.
  net::thread_pool pool_;

  // One event loop a thread, each run by its thread alone (no locking
  // between threads: measured faster than one loop shared by all); each
  // connection is served by one of them, taken in turn.
  std::vector<std::unique_ptr<net::io_context>> contexts_;
  size_t next_context_ = 0;  // the acceptor's strand only
  tcp::acceptor acceptor_;

  static std::vector<std::unique_ptr<net::io_context>> MakeContexts(int n) {
    std::vector<std::unique_ptr<net::io_context>> v;
    for (int i = 0; i < n; ++i) v.push_back(std::make_unique<net::io_context>(1));
    return v;
  }

 private:
  void Accept();
  void CloseAll(bool force);
};

// One connection: reads a request, answers it, and reads the next, on the
// event loop that accepted it (one thread: no locking). At most one request
// is read or answered at a time.
class HttpServer::Impl::Session
    : public std::enable_shared_from_this<Session> {
 public:
  Session(Impl* server, tcp::socket socket)
      : server_(server),
        options_(server->options_),
        stream_(std::move(socket)),
        buffer_(options_.head_limit + 4096) {}
  ~Session() {
    std::lock_guard<std::mutex> lock(server_->mutex_);
    server_->sessions_.erase(self_);
    server_->changed_.notify_all();
  }

  void Start(std::list<std::weak_ptr<Session>>::iterator self) {
    self_ = self;
    net::dispatch(stream_.get_executor(),
                  [s = shared_from_this()] { s->WaitForRequest(); });
  }

  // From Stop(): a connection between requests (or still reading one) is
  // closed now; one being answered after its answer is written, or, with
  // `force`, now.
  void Stop(bool force) {
    net::post(stream_.get_executor(), [s = shared_from_this(), force] {
      s->stopping_ = true;
      if (force || !s->answering_) s->Close();
    });
  }

 private:
  // Keep-alive: waits up to idle_timeout for a request's first bytes.
  void WaitForRequest() {
    if (stopping_) return Close();
    if (buffer_.size() > 0) return ReadHead();
    stream_.expires_after(options_.idle_timeout);
    stream_.async_read_some(
        buffer_.prepare(4096),
        [s = shared_from_this()](beast::error_code ec, size_t n) {
          if (ec) return s->Close();
          s->buffer_.commit(n);
          s->ReadHead();
        });
  }

  void ReadHead() {
    parser_.emplace();
    parser_->header_limit(static_cast<uint32_t>(options_.head_limit));
    parser_->body_limit(options_.body_limit);
    stream_.expires_after(options_.head_timeout);
    http::async_read_header(
        stream_, buffer_, *parser_,
        [s = shared_from_this()](beast::error_code ec, size_t) {
          s->OnHead(ec);
        });
  }

  void OnHead(beast::error_code ec) {
    if (ec == http::error::end_of_stream || ec == net::error::eof ||
        ec == net::error::operation_aborted) {
      return Close();
    }
    if (ec == beast::error::timeout) {
      return Refuse(408, "the request's head did not arrive within " +
                             Seconds(options_.head_timeout));
    }
    if (ec == http::error::header_limit ||
        ec == http::error::buffer_overflow) {
      return Refuse(431, "the request's head is larger than " +
                             std::to_string(options_.head_limit) + " bytes");
    }
    if (ec == http::error::body_limit) return RefuseBody();
    if (ec) return Refuse(400, "malformed request: " + ec.message());
    const auto& req = parser_->get();
    if (req.target().size() > kMaxTarget) {
      return Refuse(414, "the URL is longer than " +
                             std::to_string(kMaxTarget) + " bytes");
    }
    if (static_cast<size_t>(std::distance(req.begin(), req.end())) >
        options_.max_fields) {
      return Refuse(431, "the request has more than " +
                             std::to_string(options_.max_fields) +
                             " header fields");
    }
    const auto host = req.find(http::field::host);
    if (server_->check_host_ && host != req.end() &&
        !AllowedHost(std::string(host->value()))) {
      return Refuse(403, "this server answers requests for the loopback "
                         "host names only, not '" +
                             std::string(host->value()) +
                             "' (slidedb-serve --allow-host NAME)");
    }
    if (parser_->is_done()) return Answer();
    const auto expect = req.find(http::field::expect);
    if (expect != req.end() &&
        beast::iequals(expect->value(), "100-continue")) {
      static const char kContinue[] = "HTTP/1.1 100 Continue\r\n\r\n";
      stream_.expires_after(options_.write_timeout);
      net::async_write(stream_, net::buffer(kContinue, sizeof kContinue - 1),
                       [s = shared_from_this()](beast::error_code ec, size_t) {
                         if (ec) return s->Close();
                         s->ReadBody();
                       });
      return;
    }
    ReadBody();
  }

  void ReadBody() {
    stream_.expires_after(options_.body_timeout);
    http::async_read(stream_, buffer_, *parser_,
                     [s = shared_from_this()](beast::error_code ec, size_t) {
                       s->OnBody(ec);
                     });
  }

  void OnBody(beast::error_code ec) {
    if (ec == http::error::body_limit) return RefuseBody();
    if (ec == beast::error::timeout) {
      return Refuse(408, "the request's body did not arrive within " +
                             Seconds(options_.body_timeout));
    }
    if (ec == net::error::operation_aborted) return Close();
    if (ec) return Refuse(400, "malformed request body: " + ec.message());
    Answer();
  }

  void RefuseBody() {
    Refuse(413, "the body is larger than " +
                    std::to_string(options_.body_limit) + " bytes");
  }

  bool AllowedHost(const std::string& host) const {
    if (IsLoopbackHost(host)) return true;
    const std::string name = HostName(host);
    for (const std::string& allowed : options_.allowed_hosts) {
      if (Lower(allowed) == name) return true;
    }
    return false;
  }

  static std::string Seconds(std::chrono::milliseconds d) {
    const auto ms = d.count();
    return ms % 1000 == 0 ? std::to_string(ms / 1000) + " s"
                          : std::to_string(ms) + " ms";
  }

  // The request is whole: the API answers it here, on this thread.
  // The request is whole: the API answers it on this loop, or, when it
  // may take long (options_.offload), on a work thread, so that the other
  // connections of this loop go on meanwhile.
  void Answer() {
    answering_ = true;
    auto& req = parser_->get();
    Asked& q = asked_;
    q.request = ApiRequest();
    q.request.method = std::string(req.method_string());
    std::string error;
    if (!ParseTarget(View(req.target()), &q.request.path, &q.request.params,
                     &error)) {
      return Refuse(400, error);
    }
    const auto type = req.find(http::field::content_type);
    if (type != req.end()) {
      q.request.content_type = MediaType(View(type->value()));
    }
    q.request.body = std::move(req.body());
    q.request.limits.deadline = Clock::now() + options_.work_timeout;
    q.request.limits.cancel = &server_->stopping_;
    q.target = std::string(View(req.target()));
    q.version = req.version();
    q.keep_alive = req.keep_alive() && !stopping_;
    q.origin = std::string(View(req[http::field::origin]));
    if (q.request.method == "OPTIONS" && Cors(q.origin) &&
        req.find(http::field::access_control_request_method) != req.end()) {
      ApiResponse preflight;
      preflight.status = 204;
      return Respond(std::move(preflight));
    }
    if (options_.offload && options_.offload(q.request)) {
      net::post(server_->pool_, [s = shared_from_this()] {
        ApiResponse r = s->server_->handler_(s->asked_.request);
        net::post(s->stream_.get_executor(),
                  [s, r = std::move(r)]() mutable { s->Respond(std::move(r)); });
      });
      return;
    }
    Respond(server_->handler_(q.request));
  }

  void Respond(ApiResponse r) {
    const Asked& q = asked_;
    if (r.status == 500) {
      // The cause may name files: it goes to the log, not the client.
      server_->Log(q.request.method + " " + q.target + ": " +
                   r.body.substr(0, r.body.size() - (r.body.empty() ? 0 : 1)));
      r = Error(500, "the server cannot read its database; its log says why");
    }
    if (r.status == 503 && server_->stopping_.load()) {
      r = Error(503, "the server is stopping");
    }
    auto res = std::make_unique<http::response<http::string_body>>(
        static_cast<http::status>(r.status), q.version);
    if (!r.content_type.empty()) {
      res->set(http::field::content_type, BeastView(r.content_type));
    }
    if (!r.allow.empty()) res->set(http::field::allow, r.allow);
    if (r.status == 503) res->set(http::field::retry_after, "1");
    if (Cors(q.origin)) {
      res->set(http::field::access_control_allow_origin,
               options_.cors_origin == "*" ? "*" : q.origin);
      res->set(http::field::vary, "Origin");
      if (r.status == 204) {
        res->set(http::field::access_control_allow_methods,
                 "GET, HEAD, POST");
        res->set(http::field::access_control_allow_headers, "Content-Type");
        res->set(http::field::access_control_max_age, "600");
      }
    }
    const bool keep_alive = q.keep_alive && !stopping_;
    res->keep_alive(keep_alive);
    if (r.status != 204) res->content_length(r.body.size());
    if (q.request.method != "HEAD") res->body() = std::move(r.body);
    Write(std::move(res), !keep_alive);
  }

  bool Cors(const std::string& origin) const {
    return !options_.cors_origin.empty() && !origin.empty() &&
           (options_.cors_origin == "*" || options_.cors_origin == origin);
  }

  // Answers an error and closes the connection: what is left of the
  // request is not read.
  void Refuse(int status, const std::string& message) {
    answering_ = true;
    auto res = std::make_unique<http::response<http::string_body>>(
        static_cast<http::status>(status), 11);
    res->set(http::field::content_type, kJson);
    res->keep_alive(false);
    res->body() = ErrorBody(message);
    res->prepare_payload();
    Write(std::move(res), true);
  }

  void Write(std::unique_ptr<http::response<http::string_body>> res,
             bool close) {
    response_ = std::move(res);
    stream_.expires_after(options_.write_timeout);
    http::async_write(
        stream_, *response_,
        [s = shared_from_this(), close](beast::error_code ec, size_t) {
          s->response_.reset();
          s->parser_.reset();
          s->answering_ = false;
          if (ec) return s->Close();
          if (close || s->stopping_) return s->Linger();
          s->WaitForRequest();
        });
  }

  // After an answer that ends the connection: says so (FIN), then reads
  // and drops what the client still sends for a moment, so that closing
  // does not reset the connection before the client reads the answer.
  void Linger() {
    beast::error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
    if (ec || stopping_) return Close();
    stream_.expires_after(std::chrono::seconds(1));
    Drain(1 << 20);
  }
  void Drain(size_t budget) {
    drain_.resize(16384);
    stream_.async_read_some(
        net::buffer(drain_),
        [s = shared_from_this(), budget](beast::error_code ec, size_t n) {
          if (ec || n >= budget || s->stopping_) return s->Close();
          s->Drain(budget - n);
        });
  }

  void Close() {
    beast::error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_both, ec);
    stream_.close();
  }

  Impl* server_;
  const HttpOptions& options_;
  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  std::unique_ptr<http::response<http::string_body>> response_;
  std::string drain_;
  // The request being answered, and what its answer needs of it: read by
  // a work thread while it answers (the loop leaves it alone meanwhile).
  struct Asked {
    ApiRequest request;
    std::string target;
    unsigned version = 11;
    bool keep_alive = false;
    std::string origin;
  };
  Asked asked_;
  std::list<std::weak_ptr<Session>>::iterator self_;
  bool answering_ = false;  // from a whole request to its answer written
  bool stopping_ = false;
};

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
  acceptor_.async_accept(
      context, [this](beast::error_code ec, tcp::socket s) {
        if (ec == net::error::operation_aborted || !acceptor_.is_open()) {
          return;
        }
        if (ec) {
          // Out of descriptors, say: wait a little rather than spin.
          Log("accept: " + ec.message());
          auto timer = std::make_shared<net::steady_timer>(
              acceptor_.get_executor(), std::chrono::milliseconds(50));
          timer->async_wait([this, timer](beast::error_code) { Accept(); });
          return;
        }
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
        Accept();
      });
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

void HttpServer::Impl::Run() {
  std::vector<net::executor_work_guard<net::io_context::executor_type>> guards;
  for (auto& c : contexts_) guards.push_back(net::make_work_guard(*c));
  net::post(acceptor_.get_executor(), [this] { Accept(); });
  std::vector<std::thread> threads;
  for (auto& c : contexts_) {
    threads.emplace_back([&c] { c->run(); });
  }
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
  guards.clear();
  for (auto& c : contexts_) c->stop();
  for (std::thread& t : threads) t.join();
  pool_.join();
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
void HttpServer::Run() { impl_->Run(); }
void HttpServer::Stop() { impl_->Stop(); }
void HttpServer::set_log(std::function<void(const std::string&)> log) {
  impl_->log_ = std::move(log);
}

}  // namespace slidedb
