// slidedb-serve's signals: SIGINT and SIGTERM stop the server, SIGHUP
// reopens its databases, SIGPIPE is ignored (serve/serve_cli.cc).
#ifndef SLIDEDB_SERVE_SERVE_SIGNALS_H_
#define SLIDEDB_SERVE_SERVE_SIGNALS_H_

#include <signal.h>

#include <atomic>
#include <mutex>
#include <ostream>
#include <string>
#include <thread>
#include <vector>

#include "serve/api.h"
#include "serve/http_server.h"

namespace slidedb {

// SIGINT, SIGTERM and SIGHUP taken by a thread of their own, never by a
// handler: Start() blocks them on the calling thread, so in every thread
// started after it (RocksDB's, the server's), and the watcher reads them
// from a signalfd. No signal is then lost to a thread that could not act
// on it (ThreadSanitizer's runtime dropped one that a handler deferred,
// and the server ran on: ServerTest.SigtermRightAfterListeningStopsIt).
// Until Watching, SIGINT and SIGTERM end the process at once, as their
// default actions do (the databases are still opening; an action
// inherited as ignored is set back to the default), and a SIGHUP is said
// to be ignored; after it, while the server closes, they are ignored.
// A SIGHUP's reopening runs on a thread of its own, so that a stop that
// comes meanwhile is taken at once and ends the reopening between pages
// (the old databases served until then); a SIGHUP during a reopening
// reopens once more after it. SIGPIPE is ignored while this lives. One at
// a time in a process; the signals' mask and actions come back after.
class ServeSignals {
 public:
  explicit ServeSignals(std::ostream& err) : err_(err) {}
  ServeSignals(const ServeSignals&) = delete;
  ServeSignals& operator=(const ServeSignals&) = delete;
  // Call before any other thread starts. False, said on `err`, when the
  // descriptors cannot be made. A thread the system cannot start throws
  // (std::system_error, std::bad_alloc) with the mask restored.
  bool Start();
  ~ServeSignals();

  // While this lives, SIGINT and SIGTERM stop `server` and SIGHUP reopens
  // `api`'s databases (`dirs`, for the line that says so). Made after the
  // server and the API, so that it ends before them: it stops a reopening
  // under way and waits for its thread.
  class Watching {
   public:
    Watching(ServeSignals* signals, HttpServer* server, Api* api,
             const std::vector<std::string>& dirs);
    Watching(const Watching&) = delete;
    Watching& operator=(const Watching&) = delete;
    ~Watching();

   private:
    ServeSignals* signals_;
  };

 private:
  void Watch();
  void Take(int sig);
  // On the reopening's thread: reopens `api`'s databases, again while
  // SIGHUPs came meanwhile.
  void Reopen(Api* api, const std::vector<std::string>* dirs);
  // Reopens them once; the line that says how it went.
  std::string Reload(Api* api, const std::vector<std::string>& dirs);
  // The mask and the actions as they were, the descriptors closed.
  void Restore();

  std::ostream& err_;
  sigset_t set_;
  sigset_t old_mask_;
  struct sigaction old_actions_[3];  // SIGINT's, SIGTERM's, SIGHUP's
  struct sigaction old_pipe_;
  int signal_fd_ = -1;
  int stop_fd_ = -1;  // an eventfd: written once, the watcher returns
  std::thread watcher_;
  std::mutex mutex_;  // guards what Watching sets
  HttpServer* server_ = nullptr;
  Api* api_ = nullptr;
  const std::vector<std::string>* dirs_ = nullptr;
  bool served_ = false;  // Watching came: a stop no longer ends at once
  std::thread reopening_;                    // a SIGHUP's (Reopen)
  bool reopening_now_ = false;               // Reopen runs
  bool reopen_again_ = false;                // a SIGHUP came while it ran
  std::atomic<bool> stop_reopening_{false};  // a stop came
};

}  // namespace slidedb

#endif  // SLIDEDB_SERVE_SERVE_SIGNALS_H_
