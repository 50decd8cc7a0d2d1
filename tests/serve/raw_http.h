// Raw bytes to a server on the loopback, for the tests that must send what
// no HTTP client library would.
#ifndef SLIDEDB_TESTS_SERVE_RAW_HTTP_H_
#define SLIDEDB_TESTS_SERVE_RAW_HTTP_H_

#include <string>

namespace slidedb {

// Writes `bytes` to 127.0.0.1:port (then, with `half_close`, shuts the
// writing side) and reads what comes back until the server closes the
// connection or 10 s pass; "<no connection>" or "<send failed>" on those.
std::string RawExchange(int port, const std::string& bytes,
                        bool half_close = true);

}  // namespace slidedb

#endif  // SLIDEDB_TESTS_SERVE_RAW_HTTP_H_
