// The version every tool reports with --version: the project's version in
// the top CMakeLists.txt (cli/CMakeLists.txt defines SLIDEDB_VERSION).
#ifndef SLIDEDB_CLI_VERSION_H_
#define SLIDEDB_CLI_VERSION_H_

namespace slidedb {
inline constexpr char kVersion[] = SLIDEDB_VERSION;
}  // namespace slidedb

#endif  // SLIDEDB_CLI_VERSION_H_
