// slidedb-serve as a function: the HTTP server over serve/api.h.
#ifndef SLIDEDB_SERVE_SERVE_CLI_H_
#define SLIDEDB_SERVE_SERVE_CLI_H_

#include <iosfwd>
#include <string>
#include <vector>

namespace slidedb {

// args excludes the program name. Serves until SIGINT or SIGTERM (then
// finishes the requests in flight and returns 0); SIGHUP reopens the
// database. Returns the exit status (cli/exit_codes.h).
int RunServe(const std::vector<std::string>& args, std::istream& in,
             std::ostream& out, std::ostream& err);

}  // namespace slidedb

#endif  // SLIDEDB_SERVE_SERVE_CLI_H_
