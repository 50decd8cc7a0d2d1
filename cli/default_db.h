// The database a command-line tool uses when none is named.
#ifndef SLIDEDB_CLI_DEFAULT_DB_H_
#define SLIDEDB_CLI_DEFAULT_DB_H_

#include <cstdlib>
#include <string>

namespace slidedb {

// $SLIDEDB_DB if set and not empty, else "data/slidedb".
inline std::string DefaultDatabasePath() {
  const char* env = std::getenv("SLIDEDB_DB");
  return env != nullptr && *env != '\0' ? env : "data/slidedb";
}

}  // namespace slidedb

#endif  // SLIDEDB_CLI_DEFAULT_DB_H_
