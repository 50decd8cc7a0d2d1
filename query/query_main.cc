#include <signal.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "cli/file_size_limit.h"
#include "cli/mpirun.h"
#include "lib/storage/database.h"
#include "query/query_cli.h"
#include "query/stop_signal.h"

int main(int argc, char** argv) {
  slidedb::WritesFailPastFileSizeLimit();
  // Under mpirun, mpirun forwards the signals and ends the ranks.
  if (!slidedb::StartedByMpirun()) slidedb::CatchStopSignals();
  std::ios::sync_with_stdio(false);
  std::cin.tie(nullptr);
  // The database is read-only and holds no lock: exiting with it open, as
  // with RocksDB's static tables not freed, saves a one-shot query the
  // work of closing it (3% and 6% of its instructions).
  std::unique_ptr<slidedb::Database> database;
  // Standard input that a stop signal ends while a read waits.
  slidedb::StopAwareInput input(STDIN_FILENO);
  std::istream in(&input);
  const int status =
      slidedb::RunQuery(std::vector<std::string>(argv + 1, argv + argc), in,
                        std::cout, std::cerr, &database);
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  // A batch stopped by a signal dies by it, as it would have at once.
  if (const int sig = slidedb::StopSignal(); sig != 0) {
    signal(sig, SIG_DFL);
    raise(sig);
  }
  std::_Exit(status);
}
