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

// {"error": message} with `status`.
ApiResponse Error(int status, const std::string& message);
// `body` as it is, with `status` and `type`.
ApiResponse Json(int status, std::string body, const char* type = kJson);
// The HTTP status of a failed answer: 400 malformed input, 404 a missing
// table or pattern database, 422 a question the goal's tables cannot
// answer (NotSupported), 503 a search stopped at the request's deadline
// or refused at the memory limit (ResourceExhausted), 500 a database that
// cannot be read.
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
  // A flag: absent, "0" or "false" is false; "", "1" or "true" is true.
  // Anything else sets *error.
  bool Flag(const std::string& name, std::string* error) const;
  // board, goal and blank into *config, as every face reads them
  // (lib/answer/goal.h); "" or the message of a 400.
  std::string ReadGoal(const std::string& db_dir, QueryConfig* config) const;

 private:
  const std::multimap<std::string, std::string>& params_;
};

// A JSON array of strings (a POST's body) into *inputs; false, with *error
// saying what is wrong, for any other JSON or text.
bool ParseJsonStrings(const std::string& body,
                      std::vector<std::string>* inputs, std::string* error);

// The parameters every question about a goal takes.
inline constexpr std::initializer_list<const char*> kGoalParams = {
    "board", "goal", "blank", "metric", "notation"};

}  // namespace slidedb

#endif  // SLIDEDB_SERVE_PARAMS_H_
