#include "python/interrupt.h"

#include <pthread.h>
#include <pybind11/pybind11.h>
#include <pythread.h>
#include <signal.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace py = pybind11;

namespace slidedb::python {

namespace {

static_assert(std::atomic<bool>::is_always_lock_free,
              "set from a signal handler");

using Clock = std::chrono::steady_clock;

// A call shorter than this never changes the SIGINT handler: the two
// system calls would cost more than most answers (microseconds).
constexpr auto kQuick = std::chrono::milliseconds(20);

std::atomic<bool> stop{false};
unsigned long main_thread = 0;  // PyThread_get_thread_ident's
struct sigaction pythons;       // Python's handler while ours is in place

void OnInterrupt(int sig, siginfo_t* info, void* context) {
  stop.store(true);
  if (pythons.sa_flags & SA_SIGINFO) {
    pythons.sa_sigaction(sig, info, context);
  } else {
    pythons.sa_handler(sig);
  }
}

// The main thread's call, and a thread that puts OnInterrupt before
// Python's handler once the call has run kQuick, until it ends.
struct Watch {
  std::mutex mu;
  std::condition_variable cv;
  bool started = false;     // the watching thread
  bool idle = false;        // it waits for a call, without a timeout
  bool active = false;      // a main thread's call runs
  Clock::time_point since;  // when it began
  bool installed = false;   // OnInterrupt is in place
};

Watch& TheWatch() {
  static Watch* watch = new Watch;  // never destroyed: threads at exit
  return *watch;
}

// Under w.mu: OnInterrupt before Python's handler, when that is a
// function (not SIG_DFL or SIG_IGN).
void Install(Watch& w) {
  struct sigaction current;
  if (sigaction(SIGINT, nullptr, &current) != 0) return;
  const bool function =
      (current.sa_flags & SA_SIGINFO) ||
      (current.sa_handler != SIG_DFL && current.sa_handler != SIG_IGN);
  if (!function) return;
  pythons = current;
  struct sigaction ours = current;
  ours.sa_flags |= SA_SIGINFO;
  ours.sa_sigaction = OnInterrupt;
  w.installed = sigaction(SIGINT, &ours, nullptr) == 0;
}

void WatchCalls() {
  Watch& w = TheWatch();
  std::unique_lock<std::mutex> lock(w.mu);
  Clock::time_point last_call = Clock::now();
  while (true) {
    if (w.active) {
      last_call = Clock::now();
      if (!w.installed && last_call - w.since >= kQuick) {
        Install(w);
        w.cv.wait(lock, [&] { return !w.active; });
        continue;
      }
      w.cv.wait_until(lock, w.since + kQuick);
    } else if (Clock::now() - last_call < std::chrono::seconds(1)) {
      w.cv.wait_for(lock, kQuick);  // calls come in runs: no wake-ups
    } else {
      w.idle = true;
      w.cv.wait(lock, [&] { return w.active; });
      w.idle = false;
    }
  }
}

bool OnMainThread() {
  return main_thread != 0 && PyThread_get_thread_ident() == main_thread;
}

}  // namespace

const std::atomic<bool>* StopFlag() { return OnMainThread() ? &stop : nullptr; }

void RecordMainThread() {
  main_thread = py::module_::import("threading")
                    .attr("main_thread")()
                    .attr("ident")
                    .cast<unsigned long>();
  // A child of fork() has no watching thread: it starts its own.
  pthread_atfork(nullptr, nullptr, [] {
    Watch& w = TheWatch();
    new (&w) Watch;
  });
}

InterruptScope::InterruptScope() {
  if (!OnMainThread()) return;
  if (PyErr_CheckSignals() != 0) throw py::error_already_set();
  Watch& w = TheWatch();
  bool wake;
  {
    std::lock_guard<std::mutex> lock(w.mu);
    if (!w.started) {
      std::thread(WatchCalls).detach();
      w.started = true;
    }
    stop.store(false);
    w.active = true;
    w.since = Clock::now();
    wake = w.idle;
  }
  if (wake) w.cv.notify_one();
  watching_ = true;
}

InterruptScope::~InterruptScope() {
  if (watching_) End();
}

void InterruptScope::End() {
  Watch& w = TheWatch();
  bool was_installed;
  {
    std::lock_guard<std::mutex> lock(w.mu);
    w.active = false;
    was_installed = w.installed;
    if (was_installed) {
      sigaction(SIGINT, &pythons, nullptr);
      w.installed = false;
    }
  }
  if (was_installed) w.cv.notify_one();
  watching_ = false;
}

void InterruptScope::Finish() {
  if (!watching_) return;
  End();
  if (stop.load() && PyErr_CheckSignals() != 0) {
    throw py::error_already_set();
  }
}

}  // namespace slidedb::python
