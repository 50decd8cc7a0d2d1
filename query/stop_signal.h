// A batch of slidedb-query stopped by a signal (Ctrl-C's SIGINT, SIGTERM,
// SIGHUP) ends at a whole line: the answers written so far are whole and
// flushed, a search under way is stopped, the rest of the input is left,
// and the process then dies by the signal. A second signal ends it at
// once. Outside a batch (and while a batch waits for input, all its
// answers flushed) a signal ends the process at once, as it would without
// the handler. The state is process-wide, as signals are.
#ifndef SLIDEDB_QUERY_STOP_SIGNAL_H_
#define SLIDEDB_QUERY_STOP_SIGNAL_H_

#include <atomic>

namespace slidedb {

// Installs the handler for the signals not ignored when the program
// started (nohup, a background job). Called once, by main.
void CatchStopSignals();

// What the handler does on `sig` but for restoring the signal's default:
// a test's stand-in for a signal.
void StopBatch(int sig);

// The signal that stopped the batch, or 0.
int StopSignal();
// Forgets the stop: a test's, after StopBatch (a process stops once).
void ForgetStopForTest();

// While one lives, a signal stops the batch at a whole line rather than
// ending the process. One at a time.
class GracefulStop {
 public:
  GracefulStop();
  ~GracefulStop();
  GracefulStop(const GracefulStop&) = delete;
  GracefulStop& operator=(const GracefulStop&) = delete;
};

// While one lives, a stop sets `*cancel` (the SearchLimits::cancel of a
// batch's searches), at once if the batch was stopped already. One at a
// time.
class CancelOnStop {
 public:
  explicit CancelOnStop(std::atomic<bool>* cancel);
  ~CancelOnStop();
  CancelOnStop(const CancelOnStop&) = delete;
  CancelOnStop& operator=(const CancelOnStop&) = delete;
};

// While one lives, inside a GracefulStop, a signal ends the process at
// once again: around a read that may wait for input, every answer before
// it written and flushed.
class DieOnStop {
 public:
  DieOnStop();
  ~DieOnStop();
  DieOnStop(const DieOnStop&) = delete;
  DieOnStop& operator=(const DieOnStop&) = delete;

 private:
  bool was_graceful_;
};

}  // namespace slidedb

#endif  // SLIDEDB_QUERY_STOP_SIGNAL_H_
