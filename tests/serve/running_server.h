// An HttpServer (serve/http_server.h) in the test's process, on port 0 of
// 127.0.0.1, with its log kept for the test to read.
#ifndef SLIDEDB_TESTS_SERVE_RUNNING_SERVER_H_
#define SLIDEDB_TESTS_SERVE_RUNNING_SERVER_H_

#include <httplib.h>

#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "serve/http_server.h"

namespace slidedb {

// A server running `handler` on a thread until destroyed.
class RunningServer {
 public:
  explicit RunningServer(HttpHandler handler, HttpOptions options = {}) {
    options.port = 0;
    server_ = std::make_unique<HttpServer>(std::move(handler), options);
    server_->set_log([this](const std::string& m) {
      std::lock_guard<std::mutex> lock(mutex_);
      log_.push_back(m);
    });
    ok_ = server_->Listen().ok();
    if (ok_) thread_ = std::thread([this] { server_->Run(); });
  }
  ~RunningServer() {
    if (!ok_) return;
    server_->Stop();
    thread_.join();
  }
  bool ok() const { return ok_; }
  int port() const { return server_->port(); }
  httplib::Client Client() const {
    httplib::Client c("127.0.0.1", server_->port());
    c.set_read_timeout(20);
    return c;
  }
  std::vector<std::string> log() {
    std::lock_guard<std::mutex> lock(mutex_);
    return log_;
  }
  // Whether a line of the log so far holds `words`.
  bool LogSays(const std::string& words) {
    std::lock_guard<std::mutex> lock(mutex_);
    for (const std::string& line : log_) {
      if (line.find(words) != std::string::npos) return true;
    }
    return false;
  }

 private:
  std::unique_ptr<HttpServer> server_;
  std::thread thread_;
  bool ok_ = false;
  std::mutex mutex_;
  std::vector<std::string> log_;
};

}  // namespace slidedb

#endif  // SLIDEDB_TESTS_SERVE_RUNNING_SERVER_H_
