// slidedb-serve's signals: SIGINT and SIGTERM stop the server, SIGHUP
// reopens its databases, SIGPIPE is ignored (serve/serve_cli.cc).
#ifndef SLIDEDB_SERVE_SERVE_SIGNALS_H_
#define SLIDEDB_SERVE_SERVE_SIGNALS_H_

#include <signal.h>

#include <ostream>
#include <string>
#include <thread>
#include <vector>

#include "serve/api.h"
#include "serve/http_server.h"

namespace slidedb {

// SIGINT and SIGTERM stop `server`, SIGHUP reopens the databases (said on
// `err`), and SIGPIPE is ignored, while this lives: the handlers write to a
// pipe that a thread of its own reads. The old handlers come back after.
// One at a time in a process.
class ServeSignals {
 public:
  ServeSignals(HttpServer* server, Api* api,
               const std::vector<std::string>& dirs, std::ostream& err)
      : server_(server), api_(api), dirs_(dirs), err_(err) {}
  ServeSignals(const ServeSignals&) = delete;
  ServeSignals& operator=(const ServeSignals&) = delete;
  // False, said on `err`, when the pipe cannot be made. A thread the
  // system cannot start throws (std::system_error, std::bad_alloc) with no
  // handler set.
  bool Start();
  ~ServeSignals();

 private:
  static void ClosePipe();
  void Watch();
  void Reload();

  HttpServer* server_;
  Api* api_;
  const std::vector<std::string>& dirs_;
  std::ostream& err_;
  struct sigaction old_int_, old_term_, old_hup_, old_pipe_;
  std::thread watcher_;
};

}  // namespace slidedb

#endif  // SLIDEDB_SERVE_SERVE_SIGNALS_H_
