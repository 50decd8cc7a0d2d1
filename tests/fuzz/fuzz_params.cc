// Fuzz target: what slidedb-serve parses of a request before its endpoint
// answers: the request target (SplitAbsoluteForm and ParseTarget,
// serve/url.h), the Host header (HostName and IsLoopbackHost,
// serve/http_fields.h), the Content-Type
// (MediaType), and the parameters every endpoint reads (serve/params.h:
// board, goal, blank, metric and notation as every face reads them,
// lib/answer/goal.h; the flags; max_seconds; limit).
//
// The input is text split at newlines: the request target, then the Host
// header's value, then the Content-Type's.
//
// A target in absolute form splits into its host and an origin form
// (SplitAbsoluteForm). A target that parses starts with '/', and the path and
// parameters it gives, written back with every byte but letters and digits
// escaped, parse to the same; one that does not says why. A host name is empty
// or the header's name, lower case, with at most a ':' and five digits after
// it; the loopback is only ever a host name. A media type has no
// parameters, spaces around or capitals. A flag is true only for "", "1"
// or "true"; a board read is of 4 to 25 cells; a max_seconds read is more
// than 0 and at most a day; a limit read is its digits' number.
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "lib/answer/answerer.h"
#include "lib/answer/goal.h"
#include "lib/answer/limits.h"
#include "lib/base/ascii.h"
#include "serve/http_fields.h"
#include "serve/params.h"
#include "serve/url.h"
#include "tests/fuzz/require.h"

namespace {

// Every byte but letters and digits as %XX.
std::string Escaped(const std::string& text) {
  static const char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
        (c >= 'A' && c <= 'Z')) {
      out.push_back(ch);
    } else {
      out += {'%', kHex[c >> 4], kHex[c & 15]};
    }
  }
  return out;
}

// The next line of *text (all of it when there is no newline).
std::string_view NextLine(std::string_view* text) {
  const size_t nl = text->find('\n');
  const std::string_view line = text->substr(0, nl);
  text->remove_prefix(nl == std::string_view::npos ? text->size() : nl + 1);
  return line;
}

bool EndsWith(std::string_view text, std::string_view end) {
  return text.size() >= end.size() &&
         text.substr(text.size() - end.size()) == end;
}

void CheckTarget(std::string_view target,
                 std::multimap<std::string, std::string>* params) {
  // A target in absolute form: its authority ends at the path, query or
  // fragment, and what follows it is the origin form, '/' first.
  std::string_view authority;
  std::string origin;
  if (slidedb::SplitAbsoluteForm(target, &authority, &origin)) {
    Require(authority.find_first_of("/?#") == std::string_view::npos);
    Require(!origin.empty() && origin[0] == '/');
    const std::string named(authority);
    Require(EndsWith(target, named + origin) ||
            EndsWith(target, named + origin.substr(1)));
    target = origin;
  }
  std::string path, error;
  if (!slidedb::ParseTarget(target, &path, params, &error)) {
    Require(!error.empty());
    return;
  }
  Require(!target.empty() && target[0] == '/');
  Require(!path.empty() && path[0] == '/');
  std::string again(1, '/');
  again += Escaped(path.substr(1));
  char sep = '?';
  for (const auto& [name, value] : *params) {
    again += sep + Escaped(name) + "=" + Escaped(value);
    sep = '&';
  }
  std::string path2;
  std::multimap<std::string, std::string> params2;
  Require(slidedb::ParseTarget(again, &path2, &params2, &error));
  Require(path2 == path);
  Require(params2 == *params);
}

bool IsHostChar(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || c == '-' ||
         c == '.' || c == '_' || c == '~' || c == '[' || c == ']' || c == ':';
}

void CheckHost(std::string_view host) {
  const std::string name = slidedb::HostName(host);
  const bool loopback = slidedb::IsLoopbackHost(std::string(host));
  if (name.empty()) {
    Require(!loopback);
    return;
  }
  Require(name.size() <= host.size());
  Require(name == slidedb::AsciiLower(host.substr(0, name.size())));
  for (char c : name) Require(IsHostChar(c));
  const std::string_view rest = host.substr(name.size());
  Require(rest.empty() || (rest[0] == ':' && rest.size() <= 6));
  for (size_t i = 1; i < rest.size(); ++i) {
    Require(rest[i] >= '0' && rest[i] <= '9');
  }
}

void CheckMediaType(std::string_view value) {
  const std::string type = slidedb::MediaType(value);
  Require(type.find(';') == std::string::npos);
  Require(type == slidedb::AsciiLower(type));
  if (type.empty()) return;
  for (char end : {type.front(), type.back()}) {
    Require(end != ' ' && end != '\t');
  }
}

void CheckParams(const std::multimap<std::string, std::string>& map) {
  const slidedb::Params params(map);
  for (const auto& param : map) {
    bool on = false;
    const slidedb::Status flag = params.Flag(param.first, &on);
    // A flag's value is read in any case.
    const std::string v = slidedb::AsciiLower(*params.Get(param.first));
    if (!flag.ok()) {
      Require(flag.IsInvalidArgument());
      Require(!on && v != "" && v != "0" && v != "1" && v != "true" &&
              v != "false");
    } else {
      Require(on == (v.empty() || v == "1" || v == "true"));
    }
  }
  slidedb::QueryConfig config;
  if (params.ReadGoal("db", &config).ok()) {
    Require(config.board.cells() >= 4 &&
            config.board.cells() <= slidedb::kMaxCells);
    Require(!config.goal.has_value() ||
            static_cast<int>(config.goal->labels.size()) ==
                config.board.cells());
  }
  if (const std::string* t = params.Get("max_seconds")) {
    double seconds = -1;
    const slidedb::Status s =
        slidedb::ParseMaxSeconds("max_seconds", *t, &seconds);
    Require(s.ok() ? seconds > 0 && seconds <= 86400
                   : s.IsInvalidArgument() && !s.message().empty());
  }
  if (const std::string* limit = params.Get("limit")) {
    uint64_t n = 0;
    const slidedb::Status s =
        slidedb::ReadNumber(slidedb::UserNumber::kLimit, "limit", *limit,
                            slidedb::kServerLimits, &n);
    Require(s.ok() || (s.IsInvalidArgument() && !s.message().empty()));
    if (s.ok()) {
      Require(!limit->empty() && n <= 10000);
      Require(std::to_string(n) ==
              limit->substr(std::min(limit->find_first_not_of('0'),
                                     limit->size() - 1)));
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::string_view target = NextLine(&text);
  const std::string_view host = NextLine(&text);
  const std::string_view type = NextLine(&text);
  std::multimap<std::string, std::string> params;
  CheckTarget(target, &params);
  CheckParams(params);
  CheckHost(host);
  CheckMediaType(type);
  return 0;
}
