#include "query/stop_signal.h"

#include <signal.h>

namespace slidedb {

namespace {

std::atomic<bool> graceful{false};
std::atomic<int> stop_signal{0};
std::atomic<std::atomic<bool>*> cancel_target{nullptr};
static_assert(std::atomic<bool>::is_always_lock_free &&
              std::atomic<int>::is_always_lock_free &&
              std::atomic<std::atomic<bool>*>::is_always_lock_free);

// Atomics' loads and stores, signal(2) and raise(3) only: the
// async-signal-safe calls.
extern "C" void OnStopSignal(int sig) {
  if (graceful.load()) StopBatch(sig);
  signal(sig, SIG_DFL);  // after a stop, a second signal ends it at once
  if (stop_signal.load() == 0) raise(sig);
}

}  // namespace

void CatchStopSignals() {
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
    struct sigaction old {};
    sigaction(sig, nullptr, &old);
    if (old.sa_handler == SIG_IGN) continue;
    struct sigaction on_stop {};
    on_stop.sa_handler = OnStopSignal;
    on_stop.sa_flags = SA_RESTART;
    sigemptyset(&on_stop.sa_mask);
    sigaction(sig, &on_stop, nullptr);
  }
}

void StopBatch(int sig) {
  stop_signal.store(sig);
  std::atomic<bool>* cancel = cancel_target.load();
  if (cancel != nullptr) cancel->store(true);
}

int StopSignal() { return stop_signal.load(); }

void ForgetStopForTest() { stop_signal.store(0); }

GracefulStop::GracefulStop() { graceful.store(true); }

GracefulStop::~GracefulStop() { graceful.store(false); }

CancelOnStop::CancelOnStop(std::atomic<bool>* cancel) {
  cancel_target.store(cancel);
  if (stop_signal.load() != 0) cancel->store(true);
}

CancelOnStop::~CancelOnStop() { cancel_target.store(nullptr); }

DieOnStop::DieOnStop() : was_graceful_(graceful.exchange(false)) {}

DieOnStop::~DieOnStop() { graceful.store(was_graceful_); }

}  // namespace slidedb
