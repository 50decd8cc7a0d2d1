#include "query/stop_signal.h"

#include <signal.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <cerrno>
#include <ios>

namespace slidedb {

namespace {

std::atomic<bool> graceful{false};
std::atomic<int> stop_signal{0};
std::atomic<bool> batch_cancel{false};
static_assert(std::atomic<bool>::is_always_lock_free &&
              std::atomic<int>::is_always_lock_free);

constexpr int kStopSignals[] = {SIGINT, SIGTERM, SIGHUP};

// The first stop of a batch, recorded; false when it is not the first.
bool RecordStop(int sig) {
  int none = 0;
  if (!stop_signal.compare_exchange_strong(none, sig)) return false;
  batch_cancel.store(true);
  return true;
}

// Atomics, signal(2) and raise(3) only: the async-signal-safe calls.
extern "C" void OnStopSignal(int sig) {
  if (graceful.load() && RecordStop(sig)) {
    // Any second signal, of any of the three, ends it at once.
    for (int s : kStopSignals) signal(s, SIG_DFL);
    return;
  }
  signal(sig, SIG_DFL);
  raise(sig);
}

}  // namespace

void CatchStopSignals() {
  for (int sig : kStopSignals) {
    struct sigaction old {};
    sigaction(sig, nullptr, &old);
    if (old.sa_handler == SIG_IGN) continue;
    struct sigaction on_stop {};
    on_stop.sa_handler = OnStopSignal;
    on_stop.sa_flags = 0;  // a read that waits returns EINTR
    sigemptyset(&on_stop.sa_mask);
    sigaction(sig, &on_stop, nullptr);
  }
}

void StopBatch(int sig) { RecordStop(sig); }

int StopSignal() { return stop_signal.load(); }

void ForgetStopForTest() {
  stop_signal.store(0);
  batch_cancel.store(false);
}

std::atomic<bool>* BatchCancel() { return &batch_cancel; }

GracefulStop::GracefulStop() {
  batch_cancel.store(stop_signal.load() != 0);
  graceful.store(true);
}

GracefulStop::~GracefulStop() { graceful.store(false); }

std::streamsize StopAwareInput::showmanyc() {
  int n = 0;
  return ioctl(fd_, FIONREAD, &n) == 0 && n > 0 ? n : 0;
}

StopAwareInput::int_type StopAwareInput::underflow() {
  for (;;) {
    const ssize_t n = read(fd_, buffer_, sizeof buffer_);
    if (n > 0) {
      setg(buffer_, buffer_, buffer_ + n);
      return traits_type::to_int_type(buffer_[0]);
    }
    if (n == 0) return traits_type::eof();
    if (errno == EINTR) {
      if (StopSignal() != 0) return traits_type::eof();
      continue;
    }
    // The stream catches it and sets badbit; errno says why
    // (lib/answer/input_lines.h).
    const int e = errno;
    std::ios_base::failure failure("read");
    errno = e;
    throw failure;
  }
}

}  // namespace slidedb
