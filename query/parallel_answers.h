// Answers a stream of states on several threads, in input order: the batch
// path of slidedb-query (--threads, by default every core).
//
// The main thread reads the input in chunks of up to kChunkLines lines and
// writes the answers; the pool's threads (and the main thread, between its
// reading and writing) answer a chunk piece by piece, each with an Answerer
// of its own over the one shared Solver. While one chunk is answered the
// main thread reads the next and writes the one before, so reading, writing
// and answering overlap.
//
// Interactive input stays interactive: a chunk ends where reading on would
// wait for more input, and such a chunk is answered and written (and the
// output flushed) before the next line is read. Threads start only when a
// chunk is large enough to share, so a few states never pay for them.
//
// A batch of searched states (pattern databases, IDA*) goes another way:
// states are searched side by side, one a thread, and a thread with no
// state left joins a search still running and takes subtrees of its
// iteration (SearchHelpers, lib/search/ida_search.h), so that no thread
// idles while the last states run. Each answer is written and flushed as
// soon as it and those before it are known, byte for byte the answer of
// one state at a time.
#ifndef SLIDEDB_QUERY_PARALLEL_ANSWERS_H_
#define SLIDEDB_QUERY_PARALLEL_ANSWERS_H_

#include <istream>
#include <ostream>
#include <string>
#include <vector>

#include "lib/solve/solver.h"
#include "lib/answer/answerer.h"
#include "lib/answer/input_lines.h"

namespace slidedb {

// Most lines read ahead in one chunk.
inline constexpr size_t kChunkLines = 4096;

// What the answers came to, for the exit status.
struct BatchOutcome {
  bool db_ok = true;  // false: a table could not be read; output stops there
  Status error;       // then, what failed (ExitStatusOf gives its exit)
  bool malformed = false;
  bool unsolvable = false;
  bool timed_out = false;  // a state's --max-seconds ran out, no answer
};

// Answers `states` if it is not empty, else the lines of `in`, on `threads`
// threads (the calling one among them), writing each answer to `out` and
// each message to `err` in input order.
// REQUIRES: threads >= 1; solver is thread-safe and holds the goal's table
// (or search); config and solver outlive the call.
BatchOutcome AnswerInParallel(const QueryConfig& config, Solver* solver,
                              int threads,
                              const std::vector<std::string>& states,
                              std::istream& in, std::ostream& out,
                              std::ostream& err);

}  // namespace slidedb

#endif  // SLIDEDB_QUERY_PARALLEL_ANSWERS_H_
