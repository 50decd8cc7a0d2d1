// slidedb-query as a function, so that tests run it in-process.
#ifndef SLIDEDB_QUERY_QUERY_CLI_H_
#define SLIDEDB_QUERY_QUERY_CLI_H_

#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

namespace slidedb {

class Database;

// args excludes the program name. Returns the exit status (cli/exit_codes.h).
// The database is closed before returning, unless `keep_open` is given: it
// then receives it (the program's main, which exits right after, so saves
// closing it).
int RunQuery(const std::vector<std::string>& args, std::istream& in,
             std::ostream& out, std::ostream& err,
             std::unique_ptr<Database>* keep_open = nullptr);

}  // namespace slidedb

#endif  // SLIDEDB_QUERY_QUERY_CLI_H_
