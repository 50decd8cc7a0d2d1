// Ctrl-C during a call: Python runs its SIGINT handler only between
// bytecodes of the main thread, never while a call is in C++, so a long
// search would ignore it. While an InterruptScope lives on the main
// thread, past its first 20 ms (quicker calls pay no system call), a
// SIGINT also sets StopFlag(), which the call's Options::cancel points to:
// its searches stop within milliseconds, and Finish() raises the
// KeyboardInterrupt Python's handler made. A thread of the module's own
// puts the handler in place (a process-wide setting) when a call has run
// 20 ms; it stays, handing every SIGINT on to the handler it found, until
// Python puts another in place (signal.signal), and a later long call puts
// it before that one. When Python's handler is one that returns without
// raising, the stopped call runs again (WithoutGil, python/convert.h), as
// Python's own calls resume after such a handler (PEP 475).
#ifndef SLIDEDB_PYTHON_INTERRUPT_H_
#define SLIDEDB_PYTHON_INTERRUPT_H_

#include <atomic>
#include <cstdint>

namespace slidedb::python {

// The flag a SIGINT sets during a main thread's call; null on any other
// thread, whose calls Ctrl-C does not stop (Python raises
// KeyboardInterrupt in the main thread only).
const std::atomic<bool>* StopFlag();

// How many SIGINTs have set StopFlag() so far: a call that began before
// the count moved may have been stopped by one (DeadlineExceeded), one
// that did not was stopped by its own limits.
uint64_t Interrupts();

// Stops the main thread's call in progress as a SIGINT would (its
// searches watch StopFlag()), with no KeyboardInterrupt: for a call that
// gives up work of its own still running (solve_many whose input raised).
// Does nothing on another thread, whose calls nothing stops. Any call of
// the main thread's clears it as it begins (InterruptScope).
void StopMainThreadCall();

// Records the interpreter's main thread. REQUIRES: the GIL, at import.
void RecordMainThread();

class InterruptScope {
 public:
  // On the main thread: raises a KeyboardInterrupt already pending, clears
  // the flag and has a SIGINT handler put before Python's after 20 ms
  // (when Python's is a function, not SIG_DFL or SIG_IGN), with no lock
  // and no system call. REQUIRES: the GIL.
  InterruptScope();
  // Ends the call (if Finish() has not).
  ~InterruptScope();
  InterruptScope(const InterruptScope&) = delete;
  InterruptScope& operator=(const InterruptScope&) = delete;

  // Ends the call, and raises (py::error_already_set) what Python's
  // handler does about a SIGINT that came meanwhile: a KeyboardInterrupt
  // by default. Returns whether one came and the handler returned without
  // raising: the call was stopped for nothing. REQUIRES: the GIL.
  bool Finish();

 private:
  bool watching_ = false;  // a main thread's call
};

}  // namespace slidedb::python

#endif  // SLIDEDB_PYTHON_INTERRUPT_H_
