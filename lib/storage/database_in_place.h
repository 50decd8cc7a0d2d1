// What a build finds in its database's folder before it writes: a slidedb
// database it may add to or replace, or one it must leave alone, and what
// to do about a damaged one.
#ifndef SLIDEDB_LIB_STORAGE_DATABASE_IN_PLACE_H_
#define SLIDEDB_LIB_STORAGE_DATABASE_IN_PLACE_H_

#include <string>

#include "lib/base/status.h"

namespace slidedb {

// Whether a build may go on with the database in place at `dir` (its
// CURRENT file exists), read through a read-only open as a query reads it,
// every table's metadata too. OK when it reads; with `fresh` (a build that
// replaces it whole) also when it is of another format, or a slidedb
// database damaged past reading (its format key reads). Otherwise
// InvalidArgument ("...; not touching it"), which names the mend of a
// damaged one: --rebuild, or removing the folder when not even its format
// key reads.
Status CheckDatabaseInPlace(const std::string& dir, bool fresh);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_STORAGE_DATABASE_IN_PLACE_H_
