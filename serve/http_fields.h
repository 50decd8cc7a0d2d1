// The header fields the HTTP layer reads (serve/http_server.cc): a body's
// media type, the host a request names and the origin CORS allows.
#ifndef SLIDEDB_SERVE_HTTP_FIELDS_H_
#define SLIDEDB_SERVE_HTTP_FIELDS_H_

#include <string>
#include <string_view>

namespace slidedb {

// A Content-Type's media type, lower case, without its parameters:
// "Text/Plain; charset=utf-8" -> "text/plain".
std::string MediaType(std::string_view value);

// The host name of a Host header: without its port, lower case
// ("[::1]:8080" -> "[::1]"); "" when the value is not a host and an
// optional port (RFC 9110 7.2): a name of letters, digits, '-', '.', '_'
// and '~', or an IP literal in brackets of hex digits, ':' and '.'; then
// nothing, or ':' and at most five digits. "localhost:80@evil.com",
// "[::1]evil" and "localhost:abc" are "".
std::string HostName(std::string_view host);

// Whether `host` (a Host header's value, port included or not) names the
// loopback: localhost, *.localhost, 127.x.x.x or [::1].
bool IsLoopbackHost(const std::string& host);

// Whether `origin` is what --cors takes: "*", or a scheme (http, https)
// and a host as a browser's Origin header writes them, with no path:
// "https://example.org", "http://127.0.0.1:8000" ("https://example.org/"
// would match no request).
bool IsCorsOrigin(std::string_view origin);

}  // namespace slidedb

#endif  // SLIDEDB_SERVE_HTTP_FIELDS_H_
