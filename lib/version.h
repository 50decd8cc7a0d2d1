// The version every tool reports with --version.
#ifndef SLIDEDB_LIB_VERSION_H_
#define SLIDEDB_LIB_VERSION_H_

namespace slidedb {
inline constexpr char kVersion[] = "0.1.0";
}  // namespace slidedb

#endif  // SLIDEDB_LIB_VERSION_H_
