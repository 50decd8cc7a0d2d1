#include "serve/http_fields.h"

#include <boost/asio/ip/address_v4.hpp>

namespace slidedb {

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

std::string MediaType(std::string_view value) {
  value = value.substr(0, value.find(';'));
  while (!value.empty() && (value.back() == ' ' || value.back() == '\t')) {
    value.remove_suffix(1);
  }
  while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) {
    value.remove_prefix(1);
  }
  return Lower(value);
}

std::string HostName(std::string_view host) {
  if (!host.empty() && host.front() == '[') {
    const size_t close = host.find(']');
    return Lower(host.substr(0, close == std::string_view::npos
                                    ? host.size()
                                    : close + 1));
  }
  return Lower(host.substr(0, host.find(':')));
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

}  // namespace slidedb
