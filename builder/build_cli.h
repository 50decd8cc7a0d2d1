// slidedb-build as a function, so that tests run it in-process.
#ifndef SLIDEDB_BUILDER_BUILD_CLI_H_
#define SLIDEDB_BUILDER_BUILD_CLI_H_

#include <iosfwd>
#include <string>
#include <vector>

namespace slidedb {

// args excludes the program name. Returns the exit status.
int RunBuild(const std::vector<std::string>& args, std::istream& in,
             std::ostream& out, std::ostream& err);

}  // namespace slidedb

#endif  // SLIDEDB_BUILDER_BUILD_CLI_H_
