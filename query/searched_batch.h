// What slidedb-query's batches share (query/parallel_answers.cc): the
// states of a batch, given or read line by line, an answering thread's own
// Answerer, and the batch of searched states, answered side by side.
#ifndef SLIDEDB_QUERY_SEARCHED_BATCH_H_
#define SLIDEDB_QUERY_SEARCHED_BATCH_H_

#include <istream>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "lib/answer/answerer.h"
#include "lib/answer/input_lines.h"
#include "lib/solve/solver.h"
#include "query/parallel_answers.h"

namespace slidedb {

// The batch's states: those given, else standard input's lines.
class StateSource {
 public:
  StateSource(const std::vector<std::string>& states, std::istream& in)
      : states_(states), in_(in) {}

  // The next state, without a copy (a given state, or the line read into
  // the source's own buffer, valid until the next call); nullptr at the end.
  const std::string* Next() {
    if (!states_.empty()) {
      return next_ < states_.size() ? &states_[next_++] : nullptr;
    }
    return NextInputLine(in_, &line_) ? &line_ : nullptr;
  }

  // The next state into *line; false at the end.
  bool NextInto(std::string* line) {
    if (!states_.empty()) {
      if (next_ == states_.size()) return false;
      *line = states_[next_++];
      return true;
    }
    return NextInputLine(in_, line);
  }

  // Whether the line read last had no end: the input ended in it (at its
  // end, or cut short by a stop: query/stop_signal.h).
  bool EndedMidLine() const { return states_.empty() && in_.eof(); }

  // Whether reading on might wait for input (or find its end): never for
  // the states given.
  bool MightWait() const {
    return states_.empty() && in_.rdbuf()->in_avail() <= 0;
  }

 private:
  const std::vector<std::string>& states_;
  std::istream& in_;
  size_t next_ = 0;
  std::string line_;
};

// Makes a thread's own answerer into *answerer; false when memory runs out
// on the way (an exception must not leave the thread).
bool MakeAnswerer(const QueryConfig& config, Solver* solver,
                  std::optional<Answerer>* answerer);

// A batch of searched states (pattern databases, IDA*), in input order:
// `workers` threads each answer the next state read ahead, and one with no
// state left to take helps another's search (SearchHelpers: it takes
// subtrees of that search's iteration in progress), so that every thread
// works until the last answer; with no workers the calling thread answers
// the states one at a time. Each answer is written and flushed as soon as
// it and those before it are known, and the input is never waited for
// while an answer is pending.
BatchOutcome AnswerSearches(const QueryConfig& config, Solver* solver,
                            int workers, const std::vector<std::string>& states,
                            std::istream& in, std::ostream& out,
                            std::ostream& err);

}  // namespace slidedb

#endif  // SLIDEDB_QUERY_SEARCHED_BATCH_H_
