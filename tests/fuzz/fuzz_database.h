// The database a fuzz target reads: $SLIDEDB_FUZZ_DB (ctest gives the
// suite's), else one with the given boards' tables built on first use in a
// temporary directory, removed (with its lock file) when the process exits.
#ifndef SLIDEDB_TESTS_FUZZ_FUZZ_DATABASE_H_
#define SLIDEDB_TESTS_FUZZ_FUZZ_DATABASE_H_

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <initializer_list>
#include <sstream>
#include <string>
#include <system_error>
#include <unistd.h>

#include "builder/build_cli.h"

namespace slidedb_fuzz {

// Stops the fuzzer with `why` when `ok` is false: libFuzzer keeps the input.
inline void Require(bool ok, const std::string& why, const char* target) {
  if (!ok) {
    fprintf(stderr, "%s: %s\n", target, why.c_str());
    std::abort();
  }
}

inline std::string& TempDatabase() {
  static std::string dir;
  return dir;
}

inline void RemoveTempDatabase() {
  std::error_code ec;
  if (TempDatabase().empty()) return;
  std::filesystem::remove_all(TempDatabase(), ec);
  std::filesystem::remove(TempDatabase() + ".lock", ec);  // the writers' lock
}

// REQUIRES: called once per process.
inline std::string FuzzDatabase(const char* target,
                                std::initializer_list<const char*> boards) {
  if (const char* env = std::getenv("SLIDEDB_FUZZ_DB"); env && *env) {
    return env;
  }
  const std::string dir =
      (std::filesystem::temp_directory_path() /
       (std::string("slidedb-") + target + "-" + std::to_string(getpid())))
          .string();
  TempDatabase() = dir;
  std::atexit(RemoveTempDatabase);
  for (const char* board : boards) {
    std::istringstream in;
    std::ostringstream out, err;
    Require(slidedb::RunBuild({"--db", dir, "--board", board, "--quiet"}, in,
                              out, err) == 0,
            "building " + dir + ": " + err.str(), target);
  }
  return dir;
}

}  // namespace slidedb_fuzz

#endif  // SLIDEDB_TESTS_FUZZ_FUZZ_DATABASE_H_
