// slidedb-query under mpirun (issue 36, "one instance over many
// machines"): `mpirun -np N slidedb-query --board 5x5 ... STATE` searches
// one state's IDA* iterations over the N ranks. Every rank runs the same
// query; each iteration's subtrees (split alike on every rank,
// lib/search/ida_driver.h) go to the ranks one at a time from a counter
// on rank 0 (MPI one-sided atomics: a rank that is done takes the next),
// and at the iteration's end the ranks combine their outcomes
// (lib/search/iteration_share.h). The answer, its count of states and its
// path are those of one process; rank 0 writes them. A plain run never
// touches MPI. slidedb-query is linked statically, without MPI: under
// mpirun it runs slidedb-query-mpi (the same program with MPI, built
// beside it) in its place.
#ifndef SLIDEDB_QUERY_MPI_QUERY_H_
#define SLIDEDB_QUERY_MPI_QUERY_H_

#include <memory>
#include <ostream>

#include "lib/base/status.h"
#include "lib/search/iteration_share.h"

namespace slidedb {

class MpiQuery {
 public:
  // Starts MPI when mpirun started this process with more than one rank
  // (*out set; MPI ends with it), or leaves *out empty for a plain run or
  // a single rank.
  // Without MPI, runs slidedb-query-mpi in this process's place, or
  // returns NotSupported when there is none.
  static Status Start(std::unique_ptr<MpiQuery>* out);
  virtual ~MpiQuery() = default;

  virtual int rank() const = 0;
  virtual int ranks() const = 0;
  // The threads a rank may search on: 1 when the MPI library cannot take
  // calls from several threads.
  virtual int MaxThreads(int wanted) const = 0;
  // The threads `--threads 0` gives this rank: the CPUs it may run on,
  // shared with the ranks of its machine that may run on them too
  // (CpuShare, cli/mpirun.h).
  virtual int DefaultThreads() const = 0;
  virtual IterationShare* share() = 0;
  // Every rank calls it once the query is done; rank 0 says on `err` how
  // the states of the split iterations fell to the ranks (nothing if none
  // was split).
  virtual void Report(std::ostream& err) = 0;
};

}  // namespace slidedb

#endif  // SLIDEDB_QUERY_MPI_QUERY_H_
