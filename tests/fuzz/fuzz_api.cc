// Fuzz target: slidedb-serve's request handling (serve/api.h), without
// sockets: one input is one request, given to Api::Handle twice.
//
// The input is text split at newlines: the method, then the path, then one
// query parameter per line ("name=value"; a line without '=' is a name with
// an empty value) up to an empty line; everything after that is the body.
// Byte 0 of the method line, when it is a digit, picks a common method
// instead (0 GET, 1 HEAD, 2 POST, 3 PUT, 4 DELETE; the rest of the line is
// ignored), so that mutations keep reaching the endpoints.
//
// Every response must have a status the API documents (docs/SERVE.md) and
// a content type; a 405 an Allow header; no 200 for a parameter no endpoint
// takes; every body of an /api/ path or /healthz is JSON or JSON Lines
// (a batch may be empty), each line an object, and an error an
// object with an "error" (or the CLI's "input" and "error"); a solution's
// distance is the length of its moves, and /api/moves lists moves whose
// distances differ from the start's by one. The same request asked twice
// gets the same response (the second may reuse the thread's Answerer).
//
// The database is $SLIDEDB_FUZZ_DB (ctest gives the suite's), else one with
// the 3x3 and 2x3 tables built on first use in a temporary directory,
// removed at exit.
#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <set>
#include <sstream>
#include <string>

#include "serve/api.h"
#include "serve/web_files.h"
#include "tests/fuzz/fuzz_database.h"

namespace {

void Require(bool ok, const std::string& why) {
  slidedb_fuzz::Require(ok, why, "fuzz_api");
}

const slidedb::Api& TheApi() {
  static const slidedb::WebFiles* web =
      new slidedb::WebFiles(slidedb::WebFiles::Embedded());
  static const slidedb::Api* api = [] {
    auto* a = new slidedb::Api(
        slidedb_fuzz::FuzzDatabase("fuzz_api", {"3x3", "2x3"}), web);
    const slidedb::Status s = a->Open();
    Require(s.ok(), "opening the database: " + s.message());
    return a;
  }();
  return *api;
}

// The request an input stands for (the format is at the top of the file).
slidedb::ApiRequest Parse(const std::string& text) {
  static const char* const kMethods[] = {"GET", "HEAD", "POST", "PUT",
                                         "DELETE"};
  slidedb::ApiRequest r;
  size_t pos = 0;
  auto next_line = [&](std::string* line) {
    if (pos > text.size()) return false;
    size_t nl = text.find('\n', pos);
    if (nl == std::string::npos) nl = text.size();
    *line = text.substr(pos, nl - pos);
    pos = nl + 1;
    return true;
  };
  std::string line;
  if (!next_line(&line)) return r;
  if (!line.empty() && line[0] >= '0' && line[0] <= '4') {
    r.method = kMethods[line[0] - '0'];
  } else {
    r.method = line;
  }
  if (!next_line(&r.path)) return r;
  while (next_line(&line) && !line.empty()) {
    const size_t eq = line.find('=');
    if (eq == std::string::npos) {
      r.params.emplace(line, "");
    } else {
      r.params.emplace(line.substr(0, eq), line.substr(eq + 1));
    }
  }
  if (pos < text.size()) r.body = text.substr(pos);
  return r;
}

std::string Describe(const slidedb::ApiRequest& r,
                     const slidedb::ApiResponse& a) {
  std::string d = r.method + " " + r.path + " -> " + std::to_string(a.status) +
                  " " + std::string(a.content_type) + ": " +
                  a.body.substr(0, 300);
  return d;
}

void CheckSolution(const nlohmann::json& j, const std::string& what) {
  if (j.contains("distance") && j.contains("moves") &&
      j["moves"].is_string()) {
    Require(j["distance"].is_number_unsigned() &&
                j["distance"].get<size_t>() ==
                    j["moves"].get<std::string>().size(),
            "distance and moves disagree: " + what);
  }
  if (j.contains("distance") && j.contains("moves") && j["moves"].is_array()) {
    const int d = j["distance"].get<int>();
    for (const auto& m : j["moves"]) {
      const int md = m.at("distance").get<int>();
      Require(md == d - 1 || md == d + 1,
              "a move's distance is not one from the start's: " + what);
    }
  }
}

void Check(const slidedb::ApiRequest& r, const slidedb::ApiResponse& a) {
  const std::string what = Describe(r, a);
  const int s = a.status;
  Require(s == 200 || s == 400 || s == 404 || s == 405 || s == 413 ||
              s == 414 || s == 415 || s == 501 || s == 503,
          "a status the API does not document: " + what);
  Require(!a.content_type.empty(), "no content type: " + what);
  Require(s != 405 || !a.allow.empty(), "a 405 without Allow: " + what);
  const bool api = r.path.compare(0, 5, "/api/") == 0 || r.path == "/api" ||
                   r.path == "/healthz";
  if (!api && s == 200) return;  // a file of the page
  if (s == 200) {
    // No endpoint answers a name that none takes.
    static const std::set<std::string> kNames = {
        "board", "goal",  "blank", "start", "steps", "count",    "all",
        "limit", "verify", "moves", "n",     "seed", "distance"};
    for (const auto& [name, value] : r.params) {
      Require(kNames.count(name) > 0, "answered the unknown parameter '" +
                                          name + "': " + what);
    }
  }
  // A batch of no states, or a sample of none at that distance.
  if (s == 200 && a.body.empty() &&
      a.content_type == "application/x-ndjson") {
    return;
  }
  Require(!a.body.empty() && (a.body[0] == '{' || a.body[0] == '['),
          "a body that is not JSON: " + what);
  Require(a.body.back() == '\n', "a body without its final newline: " + what);
  std::istringstream lines(a.body);
  std::string line;
  int n = 0;
  while (std::getline(lines, line)) {
    ++n;
    const auto j = nlohmann::json::parse(line, nullptr, false);
    Require(!j.is_discarded() && j.is_object(),
            "a line that is not a JSON object: " + what);
    if (s != 200) {
      Require(j.contains("error") && j["error"].is_string(),
              "an error without a message: " + what);
    }
    CheckSolution(j, what);
  }
  Require(n >= 1, "an empty answer: " + what);
  Require(n == 1 || a.content_type == "application/x-ndjson",
          "several lines in a JSON answer: " + what);
}

}  // namespace

// libFuzzer calls this once before the first input: the database is built
// here, outside the time limit of an input (ctest's replay driver builds it
// on the first input instead).
extern "C" int LLVMFuzzerInitialize(int* /*argc*/, char*** /*argv*/) {
  TheApi();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const slidedb::Api& api = TheApi();
  const slidedb::ApiRequest request =
      Parse(std::string(reinterpret_cast<const char*>(data), size));
  const slidedb::ApiResponse first = api.Handle(request);
  Check(request, first);
  const slidedb::ApiResponse second = api.Handle(request);
  Require(second.status == first.status && second.body == first.body &&
              second.content_type == first.content_type &&
              second.allow == first.allow,
          "asked twice, answered differently: " + Describe(request, first) +
              " then " + Describe(request, second));
  return 0;
}
