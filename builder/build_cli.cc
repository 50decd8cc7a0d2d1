#include "builder/build_cli.h"

#include <chrono>
#include <ctime>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <mutex>
#include <set>
#include <thread>

#include "builder/build_mpi.h"
#include "builder/build_options.h"
#include "builder/build_pdb.h"
#include "builder/build_text.h"
#include "builder/build_twobit.h"
#include "builder/check_report.h"
#include "builder/machine_room.h"
#include "cli/default_db.h"
#include "cli/exit_codes.h"
#include "cli/out_of_memory.h"
#include "cli/version.h"
#include "lib/base/out_of_memory.h"
#include "lib/base/threads.h"
#include "lib/puzzle/index.h"
#include "lib/puzzle/notation.h"
#include "lib/puzzle/pattern.h"
#include "lib/puzzle/problem.h"
#include "lib/puzzle/state.h"
#include "lib/puzzle/symmetry.h"
#include "lib/search/bfs.h"
#include "lib/search/mtm_bfs.h"
#include "lib/search/mtm_search.h"
#include "lib/storage/database.h"
#include "lib/storage/database_writer.h"
#include "lib/storage/table_meta.h"

namespace slidedb {

namespace {

// Each goal's table searched by breadth-first search: small tables (up to
// 10 cells) side by side, one thread each, started at once while the
// database copy is prepared (each search is short, and the threads of one
// search wait for each other at every depth); large ones one after the
// other when asked for, each with every thread.
class TableSearches {
 public:
  TableSearches(const BuildOptions& o, std::vector<int> goals,
                std::ostream& err)
      : o_(o),
        goals_(std::move(goals)),
        err_(err),
        side_by_side_(!o.pdb && !o.two_bit && goals_.size() > 1 &&
                      Indexer(o.board, goals_[0]).size() <=
                          Database::kPreloadStates),
        results_(goals_.size()),
        searched_(goals_.size()) {
    if (!side_by_side_) return;
    // A search whose thread the system refuses (ulimit -v) runs in Get on
    // the caller's: a vector unwinding with threads running ended the
    // process.
    workers_.reserve(goals_.size());
    for (size_t k = 0; k < goals_.size(); ++k) {
      if (!StartThread(&workers_, [this, k] { Search(k, 1); })) break;
    }
  }
  ~TableSearches() {
    for (auto& t : workers_) {
      if (t.joinable()) t.join();
    }
  }

  bool side_by_side() const { return side_by_side_; }
  // "3x3 goal 123456780", with " (mtm)" for the multi-tile metric.
  std::string Tag(int goal_blank) const {
    return o_.board.Name() + " goal " +
           FormatArrangement(
               CanonicalGoalArrangement(o_.board, goal_blank, "0"), "0") +
           (o_.metric == Metric::kMtm ? " (mtm)" : "");
  }
  // The table of goals[k], searched: its result, or the search's failure.
  Status Get(size_t k, BfsResult** result) {
    if (k < workers_.size()) {
      workers_[k].join();
    } else {
      Search(k, side_by_side_ ? 1 : o_.threads);
    }
    *result = &results_[k];
    return searched_[k];
  }

 private:
  // Searches goals[k] into results_[k] and searched_[k]; memory that runs
  // out is its failure (on a thread of its own, an exception would end the
  // process).
  void Search(size_t k, int threads) {
    searched_[k] =
        StatusIfOutOfMemory([&] { return SearchOrThrow(k, threads); });
  }
  Status SearchOrThrow(size_t k, int threads) {
    const std::string tag = Tag(goals_[k]);
    auto on_level = [&](const BfsLevel& l) {
      if (o_.quiet) return;
      std::lock_guard<std::mutex> lock(err_mutex_);
      err_ << tag << "  depth " << std::setw(2) << l.depth << "  states "
           << std::setw(11) << WithCommas(l.states) << "  total "
           << std::setw(11) << WithCommas(l.total) << "  " << std::fixed
           << std::setprecision(3) << l.seconds << " s\n";
    };
    const Indexer indexer(o_.board, goals_[k]);
    BfsOptions options;
    options.threads = threads;
    options.metric = o_.metric;
    return RunBfs(indexer, options, on_level, &results_[k]);
  }

  const BuildOptions& o_;
  const std::vector<int> goals_;
  std::ostream& err_;
  std::mutex err_mutex_;
  const bool side_by_side_;
  std::vector<BfsResult> results_;
  std::vector<Status> searched_;
  std::vector<std::thread> workers_;
};

// Writes the searched table of `goal_blank` and its line on `out`.
Status WriteTable(const BuildOptions& o, int goal_blank, const std::string& tag,
                  bool side_by_side, const BfsResult& result,
                  DatabaseWriter* writer, std::ostream& out) {
  TableMeta meta = TableMeta::FromHistogram(o.board, goal_blank,
                                            result.histogram, o.metric);
  meta.goal = FormatArrangement(
      CanonicalGoalArrangement(o.board, goal_blank, "0"), "0");
  meta.built_by = std::string("slidedb-build ") + kVersion;
  meta.built_at = Now();
  meta.build_seconds = result.seconds;
  meta.threads = side_by_side ? 1 : o.threads;
  const Status s = writer->PutTable(meta, result.records);
  if (!s.ok()) return s;
  out << tag << ": " << WithCommas(meta.states) << " states, max distance "
      << meta.max_distance << ", search " << std::fixed << std::setprecision(3)
      << result.seconds << " s";
  const std::vector<int> served = ServedGoalBlanks(o.board, goal_blank);
  if (served.size() > 1) {
    out << "; serves the goal blanks";
    for (int c : served) out << ' ' << c;
  }
  out << "\n";
  return Status::OK();
}

// The line that ends a build: what it wrote, and the database's size.
void PrintSummary(const BuildOptions& o, size_t built,
                  const std::set<std::string>& partitions_built,
                  uint64_t built_bytes, uint64_t cross_bytes, double seconds,
                  std::ostream& out) {
  std::string partitions;
  for (const std::string& p : partitions_built) {
    partitions += (partitions.empty() ? "" : "; ") + p;
  }
  out << "wrote " << o.db_dir << ": " << built << (o.pdb ? " set" : " table")
      << (built == 1 ? "" : "s")
      << (o.pdb ? " of pattern databases (" + partitions + ")" : "") << " of "
      << o.board.Name() << (o.metric == Metric::kMtm ? " (mtm)" : "") << ", "
      << WithCommas(built_bytes) << " bytes of "
      << (o.pdb ? "entries" : "records")
      << (cross_bytes > 0
              ? " and " + WithCommas(cross_bytes) + " of cross tables"
              : "")
      << "; the database " << std::fixed << std::setprecision(2)
      << DirectoryBytes(o.db_dir) / 1048576.0 << " MiB on disk; "
      << std::setprecision(3) << seconds << " s\n";
}

// The exit status of a build stopped by `s` (docs/ERRORS.md): 69 when
// memory ran out, 74 when writing failed (the database is left as it was),
// 1 for any other failure of the build.
int BuildExitStatus(const Status& s) {
  switch (s.code()) {
    case Status::Code::kResourceExhausted:
      return kExitUnavailable;
    case Status::Code::kIOError:
    case Status::Code::kCorruption:
      return kExitIOError;
    default:
      return kExitFailure;
  }
}

// The groups of the pattern databases built for the goal with its blank on
// `goal_blank`: --pdb's, or the goal's default.
Partition PartitionOf(const BuildOptions& o, int goal_blank) {
  return o.partition.empty() ? DefaultPartition(o.board, goal_blank)
                             : o.partition;
}

// Why building `goals` does not fit the machine (two-bit tables, pattern
// databases), or "".
std::string RoomRefusal(const BuildOptions& o, const std::vector<int>& goals) {
  if (!o.two_bit && !o.pdb) return "";
  const MachineRoom room = AvailableRoom(o.db_dir);
  if (o.two_bit) {
    return TwoBitRoomRefusal(o.board, static_cast<int>(goals.size()), room);
  }
  for (const int goal_blank : goals) {
    std::string refusal =
        PdbRoomRefusal(o.board, goal_blank, PartitionOf(o, goal_blank),
                       o.pdb_index, o.pdb_words, room);
    if (!refusal.empty()) return refusal;
  }
  return "";
}

// The exit status of writing the database at `dir` (its copy at the
// start, or Commit) that failed with `s`, said on `err`: what became of it.
int WriteFailed(const Status& s, const std::string& dir, std::ostream& err) {
  err << "slidedb-build: " << s.message()
      << "\nslidedb-build: " << AfterAFailedWrite(dir) << "\n";
  return s.IsResourceExhausted() ? kExitUnavailable : kExitIOError;
}

// Builds the tables or pattern databases of `goals` into o.db_dir.
// *committed: whether the database was written (its summary may not be).
int Build(const BuildOptions& o, const std::vector<int>& goals,
          std::ostream& out, std::ostream& err, bool* committed) {
  const auto t0 = std::chrono::steady_clock::now();
  TableSearches searches(o, goals, err);
  // Refused at the start, before any search, with the figures.
  const std::string refusal = RoomRefusal(o, goals);
  if (!refusal.empty()) {
    err << "slidedb-build: " << refusal << "\n";
    return kExitUnavailable;
  }
  std::unique_ptr<DatabaseWriter> writer;
  Status s = DatabaseWriter::Begin(o.db_dir, &writer, o.rebuild);
  if (!s.ok()) {
    // Its copy could not be written (a full disk); else it cannot be opened
    // for writing.
    if (s.IsIOError()) return WriteFailed(s, o.db_dir, err);
    err << "slidedb-build: " << s.message() << "\n";
    return s.IsResourceExhausted() ? kExitUnavailable : kExitCantCreate;
  }
  // What this build writes: its records' (or entries') bytes, and the
  // partitions of its pattern databases.
  uint64_t built_bytes = 0;
  PdbBytes pdb_bytes;
  std::set<std::string> built_partitions;
  for (size_t k = 0; k < goals.size(); ++k) {
    const int goal_blank = goals[k];
    const std::string tag = searches.Tag(goal_blank);
    if (o.pdb) {
      const Partition partition = PartitionOf(o, goal_blank);
      built_partitions.insert(PartitionName(partition) +
                              (o.pdb_index == PdbIndexKind::kBlankRegion
                                   ? " by blank region"
                                   : ""));
      s = BuildPdbs(o.board, goal_blank, partition, o.pdb_index, o.pdb_words,
                    o.threads, o.quiet, writer.get(), &pdb_bytes, out, err);
      built_bytes = pdb_bytes.entries;
      if (!s.ok()) {
        err << "slidedb-build: " << s.message() << "\n";
        return BuildExitStatus(s);
      }
      continue;
    }
    if (o.two_bit) {
      s = BuildTwoBitTable(o.board, goal_blank, o.threads, o.quiet, tag, Now(),
                           writer.get(), out, err);
      built_bytes += RecordBytes(RecordKind::kTwoBit,
                                 Indexer(o.board, goal_blank).size());
    } else {
      BfsResult* result;
      s = searches.Get(k, &result);
      if (!s.ok()) {
        err << "slidedb-build: " << tag << ": " << s.message() << "\n";
        return BuildExitStatus(s);
      }
      s = WriteTable(o, goal_blank, tag, searches.side_by_side(), *result,
                     writer.get(), out);
      built_bytes += result->records.size();
      *result = BfsResult();  // written: its memory is not needed
    }
    if (!s.ok()) {
      err << "slidedb-build: " << s.message()
          << "\nslidedb-build: nothing changed in " << o.db_dir << "\n";
      return BuildExitStatus(s);  // the writer removes its copy
    }
  }
  s = writer->Commit();
  if (!s.ok()) return WriteFailed(s, o.db_dir, err);
  *committed = true;
  if (!writer->left_behind().empty()) {
    err << "slidedb-build: " << OldDatabaseLeft(*writer) << "\n";
  }
  PrintSummary(
      o, goals.size(), built_partitions, built_bytes, pdb_bytes.cross,
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
          .count(),
      out);
  return kExitOk;
}

// RunBuild but for the check that the output was written.
int RunBuildArgs(const std::vector<std::string>& args, std::ostream& out,
                 std::ostream& err, bool* committed) {
  BuildOptions o;
  if (const int code = ParseBuildOptions(args, out, err, &o); code >= 0) {
    return code;
  }
  std::set<int> blanks = o.blanks;
  if (o.verify) {
    CheckOptions check;
    if (o.board_given || !blanks.empty()) check.board = o.board;
    check.goal_blanks.assign(blanks.begin(), blanks.end());
    if (o.metric_given) check.metric = o.metric;
    check.threads = o.threads;
    if (!o.quiet) check.progress = ProgressLines(err);
    return RunCheck(o.db_dir, check, o.json, out, err);
  }
  if (blanks.empty()) {
    if (o.board.cells() <= 9) {
      for (int c = 0; c < o.board.cells(); ++c) {
        blanks.insert(o.pdb ? c : StoredGoalBlank(o.board, c));
      }
    } else {
      blanks.insert(o.board.cells() - 1);
    }
  }
  if (o.pdb && !o.force && !o.rebuild) {
    SkipServedGoals(o.db_dir, o.board,
                    o.pdb_text.empty() ? nullptr : &o.partition, o.pdb_index,
                    o.pdb_words, &blanks, out);
    if (blanks.empty()) return kExitOk;
  }
  if (StartedByMpirun()) {  // builder/build_mpi.h
    const int code = RunMpiBuild(
        {o.board, std::vector<int>(blanks.begin(), blanks.end()), o.db_dir,
         o.rebuild, o.quiet, o.threads, o.records,
         o.pdb                      ? "pattern databases"
         : o.metric == Metric::kMtm ? "--metric mtm"
                                    : ""},
        out, err);
    if (code != kMpiRunAlone) return code;
  }
  return Build(o, std::vector<int>(blanks.begin(), blanks.end()), out, err,
               committed);
}

}  // namespace

int RunBuild(const std::vector<std::string>& args, std::istream& /*in*/,
             std::ostream& out, std::ostream& err) {
  bool committed = false;
  auto run = [&] { return RunBuildArgs(args, out, err, &committed); };
  // Under mpirun a rank out of memory aborts (and mpirun stops the others).
  const int status =
      StartedByMpirun() ? run() : ExitIfOutOfMemory("slidedb-build", err, run);
  out.flush();
  if (committed && !out) {
    // Not "lost": only the summary is.
    err << "slidedb-build: the database was written, but not its summary: "
           "standard output cannot be written (a full disk?)\n";
    return kExitIOError;
  }
  return AfterOutput(status, "slidedb-build", out, err);
}

}  // namespace slidedb
