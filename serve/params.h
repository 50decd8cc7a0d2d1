// The query parameters of one HTTP request, checked against what its
// endpoint takes (serve/api.cc), and the answers' JSON error bodies.
#ifndef SLIDEDB_SERVE_PARAMS_H_
#define SLIDEDB_SERVE_PARAMS_H_

#include <initializer_list>
#include <map>
#include <string>
#include <vector>

#include "lib/answer/goal.h"
#include "lib/base/status.h"
#include "serve/api.h"

namespace slidedb {

inline constexpr char kJson[] = "application/json";
inline constexpr char kJsonLines[] = "application/x-ndjson";

// {"error": message, "code": ...} with `status`. The code is the one the
// HTTP status stands for where the server has no Status of its own: 404
// NotFound, 409 and 503 Busy (its own limits: try again shortly), 501
// NotSupported, 500 Internal, any other InvalidArgument (the request).
ApiResponse Error(int status, const std::string& message);
// {"error": message, "code": s's} with s's HTTP status (HttpStatus).
ApiResponse Error(const Status& s, const std::string& message);
inline ApiResponse Error(const Status& s) { return Error(s, s.message()); }
// "the server ran " and `text` (OutOfMemoryText's words): every refusal
// and log line of the server's own running out of memory, from the API
// and the HTTP layer alike.
inline std::string ServerRan(const std::string& text) {
  return "the server ran " + text;
}
// The refusal of a request on whose way memory (or a thread) ran out: 503,
// ResourceExhausted, in ServerRan's words.
inline ApiResponse RanOutError(const std::string& text) {
  return Error(Status::ResourceExhausted(ServerRan(text)));
}
// `r`, an error, with its message replaced by `message` and its status
// and code kept (a 500's cause, which may name files, kept from clients).
ApiResponse Reworded(const ApiResponse& r, const std::string& message);
// `body` as it is, with `status` and `type`.
ApiResponse Json(int status, std::string body, const char* type = kJson);
// The HTTP status of a failed answer, by its code (docs/ERRORS.md): 400
// malformed input (InvalidArgument), 404 a missing table or pattern
// database (NotFound), 501 a question the goal's tables cannot answer
// (NotSupported), 503 memory ran out (ResourceExhausted), a deadline
// (DeadlineExceeded) or busy (Busy), 500 a database that cannot be read or
// an internal error.
int HttpStatus(const Status& s);

class Params {
 public:
  explicit Params(const std::multimap<std::string, std::string>& params)
      : params_(params) {}

  // A name in neither list, or null when there is none (a name may be
  // empty: "?=1").
  const std::string* Unknown(std::initializer_list<const char*> known,
                             std::initializer_list<const char*> more) const;
  bool Has(const std::string& name) const { return params_.count(name) > 0; }
  const std::string* Get(const std::string& name) const {
    auto it = params_.find(name);
    return it == params_.end() ? nullptr : &it->second;
  }
  // A flag into *value: absent, "0" or "false" is false; "", "1" or "true"
  // is true; anything else is InvalidArgument.
  Status Flag(const std::string& name, bool* value) const;
  // board, goal and blank into *config, as every face reads them
  // (lib/answer/goal.h); InvalidArgument with the message of a 400.
  Status ReadGoal(const std::string& db_dir, QueryConfig* config) const;

 private:
  const std::multimap<std::string, std::string>& params_;
};

// A JSON array of strings (a POST's body) into *inputs; InvalidArgument,
// saying what is wrong, for any other JSON or text.
Status ParseJsonStrings(const std::string& body,
                        std::vector<std::string>* inputs);

// The parameters every question about a goal takes.
inline constexpr std::initializer_list<const char*> kGoalParams = {
    "board", "goal", "blank", "metric", "notation"};

}  // namespace slidedb

#endif  // SLIDEDB_SERVE_PARAMS_H_
