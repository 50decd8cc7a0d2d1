// Fuzz target: slidedb-query's command line (ParseQueryArgs,
// query/query_options.h), the parser of every option a user types: the
// input is the arguments, one a line. Whatever it is given, it goes on
// (nullopt) with a board the search or a table can serve, ends with 0
// (--help, --version) having printed something, or ends with 64 having
// said why on standard error, in one line or more that name the program.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "cli/exit_codes.h"
#include "query/query_options.h"
#include "tests/fuzz/require.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::vector<std::string> argv;
  std::string_view text(reinterpret_cast<const char*>(data), size);
  while (!text.empty() && argv.size() < 64) {
    const size_t end = text.find('\n');
    argv.emplace_back(text.substr(0, end));
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  slidedb::QueryArgs args;
  std::ostringstream out, err;
  const std::optional<int> status =
      slidedb::ParseQueryArgs(argv, &args, out, err);
  if (!status.has_value()) {
    Require(err.str().empty());
    Require(args.config.board.cells() >= 4 &&
            args.config.board.cells() <= slidedb::kMaxCells);
    return 0;
  }
  if (*status == slidedb::kExitOk) {
    Require(!out.str().empty());
    Require(err.str().empty());
    return 0;
  }
  Require(*status == slidedb::kExitUsage);
  Require(err.str().rfind("slidedb-query: ", 0) == 0);
  Require(err.str().back() == '\n');
  return 0;
}
