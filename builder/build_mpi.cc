#include "builder/build_mpi.h"

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <memory>
#include <string>

#include "builder/build_text.h"
#include "cli/exit_codes.h"
#include "cli/version.h"

#ifdef SLIDEDB_WITH_MPI
#include <mpi.h>

#include "builder/mpi_store.h"
#include "lib/puzzle/index.h"
#include "lib/puzzle/notation.h"
#include "lib/puzzle/problem.h"
#include "lib/puzzle/symmetry.h"
#include "lib/search/mpi_bfs.h"
#include "lib/storage/database_writer.h"
#include "lib/storage/format.h"
#include "lib/storage/table_meta.h"
#endif

namespace slidedb {

#ifndef SLIDEDB_WITH_MPI

int RunMpiBuild(const MpiBuildRequest& /*request*/, std::ostream& /*out*/,
                std::ostream& err) {
  const char* size = std::getenv("OMPI_COMM_WORLD_SIZE");
  if (size != nullptr && std::string(size) == "1") return kMpiRunAlone;
  const char* rank = std::getenv("OMPI_COMM_WORLD_RANK");
  if (rank == nullptr) rank = std::getenv("PMIX_RANK");
  if (rank == nullptr || std::string(rank) == "0") {
    err << "slidedb-build: started by mpirun, but this slidedb-build was "
           "built without MPI (install libopenmpi-dev and build again); run "
           "it without mpirun to build on this machine alone\n";
  }
  return kExitFailure;
}

#else  // SLIDEDB_WITH_MPI

namespace {

// Rank 0 says why, and every rank ends; `after` says what became of the
// database (it is left alone unless its Commit failed after the swap).
[[noreturn]] void Abort(
    std::ostream& err, int rank, const std::string& why, int code,
    const std::string& after = "the database is unchanged") {
  err << "slidedb-build: rank " << rank << ": " << why
      << "\nslidedb-build: stopping every rank; " << after << std::endl;
  MPI_Abort(MPI_COMM_WORLD, code);
  std::abort();
}

// Rank 0 begins writing the database (it takes its lock before any
// search); every rank learns how that went: kExitOk, or the exit status.
int BeginWriting(const MpiBuildRequest& request, int rank, std::ostream& err,
                 std::unique_ptr<DatabaseWriter>* writer) {
  int code = kExitOk;
  if (rank == 0) {
    Status s = DatabaseWriter::Begin(request.db_dir, writer, request.rebuild);
    if (s.IsIOError()) {
      // Its copy could not be written (a full disk), as in the plain build.
      err << "slidedb-build: " << s.message()
          << "\nslidedb-build: " << AfterAFailedWrite(request.db_dir) << "\n";
      code = kExitIOError;
    } else if (!s.ok()) {
      err << "slidedb-build: " << s.message() << "\n";
      code = s.IsResourceExhausted() ? kExitUnavailable : kExitCantCreate;
    }
  }
  MPI_Bcast(&code, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return code;
}

// A level of the search as a progress line.
void WriteLevel(const std::string& tag, const MpiBfsLevel& l,
                std::ostream& err) {
  err << tag << "  depth " << std::setw(2) << l.level.depth << "  states "
      << std::setw(11) << WithCommas(l.level.states) << "  total "
      << std::setw(11) << WithCommas(l.level.total) << "  " << std::fixed
      << std::setprecision(3) << l.level.seconds << " s  exchanged "
      << WithCommas(l.sent_bytes) << " B (raw " << WithCommas(l.raw_bytes)
      << " B, " << l.rounds << (l.rounds == 1 ? " round" : " rounds")
      << ")  peak " << std::setprecision(1) << l.peak_bytes / 1048576.0
      << " MiB" << std::endl;
}

// A goal's searched table, as rank 0 stores it.
struct SearchedGoal {
  int goal_blank;
  std::string goal, tag;
  const Indexer& indexer;
  const TwoBitTable& table;
  const std::vector<uint64_t>& histogram;
  double search_seconds;
};

// Rank 0 writes a goal's table and says so; the bytes of its records. A
// failure ends every rank.
uint64_t StoreGoal(const MpiBuildRequest& request, int ranks,
                   const SearchedGoal& g, DatabaseWriter* writer,
                   std::ostream& out, std::ostream& err) {
  const Board& board = request.board;
  TableMeta meta = TableMeta::FromHistogram(board, g.goal_blank, g.histogram,
                                            Metric::kStm, request.records);
  meta.goal = g.goal;
  meta.built_by = std::string("slidedb-build ") + kVersion;
  meta.built_at = Now();
  meta.build_seconds = g.search_seconds;
  meta.threads = ranks;
  Status s = meta.two_bit() ? writer->PutTwoBitTable(meta, g.table.data())
                            : StoreTwoBitTable(writer, meta, g.table,
                                               g.indexer, request.threads);
  if (!s.ok()) Abort(err, 0, g.tag + ": " + s.message(), kExitIOError);
  out << g.tag << ": " << WithCommas(meta.states) << " states, max distance "
      << meta.max_distance << ", search " << std::fixed << std::setprecision(3)
      << g.search_seconds << " s on " << ranks << " ranks";
  const std::vector<int> served = ServedGoalBlanks(board, g.goal_blank);
  if (served.size() > 1) {
    out << "; serves the goal blanks";
    for (int c : served) out << ' ' << c;
  }
  out << std::endl;
  return RecordBytes(meta.records, meta.states);
}

// Rank 0 commits the database and sums up the build.
void Commit(const MpiBuildRequest& request, int ranks, uint64_t built_bytes,
            std::chrono::steady_clock::time_point t0,
            std::unique_ptr<DatabaseWriter>* writer, std::ostream& out,
            std::ostream& err) {
  Status s = (*writer)->Commit();
  if (!s.ok()) {
    Abort(err, 0, s.message(), kExitIOError, AfterAFailedWrite(request.db_dir));
  }
  if (!(*writer)->left_behind().empty()) {
    err << "slidedb-build: " << OldDatabaseLeft(**writer) << std::endl;
  }
  writer->reset();
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
          .count();
  const size_t n = request.goal_blanks.size();
  out << "wrote " << request.db_dir << ": " << n << " table"
      << (n == 1 ? "" : "s") << " of " << request.board.Name() << ", "
      << WithCommas(built_bytes) << " bytes of records; the database "
      << std::fixed << std::setprecision(2)
      << DirectoryBytes(request.db_dir) / 1048576.0 << " MiB on disk; "
      << std::setprecision(3) << secs << " s on " << ranks << " ranks"
      << std::endl;
}

int Build(const MpiBuildRequest& request, int ranks, int rank,
          std::ostream& out, std::ostream& err) {
  const auto t0 = std::chrono::steady_clock::now();
  const Board& board = request.board;
  // Rank 0 alone writes.
  std::unique_ptr<DatabaseWriter> writer;
  const int code = BeginWriting(request, rank, err, &writer);
  if (code != kExitOk) return code;

  uint64_t built_bytes = 0;  // the records written (rank 0)
  for (const int goal_blank : request.goal_blanks) {
    const std::string goal = FormatArrangement(
        CanonicalGoalArrangement(board, goal_blank, "0"), "0");
    const std::string tag = board.Name() + " goal " + goal;
    auto on_level = [&](const MpiBfsLevel& l) {
      if (!request.quiet) WriteLevel(tag, l, err);
    };
    const Indexer indexer(board, goal_blank);
    TwoBitTable table;
    std::vector<uint64_t> histogram;
    const auto s0 = std::chrono::steady_clock::now();
    Status s =
        RunMpiTwoBitBfs(indexer, MPI_COMM_WORLD, MpiBfsOptions(), on_level,
                        rank == 0 ? &table : nullptr, &histogram);
    const double search_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - s0)
            .count();
    if (!s.ok()) {  // the same on every rank
      if (rank == 0)
        err << "slidedb-build: " << tag << ": " << s.message() << "\n";
      return kExitFailure;
    }
    if (rank != 0) continue;
    built_bytes += StoreGoal(
        request, ranks,
        SearchedGoal{goal_blank, goal, tag, indexer, table, histogram,
                     search_seconds},
        writer.get(), out, err);
  }
  if (rank == 0) Commit(request, ranks, built_bytes, t0, &writer, out, err);
  return kExitOk;
}

}  // namespace

int RunMpiBuild(const MpiBuildRequest& request, std::ostream& out,
                std::ostream& err) {
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (!initialized) {
    PreferOneMachinePml();
    MPI_Init(nullptr, nullptr);
  }
  int ranks = 1, rank = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (ranks == 1) {
    MPI_Finalize();
    return kMpiRunAlone;
  }
  int code = kExitUsage;
  if (!request.unsupported.empty()) {
    if (rank == 0) {
      err << "slidedb-build: under mpirun with more than one rank, "
             "slidedb-build builds single-tile tables only, not "
          << request.unsupported << "; run it without mpirun\n";
    }
  } else {
    try {
      code = Build(request, ranks, rank, out, err);
    } catch (const std::exception& e) {
      Abort(err, rank, e.what(), kExitFailure);
    }
  }
  MPI_Finalize();
  return code;
}

#endif  // SLIDEDB_WITH_MPI

}  // namespace slidedb
