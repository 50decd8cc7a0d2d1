// IterationShare: the subtrees of each IDA* iteration shared with other
// processes that search the same state with the same options (the ranks of
// `mpirun -np N slidedb-query`, query/mpi_query.h). Every process splits
// an iteration the same way (lib/search/ida_driver.h: the split does not
// depend on threads or processes); the share hands each subtree to one
// process and combines what they found, so that every process ends the
// iteration with the same outcome: the answer (sent by the process that
// found it), the count of states and the next bound of one process alone.
#ifndef SLIDEDB_LIB_SEARCH_ITERATION_SHARE_H_
#define SLIDEDB_LIB_SEARCH_ITERATION_SHARE_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace slidedb {

class IterationShare {
 public:
  virtual ~IterationShare() = default;

  // What one process found in an iteration, and (after End) all of them.
  struct Outcome {
    size_t best = SIZE_MAX;       // the first subtree holding the goal
    int next_bound = 0;           // the least f over the bound
    bool stopped = false;         // a limit stopped a process
    bool out_of_memory = false;   // memory ran out in a process
    std::vector<uint64_t> nodes;  // each subtree's states (0: not here)
  };

  // Every process calls Begin, then End, once an iteration, in the same
  // order (collective calls); Next, Best and Found in between, from any
  // thread.
  virtual void Begin(size_t subtrees) = 0;
  // The next subtree this process searches; subtrees or more: none left.
  virtual size_t Next() = 0;
  // The first subtree any process has found the goal in so far (SIZE_MAX:
  // none yet); it may lag behind Found.
  virtual size_t Best() = 0;
  virtual void Found(size_t subtree) = 0;
  // Combines every process's outcome into *outcome: the least best and
  // next_bound, stopped and out_of_memory if any, nodes summed subtree by
  // subtree.
  virtual void End(Outcome* outcome) = 0;
  // After End, when it says a process found the goal: every process calls
  // it (collectively), `mine` true in the one that found it, whose *answer
  // (its path's moves, as bytes) every other receives in *answer. False,
  // *answer unchanged, when no process says it is the one.
  virtual bool ShareAnswer(bool mine, std::string* answer) = 0;
};

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_ITERATION_SHARE_H_
