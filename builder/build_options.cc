#include "builder/build_options.h"

#include <boost/program_options.hpp>
#include <iostream>
#include <string>
#include <string_view>

#include "builder/build_twobit.h"
#include "cli/default_db.h"
#include "cli/exit_codes.h"
#include "cli/option_error.h"
#include "cli/version.h"
#include "lib/answer/limits.h"
#include "lib/base/ascii.h"
#include "lib/base/threads.h"
#include "lib/puzzle/notation.h"
#include "lib/puzzle/symmetry.h"
#include "lib/search/mtm_search.h"

namespace po = boost::program_options;

namespace slidedb {

namespace {

// --pdb's word for groups numbered by the blank's region: alone, the
// default groups; followed by ':' and a partition, those groups.
constexpr std::string_view kStrongPdb = "strong";
constexpr std::string_view kStrongPrefix = "strong:";

constexpr char kUsage[] =
    "Usage: slidedb-build [--db DIR] [--board RxC] [--goal G]... "
    "[--blank L] [--metric stm|mtm] [--records byte|two-bit]\n"
    "                     [--pdb PARTITION] [--words|--no-words] [--force] "
    "[--rebuild] [--threads N] [--quiet]\n"
    "       slidedb-build --verify [--db DIR] [--board RxC] [--goal G]... "
    "[--metric stm|mtm] [--threads N] [--format text|json] [--quiet]\n"
    "\n"
    "Builds the tables of a sliding-tile puzzle by a breadth-first search\n"
    "back from each goal over every state that reaches it, and stores each\n"
    "state's distance and best move in a RocksDB database. A table serves\n"
    "every goal with its blank on the same cell (the query tool relabels the\n"
    "tiles). The build is written beside the database and swapped in at the\n"
    "end: an interrupted build leaves the database as it was.\n"
    "\n"
    "With no --goal: boards of up to 9 cells answer every blank cell's goal\n"
    "(on 3x3 nine goals from three tables, the others served by symmetry);\n"
    "larger boards get the default goal, blank last.\n"
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
    "per group of tiles of --pdb (default 8-7 on 16 cells, tiles 1-8 and\n"
    "9-15: about 10 minutes of CPU and 2 GB; 7-7 on 15, 6-7 on 14; on 5x5\n"
    "Korf and Felner's four groups of 6,\n"
    "1,2,3,6,7,8/4,5,9,10,14,15/11,12,16,17,21,22/\n"
    "13,18,19,20,23,24: about 3 minutes and 1 GB), and slidedb-query\n"
    "answers them by an optimal search. These default groups are a shape\n"
    "of cells that follows the goal's blank (turned and reflected with it:\n"
    "the blank first gets the blank-last groups turned by 180 degrees).\n"
    "--pdb takes group sizes (7-8: tiles 1-7 and 8-15) or each group's\n"
    "tiles, groups separated by '/'; on a smaller board it builds pattern\n"
    "databases instead of its table. The builder first checks the free\n"
    "memory (MemAvailable) against what the largest group's search takes\n"
    "(2.1 GB for a group of 8 on 4x4, 19 GB for 7 on 5x5) and refuses with\n"
    "the figures (exit 69) when it is short.\n"
    "--pdb strong builds the default groups (strong:PARTITION those)\n"
    "with an entry for each region of free cells the blank may be in (as\n"
    "clausecker/24puzzle's zero-aware databases) and, on boards of more\n"
    "than 16 cells, each entry's successor word: which of its group's tile\n"
    "moves lower it (a move changes such an entry by exactly one), so that\n"
    "a search reads a child's entry off its parent's word\n"
    "(docs/FORMAT.md). On 5x5 about 5 minutes and 1 GB, 92 MB of entries\n"
    "and 2.8 GB of words on disk; its searches generate about a third\n"
    "fewer states than the default's and take about 0.7x the time of the\n"
    "same groups without words (BENCHMARKS.md). There, the blank in a\n"
    "corner, it also builds the cross partition's four direct tables\n"
    "(groups by placement across the default's: 977 MB on disk, about 4\n"
    "more minutes), which cut the states of a search to about 0.7x\n"
    "(BENCHMARKS.md). The words and the tables are files that queries and\n"
    "the server map from the system's page cache, shared and never\n"
    "copied; --no-words leaves them all out, --words builds the words on\n"
    "smaller boards too. On 4x4 the entries take 4 minutes and 2.9 GB,\n"
    "611 MB on disk, and search 0.59x the states of Korf's 100 in the\n"
    "default's time; there the words (5.7 GB) made no search faster.\n"
    "A goal that stored pattern databases already answer (those of its\n"
    "blank's cell, or of the goal turned by 180 degrees or mirrored, so\n"
    "that one set serves all four corners: slidedb-query --tables lists\n"
    "them) is not built again: one line names the set, and\n"
    "the exit status is 0; --force builds it (with --pdb, only a set of\n"
    "those groups, numbered the same way, on its own cell serves it).\n"
    "\n"
    "--metric mtm builds the tables of the multi-tile metric (a move slides\n"
    "one or more tiles of the blank's row or column, as a finger does), for\n"
    "boards of up to 12 cells, beside those of the single-tile metric (stm,\n"
    "the default): one database holds both. 4x4, 3x5, 5x3, 4x5 and 5x4\n"
    "need no build for the multi-tile metric: slidedb-query searches them\n"
    "(the other boards over 12 cells, 2x7 or 5x5, have no multi-tile\n"
    "answer).\n"

    "Under mpirun (Open MPI), mpirun -np N slidedb-build --board 3x4 --db\n"
    "DIR searches each table over the N ranks, which may be on N machines:\n"
    "each rank holds its share of the table at two bits a state, and rank 0\n"
    "writes the database (single-tile tables only, byte or two-bit as\n"
    "without mpirun; docs/SCALE.md). A rank that fails or is killed ends\n"
    "them all, and the database stays as it was.\n"
    "\n"
    "--verify builds nothing: it re-reads the database (every table, or those\n"
    "of --board, --goal and --metric; without --metric, those of both\n"
    "metrics) and checks the format key, every block checksum,\n"
    "each table's metadata and pages, its histogram, and every record against\n"
    "its neighbours, so that the stored distances are the true ones;\n"
    "pattern databases and their cross tables are searched again, and\n"
    "their successor words computed again, and compared, and each goal's\n"
    "set is checked whole as a search loads it (no group missing, one\n"
    "partition and numbering). It reports each table as ok or lists what\n"
    "is wrong where (index, state).\n"
    "\n";

// The options as given, before they are checked.
struct Given {
  std::string db_dir, board_name, blank, pdb_text, format, metric_name,
      records_name;
  std::vector<std::string> goal_texts;
  std::string threads_text;
  int words = -1;  // --words 1, --no-words 0, neither -1
};

po::options_description Describe(Given* g) {
  po::options_description desc("Options");
  desc.add_options()("help,h", "show this help and exit")(
      "version", "show the version and exit")(
      "db", po::value(&g->db_dir)->default_value(DefaultDatabasePath()),
      "database directory ($SLIDEDB_DB, else data/slidedb)")(
      "board", po::value(&g->board_name)->default_value("3x3"),
      "board shape RxC, at most 25 cells: 2x2 2x3 3x2 2x4 4x2 3x3 2x5 5x2 "
      "3x4 4x3 2x6 6x2 get tables, 2x7 and 7x2 two-bit tables; other boards "
      "of 13 to 25 cells (4x4, 5x5 ...) pattern databases")(
      "records", po::value(&g->records_name)->value_name("byte|two-bit"),
      "how a table stores a state: byte (distance and best move; the "
      "default up to 12 cells) or two-bit (the distance modulo 3; the "
      "default, and the only kind, on 2x7 and 7x2; single-tile metric "
      "only)")(
      "pdb",
      po::value(&g->pdb_text)->value_name("PARTITION|strong[:PARTITION]"),
      "build pattern databases of these tile groups, sizes in goal order: "
      "7-8 (tiles 1-7 and 8-15), 6-6-3, 5-5-5 ..., or each group's tiles: "
      "1,2,3/4,5,6,7,8; a group has at most 8 tiles (7 over 16 cells, "
      "where the default groups have 6); "
      "strong: the default groups with an entry for each region of free "
      "cells the blank may be in (stronger, larger); strong:PARTITION: "
      "those groups so")(
      "goal", po::value(&g->goal_texts),
      "build the table serving goal G (any arrangement; its blank's cell "
      "picks the table); repeat for more")(
      "blank", po::value(&g->blank),
      "the label that stands for the blank in --goal (default: 0 _ . -)")(
      "metric", po::value(&g->metric_name)->default_value("stm"),
      "how moves are counted: stm (a tile a move) or mtm (a row or column "
      "segment a move; tables only)")(
      "threads", po::value(&g->threads_text)->value_name("N"),
      "search threads, 0 to 256 (0, the default: one per CPU it may run on, "
      "as nproc "
      "counts them)")(
      "quiet,q",
      "no progress lines (a build's depths; --verify's tables, states and "
      "searches)")(
      "words",
      "with --pdb strong: build successor words on any board (the default "
      "on boards of more than 16 cells)")(
      "no-words",
      "with --pdb strong: leave out the successor words (4 bytes an entry, "
      "which make 5x5 searches about 1.4x faster)")(
      "force",
      "build pattern databases even for a goal that a stored set already "
      "serves")(
      "rebuild",
      "start afresh: the database in place (of any format) is "
      "replaced, at the end, by one holding only what this command builds")(
      "verify",
      "check the database instead of building: exit 0 when all "
      "is well, 1 when not")("format",
                             po::value(&g->format)->default_value("text"),
                             "with --verify: text or json");
  return desc;
}

void PrintHelp(const po::options_description& desc, std::ostream& out) {
  out << kUsage << desc << "\n"
      << "Exit status: 0 built (or already served); 1 the build failed;\n"
         "64 bad usage; 73 the database cannot be written (another\n"
         "slidedb-build is writing it: one build at a time holds\n"
         "DIR.lock; its folder, or the one holding it, is read-only; or\n"
         "what is there is no\n"
         "slidedb database, or a damaged one: --rebuild replaces one whose\n"
         "format key still reads, the message says to remove one whose key\n"
         "does not); 74 an I/O error (a full\n"
         "disk) while writing the database: it is left as it was; or the\n"
         "output could not be written (a --verify report, or a build's\n"
         "summary, written after the database was).\n"
         "69 the machine has too little memory (the system refused it), or\n"
         "too little memory or disk for a two-bit table (the message gives\n"
         "the figures; nothing was built).\n"
         "With --verify: 0 all is well; 1 a problem was found; 66 no\n"
         "database (or no table matches --board/--goal).\n"
      << "\nExamples: slidedb-build --db data/slidedb --board 3x3\n"
         "          slidedb-build --verify --db data/slidedb\n";
}

// The names among the values, read in any case as on every face (--format
// JSON, --records Two-Bit, --metric MTM, --pdb STRONG:7-8), lower-cased
// once here. --pdb's partition is kept as given, as are --db, --goal and
// --blank (words of the user's own) and --board (Board::Parse reads 4X4,
// and its messages quote the board as given).
void LowerCaseNames(Given* g) {
  for (std::string* name : {&g->format, &g->metric_name, &g->records_name}) {
    *name = AsciiLower(*name);
  }
  const size_t colon = g->pdb_text.find(':');
  const std::string head = AsciiLower(g->pdb_text.substr(0, colon));
  if (head == kStrongPdb) {
    g->pdb_text.replace(0, head.size(), head);
  }
}

// The usage error of the options' values, or empty: the board, threads,
// blank label, --format, --metric.
std::string ValueError(const Given& g, const po::variables_map& vm,
                       BuildOptions* o) {
  Status s = Board::Parse(g.board_name, &o->board);
  if (!s.ok()) return s.message();
  uint64_t threads = 0;
  if (vm.count("threads")) {
    s = ReadWholeNumber("--threads", g.threads_text, 0, kMaxThreads, &threads);
    if (!s.ok()) return s.message();
  }
  o->threads = threads != 0 ? static_cast<int>(threads) : Cores();
  s = CheckBlankLabel(g.blank);
  if (!s.ok()) return s.message();
  if (vm.count("blank") && g.goal_texts.empty()) {
    return "--blank names the blank in --goal, and no --goal was given";
  }
  if (g.format != "text" && g.format != "json") {
    return "--format must be text or json";
  }
  if (!o->verify && !vm["format"].defaulted()) return "--format needs --verify";
  if (!ParseMetric(g.metric_name, &o->metric)) {
    return "--metric must be stm or mtm";
  }
  if (!g.records_name.empty() &&
      !ParseRecordKind(g.records_name, &o->records)) {
    return "--records must be byte or two-bit";
  }
  return "";
}

// The usage error of what is asked to be built, or empty: which kind of
// table or pattern databases, their partition, the goals.
std::string KindError(const Given& g, BuildOptions* o) {
  const Board& board = o->board;
  // 2x7 and 7x2 get a two-bit table unless pattern databases are asked for.
  const bool two_bit_board =
      board.cells() > kMaxTableCells && board.cells() <= kMaxTwoBitTableCells;
  if (g.records_name.empty() && two_bit_board && g.pdb_text.empty() &&
      o->metric == Metric::kStm) {
    o->records = RecordKind::kTwoBit;
  }
  o->two_bit = o->records == RecordKind::kTwoBit;
  o->pdb = !g.pdb_text.empty() || (board.cells() > kMaxTableCells &&
                                   !o->two_bit && g.records_name.empty());
  if (!g.records_name.empty()) {
    const std::string why = RecordsUsageError(board, o->records, o->verify,
                                              !g.pdb_text.empty(), o->metric);
    if (!why.empty()) return why;
  }
  if (o->metric == Metric::kMtm && o->pdb && !two_bit_board &&
      board.cells() <= kMaxTableCells && !o->verify) {
    // The multi-tile metric's tables need no --pdb there.
    return "--pdb does not apply to --metric mtm, which builds " +
           board.Name() + "'s full table: slidedb-build --board " +
           board.Name() + " --metric mtm";
  }
  if (o->metric == Metric::kMtm && (o->pdb || two_bit_board) && !o->verify) {
    return "--metric mtm builds full tables, for boards of up to " +
           std::to_string(kMaxTableCells) + " cells; " + board.Name() +
           (MtmSearch::Supports(board)
                ? " needs no build in the multi-tile metric (slidedb-query "
                  "--metric mtm searches it)"
                : " has no multi-tile answer: its walking-distance tables "
                  "are too big to make");
  }
  if (o->force && !o->pdb) {
    // Refused, not ignored: a full table is built whatever serves it.
    return "--force applies to pattern databases, and this build makes "
           "none (--pdb makes them; so does a board of 15 to 25 cells by "
           "default)";
  }
  // --pdb strong or strong:PARTITION.
  const std::string_view pdb = g.pdb_text;
  const bool strong = pdb == kStrongPdb || pdb.starts_with(kStrongPrefix);
  // Successor words, with --pdb strong only: by default where they pay,
  // unless asked for or against.
  o->pdb_words = strong && (g.words >= 0 ? g.words == 1
                                         : StrongPdbHasWordsByDefault(board));
  // --pdb's groups for every goal; without it, or with a bare strong, each
  // goal's default.
  if (strong) {
    o->pdb_index = PdbIndexKind::kBlankRegion;
    if (pdb != kStrongPdb) {
      const Status s = ParsePartition(
          std::string(pdb.substr(kStrongPrefix.size())), board, &o->partition);
      if (!s.ok()) return s.message();
    }
  } else if (g.words >= 0) {
    return std::string(g.words == 1 ? "--words" : "--no-words") +
           " goes with --pdb strong (only databases by blank region have "
           "successor words)";
  } else if (!g.pdb_text.empty()) {
    const Status s = ParsePartition(g.pdb_text, board, &o->partition);
    if (!s.ok()) return s.message();
  }
  const NotationOptions notation{g.blank};
  for (const auto& text : g.goal_texts) {
    Arrangement a;
    const Status s = ParseArrangement(text, board, notation, &a);
    if (!s.ok()) return "goal '" + text + "': " + s.message();
    o->blanks.insert(o->pdb ? a.blank : StoredGoalBlank(board, a.blank));
  }
  return "";
}

}  // namespace

int ParseBuildOptions(const std::vector<std::string>& args, std::ostream& out,
                      std::ostream& err, BuildOptions* o) {
  Given given;
  const po::options_description desc = Describe(&given);
  po::variables_map vm;
  if (!ReadOptionsOnly("slidedb-build", args, desc, &vm, err)) {
    return kExitUsage;
  }
  if (vm.count("help")) {
    PrintHelp(desc, out);
    return kExitOk;
  }
  if (vm.count("version")) {
    out << "slidedb-build " << kVersion << "\n";
    return kExitOk;
  }
  LowerCaseNames(&given);
  *o = BuildOptions();
  o->db_dir = given.db_dir;
  o->board_given = !vm["board"].defaulted();
  o->metric_given = !vm["metric"].defaulted();
  o->pdb_text = given.pdb_text;
  o->quiet = vm.count("quiet") > 0;
  o->force = vm.count("force") > 0;
  o->rebuild = vm.count("rebuild") > 0;
  o->verify = vm.count("verify") > 0;
  if (o->verify) {
    // What only a build reads is refused, not ignored: --verify --pdb 7-8
    // would check every table, not that set's.
    for (const char* build_only :
         {"rebuild", "force", "pdb", "words", "no-words"}) {
      if (vm.count(build_only) > 0 && !vm[build_only].defaulted()) {
        err << "slidedb-build: --" << build_only
            << " applies to a build, not to --verify (which checks every "
               "table, or those of --board, --goal and --metric)\n";
        return kExitUsage;
      }
    }
  }
  if (vm.count("words") && vm.count("no-words")) {
    err << "slidedb-build: --words and --no-words contradict each other\n";
    return kExitUsage;
  }
  given.words = vm.count("words") ? 1 : vm.count("no-words") ? 0 : -1;
  o->json = given.format == "json";
  std::string why = ValueError(given, vm, o);
  if (why.empty()) why = KindError(given, o);
  if (!why.empty()) {
    err << "slidedb-build: " << why << "\n";
    return kExitUsage;
  }
  return -1;
}

}  // namespace slidedb
