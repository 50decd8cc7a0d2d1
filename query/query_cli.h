// slidedb-query as a function, so that tests run it in-process.
#ifndef SLIDEDB_QUERY_QUERY_CLI_H_
#define SLIDEDB_QUERY_QUERY_CLI_H_

#include <iosfwd>
#include <string>
#include <vector>

namespace slidedb {

// args excludes the program name. Returns the exit status (lib/exit_codes.h).
int RunQuery(const std::vector<std::string>& args, std::istream& in,
             std::ostream& out, std::ostream& err);

}  // namespace slidedb

#endif  // SLIDEDB_QUERY_QUERY_CLI_H_
