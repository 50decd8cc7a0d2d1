// slidedb_mpi_levels: the figures of the distributed search
// (lib/search/mpi_bfs.h) for bench/suites/mpi.sh and docs/SCALE.md.
//
//   mpirun -np N slidedb_mpi_levels BOARD [--raw] [--round INDEXES]
//       one line a level (tab-separated: depth, states, expanded, remote,
//       raw bytes, sent bytes, rounds, peak bytes of the largest rank,
//       seconds), then a summary: seconds, states a second in all and per
//       rank, bytes sent in all, the largest rank's peak resident memory.
//   slidedb_mpi_levels BOARD --single THREADS
//       RunTwoBitBfs in this process, for comparison.
// The table is searched for the goal with the blank last.
#include <mpi.h>
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "lib/puzzle/board.h"
#include "lib/puzzle/index.h"
#include "lib/search/mpi_bfs.h"
#include "lib/search/twobit_bfs.h"

namespace slidedb {
namespace {

uint64_t PeakResidentBytes() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<uint64_t>(usage.ru_maxrss) * 1024;
}

int Single(const Indexer& indexer, int threads) {
  const auto t0 = std::chrono::steady_clock::now();
  TwoBitTable table;
  const Status s = RunTwoBitBfs(indexer, threads, nullptr, &table, nullptr);
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
          .count();
  if (!s.ok()) {
    std::fprintf(stderr, "%s\n", s.message().c_str());
    return 1;
  }
  std::printf(
      "single\tthreads %d\tseconds %.3f\tstates/s %.0f\tpeak_rss %llu\n",
      threads, secs, indexer.size() / secs,
      static_cast<unsigned long long>(PeakResidentBytes()));
  return 0;
}

int Distributed(const Indexer& indexer, const MpiBfsOptions& options) {
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  uint64_t raw = 0, sent = 0;
  double seconds = 0;
  if (rank == 0) {
    std::printf(
        "depth\tstates\texpanded\tremote\traw_bytes\tsent_bytes\trounds\t"
        "peak_bytes\tseconds\n");
  }
  const Status s = RunMpiTwoBitBfs(
      indexer, MPI_COMM_WORLD, options,
      [&](const MpiBfsLevel& l) {
        raw += l.raw_bytes;
        sent += l.sent_bytes;
        seconds = l.level.seconds;
        std::printf(
            "%d\t%llu\t%llu\t%llu\t%llu\t%llu\t%d\t%llu\t%.3f\n", l.level.depth,
            static_cast<unsigned long long>(l.level.states),
            static_cast<unsigned long long>(l.expanded),
            static_cast<unsigned long long>(l.remote),
            static_cast<unsigned long long>(l.raw_bytes),
            static_cast<unsigned long long>(l.sent_bytes), l.rounds,
            static_cast<unsigned long long>(l.peak_bytes), l.level.seconds);
      },
      nullptr, nullptr);
  uint64_t rss = PeakResidentBytes();
  MPI_Allreduce(MPI_IN_PLACE, &rss, 1, MPI_UINT64_T, MPI_MAX, MPI_COMM_WORLD);
  if (!s.ok()) {
    if (rank == 0) std::fprintf(stderr, "%s\n", s.message().c_str());
    return 1;
  }
  if (rank == 0) {
    std::printf(
        "summary\tranks %d\t%s\tseconds %.3f\tstates/s %.0f\t"
        "states/s/rank %.0f\traw_bytes %llu\tsent_bytes %llu\t"
        "peak_rss %llu\n",
        ranks, options.encode ? "encoded" : "raw", seconds,
        indexer.size() / seconds, indexer.size() / seconds / ranks,
        static_cast<unsigned long long>(raw),
        static_cast<unsigned long long>(sent),
        static_cast<unsigned long long>(rss));
  }
  return 0;
}

int Main(int argc, char** argv) {
  Board board;
  if (argc < 2 || !Board::Parse(argv[1], &board).ok()) {
    std::fprintf(stderr,
                 "usage: slidedb_mpi_levels BOARD [--raw] [--round N] | "
                 "BOARD --single THREADS\n");
    return 64;
  }
  const Indexer indexer(board, board.cells() - 1);
  MpiBfsOptions options;
  for (int a = 2; a < argc; ++a) {
    const std::string arg = argv[a];
    if (arg == "--raw") {
      options.encode = false;
    } else if (arg == "--round" && a + 1 < argc) {
      options.round_indexes = std::strtoull(argv[++a], nullptr, 10);
    } else if (arg == "--single" && a + 1 < argc) {
      return Single(indexer, std::atoi(argv[++a]));
    } else {
      std::fprintf(stderr, "unknown argument %s\n", arg.c_str());
      return 64;
    }
  }
  MPI_Init(&argc, &argv);
  const int code = Distributed(indexer, options);
  MPI_Finalize();
  return code;
}

}  // namespace
}  // namespace slidedb

int main(int argc, char** argv) { return slidedb::Main(argc, argv); }
