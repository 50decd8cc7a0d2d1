#include "lib/base/status.h"

namespace slidedb {

std::string Status::ToString() const {
  switch (code_) {
    case Code::kOk:
      return "OK";
    case Code::kInvalidArgument:
      return "invalid argument: " + message_;
    case Code::kNotFound:
      return "not found: " + message_;
    case Code::kCorruption:
      return "corruption: " + message_;
    case Code::kIOError:
      return "I/O error: " + message_;
    case Code::kNotSupported:
      return "not supported: " + message_;
    case Code::kVersionMismatch:
      return "version mismatch: " + message_;
    case Code::kBusy:
      return "busy: " + message_;
    case Code::kDeadlineExceeded:
      return "deadline exceeded: " + message_;
    case Code::kResourceExhausted:
      return "resource exhausted: " + message_;
    case Code::kInternal:
      return "internal error: " + message_;
  }
  return message_;
}

const char* Status::CodeName() const {
  switch (code_) {
    case Code::kOk:
      return "OK";
    case Code::kInvalidArgument:
      return "InvalidArgument";
    case Code::kNotFound:
      return "NotFound";
    case Code::kCorruption:
      return "Corruption";
    case Code::kIOError:
      return "IOError";
    case Code::kNotSupported:
      return "NotSupported";
    case Code::kVersionMismatch:
      return "VersionMismatch";
    case Code::kBusy:
      return "Busy";
    case Code::kDeadlineExceeded:
      return "DeadlineExceeded";
    case Code::kResourceExhausted:
      return "ResourceExhausted";
    case Code::kInternal:
      return "Internal";
  }
  return "Internal";
}

}  // namespace slidedb
