// Status: the result of a library call that can fail. The library reports
// failures through Status values, never through exceptions. Part of the
// public API (slidedb/slidedb.h); lib/base/status.h includes it.
#ifndef SLIDEDB_STATUS_H_
#define SLIDEDB_STATUS_H_

#include <string>
#include <utility>

namespace slidedb {

// Callers branch on the code (IsNotFound() ...), never on the message, which
// is for people and may change. docs/ERRORS.md has each code's meaning and
// what every face makes of it (HTTP status, exit status, Python exception).
class [[nodiscard]] Status {
 public:
  enum class Code {
    kOk = 0,
    kInvalidArgument,  // malformed input from a user
    kNotFound,         // a database or table that is not there
    kCorruption,       // stored data that breaks the format
    kIOError,          // the file system or RocksDB said no
    // A question the database holds no answer for on this board: counting
    // optimal solutions, say, where only pattern databases are stored.
    kNotSupported,
    // A database written in a format this version does not read:
    // `slidedb-build --rebuild` makes it anew.
    kVersionMismatch,
    // The database is being written by another slidedb-build.
    kBusy,
    // Work stopped at its deadline or budget (a server's search), with no
    // answer: asking again with more time may answer.
    kDeadlineExceeded,
    // Memory ran out: the system refused an allocation, or the work would
    // pass a limit on the memory it may hold (a server's --memory-limit).
    // Asking again when less is held, or on a machine with more memory,
    // may answer.
    kResourceExhausted,
    // slidedb broke one of its own invariants: a bug, whatever was asked.
    kInternal,
  };

  Status() = default;

  static Status OK() { return Status(); }
  static Status InvalidArgument(std::string msg) {
    return Status(Code::kInvalidArgument, std::move(msg));
  }
  static Status NotFound(std::string msg) {
    return Status(Code::kNotFound, std::move(msg));
  }
  static Status Corruption(std::string msg) {
    return Status(Code::kCorruption, std::move(msg));
  }
  static Status IOError(std::string msg) {
    return Status(Code::kIOError, std::move(msg));
  }
  static Status NotSupported(std::string msg) {
    return Status(Code::kNotSupported, std::move(msg));
  }
  static Status VersionMismatch(std::string msg) {
    return Status(Code::kVersionMismatch, std::move(msg));
  }
  static Status Busy(std::string msg) {
    return Status(Code::kBusy, std::move(msg));
  }
  static Status DeadlineExceeded(std::string msg) {
    return Status(Code::kDeadlineExceeded, std::move(msg));
  }
  static Status ResourceExhausted(std::string msg) {
    return Status(Code::kResourceExhausted, std::move(msg));
  }
  static Status Internal(std::string msg) {
    return Status(Code::kInternal, std::move(msg));
  }

  bool ok() const { return code_ == Code::kOk; }
  bool IsInvalidArgument() const { return code_ == Code::kInvalidArgument; }
  bool IsNotFound() const { return code_ == Code::kNotFound; }
  bool IsCorruption() const { return code_ == Code::kCorruption; }
  bool IsIOError() const { return code_ == Code::kIOError; }
  bool IsNotSupported() const { return code_ == Code::kNotSupported; }
  bool IsVersionMismatch() const { return code_ == Code::kVersionMismatch; }
  bool IsBusy() const { return code_ == Code::kBusy; }
  bool IsDeadlineExceeded() const {
    return code_ == Code::kDeadlineExceeded;
  }
  bool IsResourceExhausted() const {
    return code_ == Code::kResourceExhausted;
  }
  bool IsInternal() const { return code_ == Code::kInternal; }
  Code code() const { return code_; }

  // The message alone, for people ("" when ok).
  const std::string& message() const { return message_; }
  // "OK", or a prefix naming the kind of failure, then the message.
  std::string ToString() const;
  // The code's name as docs/ERRORS.md writes it ("OK", "InvalidArgument",
  // "DeadlineExceeded" ...): the "code" of JSON errors, for programs.
  const char* CodeName() const;

 private:
  Status(Code code, std::string msg) : code_(code), message_(std::move(msg)) {}

  Code code_ = Code::kOk;
  std::string message_;
};

}  // namespace slidedb

#endif  // SLIDEDB_STATUS_H_
