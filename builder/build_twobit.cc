#include "builder/build_twobit.h"

#include <chrono>
#include <cstdio>
#include <iomanip>
#include <sstream>

#include "builder/build_text.h"
#include "cli/version.h"
#include "lib/puzzle/notation.h"
#include "lib/puzzle/problem.h"
#include "lib/puzzle/symmetry.h"
#include "lib/search/twobit_bfs.h"
#include "lib/storage/format.h"
#include "lib/storage/table_meta.h"

namespace slidedb {

namespace {

// RocksDB's own files and the log: a 3x4 table (59.9 MB of residues)
// peaked at 64 MB of disk, 57 MB at the end (a fault audit, statvfs).
constexpr uint64_t kDiskMargin = uint64_t{16} << 20;

std::string Duration(double seconds) {
  const auto s = static_cast<uint64_t>(seconds + 0.5);
  char buf[32];
  if (s >= 3600) {
    std::snprintf(buf, sizeof buf, "%lluh%02llum",
                  static_cast<unsigned long long>(s / 3600),
                  static_cast<unsigned long long>(s / 60 % 60));
  } else if (s >= 60) {
    std::snprintf(buf, sizeof buf, "%llum%02llus",
                  static_cast<unsigned long long>(s / 60),
                  static_cast<unsigned long long>(s % 60));
  } else {
    std::snprintf(buf, sizeof buf, "%llus", static_cast<unsigned long long>(s));
  }
  return buf;
}

}  // namespace

TwoBitNeeds TwoBitTableNeeds(const Board& board) {
  const uint64_t states = Indexer(board, board.cells() - 1).size();
  TwoBitNeeds needs;
  // TwoBitTable rounds up to 64 states; the search keeps a bit a state.
  needs.memory =
      (states + 63) / 64 * 16 + (states + 63) / 64 * 8 + kBuildMemoryMargin;
  const uint64_t bytes = RecordBytes(RecordKind::kTwoBit, states);
  needs.disk = bytes + bytes / 32 + kDiskMargin;
  return needs;
}

std::string TwoBitRoomRefusal(const Board& board, int tables,
                              const MachineRoom& room) {
  const TwoBitNeeds one = TwoBitTableNeeds(board);
  return RoomShortfall(
      "the two-bit table" + std::string(tables == 1 ? "" : "s") + " of " +
          board.Name(),
      one.memory, "two bits a state and the search's bit a state",
      one.disk * static_cast<uint64_t>(tables), room);
}

Status SearchTwoBitTable(const Indexer& indexer, int threads, bool quiet,
                         const std::string& tag, std::ostream& err,
                         TwoBitBuild* out) {
  const uint64_t size = indexer.size();
  const auto t0 = std::chrono::steady_clock::now();
  double last_seconds = 0;
  if (!quiet && size >= (uint64_t{1} << 32)) {
    // The kernel clears the memory as it is first touched: on 2x7 about a
    // minute before depth 0.
    err << tag << "  preparing "
        << Gigabytes(TwoBitTableNeeds(indexer.board()).memory)
        << " of memory for the search" << std::endl;
  }
  auto on_level = [&](const BfsLevel& l) {
    if (quiet) return;
    std::ostringstream line;
    line << tag << "  depth " << std::setw(3) << l.depth << "  states "
         << std::setw(14) << WithCommas(l.states) << "  total " << std::setw(14)
         << WithCommas(l.total) << "  " << std::fixed << std::setprecision(3)
         << l.seconds << " s";
    // An estimate: the states not reached yet at the rate of the last
    // level, once a level takes long enough to time (the early levels, a
    // few states each, cost mostly their scans), else at the rate so far.
    const double took = l.seconds - last_seconds;
    // (Before a thousandth of the states is reached the rate says nothing.)
    if (l.total < size && l.total >= size / 1000 && l.seconds > 0) {
      const double rate = took > 0.5 ? static_cast<double>(l.states) / took
                                     : static_cast<double>(l.total) / l.seconds;
      line << "  ~" << Duration(static_cast<double>(size - l.total) / rate)
           << " left (estimate)";
    }
    last_seconds = l.seconds;
    err << line.str() << std::endl;
  };
  Status s =
      RunTwoBitBfs(indexer, threads, on_level, &out->table, &out->histogram);
  out->seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
          .count();
  return s;
}

std::string RecordsUsageError(const Board& board, RecordKind records,
                              bool verify, bool pdb, Metric metric) {
  const bool two_bit = records == RecordKind::kTwoBit;
  if (verify) return "--records applies to a build, not to --verify";
  if (pdb) {
    return "--records chooses how a full table stores its states; --pdb "
           "builds pattern databases instead";
  }
  if (two_bit && metric == Metric::kMtm) {
    return "--records two-bit is for the single-tile metric: multi-tile "
           "tables keep a byte a state";
  }
  const int max = two_bit ? kMaxTwoBitTableCells : kMaxTableCells;
  if (board.cells() <= max) return "";
  const bool two_bit_board =
      board.cells() > kMaxTableCells && board.cells() <= kMaxTwoBitTableCells;
  return std::string("--records ") + RecordKindName(records) +
         " makes tables of up to " + std::to_string(max) + " cells; " +
         board.Name() +
         (two_bit_board ? " gets a two-bit table (the default) or, with "
                          "--pdb, pattern databases"
                        : " gets pattern databases");
}

Status BuildTwoBitTable(const Board& board, int goal_blank, int threads,
                        bool quiet, const std::string& tag,
                        const std::string& built_at, DatabaseWriter* writer,
                        std::ostream& out, std::ostream& err) {
  TwoBitBuild build;
  Status s = SearchTwoBitTable(Indexer(board, goal_blank), threads, quiet, tag,
                               err, &build);
  if (!s.ok()) {
    // Memory refused stays what it is (exit 69); any other failure of the
    // search is its own bug.
    const std::string m = tag + ": " + s.message();
    return s.IsResourceExhausted() ? Status::ResourceExhausted(m)
                                   : Status::Internal(m);
  }
  TableMeta meta = TableMeta::FromHistogram(board, goal_blank, build.histogram,
                                            Metric::kStm, RecordKind::kTwoBit);
  meta.goal =
      FormatArrangement(CanonicalGoalArrangement(board, goal_blank, "0"), "0");
  meta.built_by = std::string("slidedb-build ") + kVersion;
  meta.built_at = built_at;
  meta.build_seconds = build.seconds;
  meta.threads = threads;
  s = writer->PutTwoBitTable(meta, build.table.data());
  if (!s.ok()) return s;
  out << tag << ": " << WithCommas(meta.states) << " states, max distance "
      << meta.max_distance << ", search " << std::fixed << std::setprecision(3)
      << build.seconds << " s, two bits a state ("
      << Gigabytes(RecordBytes(meta.records, meta.states)) << ")";
  const std::vector<int> served = ServedGoalBlanks(board, goal_blank);
  if (served.size() > 1) {
    out << "; serves the goal blanks";
    for (int c : served) out << ' ' << c;
  }
  out << "\n";
  return Status::OK();
}

}  // namespace slidedb
