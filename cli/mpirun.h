// Whether mpirun started this process: the tools that run over MPI ranks
// (slidedb-build, builder/build_mpi.h; slidedb-query, query/mpi_query.h)
// ask before they touch MPI, so a plain run never does.
#ifndef SLIDEDB_CLI_MPIRUN_H_
#define SLIDEDB_CLI_MPIRUN_H_

#include <cstdlib>

namespace slidedb {

// Open MPI's OMPI_COMM_WORLD_SIZE, or PMIX_RANK, which PMIx launchers set.
inline bool StartedByMpirun() {
  return std::getenv("OMPI_COMM_WORLD_SIZE") != nullptr ||
         std::getenv("PMIX_RANK") != nullptr;
}

// This process's rank under mpirun (OMPI_COMM_WORLD_RANK or PMIX_RANK), or
// -1 when mpirun did not start it.
inline int MpirunRank() {
  const char* rank = std::getenv("OMPI_COMM_WORLD_RANK");
  if (rank == nullptr) rank = std::getenv("PMIX_RANK");
  return rank == nullptr ? -1 : std::atoi(rank);
}

}  // namespace slidedb

#endif  // SLIDEDB_CLI_MPIRUN_H_
