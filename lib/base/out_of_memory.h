// Memory that runs out where an exception must not pass: std::bad_alloc
// (an allocation, inside RocksDB too) or a thread the system cannot start
// (std::system_error), under a tight `ulimit -v` or a full machine, turned
// into a Status or an exit status (cli/out_of_memory.h). A thread's
// function that lets one pass ends the process; so does one that unwinds a
// frame holding threads still running.
#ifndef SLIDEDB_LIB_BASE_OUT_OF_MEMORY_H_
#define SLIDEDB_LIB_BASE_OUT_OF_MEMORY_H_

#include <new>
#include <string>
#include <system_error>

#include "lib/base/status.h"

namespace slidedb {

// Whether `e` says a thread could not start for want of memory.
inline bool IsOutOfMemory(const std::system_error& e) {
  return e.code() == std::errc::resource_unavailable_try_again ||
         e.code() == std::errc::not_enough_memory;
}

// The words of memory (or, `thread`, a thread) that ran out: "out of
// memory (a limit such as ulimit -v, or the machine's memory); asked again
// with more memory free, it may answer". They name no face's remedy (more
// memory for a run, or a server asked again when it holds less).
inline std::string OutOfMemoryText(bool thread) {
  return std::string("out of ") + (thread ? "memory for a thread" : "memory") +
         " (a limit such as ulimit -v, or the machine's memory); asked "
         "again with more memory free, it may answer";
}

// What ran out on the way of a work: nothing, memory, or a thread.
enum class RanOut { kNothing, kMemory, kThread };

// Runs `work` (returning nothing) and says what ran out on its way; the
// one place that tells running out from other exceptions, which pass.
// (`work` is not copied: a copy of a std::function may itself allocate.)
template <typename Work>
RanOut CatchRunningOut(Work&& work) {
  try {
    work();
    return RanOut::kNothing;
  } catch (const std::bad_alloc&) {
    return RanOut::kMemory;
  } catch (const std::system_error& e) {
    if (!IsOutOfMemory(e)) throw;
    return RanOut::kThread;
  }
}

// Whether memory or a thread ran out on `work`'s way. It allocates nothing
// to say so, as a handler that words it might run out again where no
// exception may pass (a thread's function): the caller words it once it
// can.
template <typename Work>
bool RanOutOfMemory(Work&& work) {
  return CatchRunningOut(work) != RanOut::kNothing;
}

// What `work` returns, or, when memory or a thread runs out on its way,
// what on_out(text) returns: text is OutOfMemoryText's. Other exceptions
// pass.
template <typename Work, typename OnOut>
auto CatchOutOfMemory(Work work, OnOut on_out) -> decltype(work()) {
  decltype(work()) result{};
  const RanOut what = CatchRunningOut([&] { result = work(); });
  if (what == RanOut::kNothing) return result;
  return on_out(OutOfMemoryText(what == RanOut::kThread));
}

// Runs `work` (returning a Status) where an exception must not pass (a
// thread's function: one leaving it ends the process): memory or a thread
// that runs out is ResourceExhausted, with CatchOutOfMemory's words.
template <typename Work>
Status StatusIfOutOfMemory(Work work) {
  return CatchOutOfMemory(work, [](const std::string& text) {
    return Status::ResourceExhausted(text);
  });
}

}  // namespace slidedb

#endif  // SLIDEDB_LIB_BASE_OUT_OF_MEMORY_H_
