// Running out of memory where the library cannot say so as a Status: an
// allocation inside RocksDB (std::bad_alloc), or a thread it cannot start
// (std::system_error), under a tight `ulimit -v` or a full machine; at a
// tool's top, or in a thread of its own.
#ifndef SLIDEDB_CLI_OUT_OF_MEMORY_H_
#define SLIDEDB_CLI_OUT_OF_MEMORY_H_

#include <new>
#include <ostream>
#include <string>
#include <system_error>

#include "cli/exit_codes.h"
#include "lib/base/status.h"

namespace slidedb {

// What `work` returns, or, when memory or a thread runs out on its way,
// what on_out(text) returns: text is "out of memory (a limit such as
// ulimit -v, or the machine's memory); run it with more" (or "out of
// memory for a thread ..."). Other exceptions pass.
template <typename Work, typename OnOut>
auto CatchOutOfMemory(Work work, OnOut on_out) -> decltype(work()) {
  const char* what = nullptr;
  try {
    return work();
  } catch (const std::bad_alloc&) {
    what = "memory";
  } catch (const std::system_error& e) {
    if (e.code() != std::errc::resource_unavailable_try_again &&
        e.code() != std::errc::not_enough_memory) {
      throw;
    }
    what = "memory for a thread";
  }
  return on_out(std::string("out of ") + what +
                " (a limit such as ulimit -v, or the machine's memory); run "
                "it with more");
}

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

// Runs `work` (returning a Status) where an exception must not pass (a
// thread's function: one leaving it ends the process): memory or a thread
// that runs out is ResourceExhausted, with the words above.
template <typename Work>
Status StatusIfOutOfMemory(Work work) {
  return CatchOutOfMemory(work, [](const std::string& text) {
    return Status::ResourceExhausted(text);
  });
}

}  // namespace slidedb

#endif  // SLIDEDB_CLI_OUT_OF_MEMORY_H_
