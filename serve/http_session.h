// One connection of HttpServer (serve/http_server.h): reads a request
// within its deadlines and limits, has it answered, writes the answer, and
// reads the next. Included by serve/http_server.cc alone.
#ifndef SLIDEDB_SERVE_HTTP_SESSION_H_
#define SLIDEDB_SERVE_HTTP_SESSION_H_

#include <sys/socket.h>
#include <sys/types.h>

#include <atomic>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <cerrno>
#include <chrono>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "lib/base/ascii.h"
#include "serve/http_fields.h"
#include "serve/http_impl.h"
#include "serve/params.h"
#include "serve/url.h"

namespace slidedb {

namespace beast = boost::beast;
namespace http = beast::http;

namespace http_session {

using Clock = std::chrono::steady_clock;

inline std::string_view View(beast::string_view v) {
  return {v.data(), v.size()};
}
inline beast::string_view BeastView(std::string_view v) {
  return {v.data(), v.size()};
}

// The longest request target taken (414 past it).
inline constexpr size_t kMaxTarget = 8192;

}  // namespace http_session

// One connection: reads a request, answers it, and reads the next, on the
// event loop that accepted it (one thread: no locking). At most one request
// is read or answered at a time.
class HttpServer::Impl::Session : public std::enable_shared_from_this<Session> {
  using Clock = http_session::Clock;

 public:
  Session(Impl* server, tcp::socket socket)
      : server_(server),
        options_(server->options_),
        stream_(std::move(socket)),
        buffer_(options_.head_limit + 4096) {}
  ~Session() {
    std::lock_guard<std::mutex> lock(server_->mutex_);
    if (listed_) server_->sessions_.erase(self_);
    server_->changed_.notify_all();
  }

  void Start(std::list<std::weak_ptr<Session>>::iterator self) {
    self_ = self;
    listed_ = true;
    beast::error_code ec;
    const auto peer = stream_.socket().remote_endpoint(ec);
    if (!ec) client_ = peer.address().to_string();
    net::dispatch(stream_.get_executor(),
                  [s = shared_from_this()] { s->WaitForRequest(); });
  }

  // From Stop(): a connection between requests (or still reading one) is
  // closed now; one being answered after its answer is written, or, with
  // `force`, now.
  void Stop(bool force) {
    cancel_ = true;  // a search in flight stops now (read by a work thread)
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
    Arm(options_.idle_timeout);
    stream_.async_read_some(
        buffer_.prepare(4096),
        [s = shared_from_this()](beast::error_code ec, size_t n) {
          s->Disarm();
          if (ec) return s->Close();
          s->buffer_.commit(n);
          s->ReadHead();
        });
  }

  void ReadHead() {
    logged_ = AccessRecord();
    logged_.client = client_;
    head_at_ = Clock::now();
    parser_.emplace();
    parser_->header_limit(static_cast<uint32_t>(options_.head_limit));
    parser_->body_limit(options_.body_limit);
    Arm(options_.head_timeout);
    http::async_read_header(
        stream_, buffer_, *parser_,
        [s = shared_from_this()](beast::error_code ec, size_t) {
          s->Disarm();
          s->OnHead(ec);
        });
  }

  void OnHead(beast::error_code ec) {
    if (ec == net::error::operation_aborted && timed_out_ && !stopping_) {
      return Refuse(408, "the request's head did not arrive within " +
                             Seconds(options_.head_timeout));
    }
    if (ec == http::error::end_of_stream || ec == net::error::eof ||
        ec == net::error::operation_aborted) {
      return Close();
    }
    if (ec == http::error::header_limit || ec == http::error::buffer_overflow) {
      return Refuse(431, "the request's head is larger than " +
                             std::to_string(options_.head_limit) + " bytes");
    }
    if (ec == http::error::body_limit) return RefuseBody();
    if (ec) return Refuse(400, "malformed request: " + ec.message());
    const auto& req = parser_->get();
    logged_.method = std::string(http_session::View(req.method_string()));
    logged_.target = std::string(http_session::View(req.target()));
    logged_.version = req.version();
    if (req.target().size() > http_session::kMaxTarget) {
      return Refuse(414, "the URL is longer than " +
                             std::to_string(http_session::kMaxTarget) +
                             " bytes");
    }
    if (static_cast<size_t>(std::distance(req.begin(), req.end())) >
        options_.max_fields) {
      return Refuse(431, "the request has more than " +
                             std::to_string(options_.max_fields) +
                             " header fields");
    }
    // Two Host fields name no one host (RFC 9112 3.2): which one a proxy
    // in front read is not known.
    if (req.count(http::field::host) > 1) {
      return Refuse(400, "the request has more than one Host header");
    }
    // Every HTTP/1.1 request names its host (RFC 9112 3.2), even one whose
    // target does; HTTP/1.0 need not.
    if (req.version() >= 11 && req.count(http::field::host) == 0) {
      return Refuse(400, "an HTTP/1.1 request must have a Host header");
    }
    // A target in absolute form names the host itself; the Host field is
    // then ignored (RFC 9112 3.2.2).
    std::string_view authority;
    absolute_ = SplitAbsoluteForm(http_session::View(req.target()), &authority,
                                  &origin_form_);
    if (absolute_ && HostName(authority).empty()) {
      return Refuse(400, "the request target's host '" +
                             std::string(authority) + "' is malformed");
    }
    const auto host = req.find(http::field::host);
    const std::string named =
        absolute_           ? std::string(authority)
        : host != req.end() ? std::string(http_session::View(host->value()))
                            : std::string();
    if (server_->check_host_ && (absolute_ || host != req.end()) &&
        !AllowedHost(named)) {
      return Refuse(403,
                    "this server answers requests for the loopback "
                    "host names only, not '" +
                        named + "' (slidedb-serve --allow-host NAME)");
    }
    if (parser_->is_done()) return AnswerOrRefuse();
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
    Arm(options_.body_timeout);
    http::async_read(stream_, buffer_, *parser_,
                     [s = shared_from_this()](beast::error_code ec, size_t) {
                       s->Disarm();
                       s->OnBody(ec);
                     });
  }

  void OnBody(beast::error_code ec) {
    if (ec == http::error::body_limit) return RefuseBody();
    if (ec == net::error::operation_aborted && timed_out_ && !stopping_) {
      return Refuse(408, "the request's body did not arrive within " +
                             Seconds(options_.body_timeout));
    }
    if (ec == net::error::operation_aborted) return Close();
    if (ec) return Refuse(400, "malformed request body: " + ec.message());
    AnswerOrRefuse();
  }

  void RefuseBody() {
    Refuse(413, "the body is larger than " +
                    std::to_string(options_.body_limit) + " bytes");
  }

  bool AllowedHost(const std::string& host) const {
    if (IsLoopbackHost(host)) return true;
    const std::string name = HostName(host);
    if (name.empty()) return false;
    for (const std::string& allowed : options_.allowed_hosts) {
      if (AsciiLower(allowed) == name) return true;
    }
    return false;
  }

  static std::string Seconds(std::chrono::milliseconds d) {
    const auto ms = d.count();
    return ms % 1000 == 0 ? std::to_string(ms / 1000) + " s"
                          : std::to_string(ms) + " ms";
  }

  // Memory that runs out on the way to an answer, outside the API (which
  // refuses its own running out): this request is refused (503), as the
  // API would, and the connection closed; the server goes on.
  void AnswerOrRefuse() {
    queued_ = false;
    if (!RanOutOfMemory([this] { Answer(); }) || queued_) return;
    const std::string text = OutOfMemoryText(false);
    server_->Log("503 " + logged_.method + " " + logged_.target + ": " +
                 ServerRan(text));
    Refuse(RanOutError(text));
  }

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
    if (!ParseTarget(absolute_ ? std::string_view(origin_form_)
                               : http_session::View(req.target()),
                     &q.request.path, &q.request.params, &error)) {
      return Refuse(400, error);
    }
    const auto type = req.find(http::field::content_type);
    if (type != req.end()) {
      q.request.content_type = MediaType(http_session::View(type->value()));
    }
    // A compressed body would be read as text: refused, as the types the
    // server does not take are (415).
    const auto coding = req.find(http::field::content_encoding);
    if (coding != req.end() && !beast::iequals(coding->value(), "identity")) {
      return Refuse(415, "Content-Encoding '" +
                             std::string(http_session::View(coding->value())) +
                             "' is not taken: send the body as it is");
    }
    q.request.body = std::move(req.body());
    q.request.limits.deadline = Clock::now() + options_.work_timeout;
    // This request's own flag: set by the server's stop (Stop(); a stop
    // that came first is seen here, as it set stopping_ before) and by the
    // client's leaving (WatchClient).
    cancel_ = false;
    if (server_->stopping_.load()) cancel_ = true;
    client_gone_ = false;
    q.request.limits.cancel = &cancel_;
    q.target = std::string(http_session::View(req.target()));
    q.version = req.version();
    q.keep_alive = req.keep_alive() && !stopping_;
    q.origin = std::string(http_session::View(req[http::field::origin]));
    if (q.request.method == "OPTIONS" && Cors(q.origin) &&
        req.find(http::field::access_control_request_method) != req.end()) {
      ApiResponse preflight;
      preflight.status = 204;
      return Respond(std::move(preflight));
    }
    if (options_.offload && options_.offload(q.request)) return Offload();
    Respond(server_->Answered(q.request));
  }

  // A request that may take long, on the work threads: queued (or refused
  // when the queue is full), refused at its deadline if still queued then,
  // and cancelled if its client leaves (serve/http_session_work.h).
  void Offload();
  void Queue();
  void Reply(ApiResponse r);
  void WaitForWork();
  void AwaitWork();
  void WatchClient();

  void Respond(ApiResponse r);
  bool Cors(const std::string& origin) const;
  // Cors(origin), and then `res` says so, with `r`'s headers a page may
  // read.
  bool Cors(const std::string& origin, const ApiResponse& r,
            http::response<http::string_body>* res) const;
  // Answers an error and closes the connection: what is left of the
  // request is not read. The code is the one `status` stands for (Error).
  void Refuse(int status, const std::string& message) {
    Refuse(Error(status, message));
  }
  // `error` with its own code, and Retry-After where it helps.
  void Refuse(const ApiResponse& error);
  void Write(std::unique_ptr<http::response<http::string_body>> res,
             bool close);
  // After an answer that ends the connection: says so (FIN), then reads
  // and drops what the client still sends for a moment, so that closing
  // does not reset the connection before the client reads the answer.
  void Linger();
  void Drain(size_t budget);

  // A read's deadline. tcp_stream's own closes the socket when it expires,
  // which leaves no way to say 408: this timer cancels the read instead.
  void Arm(std::chrono::milliseconds after) {
    stream_.expires_never();
    timed_out_ = false;
    timer_.expires_after(after);
    // A wait that expired as its read ended may still run after the next
    // Arm(): the generation tells it apart.
    const uint64_t armed = ++armed_;
    timer_.async_wait([s = shared_from_this(), armed](beast::error_code ec) {
      // The read ended first, or another deadline replaced this one.
      if (ec || armed != s->armed_) return;
      s->timed_out_ = true;
      beast::error_code ignored;
      s->stream_.socket().cancel(ignored);
    });
  }

  // The read ended: its deadline no longer applies (timed_out_ stays as it
  // is, for the read's handler).
  void Disarm() {
    ++armed_;
    timer_.cancel();
  }

  void Close() {
    Disarm();
    work_timer_.cancel();
    beast::error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_both, ec);
    stream_.close();
  }

  Impl* server_;
  const HttpOptions& options_;
  beast::tcp_stream stream_;
  net::steady_timer timer_{stream_.get_executor()};  // Arm()
  bool timed_out_ = false;                           // the last Arm() expired
  uint64_t armed_ = 0;                               // Arm()s so far
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
  bool listed_ = false;        // self_ is this session's place in sessions_
  std::string client_;         // the peer's address
  AccessRecord logged_;        // the request being answered, for the log
  bool absolute_ = false;      // its target is in absolute form:
  std::string origin_form_;    // then this is its path and query
  Clock::time_point head_at_;  // when its head was first read
  bool answering_ = false;     // from a whole request to its answer written
  bool watching_ = false;      // WatchClient's wait is for the current request
  bool client_gone_ = false;   // the client left while its request ran
  bool queued_ = false;        // it went to the work threads (Offload)
  // The request's cancel flag (SearchLimits::cancel), read by the work
  // thread that answers it.
  std::atomic<bool> cancel_{false};
  // The request on the work threads: waiting for one, taken by one, or
  // refused at its deadline while it waited (WaitForWork), whichever of
  // the two last comes first; or taken, then lost for want of memory.
  static constexpr int kQueued = 0, kRunning = 1, kRefused = 2, kLost = 3;
  std::atomic<int> work_{kQueued};
  net::steady_timer work_timer_{stream_.get_executor()};
  bool stopping_ = false;
};

}  // namespace slidedb

#endif  // SLIDEDB_SERVE_HTTP_SESSION_H_
