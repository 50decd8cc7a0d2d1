// Helpers shared by the tests.
#ifndef SLIDEDB_TESTS_TEST_UTIL_H_
#define SLIDEDB_TESTS_TEST_UTIL_H_

#include <sstream>
#include <string>
#include <vector>

namespace slidedb::testing {

// A database with every canonical table of 3x3, 2x2, 2x3, 3x2, 2x4 and 4x2
// and the default goal of 2x5. ctest builds it once (the make_test_db
// fixture) and names it in $SLIDEDB_TEST_DB; a test binary run by hand
// builds its own in a temporary directory on first use.
const std::string& TestDatabase();

// The output of one in-process run of a command-line tool.
struct CliResult {
  int status;
  std::string out;
  std::string err;
};
CliResult RunQueryCli(const std::vector<std::string>& args,
                      const std::string& input = "");
CliResult RunBuildCli(const std::vector<std::string>& args);

// A fresh empty directory under the system's temporary directory, removed
// when the test binary exits.
std::string TempDir(const std::string& name);

}  // namespace slidedb::testing

#endif  // SLIDEDB_TESTS_TEST_UTIL_H_
