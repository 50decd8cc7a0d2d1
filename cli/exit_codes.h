// Exit statuses of the command-line tools (after BSD sysexits.h), documented
// in their --help, in README.md and, with the Status codes they stand for,
// in docs/ERRORS.md.
#ifndef SLIDEDB_CLI_EXIT_CODES_H_
#define SLIDEDB_CLI_EXIT_CODES_H_

#include <ostream>

#include "lib/base/status.h"

namespace slidedb {

inline constexpr int kExitOk = 0;
inline constexpr int kExitUnsolvable = 1;   // some input cannot reach the goal
inline constexpr int kExitFailure = 1;      // slidedb-build: the build failed
inline constexpr int kExitUsage = 64;       // bad options
inline constexpr int kExitDataError = 65;   // some input was malformed
inline constexpr int kExitNoInput = 66;     // the database is missing/unreadable
inline constexpr int kExitUnavailable = 69;  // slidedb-serve cannot listen;
                                             // too little memory
inline constexpr int kExitSoftware = 70;    // an internal error (a bug)
inline constexpr int kExitCantCreate = 73;  // the database cannot be written
inline constexpr int kExitIOError = 74;     // reading the input or writing
                                            // failed (a full disk...)
inline constexpr int kExitTempFail = 75;    // a deadline, or busy: try again

// `status`, unless `out` could not be written to its end (a full disk, a
// closed pipe): then 74, said on `err` by `program`, whatever else
// happened, for what was to be written is lost.
inline int AfterOutput(int status, const char* program, std::ostream& out,
                       std::ostream& err) {
  out.flush();
  if (out) return status;
  err << program
      << ": cannot write the output (a full disk, or a file-size limit?); what "
         "it held was lost\n";
  return kExitIOError;
}

// The exit status of a tool that stops on a failed Status while it reads a
// database and answers (slidedb-query; slidedb-serve as it starts): one
// table for every code (docs/ERRORS.md). Writing a database has its own
// (slidedb-build: 1, 69, 73, 74).
inline int ExitStatusOf(const Status& s) {
  switch (s.code()) {
    case Status::Code::kOk:
      return kExitOk;
    case Status::Code::kInvalidArgument:
    case Status::Code::kNotSupported:
      return kExitUsage;
    case Status::Code::kNotFound:
    case Status::Code::kCorruption:
    case Status::Code::kIOError:
    case Status::Code::kVersionMismatch:
      return kExitNoInput;
    case Status::Code::kResourceExhausted:
      return kExitUnavailable;
    case Status::Code::kDeadlineExceeded:
    case Status::Code::kBusy:
      return kExitTempFail;
    case Status::Code::kInternal:
      break;
  }
  return kExitSoftware;
}

}  // namespace slidedb

#endif  // SLIDEDB_CLI_EXIT_CODES_H_
