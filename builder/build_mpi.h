// slidedb-build under mpirun (issue 23, "beyond one machine"): the same
// program and options, `mpirun -np N slidedb-build --board 3x4 --db DIR`,
// searches each table over the N ranks (lib/search/mpi_bfs.h) and rank 0
// writes the database. A plain run never touches MPI.
#ifndef SLIDEDB_BUILDER_BUILD_MPI_H_
#define SLIDEDB_BUILDER_BUILD_MPI_H_

#include <iosfwd>
#include <string>
#include <vector>

#include "cli/mpirun.h"  // StartedByMpirun
#include "lib/puzzle/board.h"
#include "lib/storage/format.h"  // RecordKind

namespace slidedb {

struct MpiBuildRequest {
  Board board;
  std::vector<int> goal_blanks;  // stored goal blanks, each a table
  std::string db_dir;
  bool rebuild = false;
  bool quiet = false;
  int threads = 1;  // rank 0's, to turn its table into byte records
  // How the tables are stored: two-bit pages as the search leaves them, or
  // byte records worked out from them (RecordsFromTwoBit), the same bytes
  // a plain build writes.
  RecordKind records = RecordKind::kByte;
  // What a distributed build cannot do (pattern databases, the multi-tile
  // metric, --verify), or empty.
  std::string unsupported;
};

// RunMpiBuild's answer when this process is the only rank: the build goes
// on as a plain one.
inline constexpr int kMpiRunAlone = -1;

// Builds the tables of `request` over every rank of MPI_COMM_WORLD, or
// returns kMpiRunAlone when there is one rank. Calls MPI_Init and
// MPI_Finalize. Returns the exit status (the same on every rank); a rank that
// fails ends every rank with MPI_Abort, and the database stays as it was.
int RunMpiBuild(const MpiBuildRequest& request, std::ostream& out,
                std::ostream& err);

}  // namespace slidedb

#endif  // SLIDEDB_BUILDER_BUILD_MPI_H_
