// Run under mpirun (tests/mpi/mpirun.sh): the distributed two-bit search
// (lib/search/mpi_bfs.h) against RunTwoBitBfs on every stored goal of each
// board named, byte for byte, with the default rounds and with rounds of a
// few indexes, encoded and not; and, on rank 0, the records the database
// gets from a two-bit table (builder/mpi_store.h) against RunBfs's.
// Prints one line a case and "N passed, M failed"; exits 1 on a failure.
#include <mpi.h>

#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include "builder/mpi_store.h"
#include "lib/puzzle/board.h"
#include "lib/puzzle/index.h"
#include "lib/puzzle/symmetry.h"
#include "lib/search/bfs.h"
#include "lib/search/mpi_bfs.h"
#include "lib/search/twobit_bfs.h"

namespace slidedb {
namespace {

// Whether the search over every rank gives rank 0 RunTwoBitBfs's table.
// Every rank returns the same answer.
bool SameAsOneProcess(const Indexer& indexer, const MpiBfsOptions& options,
                      int rank, std::string* why) {
  TwoBitTable table;
  std::vector<uint64_t> histogram;
  int levels = 0;
  Status s = RunMpiTwoBitBfs(
      indexer, MPI_COMM_WORLD, options,
      [&](const MpiBfsLevel& l) {
        if (l.level.depth != levels++) *why = "levels out of order";
      },
      rank == 0 ? &table : nullptr, &histogram);
  int ok = s.ok() ? 1 : 0;
  if (!s.ok()) *why = s.message();
  if (rank == 0 && ok) {
    TwoBitTable expected;
    std::vector<uint64_t> expected_histogram;
    s = RunTwoBitBfs(indexer, 2, nullptr, &expected, &expected_histogram);
    if (!s.ok()) {
      ok = 0;
      *why = "RunTwoBitBfs: " + s.message();
    } else if (table.bytes() != expected.bytes() ||
               std::memcmp(table.data(), expected.data(), table.bytes()) != 0) {
      ok = 0;
      *why = "the tables' bytes differ";
    } else if (histogram != expected_histogram ||
               table.max_distance() != expected.max_distance()) {
      ok = 0;
      *why = "the histograms or max distances differ";
    } else if (levels != static_cast<int>(histogram.size())) {
      ok = 0;
      *why = "on_level was called " + std::to_string(levels) + " times";
    } else if (!why->empty()) {
      ok = 0;
    }
  }
  MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return ok == 1;
}

// Rank 0 alone: RecordsFromTwoBit against RunBfs.
bool RecordsAsRunBfs(const Indexer& indexer, std::string* why) {
  TwoBitTable table;
  Status s = RunTwoBitBfs(indexer, 1, nullptr, &table, nullptr);
  BfsResult bytes;
  if (s.ok()) s = RunBfs(indexer, 1, nullptr, &bytes);
  std::vector<uint8_t> records;
  if (s.ok()) s = RecordsFromTwoBit(table, indexer, 2, &records);
  if (!s.ok()) {
    *why = s.message();
    return false;
  }
  if (records != bytes.records) {
    *why = "the records differ from RunBfs's";
    return false;
  }
  return true;
}

int Main(int argc, char** argv) {
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  struct Case {
    std::string name;
    MpiBfsOptions options;
  };
  int passed = 0, failed = 0;
  for (int a = 1; a < argc; ++a) {
    Board board;
    if (!Board::Parse(argv[a], &board).ok()) {
      if (rank == 0) std::cerr << "not a board: " << argv[a] << "\n";
      return 64;
    }
    std::vector<int> goals;
    for (int c = 0; c < board.cells(); ++c) {
      if (StoredGoalBlank(board, c) == c) goals.push_back(c);
    }
    for (const int goal : goals) {
      const Indexer indexer(board, goal);
      const std::string tag = board.Name() + "/b" + std::to_string(goal);
      // Small rounds: hundreds of exchanges a level on the larger boards.
      MpiBfsOptions small_encoded;
      small_encoded.round_indexes = 5 + indexer.size() / 4000;
      MpiBfsOptions small_raw = small_encoded;
      small_raw.encode = false;
      const std::string small =
          "rounds of " + std::to_string(small_encoded.round_indexes);
      const Case cases[] = {{"default rounds", MpiBfsOptions()},
                            {small + ", encoded", small_encoded},
                            {small + ", raw", small_raw}};
      for (const Case& c : cases) {
        std::string why;
        const bool ok = SameAsOneProcess(indexer, c.options, rank, &why);
        ok ? ++passed : ++failed;
        if (rank == 0) {
          std::cout << (ok ? "ok    " : "FAIL  ") << tag << " on " << ranks
                    << " ranks, " << c.name << (ok ? "" : ": " + why)
                    << std::endl;
        }
      }
      if (rank == 0) {
        std::string why;
        const bool ok = RecordsAsRunBfs(indexer, &why);
        ok ? ++passed : ++failed;
        std::cout << (ok ? "ok    " : "FAIL  ") << tag
                  << " records from the two-bit table" << (ok ? "" : ": " + why)
                  << std::endl;
      }
    }
  }
  if (rank == 0) {
    std::cout << passed << " passed, " << failed << " failed" << std::endl;
  }
  MPI_Bcast(&failed, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return failed == 0 ? 0 : 1;
}

}  // namespace
}  // namespace slidedb

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  const int code = slidedb::Main(argc, argv);
  MPI_Finalize();
  return code;
}
