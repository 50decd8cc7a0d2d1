// The access log of slidedb-serve (--access-log FILE|-): one line a
// request, in the Common Log Format with three fields added (docs/SERVE.md,
// "Access log"):
//
//   CLIENT - - [TIME] "METHOD TARGET HTTP/V" STATUS BYTES MS WORK
//
// MS the milliseconds from the request's head to its answer; WORK the
// states a search generated (searched=N) when the answer says, else "-".
#ifndef SLIDEDB_SERVE_ACCESS_LOG_H_
#define SLIDEDB_SERVE_ACCESS_LOG_H_

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <string>
#include <string_view>

#include "lib/base/status.h"

namespace slidedb {

struct AccessRecord {
  std::string client;   // the peer's address; "-" when unknown
  std::string method;   // "-" when the head was not read
  std::string target;   // as sent (escaped when written)
  unsigned version = 11;
  int status = 0;
  uint64_t bytes = 0;   // of the body sent
  std::chrono::steady_clock::duration took{};
  int64_t searched = -1;  // states a search generated; -1: not known
};

// The line of `r`, without its newline, `now` its time.
std::string AccessLine(const AccessRecord& r,
                       std::chrono::system_clock::time_point now);

// The states a search generated, read off a single answer's JSON body
// ("nodes"), or -1.
int64_t SearchedStates(std::string_view body);

// Appends lines to a file or standard output; thread-safe.
class AccessLog {
 public:
  // "-": standard output; else the file, appended to (created if need be).
  Status Open(const std::string& path);
  ~AccessLog();
  void Write(const AccessRecord& r);

 private:
  std::mutex mutex_;
  std::FILE* file_ = nullptr;  // guarded by mutex_
  bool own_ = false;
};

}  // namespace slidedb

#endif  // SLIDEDB_SERVE_ACCESS_LOG_H_
