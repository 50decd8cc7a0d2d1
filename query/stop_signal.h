// A batch of slidedb-query stopped by a signal (Ctrl-C's SIGINT, SIGTERM,
// SIGHUP) ends at a whole line: the answers written so far are whole and
// flushed, a search under way is stopped and not written, the rest of the
// input is left, and the process then dies by the signal. A second signal
// ends it at once. Outside a batch a signal ends the process at once, as
// it would without the handler. The state is process-wide, as signals are.
#ifndef SLIDEDB_QUERY_STOP_SIGNAL_H_
#define SLIDEDB_QUERY_STOP_SIGNAL_H_

#include <atomic>
#include <streambuf>

namespace slidedb {

// Installs the handler for the signals not ignored when the program
// started (nohup, a background job), without SA_RESTART: a read that
// waits for input returns (StopAwareInput). Called once, by main.
void CatchStopSignals();

// What the handler does on `sig` in a batch, but for ending the process
// on a second signal: a test's stand-in for a signal.
void StopBatch(int sig);

// The signal that stopped the batch, or 0.
int StopSignal();
// Forgets the stop: a test's, after StopBatch (a process stops once).
void ForgetStopForTest();

// Set with the stop: the SearchLimits::cancel of a batch's searches
// (static, so that a handler never writes through a pointer gone stale).
std::atomic<bool>* BatchCancel();

// While one lives, a signal stops the batch at a whole line rather than
// ending the process. One at a time.
class GracefulStop {
 public:
  GracefulStop();
  ~GracefulStop();
  GracefulStop(const GracefulStop&) = delete;
  GracefulStop& operator=(const GracefulStop&) = delete;
};

// Standard input for slidedb-query: reads `fd` in blocks, and ends (as at
// the end of the input) when a stop interrupts a read that waits; a read
// that fails sets the stream's badbit with errno, as a file buffer does.
class StopAwareInput : public std::streambuf {
 public:
  explicit StopAwareInput(int fd) : fd_(fd) {}

 protected:
  int_type underflow() override;
  // The bytes a read would give at once (FIONREAD), as a file buffer tells
  // them: a batch reads on across its buffer's end when more is there
  // (StateSource::MightWait).
  std::streamsize showmanyc() override;

 private:
  int fd_;
  char buffer_[1 << 16];
};

}  // namespace slidedb

#endif  // SLIDEDB_QUERY_STOP_SIGNAL_H_
