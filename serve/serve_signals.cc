#include "serve/serve_signals.h"

#include <poll.h>
#include <pthread.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <iterator>

#include "lib/base/out_of_memory.h"

namespace slidedb {

namespace {

constexpr int kTaken[] = {SIGINT, SIGTERM, SIGHUP};

// An action of `handler` (SIG_DFL or SIG_IGN), no flags, nothing masked.
struct sigaction ActionOf(void (*handler)(int)) {
  struct sigaction action = {};
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  return action;
}

}  // namespace

bool ServeSignals::Start() {
  sigemptyset(&set_);
  for (int sig : kTaken) sigaddset(&set_, sig);
  pthread_sigmask(SIG_BLOCK, &set_, &old_mask_);
  // Their default actions, whatever was inherited (a shell ignores SIGINT
  // in a job it starts with &): the signalfd takes them while they are
  // blocked, and one raised before the server runs ends the process.
  const struct sigaction by_default = ActionOf(SIG_DFL);
  for (size_t i = 0; i < std::size(kTaken); ++i) {
    sigaction(kTaken[i], &by_default, &old_actions_[i]);
  }
  signal_fd_ = signalfd(-1, &set_, SFD_CLOEXEC | SFD_NONBLOCK);
  stop_fd_ = eventfd(0, EFD_CLOEXEC);
  if (signal_fd_ < 0 || stop_fd_ < 0) {
    err_ << "slidedb-serve: cannot take signals: " << std::strerror(errno)
         << "\n";
    Restore();
    return false;
  }
  // The thread first: when the system cannot start it, what it threw goes
  // on to the caller (RunServe says memory ran out) with everything as it
  // was before.
  try {
    watcher_ = std::thread([this] { Watch(); });
  } catch (...) {
    Restore();
    throw;
  }
  const struct sigaction ignore = ActionOf(SIG_IGN);
  sigaction(SIGPIPE, &ignore, &old_pipe_);
  return true;
}

ServeSignals::~ServeSignals() {
  if (!watcher_.joinable()) return;
  const uint64_t one = 1;
  if (write(stop_fd_, &one, sizeof one) != sizeof one) {
    // An eventfd refuses a write only past 2^64 - 2: not after one.
  }
  watcher_.join();
  // Watching joined it; a reopening cannot outlive the API it reopens.
  if (reopening_.joinable()) reopening_.join();
  sigaction(SIGPIPE, &old_pipe_, nullptr);
  Restore();
}

void ServeSignals::Restore() {
  // Ignored for a moment first: a stop that came while the server was
  // closing is dropped (setting SIG_IGN discards it), rather than ending
  // the process once unblocked.
  const struct sigaction ignore = ActionOf(SIG_IGN);
  for (int sig : kTaken) sigaction(sig, &ignore, nullptr);
  pthread_sigmask(SIG_SETMASK, &old_mask_, nullptr);
  for (size_t i = 0; i < std::size(kTaken); ++i) {
    sigaction(kTaken[i], &old_actions_[i], nullptr);
  }
  for (int* fd : {&signal_fd_, &stop_fd_}) {
    if (*fd >= 0) close(*fd);
    *fd = -1;
  }
}

void ServeSignals::Watch() {
  pollfd p[2] = {{signal_fd_, POLLIN, 0}, {stop_fd_, POLLIN, 0}};
  while (true) {
    if (poll(p, 2, -1) < 0) {
      if (errno == EINTR) continue;
      return;
    }
    if (p[1].revents != 0) return;  // the destructor's
    signalfd_siginfo info;
    while (read(signal_fd_, &info, sizeof info) == sizeof info) {
      Take(static_cast<int>(info.ssi_signo));
    }
  }
}

void ServeSignals::Take(int sig) {
  std::unique_lock<std::mutex> lock(mutex_);
  if (sig == SIGHUP) {
    if (api_ == nullptr || stop_reopening_) {
      err_ << "slidedb-serve: SIGHUP ignored: the databases are "
           << (served_ ? "closing" : "still opening") << std::endl;
    } else if (reopening_now_) {
      reopen_again_ = true;
    } else {
      if (reopening_.joinable()) reopening_.join();  // it has said how it went
      reopening_now_ = true;
      try {
        reopening_ = std::thread(
            [this, api = api_, dirs = dirs_] { Reopen(api, dirs); });
      } catch (...) {
        // No thread for it (memory or threads ran out): here, under the
        // lock, which ~Watching takes before the API goes; a stop waits.
        reopening_now_ = false;
        err_ << Reload(api_, *dirs_) << std::endl;
      }
    }
    return;
  }
  stop_reopening_ = true;  // the old databases serve on until the close
  if (server_ != nullptr) {
    server_->Stop();  // Run() returns once the connections are closed
    return;
  }
  if (served_) return;  // stopped already: the server is closing
  // Nothing served yet: what the signal does to any program, which ends
  // this one (raise() sends it to this thread, where it is unblocked, and
  // its action is the default).
  lock.unlock();
  sigset_t only;
  sigemptyset(&only);
  sigaddset(&only, sig);
  pthread_sigmask(SIG_UNBLOCK, &only, nullptr);
  raise(sig);
  pthread_sigmask(SIG_BLOCK, &only, nullptr);  // not reached
}

void ServeSignals::Reopen(Api* api, const std::vector<std::string>* dirs) {
  for (;;) {
    const std::string said = Reload(api, *dirs);
    std::lock_guard<std::mutex> lock(mutex_);  // the watcher writes err_ too
    err_ << said << std::endl;
    if (!reopen_again_ || stop_reopening_) {
      reopen_again_ = false;
      reopening_now_ = false;
      return;
    }
    reopen_again_ = false;
  }
}

std::string ServeSignals::Reload(Api* api,
                                 const std::vector<std::string>& dirs) {
  // On a thread where no exception may pass: memory that runs out in the
  // reopening leaves the old databases served.
  const Status r = StatusIfOutOfMemory(
      [api, this] { return api->Reload(nullptr, &stop_reopening_); });
  const std::string plural = dirs.size() > 1 ? "s" : "";
  if (r.ok()) {
    std::string said = "slidedb-serve: reopened the database" + plural;
    for (const std::string& d : dirs) said += " " + d;
    return said;
  }
  if (r.IsDeadlineExceeded() && stop_reopening_) {
    return "slidedb-serve: stopped reopening the database" + plural +
           ": the server is closing";
  }
  return "slidedb-serve: cannot reopen the database, still serving the old "
         "one: " +
         r.message();
}

ServeSignals::Watching::Watching(ServeSignals* signals, HttpServer* server,
                                 Api* api, const std::vector<std::string>& dirs)
    : signals_(signals) {
  std::lock_guard<std::mutex> lock(signals_->mutex_);
  signals_->server_ = server;
  signals_->api_ = api;
  signals_->dirs_ = &dirs;
  signals_->served_ = true;
}

ServeSignals::Watching::~Watching() {
  std::thread reopening;
  {
    std::lock_guard<std::mutex> lock(signals_->mutex_);
    signals_->server_ = nullptr;
    signals_->api_ = nullptr;
    signals_->dirs_ = nullptr;
    signals_->stop_reopening_ = true;  // between pages: at once
    reopening = std::move(signals_->reopening_);
  }
  // Unlocked: the reopening takes the lock as it ends.
  if (reopening.joinable()) reopening.join();
}

}  // namespace slidedb
