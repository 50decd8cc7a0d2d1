#include "builder/build_cli.h"

#include <boost/program_options.hpp>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <mutex>
#include <set>
#include <thread>

#include "builder/build_mpi.h"
#include "builder/build_pdb.h"
#include "builder/build_text.h"
#include "builder/build_twobit.h"
#include "builder/check_report.h"
#include "cli/default_db.h"
#include "cli/exit_codes.h"
#include "cli/version.h"
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

namespace po = boost::program_options;

namespace slidedb {

namespace {

constexpr char kUsage[] =
    "Usage: slidedb-build [--db DIR] [--board RxC] [--goal G]... "
    "[--metric stm|mtm] [--records byte|two-bit] [--pdb PARTITION]\n"
    "                     [--threads N] [--quiet]\n"
    "       slidedb-build --verify [--db DIR] [--board RxC] [--goal G]... "
    "[--format text|json]\n"
    "\n"
    "Builds the tables of a sliding-tile puzzle by a breadth-first search\n"
    "back from each goal over every state that reaches it, and stores each\n"
    "state's distance and best move in a RocksDB database. A table serves\n"
    "every goal with its blank on the same cell (the query tool relabels the\n"
    "tiles). The build is written beside the database and swapped in at the\n"
    "end: an interrupted build leaves the database as it was.\n"
    "\n"
    "With no --goal: boards of up to 9 cells get a table for every blank\n"
    "cell (9 for 3x3); larger boards get the default goal, blank last.\n"
    "Progress, one line per depth, goes to standard error.\n"
    "\n"
    "A table stores a byte a state (distance and best move; boards of up to\n"
    "12 cells) or, with --records two-bit, two bits: the distance modulo 3,\n"
    "from which a query walks to the goal (a quarter of the space: 3x4 in\n"
    "60 MB instead of 240 MB). 2x7 and 7x2 (14 cells, 43,589,145,600\n"
    "states: 10.9 GB) get a two-bit table by default; before searching,\n"
    "the builder checks that the machine has the memory (MemAvailable) and\n"
    "the disk for it, and refuses with the figures when not. Progress lines\n"
    "of a two-bit search estimate the time left (from the states still to\n"
    "reach and the last level's rate: an estimate, not a promise).\n"
    "\n"
    "Other boards of 13 to 25 cells (4x4, 5x5, 3x5, 4x5, 2x8 ...) have too\n"
    "many states for a table: they get additive pattern databases, one\n"
    "per group of tiles of --pdb (default 7-8 on 16 cells: about 10 minutes\n"
    "of CPU and 2 GB; 7-7 on 15, 6-7 on 14; on 5x5 Korf and Felner's four\n"
    "groups of 6, 1,2,3,6,7,8/4,5,9,10,14,15/11,12,16,17,21,22/\n"
    "13,18,19,20,23,24: about 3 minutes and 1 GB), and slidedb-query\n"
    "answers them by an optimal search. These default groups are a shape\n"
    "of cells that follows the goal's blank (turned and reflected with it:\n"
    "the blank first gets the blank-last groups turned by 180 degrees).\n"
    "--pdb takes group sizes (7-8: tiles 1-7 and 8-15) or each group's\n"
    "tiles, groups separated by '/'; on a smaller board it builds pattern\n"
    "databases instead of its table. A goal that stored pattern databases\n"
    "already answer (those of its blank's cell, or of the goal turned by\n"
    "180 degrees: slidedb-query --tables lists them) is not built again:\n"
    "one line names the set, and the exit status is 0; --force builds it\n"
    "(with --pdb, only a set of those groups on its own cell serves it).\n"
    "\n"
    "--metric mtm builds the tables of the multi-tile metric (a move slides\n"
    "one or more tiles of the blank's row or column, as a finger does), for\n"
    "boards of up to 12 cells, beside those of the single-tile metric (stm,\n"
    "the default): one database holds both. 4x4, 3x5, 4x5 and the other\n"
    "boards of 13 to 20 cells need no build for the multi-tile metric:\n"
    "slidedb-query searches them (5x5 has no multi-tile answer).\n"

    "Under mpirun (Open MPI), mpirun -np N slidedb-build --board 3x4 --db\n"
    "DIR searches each table over the N ranks, which may be on N machines:\n"
    "each rank holds its share of the table at two bits a state, and rank 0\n"
    "writes the database (single-tile tables only, byte or two-bit as\n"
    "without mpirun; docs/SCALE.md). A rank that fails or is killed ends\n"
    "them all, and the database stays as it was.\n"
    "\n"
    "--verify builds nothing: it re-reads the database (every table, or those\n"
    "of --board and --goal) and checks the format key, every block checksum,\n"
    "each table's metadata and pages, its histogram, and every record against\n"
    "its neighbours, so that the stored distances are the true ones. It\n"
    "reports each table as ok or lists what is wrong where (index, state).\n"
    "\n";

constexpr int kMaxThreads = 256;

}  // namespace

int RunBuild(const std::vector<std::string>& args, std::istream& /*in*/,
             std::ostream& out, std::ostream& err) {
  std::string db_dir, board_name;
  std::vector<std::string> goal_texts;
  std::string blank, pdb_text, format, metric_name, records_name;
  int threads = 0;
  po::options_description desc("Options");
  desc.add_options()("help,h", "show this help and exit")(
      "version", "show the version and exit")(
      "db", po::value(&db_dir)->default_value(DefaultDatabasePath()),
      "database directory ($SLIDEDB_DB, else data/slidedb)")(
      "board", po::value(&board_name)->default_value("3x3"),
      "board shape RxC, at most 25 cells: 2x2 2x3 3x2 2x4 4x2 3x3 2x5 5x2 "
      "3x4 4x3 2x6 6x2 get tables, 2x7 and 7x2 two-bit tables; other boards "
      "of 13 to 25 cells (4x4, 5x5 ...) pattern databases")(
      "records", po::value(&records_name)->value_name("byte|two-bit"),
      "how a table stores a state: byte (distance and best move; the "
      "default up to 12 cells) or two-bit (the distance modulo 3; the "
      "default, and the only kind, on 2x7 and 7x2; single-tile metric "
      "only)")(
      "pdb", po::value(&pdb_text)->value_name("PARTITION"),
      "build pattern databases of these tile groups, sizes in goal order: "
      "7-8 (tiles 1-7 and 8-15), 6-6-3, 5-5-5 ..., or each group's tiles: "
      "1,2,3/4,5,6,7,8; a group has at most 8 tiles (6 over 16 cells)")(
      "goal", po::value(&goal_texts),
      "build the table serving goal G (any arrangement; its blank's cell "
      "picks the table); repeat for more")(
      "blank", po::value(&blank),
      "the label that stands for the blank in --goal (default: 0 _ . -)")(
      "metric", po::value(&metric_name)->default_value("stm"),
      "how moves are counted: stm (a tile a move) or mtm (a row or column "
      "segment a move; tables only)")(
      "threads", po::value(&threads)->default_value(0),
      "search threads, 0 to 256 (0: one per core)")(
      "quiet,q", "no per-depth progress lines")(
      "force",
      "build pattern databases even for a goal that a stored set already "
      "serves")(
      "rebuild",
      "start afresh: the database in place (of any format) is "
      "replaced, at the end, by one holding only what this command builds")(
      "verify",
      "check the database instead of building: exit 0 when all "
      "is well, 1 when not")("format",
                             po::value(&format)->default_value("text"),
                             "with --verify: text or json");
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(desc).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    err << "slidedb-build: " << e.what() << "\n"
        << "Try 'slidedb-build --help'.\n";
    return kExitUsage;
  }
  if (vm.count("help")) {
    out << kUsage << desc << "\n"
        << "Exit status: 0 built (or already served); 1 the build failed;\n"
           "64 bad usage; 73 the database cannot be written (or another\n"
           "slidedb-build is writing it: one build at a time holds\n"
           "DIR.lock); 74 an I/O error (a full\n"
           "disk) while writing: the database is left as it was.\n"
           "69 the machine has too little memory or disk for a two-bit table\n"
           "(the message gives the figures; nothing was built).\n"
           "With --verify: 0 all is well; 1 a problem was found; 66 no\n"
           "database (or no table matches --board/--goal).\n"
        << "\nExamples: slidedb-build --db data/slidedb --board 3x3\n"
           "          slidedb-build --verify --db data/slidedb\n";
    return kExitOk;
  }
  if (vm.count("version")) {
    out << "slidedb-build " << kVersion << "\n";
    return kExitOk;
  }
  Board board;
  Status s = Board::Parse(board_name, &board);
  if (!s.ok()) {
    err << "slidedb-build: " << s.message() << "\n";
    return kExitUsage;
  }
  if (threads < 0 || threads > kMaxThreads) {
    err << "slidedb-build: --threads must be from 0 to " << kMaxThreads
        << "\n";
    return kExitUsage;
  }
  if (threads == 0) {
    threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  }
  s = CheckBlankLabel(blank);
  if (!s.ok()) {
    err << "slidedb-build: " << s.message() << "\n";
    return kExitUsage;
  }
  const bool verify = vm.count("verify") > 0;
  if (format != "text" && format != "json") {
    err << "slidedb-build: --format must be text or json\n";
    return kExitUsage;
  }
  if (!verify && !vm["format"].defaulted()) {
    err << "slidedb-build: --format needs --verify\n";
    return kExitUsage;
  }
  Metric metric;
  if (!ParseMetric(metric_name, &metric)) {
    err << "slidedb-build: --metric must be stm or mtm\n";
    return kExitUsage;
  }
  RecordKind records = RecordKind::kByte;
  if (!records_name.empty() && !ParseRecordKind(records_name, &records)) {
    err << "slidedb-build: --records must be byte or two-bit\n";
    return kExitUsage;
  }
  // 2x7 and 7x2 get a two-bit table unless pattern databases are asked for.
  const bool two_bit_board =
      board.cells() > kMaxTableCells && board.cells() <= kMaxTwoBitTableCells;
  if (records_name.empty() && two_bit_board && pdb_text.empty() &&
      metric == Metric::kStm) {
    records = RecordKind::kTwoBit;
  }
  const bool two_bit = records == RecordKind::kTwoBit;
  const bool pdb = !pdb_text.empty() || (board.cells() > kMaxTableCells &&
                                         !two_bit && records_name.empty());
  if (!records_name.empty()) {
    const std::string why =
        RecordsUsageError(board, records, verify, !pdb_text.empty(), metric);
    if (!why.empty()) {
      err << "slidedb-build: " << why << "\n";
      return kExitUsage;
    }
  }
  if (metric == Metric::kMtm && (pdb || two_bit_board) && !verify) {
    err << "slidedb-build: --metric mtm builds full tables, for boards of "
           "up to "
        << kMaxTableCells << " cells; " << board.Name()
        << (MtmSearch::Supports(board)
                ? " needs no build in the multi-tile metric (slidedb-query "
                  "--metric mtm searches it)\n"
                : " has no multi-tile answer: its walking-distance tables "
                  "are too big to make\n");
    return kExitUsage;
  }
  // --pdb's groups for every goal; without it each goal's default.
  Partition asked_partition;
  if (!pdb_text.empty()) {
    s = ParsePartition(pdb_text, board, &asked_partition);
    if (!s.ok()) {
      err << "slidedb-build: " << s.message() << "\n";
      return kExitUsage;
    }
  }
  std::set<int> blanks;
  NotationOptions notation{blank};
  for (const auto& g : goal_texts) {
    Arrangement a;
    s = ParseArrangement(g, board, notation, &a);
    if (!s.ok()) {
      err << "slidedb-build: goal '" << g << "': " << s.message() << "\n";
      return kExitUsage;
    }
    blanks.insert(pdb ? a.blank : StoredGoalBlank(board, a.blank));
  }
  if (verify) {
    CheckOptions check;
    if (!vm["board"].defaulted() || !blanks.empty()) check.board = board;
    check.goal_blanks.assign(blanks.begin(), blanks.end());
    if (!vm["metric"].defaulted()) check.metric = metric;
    check.threads = threads;
    return RunCheck(db_dir, check, format == "json", out, err);
  }
  if (blanks.empty()) {
    if (board.cells() <= 9) {
      for (int c = 0; c < board.cells(); ++c) {
        blanks.insert(pdb ? c : StoredGoalBlank(board, c));
      }
    } else {
      blanks.insert(board.cells() - 1);
    }
  }
  if (pdb && vm.count("force") == 0 && vm.count("rebuild") == 0) {
    SkipServedGoals(db_dir, board,
                    pdb_text.empty() ? nullptr : &asked_partition, &blanks,
                    out);
    if (blanks.empty()) return kExitOk;
  }

  if (StartedByMpirun()) {  // builder/build_mpi.h
    const int code = RunMpiBuild(
        {board, std::vector<int>(blanks.begin(), blanks.end()), db_dir,
         vm.count("rebuild") > 0, vm.count("quiet") > 0, threads, records,
         pdb                      ? "pattern databases"
         : metric == Metric::kMtm ? "--metric mtm"
                                  : ""},
        out, err);
    if (code != kMpiRunAlone) return code;
  }
  const auto t0 = std::chrono::steady_clock::now();
  const bool quiet = vm.count("quiet") > 0;
  // Small tables (up to 10 cells) are searched side by side, one thread per
  // goal, while the database copy is being prepared: each search is short,
  // and the threads of one search wait for each other at every depth. Large
  // tables are searched one after the other, each with every thread.
  const std::vector<int> goals(blanks.begin(), blanks.end());
  const bool side_by_side =
      !pdb && !two_bit && goals.size() > 1 &&
      Indexer(board, goals[0]).size() <= Database::kPreloadStates;
  std::vector<BfsResult> results(goals.size());
  std::vector<Status> searched(goals.size());
  std::mutex err_mutex;
  auto tag_of = [&](int goal_blank) {
    return board.Name() + " goal " +
           FormatArrangement(CanonicalGoalArrangement(board, goal_blank, "0"),
                             "0") +
           (metric == Metric::kMtm ? " (mtm)" : "");
  };
  auto search = [&](size_t k, int search_threads) {
    const std::string tag = tag_of(goals[k]);
    auto on_level = [&](const BfsLevel& l) {
      if (quiet) return;
      std::lock_guard<std::mutex> lock(err_mutex);
      err << tag << "  depth " << std::setw(2) << l.depth << "  states "
          << std::setw(11) << WithCommas(l.states) << "  total "
          << std::setw(11) << WithCommas(l.total) << "  " << std::fixed
          << std::setprecision(3) << l.seconds << " s\n";
    };
    const Indexer indexer(board, goals[k]);
    searched[k] =
        metric == Metric::kMtm
            ? RunMtmBfs(indexer, search_threads, on_level, &results[k])
            : RunBfs(indexer, search_threads, on_level, &results[k]);
  };
  std::vector<std::thread> workers;
  // Joins the searches on every way out.
  struct JoinAll {
    std::vector<std::thread>* threads;
    ~JoinAll() {
      for (auto& t : *threads) {
        if (t.joinable()) t.join();
      }
    }
  } join_all{&workers};
  if (side_by_side) {
    for (size_t k = 0; k < goals.size(); ++k) {
      workers.emplace_back(search, k, 1);
    }
  }
  if (two_bit) {
    // Refused at the start, before any search, with the figures.
    const std::string refusal = TwoBitRoomRefusal(
        board, static_cast<int>(goals.size()), AvailableRoom(db_dir));
    if (!refusal.empty()) {
      err << "slidedb-build: " << refusal << "\n";
      return kExitUnavailable;
    }
  }
  std::unique_ptr<DatabaseWriter> writer;
  // What this build writes: its records' (or entries') bytes, and the
  // partitions of its pattern databases.
  uint64_t built_bytes = 0;
  std::set<std::string> built_partitions;
  s = DatabaseWriter::Begin(db_dir, &writer, vm.count("rebuild") > 0);
  if (!s.ok()) {
    err << "slidedb-build: " << s.message() << "\n";
    return kExitCantCreate;
  }
  for (size_t k = 0; k < goals.size(); ++k) {
    const int goal_blank = goals[k];
    if (pdb) {
      const Partition partition = pdb_text.empty()
                                      ? DefaultPartition(board, goal_blank)
                                      : asked_partition;
      built_partitions.insert(PartitionName(partition));
      s = BuildPdbs(board, goal_blank, partition, threads, quiet, writer.get(),
                    &built_bytes, out, err);
      if (!s.ok()) {
        err << "slidedb-build: " << s.message() << "\n";
        return s.IsInvalidArgument() ? kExitFailure : kExitCantCreate;
      }
      continue;
    }
    if (two_bit) {
      s = BuildTwoBitTable(board, goal_blank, threads, quiet,
                           tag_of(goal_blank), Now(), writer.get(), out, err);
      if (s.IsInvalidArgument()) {
        err << "slidedb-build: " << s.message() << "\n";
        return kExitFailure;
      }
      if (!s.ok()) {
        err << "slidedb-build: " << s.message()
            << "\nslidedb-build: nothing changed in " << db_dir << "\n";
        return kExitIOError;  // the writer removes its copy
      }
      built_bytes +=
          RecordBytes(RecordKind::kTwoBit, Indexer(board, goal_blank).size());
      continue;
    }
    if (side_by_side) {
      workers[k].join();
    } else {
      search(k, threads);
    }
    const std::string tag = tag_of(goal_blank);
    const BfsResult& result = results[k];
    if (!searched[k].ok()) {
      err << "slidedb-build: " << tag << ": " << searched[k].message() << "\n";
      return kExitFailure;
    }
    TableMeta meta =
        TableMeta::FromHistogram(board, goal_blank, result.histogram, metric);
    meta.goal = FormatArrangement(
        CanonicalGoalArrangement(board, goal_blank, "0"), "0");
    meta.built_by = std::string("slidedb-build ") + kVersion;
    meta.built_at = Now();
    meta.build_seconds = result.seconds;
    meta.threads = side_by_side ? 1 : threads;
    s = writer->PutTable(meta, result.records);
    built_bytes += result.records.size();
    if (!s.ok()) {
      err << "slidedb-build: " << s.message()
          << "\nslidedb-build: nothing changed in " << db_dir << "\n";
      return kExitIOError;  // the writer removes its copy
    }
    out << tag << ": " << WithCommas(meta.states) << " states, max distance "
        << meta.max_distance << ", search " << std::fixed
        << std::setprecision(3) << result.seconds << " s";
    const std::vector<int> served = ServedGoalBlanks(board, goal_blank);
    if (served.size() > 1) {
      out << "; serves the goal blanks";
      for (int c : served) out << ' ' << c;
    }
    out << "\n";
    results[k] = BfsResult();  // written: its memory is not needed
  }
  s = writer->Commit();
  if (!s.ok()) {
    err << "slidedb-build: " << s.message()
        << "\nslidedb-build: nothing changed in " << db_dir << "\n";
    return kExitIOError;
  }
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
          .count();
  std::string partitions;
  for (const std::string& p : built_partitions) {
    partitions += (partitions.empty() ? "" : "; ") + p;
  }
  out << "wrote " << db_dir << ": " << blanks.size()
      << (pdb ? " set" : " table") << (blanks.size() == 1 ? "" : "s")
      << (pdb ? " of pattern databases (" + partitions + ")" : "") << " of "
      << board.Name() << (metric == Metric::kMtm ? " (mtm)" : "") << ", "
      << WithCommas(built_bytes) << " bytes of "
      << (pdb ? "entries" : "records") << "; the database " << std::fixed
      << std::setprecision(2) << DirectoryBytes(db_dir) / 1048576.0
      << " MiB on disk; "
      << std::setprecision(3) << secs << " s\n";
  return kExitOk;
}

}  // namespace slidedb
