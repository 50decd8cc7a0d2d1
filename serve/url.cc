#include "serve/url.h"

#include <algorithm>
#include <string>

#include "lib/base/ascii.h"

namespace slidedb {

namespace {

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

bool PercentDecode(std::string_view text, bool plus_is_space,
                   std::string* out) {
  out->clear();
  out->reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '%') {
      if (i + 2 >= text.size()) return false;
      const int hi = HexValue(text[i + 1]), lo = HexValue(text[i + 2]);
      if (hi < 0 || lo < 0) return false;
      out->push_back(static_cast<char>(hi * 16 + lo));
      i += 2;
    } else if (c == '+' && plus_is_space) {
      out->push_back(' ');
    } else {
      out->push_back(c);
    }
  }
  return true;
}

bool SplitAbsoluteForm(std::string_view target, std::string_view* authority,
                       std::string* origin_form) {
  size_t start = 0;
  for (std::string_view scheme : {"http://", "https://"}) {
    if (target.size() >= scheme.size() &&
        AsciiLower(target.substr(0, scheme.size())) == scheme) {
      start = scheme.size();
    }
  }
  if (start == 0) return false;
  const size_t end =
      std::min(target.find_first_of("/?#", start), target.size());
  *authority = target.substr(start, end - start);
  const std::string_view rest = target.substr(end);
  origin_form->clear();
  if (rest.empty() || rest[0] != '/') origin_form->push_back('/');
  origin_form->append(rest);
  return true;
}

bool ParseTarget(std::string_view target, std::string* path,
                 std::multimap<std::string, std::string>* params,
                 std::string* error) {
  params->clear();
  if (target.empty() || target[0] != '/') {
    *error = "the request target must be a path starting with '/'";
    return false;
  }
  const size_t q = target.find('?');
  if (!PercentDecode(target.substr(0, q), false, path)) {
    *error = "the path holds a malformed %-escape";
    return false;
  }
  if (q == std::string_view::npos) return true;
  std::string_view query = target.substr(q + 1);
  // A fragment is the client's, never sent; drop one if it is.
  query = query.substr(0, query.find('#'));
  while (!query.empty()) {
    const size_t amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view()
                                          : query.substr(amp + 1);
    if (pair.empty()) continue;
    const size_t eq = pair.find('=');
    std::string name, value;
    if (!PercentDecode(pair.substr(0, eq), true, &name) ||
        (eq != std::string_view::npos &&
         !PercentDecode(pair.substr(eq + 1), true, &value))) {
      *error = "the query holds a malformed %-escape";
      return false;
    }
    params->emplace(std::move(name), std::move(value));
  }
  return true;
}

}  // namespace slidedb
