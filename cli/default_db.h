// The database a command-line tool uses when none is named.
#ifndef SLIDEDB_CLI_DEFAULT_DB_H_
#define SLIDEDB_CLI_DEFAULT_DB_H_

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "lib/base/shell.h"

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

// Whether a slidedb-build holds DIR's lock ("DIR.lock", as
// lib/storage/database_writer.h takes it): a build of it is under way.
inline bool BuildUnderWay(const std::string& dir) {
  const int fd = open((dir + ".lock").c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const bool held = flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK;
  close(fd);
  return held;
}

// What follows "no database at DIR" in a tool's message: that a build of it
// is under way, the command that builds one where slidedb-build would (DIR
// missing, or an empty folder), else why it would not.
inline std::string MissingDatabaseHint(const std::string& dir,
                                       const std::string& build_args = "") {
  namespace fs = std::filesystem;
  if (BuildUnderWay(dir)) {
    return "; a slidedb-build of it is under way: try again when it ends";
  }
  std::error_code ec;
  const fs::file_status st = fs::status(dir, ec);
  if (!fs::exists(st) || (fs::is_directory(st) && fs::is_empty(dir, ec))) {
    return "; build it with: slidedb-build --db " + ShellWord(dir) + build_args;
  }
  if (!fs::is_directory(st)) return " (a file: --db names a folder)";
  return " (a folder of other files: name an empty or new folder to build "
         "one)";
}

}  // namespace slidedb

#endif  // SLIDEDB_CLI_DEFAULT_DB_H_
