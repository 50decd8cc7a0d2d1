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

// How often the watching thread looks: a call running at two looks in a
// row gets the handler (20-40 ms in). Most answers take microseconds, and
// a system call in each would cost more than the answer.
constexpr auto kQuick = std::chrono::milliseconds(20);

std::atomic<bool> stop{false};
std::atomic<uint64_t> interrupts{0};  // SIGINTs OnInterrupt has seen
static_assert(std::atomic<uint64_t>::is_always_lock_free,
              "counted in a signal handler");
unsigned long main_thread = 0;  // PyThread_get_thread_ident's
struct sigaction pythons;       // the handler OnInterrupt hands on to

void OnInterrupt(int sig, siginfo_t* info, void* context) {
  interrupts.fetch_add(1);
  stop.store(true);
  if (pythons.sa_flags & SA_SIGINFO) {
    pythons.sa_sigaction(sig, info, context);
  } else {
    pythons.sa_handler(sig);
  }
}

// The main thread's call, as the watching thread sees it: atomics the call
// sets without a lock or a system call.
std::atomic<bool> active{false};
std::atomic<uint64_t> calls{0};  // the calls begun (no clock read in one)
std::atomic<bool> idle{false};   // the watching thread waits for a call
// Never destroyed: at exit the watching thread may still wait on them, and
// glibc's condition variable destructor waits for its waiters (the process
// hung in exit() a second after its last call).
std::mutex* idle_mu = new std::mutex;
std::condition_variable* idle_cv = new std::condition_variable;
bool watching = false;  // the watching thread was started (the GIL's)

// OnInterrupt before the SIGINT handler in place, unless it is already
// (it stays: outside a call it only hands on) or the one in place is no
// function (SIG_DFL, SIG_IGN: a Ctrl-C then does what it says).
void Install() {
  struct sigaction current;
  if (sigaction(SIGINT, nullptr, &current) != 0) return;
  if ((current.sa_flags & SA_SIGINFO) && current.sa_sigaction == OnInterrupt) {
    return;
  }
  const bool function =
      (current.sa_flags & SA_SIGINFO) ||
      (current.sa_handler != SIG_DFL && current.sa_handler != SIG_IGN);
  if (!function) return;
  pythons = current;
  struct sigaction ours = current;
  ours.sa_flags |= SA_SIGINFO;
  ours.sa_sigaction = OnInterrupt;
  sigaction(SIGINT, &ours, nullptr);
}

// Looks at the main thread's call every kQuick: one still running that
// was running a look before (the same call: `calls` has not moved) gets
// OnInterrupt in place. After a second without calls it waits to be woken.
void WatchCalls() {
  Clock::time_point last_call = Clock::now();
  uint64_t seen = 0;     // the call running at the last look, 0: none
  uint64_t checked = 0;  // the call OnInterrupt was put in place for
  while (true) {
    std::this_thread::sleep_for(kQuick);
    const Clock::time_point now = Clock::now();
    const uint64_t call = active.load() ? calls.load() : 0;
    if (call != 0 && call == seen && call != checked) {
      Install();
      checked = call;
    }
    seen = call;
    if (call != 0) {
      last_call = now;
    } else if (now - last_call > std::chrono::seconds(1)) {
      std::unique_lock<std::mutex> lock(*idle_mu);
      idle.store(true);
      idle_cv->wait(lock, [] { return active.load(); });
      idle.store(false);
      last_call = Clock::now();
    }
  }
}

bool OnMainThread() {
  return main_thread != 0 && PyThread_get_thread_ident() == main_thread;
}

}  // namespace

const std::atomic<bool>* StopFlag() { return OnMainThread() ? &stop : nullptr; }

uint64_t Interrupts() { return interrupts.load(); }

void StopMainThreadCall() {
  if (OnMainThread()) stop.store(true);
}

void RecordMainThread() {
  main_thread = py::module_::import("threading")
                    .attr("main_thread")()
                    .attr("ident")
                    .cast<unsigned long>();
  // A child of fork() has no watching thread: it starts its own.
  pthread_atfork(nullptr, nullptr, [] {
    watching = false;
    active.store(false);
    idle.store(false);
    idle_mu = new std::mutex;  // the parent's, perhaps held, left alone
    idle_cv = new std::condition_variable;
  });
}

InterruptScope::InterruptScope() {
  if (!OnMainThread()) return;
  if (PyErr_CheckSignals() != 0) throw py::error_already_set();
  if (!watching) {
    std::thread(WatchCalls).detach();
    watching = true;
  }
  stop.store(false);
  calls.fetch_add(1);
  active.store(true);
  if (idle.load()) {
    std::lock_guard<std::mutex> lock(*idle_mu);
    idle_cv->notify_one();
  }
  watching_ = true;
}

InterruptScope::~InterruptScope() {
  if (watching_) active.store(false);
}

bool InterruptScope::Finish() {
  if (!watching_) return false;
  active.store(false);
  watching_ = false;
  if (!stop.load()) return false;
  if (PyErr_CheckSignals() != 0) throw py::error_already_set();
  return true;
}

}  // namespace slidedb::python
