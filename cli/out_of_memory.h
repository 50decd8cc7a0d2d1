// Running out of memory where the library cannot say so as a Status: an
// allocation inside RocksDB (std::bad_alloc), or a thread it cannot start
// (std::system_error), under a tight `ulimit -v` or a full machine, at a
// tool's top (lib/base/out_of_memory.h has the same for a thread's work).
#ifndef SLIDEDB_CLI_OUT_OF_MEMORY_H_
#define SLIDEDB_CLI_OUT_OF_MEMORY_H_

#include <ostream>
#include <string>

#include "cli/exit_codes.h"
#include "lib/base/out_of_memory.h"

namespace slidedb {

// Runs `work` (a tool's whole run, returning its exit status); if memory
// or a thread runs out on its way, says so on `err` as `program` and
// returns 69 (too little memory) rather than aborting. What a build was
// writing is then a copy beside the database, which the next build removes
// (lib/storage/database_writer.h).
template <typename Work>
int ExitIfOutOfMemory(const char* program, std::ostream& err, Work work) {
  return CatchOutOfMemory(work, [&](const std::string& text) {
    err << program << ": " << text << "\n";
    return kExitUnavailable;
  });
}

}  // namespace slidedb

#endif  // SLIDEDB_CLI_OUT_OF_MEMORY_H_
