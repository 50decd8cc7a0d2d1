// HttpServer::Impl::Session's answers (serve/http_session.h): the API's
// response or a refusal written, the connection then kept for the next
// request or ended without losing what was written. Included by
// serve/http_server.cc alone, after serve/http_session.h.
#ifndef SLIDEDB_SERVE_HTTP_SESSION_ANSWER_H_
#define SLIDEDB_SERVE_HTTP_SESSION_ANSWER_H_

#include <memory>
#include <string>
#include <utility>

#include "serve/http_session.h"

namespace slidedb {

inline void HttpServer::Impl::Session::Respond(ApiResponse r) {
  const Asked& q = asked_;
  if (client_gone_) {
    // No one to answer: the log says so (499, as nginx writes it).
    server_->Log("499 " + q.request.method + " " + q.target +
                 ": the client closed the connection; its work stopped");
    if (options_.access_log) {
      logged_.status = 499;
      logged_.took = Clock::now() - head_at_;
      options_.access_log(logged_);
    }
    answering_ = false;
    return Close();
  }
  if (r.status == 500) {
    // The cause may name files: it goes to the log, not the client.
    server_->Log(q.request.method + " " + q.target + ": " +
                 r.body.substr(0, r.body.size() - (r.body.empty() ? 0 : 1)));
    r = Reworded(r,
                 "the server could not answer (a database it cannot "
                 "read, or an internal error); its log says why");
  }
  if (r.status == 503 && server_->stopping_.load()) {
    r = Error(503, "the server is stopping");  // Busy, whatever it was
  }
  if (r.status == 503) {
    // Refused work leaves a trace whether or not there is an access log.
    server_->Log("503 " + q.request.method + " " + q.target + ": " +
                 r.body.substr(0, r.body.size() - (r.body.empty() ? 0 : 1)));
  }
  if (options_.access_log) logged_.searched = SearchedStates(r.body);
  auto res = std::make_unique<http::response<http::string_body>>(
      static_cast<http::status>(r.status), q.version);
  if (!r.content_type.empty()) {
    res->set(http::field::content_type,
             http_session::BeastView(r.content_type));
  }
  if (!r.allow.empty()) res->set(http::field::allow, r.allow);
  if (!r.note.empty()) res->set(kNoteHeader, r.note);
  if (SendsRetryAfter(r)) res->set(http::field::retry_after, "1");
  if (Cors(q.origin, r, res.get()) && r.status == 204) {
    res->set(http::field::access_control_allow_methods, "GET, HEAD, POST");
    res->set(http::field::access_control_allow_headers, "Content-Type");
    res->set(http::field::access_control_max_age, "600");
  }
  const bool keep_alive = q.keep_alive && !stopping_;
  res->keep_alive(keep_alive);
  if (r.status != 204) res->content_length(r.body.size());
  if (q.request.method != "HEAD") res->body() = std::move(r.body);
  Write(std::move(res), !keep_alive);
}

inline bool HttpServer::Impl::Session::Cors(const std::string& origin) const {
  return !options_.cors_origin.empty() && !origin.empty() &&
         (options_.cors_origin == "*" || options_.cors_origin == origin);
}

inline bool HttpServer::Impl::Session::Cors(
    const std::string& origin, const ApiResponse& r,
    http::response<http::string_body>* res) const {
  if (!Cors(origin)) return false;
  res->set(http::field::access_control_allow_origin,
           options_.cors_origin == "*" ? "*" : origin);
  res->set(http::field::vary, "Origin");
  const std::string expose = ExposedHeaders(r);
  if (!expose.empty()) {
    res->set(http::field::access_control_expose_headers, expose);
  }
  return true;
}

inline void HttpServer::Impl::Session::Refuse(const ApiResponse& error) {
  answering_ = true;
  auto res = std::make_unique<http::response<http::string_body>>(
      static_cast<http::status>(error.status), 11);
  res->set(http::field::content_type, kJson);
  if (SendsRetryAfter(error)) res->set(http::field::retry_after, "1");
  // A page of a --cors origin reads the refusal too, once the head that
  // names its origin has come.
  if (parser_ && parser_->is_header_done()) {
    Cors(std::string(http_session::View(parser_->get()[http::field::origin])),
         error, res.get());
  }
  res->keep_alive(false);
  res->body() = error.body;
  res->prepare_payload();
  Write(std::move(res), true);
}

inline void HttpServer::Impl::Session::Write(
    std::unique_ptr<http::response<http::string_body>> res, bool close) {
  if (options_.access_log) {
    logged_.status = res->result_int();
    logged_.bytes = res->body().size();
    logged_.took = Clock::now() - head_at_;
    options_.access_log(logged_);
  }
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

inline void HttpServer::Impl::Session::Linger() {
  beast::error_code ec;
  stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
  if (ec || stopping_) return Close();
  stream_.expires_after(std::chrono::seconds(1));
  Drain(1 << 20);
}

inline void HttpServer::Impl::Session::Drain(size_t budget) {
  drain_.resize(16384);
  stream_.async_read_some(
      net::buffer(drain_),
      [s = shared_from_this(), budget](beast::error_code ec, size_t n) {
        if (ec || n >= budget || s->stopping_) return s->Close();
        s->Drain(budget - n);
      });
}

}  // namespace slidedb

#endif  // SLIDEDB_SERVE_HTTP_SESSION_ANSWER_H_
