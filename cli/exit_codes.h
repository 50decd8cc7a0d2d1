// Exit statuses of the command-line tools (after BSD sysexits.h), documented
// in their --help and in README.md.
#ifndef SLIDEDB_CLI_EXIT_CODES_H_
#define SLIDEDB_CLI_EXIT_CODES_H_

namespace slidedb {

inline constexpr int kExitOk = 0;
inline constexpr int kExitUnsolvable = 1;   // some input cannot reach the goal
inline constexpr int kExitFailure = 1;      // slidedb-build: the build failed
inline constexpr int kExitUsage = 64;       // bad options
inline constexpr int kExitDataError = 65;   // some input was malformed
inline constexpr int kExitNoInput = 66;     // the database is missing/unreadable
inline constexpr int kExitUnavailable = 69;  // slidedb-serve cannot listen
inline constexpr int kExitCantCreate = 73;  // the database cannot be written
inline constexpr int kExitIOError = 74;     // reading the input or writing
                                            // failed (a full disk...)

}  // namespace slidedb

#endif  // SLIDEDB_CLI_EXIT_CODES_H_
