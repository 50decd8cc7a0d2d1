#include "serve/params.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <utility>

#include "lib/answer/json_text.h"

namespace slidedb {

ApiResponse Error(int status, const std::string& message) {
  ApiResponse r;
  r.status = status;
  r.content_type = kJson;
  r.body = "{\"error\":";
  AppendJsonString(&r.body, message);
  r.body += "}\n";
  return r;
}

ApiResponse Json(int status, std::string body, const char* type) {
  ApiResponse r;
  r.status = status;
  r.content_type = type;
  r.body = std::move(body);
  return r;
}

int HttpStatus(const Status& s) {
  if (s.IsInvalidArgument()) return 400;
  if (s.IsNotFound()) return 404;
  if (s.IsNotSupported()) return 422;
  if (s.IsDeadlineExceeded() || s.IsResourceExhausted()) return 503;
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

bool Params::Flag(const std::string& name, std::string* error) const {
  const std::string* v = Get(name);
  if (v == nullptr || *v == "0" || *v == "false") return false;
  if (v->empty() || *v == "1" || *v == "true") return true;
  *error = "parameter '" + name + "' must be 1 or 0 (true or false), not '" +
           *v + "'";
  return false;
}

std::string Params::ReadGoal(const std::string& db_dir,
                             QueryConfig* config) const {
  config->db_dir = db_dir;
  config->json = true;
  const std::string* board = Get("board");
  Status s = ReadGoalOptions(board != nullptr ? *board : "3x3", Get("goal"),
                             Get("blank"), config);
  if (s.ok()) s = ReadMoveOptions(Get("metric"), Get("notation"), config);
  return s.ok() ? "" : s.message();
}

bool ParseJsonStrings(const std::string& body,
                      std::vector<std::string>* inputs, std::string* error) {
  const nlohmann::json j = nlohmann::json::parse(body, nullptr, false);
  const char* kWant = "a JSON body must be an array of strings (states)";
  if (j.is_discarded()) {
    *error = std::string(kWant) + "; this one is not valid JSON";
    return false;
  }
  if (!j.is_array()) {
    *error = kWant;
    return false;
  }
  inputs->clear();
  inputs->reserve(j.size());
  for (const auto& item : j) {
    if (!item.is_string()) {
      *error = std::string(kWant) + "; item " +
               std::to_string(inputs->size() + 1) + " is not a string";
      return false;
    }
    inputs->push_back(item.get<std::string>());
  }
  return true;
}

}  // namespace slidedb
