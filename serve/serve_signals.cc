#include "serve/serve_signals.h"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>

#include "lib/base/out_of_memory.h"

namespace slidedb {

namespace {

// Signals reach the server through a pipe, read by a thread that acts on
// them outside the handler.
int g_signal_pipe[2] = {-1, -1};

extern "C" void OnSignal(int sig) {
  const int saved = errno;
  const char c = static_cast<char>(sig);
  if (write(g_signal_pipe[1], &c, 1) < 0) {
    // Nothing to do: the pipe is full of signals already.
  }
  errno = saved;
}

}  // namespace

bool ServeSignals::Start() {
  if (pipe2(g_signal_pipe, O_CLOEXEC | O_NONBLOCK) != 0) {
    err_ << "slidedb-serve: cannot create a pipe\n";
    return false;
  }
  // The thread first: when the system cannot start it, what it threw goes
  // on to the caller (RunServe says memory ran out) with the pipe closed
  // and no handler set that writes to a pipe nobody reads.
  try {
    watcher_ = std::thread([this] { Watch(); });
  } catch (...) {
    ClosePipe();
    throw;
  }
  struct sigaction action = {};
  action.sa_handler = OnSignal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, &old_int_);
  sigaction(SIGTERM, &action, &old_term_);
  sigaction(SIGHUP, &action, &old_hup_);
  struct sigaction ignore = {};
  ignore.sa_handler = SIG_IGN;
  sigaction(SIGPIPE, &ignore, &old_pipe_);
  return true;
}

ServeSignals::~ServeSignals() {
  if (!watcher_.joinable()) return;
  const char stop = 0;
  if (write(g_signal_pipe[1], &stop, 1) < 0) {
    // The watcher thread then waits for a signal; detach instead of join.
    watcher_.detach();
  } else {
    watcher_.join();
  }
  sigaction(SIGINT, &old_int_, nullptr);
  sigaction(SIGTERM, &old_term_, nullptr);
  sigaction(SIGHUP, &old_hup_, nullptr);
  sigaction(SIGPIPE, &old_pipe_, nullptr);
  ClosePipe();
}

void ServeSignals::ClosePipe() {
  close(g_signal_pipe[0]);
  close(g_signal_pipe[1]);
  g_signal_pipe[0] = g_signal_pipe[1] = -1;
}

void ServeSignals::Watch() {
  while (true) {
    pollfd p = {g_signal_pipe[0], POLLIN, 0};
    if (poll(&p, 1, -1) < 0 && errno != EINTR) return;
    char c;
    while (read(g_signal_pipe[0], &c, 1) == 1) {
      if (c == 0) return;  // the server stopped
      if (c == SIGHUP) {
        Reload();
      } else {
        server_->Stop();  // Run() returns once the connections are closed
      }
    }
  }
}

void ServeSignals::Reload() {
  // On the watcher's thread, where no exception may pass: memory that
  // runs out in the reopening leaves the old databases served.
  const Status r = StatusIfOutOfMemory([this] { return api_->Reload(); });
  if (r.ok()) {
    std::string dirs;
    for (const std::string& d : dirs_) dirs += " " + d;
    err_ << "slidedb-serve: reopened the database"
         << (dirs_.size() > 1 ? "s" : "") << dirs << std::endl;
  } else {
    err_ << "slidedb-serve: cannot reopen the database, still "
            "serving the old one: "
         << r.message() << std::endl;
  }
}

}  // namespace slidedb
