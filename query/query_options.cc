#include "query/query_options.h"

#include <boost/program_options.hpp>
#include <cctype>
#include <iterator>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cli/default_db.h"
#include "cli/exit_codes.h"
#include "cli/option_error.h"
#include "cli/version.h"
#include "lib/analysis/sample.h"
#include "lib/answer/answerer.h"
#include "lib/answer/limits.h"
#include "lib/base/ascii.h"
#include "lib/base/threads.h"
#include "lib/storage/format.h"
#include "query/query_usage.h"

namespace po = boost::program_options;

namespace slidedb {

namespace {

// The options as given, before they are checked.
struct Given {
  std::string board_name, goal_text, metric_text, notation_text;
  std::string limit_text, at_distance_text, sample_text, distance_text,
      seed_text, export_format, max_seconds_text, progress_after_text,
      threads_text;
};

// The options that say what to answer and how, into `args` and `g`.
po::options_description MainOptions(QueryArgs* args, Given* g) {
  QueryConfig& config = args->config;
  std::string& format = args->format;
  std::string& board_name = g->board_name;
  std::string& goal_text = g->goal_text;
  std::string& metric_text = g->metric_text;
  std::string& notation_text = g->notation_text;
  std::string& max_seconds_text = g->max_seconds_text;
  std::string& progress_after_text = g->progress_after_text;
  po::options_description desc("Options");
  desc.add_options()("help,h", "show this help and exit")(
      "version", "show the version and exit")(
      "db", po::value(&config.db_dir)->default_value(DefaultDatabasePath()),
      "database directory ($SLIDEDB_DB, else data/slidedb)")(
      "board", po::value(&board_name)->default_value("3x3"), "board shape RxC")(
      "goal", po::value(&goal_text),
      "goal arrangement, any (default: the tiles in order, blank last)")(
      "blank", po::value(&config.notation.blank),
      "label that stands for the blank (default: 0 _ . -); e.g. 9 for "
      "tiles 1-9 with 9 as the blank")(
      "format", po::value(&format)->default_value("text"),
      "text or json (JSON Lines: one object per input); with --histogram "
      "or --heuristics also csv")(
      "metric", po::value(&metric_text)->value_name("M"),
      "how moves are counted: stm (default; a tile a move) or mtm (sliding "
      "a row or column segment is one move; boards of up to 12 cells need "
      "slidedb-build --metric mtm). JSON: \"metric\"")(
      "notation", po::value(&notation_text)->value_name("N"),
      "how moves are written and read: blank (default; letters name the "
      "way the blank goes: ULDR) or tile (the way the tiles go, as "
      "slidysim writes, with counts for runs: R3 D2 L). JSON: "
      "\"notation\"")(
      "steps", "draw every board on the way (JSON: a \"path\" of states)")(
      "threads", po::value(&g->threads_text)->value_name("N"),
      "answer a batch on N threads, 1 to 256, or 0 (the default): one per "
      "CPU it may run "
      "on (as nproc counts them: taskset, mpirun's binding; under mpirun "
      "shared among the ranks of the machine); answers "
      "keep the input order. On a searched board the states run side by "
      "side and a thread whose state is done helps the others' searches; "
      "a STATE on the command line that a search answers, and each answer "
      "of --moves and --analyse, is searched on N threads")(
      "max-seconds", po::value(&max_seconds_text)->value_name("T"),
      "give each search at most T seconds (boards answered by a search): "
      "then a single-tile search answers with the best path found, marked "
      "not optimal, and the least length an optimal one can have (JSON: "
      "\"optimal\": false, \"lower_bound\"); the multi-tile search, --moves, "
      "--count and --all, which need exact answers, stop with exit status "
      "75; --verify then says the optimal length was not found")(
      "progress",
      "print a search's progress on standard error, a line as each "
      "iteration starts and every 5 s within a long one (\"searching: "
      "bound 52, 1.2e9 states, 41 M/s, 31.4 s\"), then a "
      "line a second of the search of --count and --all (\"counting the "
      "optimal solutions: distance 52, ...\") once it has "
      "run a second (--progress-after): a STATE on the command line that a "
      "search answers, one STATE's --moves, --analyse; the default when "
      "standard error is a terminal")("quiet", "print no progress")(
      "progress-after", po::value(&progress_after_text)->value_name("T"),
      "print progress from T seconds into a search (default 1; 0: every "
      "iteration)")("histogram",
                    "print the number of states at each distance from the "
                    "goal")(
      "tables",
      "list every goal the database answers, and what answers "
      "it (a table, or pattern databases and a search)");
  return desc;
}

// The tools (docs/TOOLS.md).
po::options_description ToolOptions(QueryArgs* args, Given* g) {
  QueryConfig& config = args->config;
  std::string& analyse_start = args->analyse_start;
  std::string& limit_text = g->limit_text;
  std::string& at_distance_text = g->at_distance_text;
  std::string& sample_text = g->sample_text;
  std::string& distance_text = g->distance_text;
  std::string& seed_text = g->seed_text;
  std::string& export_format = g->export_format;
  po::options_description tools("Tools (docs/TOOLS.md)");
  tools.add_options()("count",
                      "add the number of distinct optimal solutions "
                      "(JSON: \"optimal_solutions\")")(
      "all",
      "add the optimal solutions as U/D/L/R strings in "
      "lexicographic order, U < D < L < R (JSON: \"solutions\")")(
      "limit", po::value(&limit_text)->value_name("N"),
      "with --all: list at most N solutions (default 100)")(
      "verify", po::value(&config.extras.verify_text)->value_name("MOVES"),
      "check a proposed solution: U/D/L/R blank moves, or tile labels "
      "separated by spaces or commas (JSON: \"verify\": {legal, "
      "reaches_goal, length, optimal_length, gap})")(
      "moves",
      "answer each STATE with every legal move, the tile it "
      "slides, the state it leads to and that state's distance; with "
      "--analyse, the word after it (or after '=') is the solve's MOVES")(
      "analyse",
      "analyse a solve: --start STATE --moves MOVES (the "
      "distance before and after each move, the moves lost, the stretches "
      "that went the wrong way)")(
      "start", po::value(&analyse_start)->value_name("STATE"),
      "with --analyse: the solve's start")(
      "at-distance", po::value(&at_distance_text)->value_name("D"),
      "list every state D moves from the goal, one per line (JSON Lines: "
      "{\"state\", \"distance\"})")(
      "sample", po::value(&sample_text)->value_name("N"),
      "print N distinct uniform random states that reach the goal, in the "
      "same JSON Lines form")(
      "distance", po::value(&distance_text)->value_name("D"),
      "with --sample: only states exactly D moves from the goal")(
      "seed", po::value(&seed_text)->value_name("S"),
      "with --sample: the seed (default 1); the same seed gives the same "
      "states")(
      "export", po::value(&export_format)->value_name("FORMAT"),
      "write the goal's whole table: csv (state,distance,move) or json "
      "(JSON Lines)")(
      "heuristics",
      "measure misplaced tiles, Manhattan distance and "
      "Manhattan + linear conflict against the exact distances of every "
      "state (--format text, json or csv)");
  return tools;
}

// Reads argv into *vm; false, said on `err`, when it does not parse.
bool Store(const std::vector<std::string>& argv,
           const po::options_description& all, po::variables_map* out,
           std::ostream& err) {
  po::positional_options_description positional;
  positional.add("state", -1);
  po::variables_map& vm = *out;
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
    // --moves=M as --moves M: with --analyse the solve's moves, else a
    // STATE (--moves is a switch, and the words after it its MOVES or
    // STATEs).
    std::vector<std::string> words;
    for (const std::string& word : argv) {
      // Abbreviated as any option may be (--mov=M).
      const size_t eq = word.find('=');
      if (eq != std::string::npos && eq >= 4 &&
          std::string_view("--moves").substr(0, eq) ==
              std::string_view(word).substr(0, eq)) {
        words.push_back("--moves");
        words.push_back(word.substr(eq + 1));
      } else {
        words.push_back(word);
      }
    }
    const po::parsed_options parsed = po::command_line_parser(words)
                                          .options(all)
                                          .positional(positional)
                                          .extra_parser(dash_state)
                                          .run();
    RefuseEmptyValues(parsed, {"verify"});
    po::store(parsed, vm);
    po::notify(vm);
  } catch (const po::error& e) {
    SayOptionError("slidedb-query", e, err);
    return false;
  }
  return true;
}

// --analyse and --start: the solve's moves taken from the words given.
// The usage error, or empty.
std::string AnalyseError(po::variables_map& vm, QueryArgs* args) {
  std::vector<std::string>& states = args->states;
  if (vm.count("start") && !vm.count("analyse")) {
    return "--start needs --analyse";
  }
  if (vm.count("analyse")) {
    if (!vm.count("start")) return "--analyse needs --start STATE";
    for (const char* mode :
         {"histogram", "at-distance", "sample", "export", "heuristics",
          "tables", "count", "all", "verify", "steps"}) {
      if (vm.count(mode)) {
        return std::string("--analyse cannot be combined with --") + mode;
      }
    }
    // The solve's moves: the words after --moves (or all the words).
    for (const std::string& w : states) {
      args->analyse_moves += (args->analyse_moves.empty() ? "" : " ") + w;
    }
    // --moves "" is a solve of no moves, as --verify "" is; a bare --moves
    // (an unset shell variable unquoted) is no solve.
    if (args->analyse_moves.empty() && states.empty()) {
      return "--analyse needs the solve's moves: --moves MOVES";
    }
    states.clear();
    vm.erase("moves");
  }
  return "";
}

// An option a table mode would ignore (--notation, --max-seconds; --tables
// the goal's too) is refused, not dropped: the usage error, or empty.
std::string IgnoredOptionError(const po::variables_map& vm,
                               const std::string& mode) {
  constexpr const char* kIgnored[] = {"notation", "max-seconds", "goal",
                                      "blank", "metric"};
  const bool table = mode == "histogram" || mode == "at-distance" ||
                     mode == "sample" || mode == "heuristics" ||
                     mode == "export";
  const size_t n = mode == "tables" ? std::size(kIgnored) : table ? 2 : 0;
  for (size_t i = mode == "export"; i < n; ++i) {  // --export's moves: notation
    if (vm.count(kIgnored[i]) && !vm[kIgnored[i]].defaulted()) {
      return std::string("--") + kIgnored[i] + " does not apply to --" + mode;
    }
  }
  return "";
}

// The mode (one table mode at most: *table_mode, empty for none), the
// format and the tools that answer STATEs. The usage error, or empty.
std::string ModeError(const po::variables_map& vm, QueryArgs* args,
                      std::string* table_mode_out) {
  QueryConfig& config = args->config;
  const std::string& format = args->format;
  const bool histogram = vm.count("histogram") > 0;
  const bool heuristics = vm.count("heuristics") > 0;
  // The modes that answer about a whole table, at most one.
  std::string& table_mode = *table_mode_out;
  for (const char* mode : {"histogram", "at-distance", "sample", "export",
                           "heuristics", "tables", "moves"}) {
    if (!vm.count(mode)) continue;
    if (!table_mode.empty()) {
      return "--" + table_mode + " and --" + mode + " cannot be combined";
    }
    table_mode = mode;
  }
  const bool csv_ok = histogram || heuristics;
  if (vm.count("export") && !vm["format"].defaulted()) {
    return "--export sets its own format (csv or json); drop --format";
  }
  if (format != "text" && format != "json" && !(csv_ok && format == "csv")) {
    return "--format must be text or json" +
           std::string(csv_ok ? " or csv" : "");
  }
  config.extras.count = vm.count("count") > 0;
  config.extras.all = vm.count("all") > 0;
  config.extras.verify = vm.count("verify") > 0;
  if (vm.count("steps") && !table_mode.empty()) {
    return "--steps draws the answers to STATEs; it cannot be combined "
           "with --" +
           table_mode;
  }
  if (config.extras.any() && !table_mode.empty()) {
    return std::string(config.extras.count ? "--count"
                       : config.extras.all ? "--all"
                                           : "--verify") +
           " answers about STATEs; it cannot be combined with --" + table_mode;
  }
  return IgnoredOptionError(vm, table_mode);
}

// The numbers and the words of the options that take them. The usage
// error, or empty.
std::string ValueError(const po::variables_map& vm, const Given& g,
                       QueryArgs* args) {
  QueryConfig& config = args->config;
  const std::string& limit_text = g.limit_text;
  const std::string& at_distance_text = g.at_distance_text;
  const std::string& sample_text = g.sample_text;
  const std::string& distance_text = g.distance_text;
  const std::string& seed_text = g.seed_text;
  const std::string& export_format = g.export_format;
  const std::string& max_seconds_text = g.max_seconds_text;
  const std::string& progress_after_text = g.progress_after_text;
  const LimitProfile& profile = kLibraryLimits;
  uint64_t number = 0;
  if (vm.count("limit")) {
    if (!config.extras.all) return "--limit needs --all";
    const Status s = ReadNumber(UserNumber::kLimit, "--limit", limit_text,
                                profile, &number);
    if (!s.ok()) return s.message();
    config.extras.limit = static_cast<size_t>(number);
  }
  if ((vm.count("distance") || vm.count("seed")) && !vm.count("sample")) {
    return std::string(vm.count("distance") ? "--distance" : "--seed") +
           " needs --sample";
  }
  args->seed = kDefaultSampleSeed;
  uint64_t at_distance = 0, distance = 0;
  // Each number as every face reads it (lib/answer/limits.h).
  const struct {
    const char* option;
    UserNumber which;
    const std::string& text;
    uint64_t* value;
  } numbers[] = {
      {"at-distance", UserNumber::kDistance, at_distance_text, &at_distance},
      {"sample", UserNumber::kSample, sample_text, &args->sample_n},
      {"distance", UserNumber::kDistance, distance_text, &distance},
      {"seed", UserNumber::kSeed, seed_text, &args->seed},
  };
  for (const auto& n : numbers) {
    if (!vm.count(n.option)) continue;
    const Status s = ReadNumber(n.which, std::string("--") + n.option, n.text,
                                profile, n.value);
    if (!s.ok()) return s.message();
  }
  if (vm.count("distance")) args->sample_distance = static_cast<int>(distance);
  if (vm.count("export") && export_format != "csv" && export_format != "json") {
    return "--export must be csv or json, not '" + export_format + "'";
  }
  if (vm.count("threads")) {
    const Status s =
        ReadWholeNumber("--threads", g.threads_text, 0, kMaxThreads, &number);
    if (!s.ok()) return s.message();
    config.threads = static_cast<int>(number);
  }
  if (vm.count("max-seconds")) {
    Status s =
        ParseMaxSeconds("--max-seconds", max_seconds_text, &config.max_seconds);
    if (!s.ok()) return s.message();
  }
  if (vm.count("progress") && vm.count("quiet")) {
    return "--progress and --quiet cannot be combined";
  }
  args->progress = vm.count("progress") ? ProgressMode::kForce
                   : vm.count("quiet")  ? ProgressMode::kQuiet
                                        : ProgressMode::kAuto;
  if (vm.count("progress-after") &&
      (!ParseDecimal(progress_after_text, &args->progress_after) ||
       args->progress_after > 86400)) {
    return "--progress-after must be a number of seconds from 0 to "
           "86400, not '" +
           progress_after_text + "'";
  }
  args->at_distance = static_cast<int>(at_distance);
  return "";
}

}  // namespace

std::optional<int> ParseQueryArgs(const std::vector<std::string>& argv,
                                  QueryArgs* args, std::ostream& out,
                                  std::ostream& err) {
  QueryConfig& config = args->config;
  Given g;
  po::options_description desc = MainOptions(args, &g);
  desc.add(ToolOptions(args, &g));
  po::options_description hidden;
  hidden.add_options()("state", po::value(&args->states));
  po::options_description all;
  all.add(desc).add(hidden);
  po::variables_map vm;
  if (!Store(argv, all, &vm, err)) return kExitUsage;
  if (vm.count("help")) {
    out << kQueryUsage << desc << "\n" << kQueryExitHelp;
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
  const std::string blank = config.notation.blank;
  Status s =
      ReadGoalOptions(g.board_name, vm.count("goal") ? &g.goal_text : nullptr,
                      blank.empty() ? nullptr : &blank, &config);
  if (!s.ok()) return usage(s.message());
  s = ReadMoveOptions(vm.count("metric") ? &g.metric_text : nullptr,
                      vm.count("notation") ? &g.notation_text : nullptr,
                      &config);
  if (!s.ok()) return usage(s.message());
  args->format = AsciiLower(args->format);        // JSON as json, and
  g.export_format = AsciiLower(g.export_format);  // CSV as csv
  std::string table_mode;
  std::string why = AnalyseError(vm, args);
  if (why.empty()) why = ModeError(vm, args, &table_mode);
  if (why.empty()) why = ValueError(vm, g, args);
  if (!why.empty()) return usage(why);
  const std::string& format = args->format;
  const std::vector<std::string>& states = args->states;
  config.json = format == "json";
  config.steps = vm.count("steps") > 0;
  const bool states_mode = table_mode.empty() || table_mode == "moves";
  if (!states_mode && !states.empty()) {
    return usage("--" + table_mode + " takes no STATE");
  }
  args->export_json = g.export_format == "json";
  args->mode = vm.count("analyse")           ? QueryMode::kAnalyse
               : table_mode.empty()          ? QueryMode::kStates
               : table_mode == "moves"       ? QueryMode::kMoves
               : table_mode == "tables"      ? QueryMode::kTables
               : table_mode == "histogram"   ? QueryMode::kHistogram
               : table_mode == "at-distance" ? QueryMode::kAtDistance
               : table_mode == "sample"      ? QueryMode::kSample
               : table_mode == "export"      ? QueryMode::kExport
                                             : QueryMode::kHeuristics;
  if (args->mode == QueryMode::kTables && !vm["board"].defaulted()) {
    args->tables_board = config.board.Name();
  }
  return std::nullopt;
}

}  // namespace slidedb
