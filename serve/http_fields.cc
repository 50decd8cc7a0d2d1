#include "serve/http_fields.h"

#include <boost/asio/ip/address_v4.hpp>

#include "lib/base/ascii.h"

namespace slidedb {

std::string MediaType(std::string_view value) {
  value = value.substr(0, value.find(';'));
  while (!value.empty() && (value.back() == ' ' || value.back() == '\t')) {
    value.remove_suffix(1);
  }
  while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) {
    value.remove_prefix(1);
  }
  return AsciiLower(value);
}

namespace {

bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsNameChar(char c) {
  return IsDigit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         c == '-' || c == '.' || c == '_' || c == '~';
}
bool IsLiteralChar(char c) {
  return IsDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') ||
         c == ':' || c == '.';
}

}  // namespace

std::string HostName(std::string_view host) {
  size_t end;  // of the name
  if (!host.empty() && host.front() == '[') {
    end = host.find(']');
    if (end == std::string_view::npos || end == 1) return "";
    for (size_t i = 1; i < end; ++i) {
      if (!IsLiteralChar(host[i])) return "";
    }
    ++end;
  } else {
    end = 0;
    while (end < host.size() && IsNameChar(host[end])) ++end;
    if (end == 0) return "";
  }
  if (end < host.size()) {
    const std::string_view port = host.substr(end + 1);
    if (host[end] != ':' || port.size() > 5) return "";
    for (char c : port) {
      if (!IsDigit(c)) return "";
    }
  }
  return AsciiLower(host.substr(0, end));
}

bool IsLoopbackHost(const std::string& host) {
  const std::string name = HostName(host);
  if (name == "localhost" || name == "[::1]") return true;
  const std::string suffix = ".localhost";
  if (name.size() > suffix.size() &&
      name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0) {
    return true;
  }
  boost::system::error_code ec;
  const auto a = boost::asio::ip::make_address_v4(name, ec);
  return !ec && a.is_loopback();
}

bool IsCorsOrigin(std::string_view origin) {
  if (origin == "*") return true;
  for (std::string_view scheme : {"http://", "https://"}) {
    if (origin.starts_with(scheme)) {
      return !HostName(origin.substr(scheme.size())).empty();
    }
  }
  return false;
}

}  // namespace slidedb
