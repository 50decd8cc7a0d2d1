#include "query/query_cli.h"

#include <algorithm>
#include <boost/program_options.hpp>
#include <charconv>
#include <cctype>
#include <iomanip>
#include <iostream>
#include <memory>
#include <optional>
#include <thread>

#include "cli/default_db.h"
#include "cli/exit_codes.h"
#include "cli/version.h"
#include "lib/analysis/sample.h"
#include "lib/puzzle/notation.h"
#include "lib/puzzle/problem.h"
#include "lib/solve/solver.h"
#include "lib/storage/database.h"
#include "lib/storage/format.h"
#include "query/answerer.h"
#include "query/json_text.h"
#include "query/parallel_answers.h"
#include "query/table_tools.h"

namespace po = boost::program_options;

namespace slidedb {

namespace {

constexpr char kUsage[] =
    "Usage: slidedb-query [options] [STATE ...]\n"
    "       slidedb-query --histogram [--board RxC] [--goal G] "
    "[--format text|csv|json]\n"
    "       slidedb-query [--count] [--all [--limit N]] [--verify MOVES] "
    "STATE ...\n"
    "       slidedb-query --at-distance D | --sample N [--distance D] "
    "[--seed S]\n"
    "                     | --export csv|json | --heuristics "
    "[--board RxC] [--goal G]\n"
    "\n"
    "Prints an optimal solution for each STATE, read off the database built\n"
    "by slidedb-build: no search. With no STATE it reads one state per line\n"
    "from standard input and answers each as it arrives (blank lines and\n"
    "lines starting with # are skipped).\n"
    "\n"
    "A state lists the tiles row by row: 123456780, \"1 2 3 4 5 6 7 8 0\",\n"
    "123/456/780 or 12345678_. The blank is 0, _, . or - (or the label given\n"
    "with --blank). Boards of more than 9 cells separate labels with commas\n"
    "or spaces. Moves are the directions the blank travels (U D L R); tiles\n"
    "are the labels of the tiles that slide, in order.\n"
    "\n"
    "Boards of 13 to 16 cells (4x4, 3x5, 2x8 ...) have no full table: their\n"
    "answers come from an optimal search (IDA*) over the pattern databases\n"
    "slidedb-build made, equally exact; JSON adds \"nodes\", the states the\n"
    "search generated. A batch is answered on every core (--threads), in\n"
    "input order; an interactive line is answered before the next is read.\n"
    "\n"
    "Tools (docs/TOOLS.md): --count, --all and --verify add to each STATE's\n"
    "answer; --at-distance, --sample, --export and --heuristics answer about\n"
    "every state of the goal's table instead, and take no STATE.\n"
    "\n";

constexpr char kExitHelp[] =
    "Exit status: 0 every input answered; 1 some input cannot reach the\n"
    "goal; 64 bad usage; 65 some input was malformed (the others are still\n"
    "answered; 65 wins over 1); 66 the database or a table is missing or\n"
    "unreadable; 74 the output could not be written. A state that starts with '-' and then a letter goes after\n"
    "--: slidedb-query -- -hgfedcba\n"
    "\n"
    "Examples:\n"
    "  slidedb-query 867254301\n"
    "  slidedb-query --format json --goal 123/8_4/765 283164705\n"
    "  slidedb-query --steps 123405786\n"
    "  slidedb-query --histogram --format csv\n"
    "  slidedb-query --count --all --limit 5 867254301\n"
    "  slidedb-query --verify ULDRRUULDLURDLDRRULLDRRUULLDDRR 867254301\n"
    "  slidedb-query --at-distance 31\n"
    "  slidedb-query --sample 10 --distance 20 --seed 7\n"
    "  slidedb-query --export csv > 3x3.csv\n"
    "  slidedb-query --heuristics --goal 123/8_4/765\n";

// Reports a table that cannot be used, with the command that builds it when
// it is missing. Returns the exit status.
int TableError(const QueryConfig& config, const Status& s,
               std::ostream& err) {
  err << "slidedb-query: " << TableErrorMessage(config, s) << "\n";
  return kExitNoInput;
}

// Opens the goal's table through `solver`; kExitOk or what TableError says.
int OpenGoalTable(const QueryConfig& config, Solver* solver, Table** table,
                  std::ostream& err) {
  Status s = solver->GetTable(config.board, GoalBlank(config), table);
  return s.ok() ? kExitOk : TableError(config, s, err);
}

// --histogram where only pattern databases exist: theirs, one per group (the
// puzzle's own needs every state). The goal turned by 180 degrees shares
// them.
int PdbHistograms(const QueryConfig& config, const Database& db,
                  const std::string& format, std::ostream& out,
                  std::ostream& err) {
  const int goal_blank = GoalBlank(config);
  std::vector<const PdbMeta*> pdbs = db.FindPdbs(config.board, goal_blank);
  if (pdbs.empty()) {
    pdbs = db.FindPdbs(config.board, config.board.cells() - 1 - goal_blank);
  }
  if (pdbs.empty()) {
    err << "slidedb-query: " << config.board.Name()
        << " has no pattern databases in " << config.db_dir
        << "; build them with: slidedb-build --db " << config.db_dir
        << " --board " << config.board.Name() << "\n";
    return kExitNoInput;
  }
  if (format == "json") {
    std::string o = "{\"board\":\"" + config.board.Name() +
                    "\",\"pattern_databases\":[";
    for (size_t i = 0; i < pdbs.size(); ++i) {
      const PdbMeta& m = *pdbs[i];
      if (i > 0) o += ',';
      o += "{\"goal\":";
      AppendJsonString(&o, m.goal);
      o += ",\"partition\":\"" + PartitionName(m.partition) +
           "\",\"tiles\":[";
      for (size_t k = 0; k < m.tiles.size(); ++k) {
        o += (k > 0 ? "," : "") + std::to_string(m.tiles[k]);
      }
      o += "],\"entries\":" + std::to_string(m.entries) +
           ",\"max_value\":" + std::to_string(m.max_value) + ",\"counts\":[";
      for (size_t d = 0; d < m.histogram.size(); ++d) {
        o += (d > 0 ? "," : "") + std::to_string(m.histogram[d]);
      }
      o += "]}";
    }
    out << o << "]}\n";
  } else if (format == "csv") {
    out << "group,value,count\n";
    for (const PdbMeta* m : pdbs) {
      for (size_t d = 0; d < m->histogram.size(); ++d) {
        out << m->group << ',' << d << ',' << m->histogram[d] << '\n';
      }
    }
  } else {
    out << config.board.Name() << " has no full table (" << kMaxTableCells
        << " cells at most); the histograms of its pattern databases, goal "
        << pdbs[0]->goal << ", partition " << PartitionName(pdbs[0]->partition)
        << ":\n";
    for (const PdbMeta* m : pdbs) {
      out << "tiles " << m->tiles.front() << "-" << m->tiles.back() << ": "
          << m->entries << " entries, max " << m->max_value << "\n"
          << "   value     entries\n";
      for (size_t d = 0; d < m->histogram.size(); ++d) {
        out << std::setw(8) << d << std::setw(12) << m->histogram[d] << '\n';
      }
    }
  }
  return kExitOk;
}

int Histogram(const QueryConfig& config, const Database& db,
              const std::string& format, std::ostream& out,
              std::ostream& err) {
  // The metadata is enough: no page of the table is read.
  const TableMeta* meta;
  Status s = FindGoalTable(config, db, &meta);
  if (!s.ok() && config.board.cells() > kMaxTableCells) {
    return PdbHistograms(config, db, format, out, err);
  }
  if (!s.ok()) return TableError(config, s, err);
  if (format == "json") {
    out << HistogramJson(config, *meta);
  } else if (format == "csv") {
    out << "distance,count\n";
    for (size_t d = 0; d < meta->histogram.size(); ++d) {
      out << d << ',' << meta->histogram[d] << '\n';
    }
  } else {
    out << config.board.Name() << " goal " << HistogramGoalText(config)
        << ": " << meta->states << " states, max distance "
        << meta->max_distance << "\n"
        << "distance      states\n";
    for (size_t d = 0; d < meta->histogram.size(); ++d) {
      out << std::setw(8) << d << std::setw(12) << meta->histogram[d] << '\n';
    }
  }
  return kExitOk;
}

// The goal the table tools answer about, and its table.
int OpenTableTool(const QueryConfig& config, Solver* solver,
                  TableToolContext* ctx, std::ostream& err) {
  const Status s = OpenTableTool(config, solver, ctx);
  if (s.IsInvalidArgument()) {
    err << "slidedb-query: " << s.message() << "\n";
    return kExitUsage;
  }
  return s.ok() ? kExitOk : TableError(config, s, err);
}

// The exit status that the outcomes of a run call for.
int ExitStatus(bool db_ok, bool malformed, bool unsolvable) {
  if (!db_ok) return kExitNoInput;
  if (malformed) return kExitDataError;
  if (unsolvable) return kExitUnsolvable;
  return kExitOk;
}

// RunQuery but for the check that the output was written; the database is
// opened into *database.
int Run(const std::vector<std::string>& args, std::istream& in,
        std::ostream& out, std::ostream& err,
        std::unique_ptr<Database>* database) {
  QueryConfig config;
  std::string board_name, goal_text, format;
  std::string limit_text, at_distance_text, sample_text, distance_text,
      seed_text, export_format;
  std::vector<std::string> states;
  po::options_description desc("Options");
  desc.add_options()
      ("help,h", "show this help and exit")
      ("version", "show the version and exit")
      ("db", po::value(&config.db_dir)->default_value(DefaultDatabasePath()),
       "database directory ($SLIDEDB_DB, else data/slidedb)")
      ("board", po::value(&board_name)->default_value("3x3"),
       "board shape RxC")
      ("goal", po::value(&goal_text),
       "goal arrangement, any (default: the tiles in order, blank last)")
      ("blank", po::value(&config.notation.blank),
       "label that stands for the blank (default: 0 _ . -); e.g. 9 for "
       "tiles 1-9 with 9 as the blank")
      ("format", po::value(&format)->default_value("text"),
       "text or json (JSON Lines: one object per input); with --histogram "
       "or --heuristics also csv")
      ("steps", "draw every board on the way (JSON: a \"path\" of states)")
      ("threads", po::value(&config.threads)->default_value(0),
       "answer a batch on N threads, 1 to 256, or 0: one per core; answers "
       "keep the input order")
      ("histogram", "print the number of states at each distance from the "
       "goal");
  po::options_description tools("Tools (docs/TOOLS.md)");
  tools.add_options()
      ("count", "add the number of distinct optimal solutions "
       "(JSON: \"optimal_solutions\")")
      ("all", "add the optimal solutions as U/D/L/R strings in "
       "lexicographic order, U < D < L < R (JSON: \"solutions\")")
      ("limit", po::value(&limit_text)->value_name("N"),
       "with --all: list at most N solutions (default 100)")
      ("verify", po::value(&config.extras.verify_text)->value_name("MOVES"),
       "check a proposed solution: U/D/L/R blank moves, or tile labels "
       "separated by spaces or commas (JSON: \"verify\": {legal, "
       "reaches_goal, length, optimal_length, gap})")
      ("at-distance", po::value(&at_distance_text)->value_name("D"),
       "list every state D moves from the goal, one per line (JSON Lines: "
       "{\"state\", \"distance\"})")
      ("sample", po::value(&sample_text)->value_name("N"),
       "print N distinct uniform random states that reach the goal, in the "
       "same JSON Lines form")
      ("distance", po::value(&distance_text)->value_name("D"),
       "with --sample: only states exactly D moves from the goal")
      ("seed", po::value(&seed_text)->value_name("S"),
       "with --sample: the seed (default 1); the same seed gives the same "
       "states")
      ("export", po::value(&export_format)->value_name("FORMAT"),
       "write the goal's whole table: csv (state,distance,move) or json "
       "(JSON Lines)")
      ("heuristics", "measure misplaced tiles, Manhattan distance and "
       "Manhattan + linear conflict against the exact distances of every "
       "state (--format text, json or csv)");
  desc.add(tools);
  po::options_description hidden;
  hidden.add_options()("state", po::value(&states));
  po::options_description all;
  all.add(desc).add(hidden);
  po::positional_options_description positional;
  positional.add("state", -1);
  po::variables_map vm;
  try {
    // A state may begin with '-', the blank ("-12345678"): a word that
    // starts with '-' and then neither a letter nor another '-' is a state,
    // not an option.
    auto dash_state = [](const std::string& word) {
      if (word.size() >= 2 && word[0] == '-' && word[1] != '-' &&
          !std::isalpha(static_cast<unsigned char>(word[1]))) {
        return std::make_pair(std::string("state"), word);
      }
      return std::make_pair(std::string(), std::string());
    };
    po::store(po::command_line_parser(args)
                  .options(all)
                  .positional(positional)
                  .extra_parser(dash_state)
                  .run(),
              vm);
    po::notify(vm);
  } catch (const po::error& e) {
    err << "slidedb-query: " << e.what() << "\n"
        << "Try 'slidedb-query --help'.\n";
    return kExitUsage;
  }
  if (vm.count("help")) {
    out << kUsage << desc << "\n" << kExitHelp;
    return kExitOk;
  }
  if (vm.count("version")) {
    out << "slidedb-query " << kVersion << " (database format "
        << kFormatVersion << ")\n";
    return kExitOk;
  }
  auto usage = [&](const std::string& msg) {
    err << "slidedb-query: " << msg << "\nTry 'slidedb-query --help'.\n";
    return kExitUsage;
  };
  Status s = Board::Parse(board_name, &config.board);
  if (!s.ok()) return usage(s.message());
  s = CheckBlankLabel(config.notation.blank);
  if (!s.ok()) return usage(s.message());
  const bool histogram = vm.count("histogram") > 0;
  const bool heuristics = vm.count("heuristics") > 0;
  // The modes that answer about a whole table, at most one.
  std::string table_mode;
  for (const char* mode :
       {"histogram", "at-distance", "sample", "export", "heuristics"}) {
    if (!vm.count(mode)) continue;
    if (!table_mode.empty()) {
      return usage("--" + table_mode + " and --" + mode +
                   " cannot be combined");
    }
    table_mode = mode;
  }
  const bool csv_ok = histogram || heuristics;
  if (vm.count("export") && !vm["format"].defaulted()) {
    return usage("--export sets its own format (csv or json); drop --format");
  }
  if (format != "text" && format != "json" && !(csv_ok && format == "csv")) {
    return usage("--format must be text or json" +
                 std::string(csv_ok ? " or csv" : ""));
  }
  config.extras.count = vm.count("count") > 0;
  config.extras.all = vm.count("all") > 0;
  config.extras.verify = vm.count("verify") > 0;
  if (vm.count("steps") && !table_mode.empty()) {
    return usage("--steps draws the answers to STATEs; it cannot be combined "
                 "with --" + table_mode);
  }
  if (config.extras.any() && !table_mode.empty()) {
    return usage(std::string(config.extras.count  ? "--count"
                             : config.extras.all ? "--all"
                                                 : "--verify") +
                 " answers about STATEs; it cannot be combined with --" +
                 table_mode);
  }
  if (vm.count("limit")) {
    uint64_t limit;
    if (!config.extras.all) return usage("--limit needs --all");
    if (!ParseNumber(limit_text, 1000000000, &limit) || limit == 0) {
      return usage("--limit must be a whole number of at least 1, not '" +
                   limit_text + "'");
    }
    config.extras.limit = static_cast<size_t>(limit);
  }
  if ((vm.count("distance") || vm.count("seed")) && !vm.count("sample")) {
    return usage(std::string(vm.count("distance") ? "--distance" : "--seed") +
                 " needs --sample");
  }
  uint64_t at_distance = 0, sample_n = 0, seed = kDefaultSampleSeed;
  int sample_distance = -1;
  if (vm.count("at-distance") &&
      !ParseNumber(at_distance_text, 1000, &at_distance)) {
    return usage("--at-distance must be a whole number of moves, not '" +
                 at_distance_text + "'");
  }
  if (vm.count("sample") &&
      (!ParseNumber(sample_text, UINT32_MAX, &sample_n) || sample_n == 0)) {
    return usage("--sample must be a whole number of at least 1, not '" +
                 sample_text + "'");
  }
  if (vm.count("distance")) {
    uint64_t d;
    if (!ParseNumber(distance_text, 1000, &d)) {
      return usage("--distance must be a whole number of moves, not '" +
                   distance_text + "'");
    }
    sample_distance = static_cast<int>(d);
  }
  if (vm.count("seed") && !ParseNumber(seed_text, UINT64_MAX, &seed)) {
    return usage("--seed must be a whole number from 0 to " +
                 std::to_string(UINT64_MAX) + ", not '" + seed_text + "'");
  }
  if (vm.count("export") && export_format != "csv" &&
      export_format != "json") {
    return usage("--export must be csv or json, not '" + export_format + "'");
  }
  if (config.threads < 0 || config.threads > 256) {
    return usage("--threads must be from 0 (every core) to 256");
  }
  config.json = format == "json";
  config.steps = vm.count("steps") > 0;
  config.blank_out = OutputBlankLabel(config.notation);
  if (vm.count("goal")) {
    Arrangement goal;
    s = ParseArrangement(goal_text, config.board, config.notation, &goal);
    if (!s.ok()) return usage("goal '" + goal_text + "': " + s.message());
    config.goal = goal;
  }
  if (!table_mode.empty() && !states.empty()) {
    return usage("--" + table_mode + " takes no STATE");
  }

  std::unique_ptr<Database>& db = *database;
  s = Database::Open(config.db_dir, &db);
  if (!s.ok()) {
    err << "slidedb-query: " << s.message();
    if (s.IsNotFound()) {
      err << "; build it with: slidedb-build --db " << config.db_dir;
    }
    err << "\n";
    return kExitNoInput;
  }
  if (histogram) return Histogram(config, *db, format, out, err);

  Solver solver(db.get());
  // States named on the command line are few: read only the pages their
  // walks touch. A batch from the input reads a small table whole.
  if (!states.empty() && table_mode.empty()) {
    solver.set_page_loading(Database::PageLoading::kOnUse);
  }
  const bool searches = solver.Searches(config.board, GoalBlank(config));
  if (searches && (!table_mode.empty() || config.extras.count ||
                   config.extras.all)) {
    err << "slidedb-query: "
        << (!table_mode.empty() ? "--" + table_mode
                                : std::string(config.extras.count ? "--count"
                                                                  : "--all"))
        << " needs the goal's full table, and " << config.board.Name()
        << " with this goal is answered by a search over pattern databases"
        << (config.board.cells() > kMaxTableCells
                ? " (no board over " + std::to_string(kMaxTableCells) +
                      " cells has a full table)"
                : "")
        << "\n";
    return kExitUsage;
  }
  if (!table_mode.empty()) {
    TableToolContext ctx;
    const int status = OpenTableTool(config, &solver, &ctx, err);
    if (status != kExitOk) return status;
    if (table_mode == "at-distance") {
      return RunAtDistance(ctx, static_cast<int>(at_distance), config.json,
                           out, err);
    }
    if (table_mode == "sample") {
      return RunSample(ctx, sample_n, sample_distance, seed, config.json, out,
                       err);
    }
    if (table_mode == "export") {
      return RunExport(ctx, export_format == "json", out, err);
    }
    return RunHeuristics(ctx, format, out, err);
  }

  // Every answer uses the table of the goal's blank cell: open it now, so a
  // missing table is reported once, before any input is read.
  std::shared_ptr<const PdbSearch> search;
  if (searches) {
    bool rotated;
    s = solver.GetPdbSearch(config.board, GoalBlank(config), &search,
                            &rotated);
    if (!s.ok()) {
      err << "slidedb-query: " << s.message();
      if (s.IsNotFound()) {
        err << "; build them with: slidedb-build --db " << config.db_dir
            << " --board " << config.board.Name();
      }
      err << "\n";
      return kExitNoInput;
    }
  } else {
    Table* table;
    if (const int status = OpenGoalTable(config, &solver, &table, err);
        status != kExitOk) {
      return status;
    }
  }
  const int threads =
      config.threads > 0
          ? config.threads
          : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const BatchOutcome o =
      AnswerInParallel(config, &solver, threads, states, in, out, err);
  return ExitStatus(o.db_ok, o.malformed, o.unsolvable);
}

}  // namespace

int RunQuery(const std::vector<std::string>& args, std::istream& in,
             std::ostream& out, std::ostream& err,
             std::unique_ptr<Database>* keep_open) {
  std::unique_ptr<Database> database;
  const int status = Run(args, in, out, err,
                         keep_open != nullptr ? keep_open : &database);
  // An answer that could not be written (a full disk, a closed pipe) is
  // lost: say so, whatever else happened.
  out.flush();
  if (!out) {
    err << "slidedb-query: cannot write the output (a full disk?); answers "
           "were lost\n";
    return kExitIOError;
  }
  return status;
}

}  // namespace slidedb
