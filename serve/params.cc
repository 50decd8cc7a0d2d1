#include "serve/params.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <utility>

#include "lib/answer/json_text.h"
#include "lib/base/ascii.h"

namespace slidedb {

namespace {

ApiResponse ErrorOf(int status, const char* code, const std::string& message) {
  ApiResponse r;
  r.status = status;
  r.content_type = kJson;
  r.code = code;
  AppendErrorJson({}, code, message, &r.body);
  return r;
}

}  // namespace

ApiResponse Error(int status, const std::string& message) {
  const char* code = status == 404                    ? "NotFound"
                     : status == 409 || status == 503 ? "Busy"
                     : status == 501                  ? "NotSupported"
                     : status >= 500                  ? "Internal"
                                                      : "InvalidArgument";
  return ErrorOf(status, code, message);
}

ApiResponse Reworded(const ApiResponse& r, const std::string& message) {
  return r.code != nullptr ? ErrorOf(r.status, r.code, message)
                           : Error(r.status, message);
}

ApiResponse Error(const Status& s, const std::string& message) {
  return ErrorOf(HttpStatus(s), s.CodeName(), message);
}

ApiResponse Json(int status, std::string body, const char* type) {
  ApiResponse r;
  r.status = status;
  r.content_type = type;
  r.body = std::move(body);
  return r;
}

int HttpStatus(const Status& s) {
  switch (s.code()) {
    case Status::Code::kOk:
      return 200;
    case Status::Code::kInvalidArgument:
      return 400;
    case Status::Code::kNotFound:
      return 404;
    case Status::Code::kNotSupported:
      return 501;
    case Status::Code::kResourceExhausted:
    case Status::Code::kDeadlineExceeded:
    case Status::Code::kBusy:
      return 503;  // with Retry-After (serve/http_session.h)
    case Status::Code::kCorruption:
    case Status::Code::kIOError:
    case Status::Code::kVersionMismatch:
    case Status::Code::kInternal:
      break;
  }
  return 500;
}

const std::string* Params::Unknown(
    std::initializer_list<const char*> known,
    std::initializer_list<const char*> more) const {
  for (const auto& param : params_) {
    // Not a structured binding: clang 14 (tests/scripts/fuzz.sh) cannot capture
    // one.
    const std::string& name = param.first;
    auto is = [&name](const char* k) { return name == k; };
    if (std::none_of(known.begin(), known.end(), is) &&
        std::none_of(more.begin(), more.end(), is)) {
      return &name;
    }
  }
  return nullptr;
}

Status Params::Flag(const std::string& name, bool* value) const {
  const std::string* v = Get(name);
  *value = false;
  if (v == nullptr) return Status::OK();
  // In any case, as every value's name (docs/TOOLS.md).
  const std::string word = AsciiLower(*v);
  if (word == "0" || word == "false") return Status::OK();
  if (word.empty() || word == "1" || word == "true") {
    *value = true;
    return Status::OK();
  }
  return Status::InvalidArgument("parameter '" + name +
                                 "' must be 1 or 0 (true or false), not '" +
                                 *v + "'");
}

Status Params::ReadGoal(const std::string& db_dir,
                        QueryConfig* config) const {
  config->db_dir = db_dir;
  config->json = true;
  const std::string* board = Get("board");
  Status s = ReadGoalOptions(board != nullptr ? *board : "3x3", Get("goal"),
                             Get("blank"), config);
  if (s.ok()) s = ReadMoveOptions(Get("metric"), Get("notation"), config);
  return s;
}

Status ParseJsonStrings(const std::string& body,
                        std::vector<std::string>* inputs) {
  const nlohmann::json j = nlohmann::json::parse(body, nullptr, false);
  const std::string want = "a JSON body must be an array of strings (states)";
  if (j.is_discarded()) {
    return Status::InvalidArgument(want + "; this one is not valid JSON");
  }
  if (!j.is_array()) return Status::InvalidArgument(want);
  inputs->clear();
  inputs->reserve(j.size());
  for (const auto& item : j) {
    if (!item.is_string()) {
      return Status::InvalidArgument(want + "; item " +
                                     std::to_string(inputs->size() + 1) +
                                     " is not a string");
    }
    inputs->push_back(item.get<std::string>());
  }
  return Status::OK();
}

}  // namespace slidedb
