// Whether mpirun started this process: the tools that run over MPI ranks
// (slidedb-build, builder/build_mpi.h; slidedb-query, query/mpi_query.h)
// ask before they touch MPI, so a plain run never does.
#ifndef SLIDEDB_CLI_MPIRUN_H_
#define SLIDEDB_CLI_MPIRUN_H_

#include <sched.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>

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

// The messaging layer (Open MPI's "pml") to ask for before MPI_Init, from
// the launcher's OMPI_COMM_WORLD_SIZE and OMPI_COMM_WORLD_LOCAL_SIZE and
// the caller's own OMPI_MCA_pml (each null when unset): "ob1" when every
// rank runs on this machine and the caller named none, else null (Open
// MPI's own choice). Open MPI first tries UCX, whose start costs each run
// 0.2 s and which on a machine without its transports gives way to ob1
// anyway; ob1 carries messages between ranks of one machine through
// shared memory (BENCHMARKS.md, "sixtieth session").
inline const char* OneMachinePml(const char* world_size, const char* local_size,
                                 const char* pml) {
  if (pml != nullptr || world_size == nullptr || local_size == nullptr) {
    return nullptr;
  }
  return std::strcmp(world_size, local_size) == 0 ? "ob1" : nullptr;
}

// Sets OMPI_MCA_pml to OneMachinePml's choice, if any; call before
// MPI_Init, while this process has no other thread.
inline void PreferOneMachinePml() {
  const char* pml = OneMachinePml(std::getenv("OMPI_COMM_WORLD_SIZE"),
                                  std::getenv("OMPI_COMM_WORLD_LOCAL_SIZE"),
                                  std::getenv("OMPI_MCA_pml"));
  if (pml != nullptr) setenv("OMPI_MCA_pml", pml, /*overwrite=*/0);
}

// The threads `--threads 0` gives a rank: each CPU of its affinity `mine`
// counted as the share of it that falls to this rank among the `n` ranks
// of its machine whose affinities (`local`, this rank's among them)
// include it, rounded down, and at least 1. Ranks bound to cores of their
// own get one each, ranks bound to sockets of their own a socket's CPUs,
// and n ranks free to run anywhere on a machine of C CPUs C / n each.
inline int CpuShare(const cpu_set_t& mine, const cpu_set_t* local, int n) {
  double share = 0;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
    if (!CPU_ISSET(cpu, &mine)) continue;
    int sharing = 0;
    for (int r = 0; r < n; ++r) sharing += CPU_ISSET(cpu, &local[r]) ? 1 : 0;
    share += 1.0 / std::max(sharing, 1);
  }
  return std::max(1, static_cast<int>(share + 1e-9));
}

}  // namespace slidedb

#endif  // SLIDEDB_CLI_MPIRUN_H_
