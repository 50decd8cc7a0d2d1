// The database a command-line tool uses when none is named.
#ifndef SLIDEDB_CLI_DEFAULT_DB_H_
#define SLIDEDB_CLI_DEFAULT_DB_H_

#include <cstdlib>
#include <string>

#include "lib/storage/database.h"  // MissingDatabaseHint

namespace slidedb {

// $SLIDEDB_DB if set and not empty, else "data/slidedb". The tools refuse
// an empty $SLIDEDB_DB before they take this default
// (DatabaseVariableError, through RefuseEmptyValues in option_error.h).
inline std::string DefaultDatabasePath() {
  const char* env = std::getenv("SLIDEDB_DB");
  return env != nullptr && *env != '\0' ? env : "data/slidedb";
}

// The usage error of $SLIDEDB_DB set but empty, as `export
// SLIDEDB_DB=$DIR` leaves it with DIR unset; else empty. As an empty --db,
// it is never taken for the default database.
inline std::string DatabaseVariableError() {
  const char* env = std::getenv("SLIDEDB_DB");
  if (env == nullptr || *env != '\0') return "";
  return "SLIDEDB_DB is empty: set it to a database directory, or unset it "
         "for data/slidedb, or name one with --db DIR";
}

}  // namespace slidedb

#endif  // SLIDEDB_CLI_DEFAULT_DB_H_
