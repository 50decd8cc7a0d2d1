#include "tour/tour_cli.h"

#include <boost/program_options.hpp>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <optional>

#include "cli/exit_codes.h"
#include "cli/option_error.h"
#include "cli/out_of_memory.h"
#include "cli/version.h"
#include "lib/base/ascii.h"
#include "tour/find_tour.h"
#include "tour/survey.h"
#include "tour/tour_grid.h"
#include "tour/tour_render.h"

namespace po = boost::program_options;

namespace slidedb {

namespace {

using tour::Square;

constexpr char kUsage[] =
    "Usage: slidedb-tour --size N --start R,C [--closed] [--rule RULE]\n"
    "                    [--tie-order ORDER] [--max-backtracks K] "
    "[--format text|json]\n"
    "       slidedb-tour --verify FILE [--size N] [--closed] "
    "[--format text|json]\n"
    "       slidedb-tour --table --size N [--tie-order ORDER] "
    "[--max-backtracks K]\n"
    "                    [--format text|json] [--quiet]\n"
    "       slidedb-tour --survey FROM..TO [--tie-order ORDER] "
    "[--max-backtracks K]\n"
    "                    [--format text|json] [--quiet]\n"
    "\n"
    "Knight's tours after Xiao Jinsheng (1994): the knight visits every\n"
    "square of an N x N board once. Squares are 1-based (row, column) from\n"
    "the top-left corner, as in the paper. A tour prints as the paper's grid\n"
    "of step numbers (1 on the start) and a '#' line saying how it was made:\n"
    "by the rule's backtracking search, or, when the search passes\n"
    "--max-backtracks on a board of at least 6 (even) or 13 (odd) a side, by\n"
    "a tiling construction that always succeeds (docs/TOUR.md).\n"
    "\n"
    "Rules: warnsdorff (move to the square with the fewest onward moves),\n"
    "xiao (the same, ties to the square with the most unvisited squares in\n"
    "the 5x5 block around it), alternate (a pass of each without\n"
    "backtracking, then each with). Remaining ties go by --tie-order: wirth\n"
    "(default; Wirth's move order, counterclockwise from two down, one\n"
    "right, with which warnsdorff makes the paper's Figure 3 exactly) or\n"
    "mirrored (its mirror image).\n"
    "\n"
    "--verify reads a grid like the paper's Figure 3 ('-': standard input;\n"
    "'#' lines are skipped) and lists what keeps it from being a tour.\n"
    "--table gives, for every start, the backtracks each rule needed (the\n"
    "paper's Figures 1 and 2 for N = 7). --survey gives, for each N, how\n"
    "many starts needed backtracking under each rule, and the worst case.\n"
    "\n"
    "An option the mode's line does not show is refused (exit 64), except\n"
    "--quiet, which every mode takes. Names of values are read in any case\n"
    "(--format JSON, --rule Xiao).\n"
    "\n";

constexpr int kMaxSize = 2000;
constexpr int kMaxSurveySize = 200;
constexpr int64_t kDefaultTableCap = 1000000;
constexpr int64_t kDefaultSurveyCap = 10000;
constexpr int kMaxProblems = 20;

// "R,C" within an n x n board, 1-based.
bool ParseStart(const std::string& text, int n, Square* start,
                std::string* error) {
  const size_t comma = text.find(',');
  long long r = 0, c = 0;
  if (comma == std::string::npos ||
      !tour::ParseWholeNumber(text.substr(0, comma), &r) ||
      !tour::ParseWholeNumber(text.substr(comma + 1), &c)) {
    *error = "--start '" + text + "': expected ROW,COLUMN, e.g. 4,12";
    return false;
  }
  if (r < 1 || r > n || c < 1 || c > n) {
    *error = "--start " + text + " is off the " + std::to_string(n) + "x" +
             std::to_string(n) + " board: rows and columns run from 1 to " +
             std::to_string(n);
    return false;
  }
  *start = Square{static_cast<int>(r - 1), static_cast<int>(c - 1)};
  return true;
}

int RunOneTour(const tour::TourRequest& request, bool json, std::ostream& out,
               std::ostream& err) {
  tour::TourAnswer answer;
  const Status s = tour::FindTour(request, &answer);
  if (!s.ok()) {
    err << "slidedb-tour: " << s.message() << "\n";
    return kExitFailure;
  }
  if (json) {
    tour::WriteTourJson(request, answer, out);
  } else {
    tour::WriteTourText(request, answer, out);
  }
  return answer.exists ? kExitOk : kExitUnsolvable;
}

int RunVerify(const std::string& file, int size, bool closed, bool json,
              std::istream& in, std::ostream& out, std::ostream& err) {
  std::ifstream stream;
  std::istream* source = &in;
  if (file != "-") {
    stream.open(file);
    if (!stream) {
      err << "slidedb-tour: cannot open '" << file << "'\n";
      return kExitNoInput;
    }
    source = &stream;
  }
  tour::Grid grid;
  errno = 0;
  const Status s = tour::ReadGrid(*source, &grid);
  if (source->bad()) {  // a directory, an I/O error: no grid was read
    const int e = errno;
    err << "slidedb-tour: cannot read '" << file << "'"
        << (e != 0 ? std::string(": ") + std::strerror(e) : std::string())
        << "\n";
    return kExitNoInput;
  }
  if (!s.ok()) {
    err << "slidedb-tour: " << file << ": " << s.message() << "\n";
    return kExitDataError;
  }
  std::vector<std::string> problems;
  size_t more = 0;
  if (size > 0 && grid.size != size) {
    problems.push_back("wrong size: the grid is " + std::to_string(grid.size) +
                       "x" + std::to_string(grid.size) + ", --size asks for " +
                       std::to_string(size) + "x" + std::to_string(size));
  } else {
    problems = tour::GridProblems(grid, closed, kMaxProblems, &more);
  }
  tour::WriteVerdict(file, grid.size, closed, problems, more, json, out);
  return problems.empty() ? kExitOk : kExitUnsolvable;
}

int RunTable(int n, int64_t cap, const tour::MoveOrder& order,
             const std::string& order_name, bool json, bool quiet,
             std::ostream& out, std::ostream& err) {
  const int total = n * n;
  int shown = 0;
  auto progress = [&](int done) {
    if (quiet || n < 20) return;
    const int pct = done * 10 / total;
    if (pct > shown) {
      shown = pct;
      err << "slidedb-tour: " << n << "x" << n << ": " << done << "/" << total
          << " starts\n";
    }
  };
  const auto rows = tour::StartTable(n, cap, progress, order);
  if (json) {
    tour::WriteTableJson(n, cap, order_name, rows, out);
  } else {
    tour::WriteTableText(n, order_name, rows, out);
  }
  return kExitOk;
}

int RunSurvey(int from, int to, int64_t cap, const tour::MoveOrder& order,
              bool json, bool quiet, std::ostream& out, std::ostream& err) {
  if (!json) tour::WriteSurveyHeader(out);
  const auto t0 = std::chrono::steady_clock::now();
  for (int n = from; n <= to; ++n) {
    const auto rows = tour::StartTable(n, cap, nullptr, order);
    const tour::SizeSummary s = tour::Summarize(n, rows);
    if (json) {
      tour::WriteSurveyRowJson(s, cap, out);
    } else {
      tour::WriteSurveyRowText(s, cap, out);
    }
    out.flush();
    if (!quiet) {
      const double secs =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
              .count();
      err << "slidedb-tour: survey " << n << "x" << n << " done ("
          << n - from + 1 << "/" << to - from + 1 << " sizes, " << std::fixed
          << std::setprecision(1) << secs << " s)\n";
    }
  }
  return kExitOk;
}

// The flags as given, before they are checked.
struct TourFlags {
  long long size = 0;
  std::string start_text, rule_text = "xiao", format = "text", verify_file,
                          survey_text, order_text = "wirth";
};

po::options_description TourOptions(TourFlags* f) {
  po::options_description desc("Options");
  desc.add_options()("help,h", "show this help and exit")(
      "version", "show the version and exit")(
      "size", po::value(&f->size),
      "board side N (1 to 2000; 200 with --table)")(
      "start", po::value(&f->start_text),
      "start square R,C (1-based row, column)")(
      "closed", "a closed tour (the last square a knight move from the first)")(
      "rule", po::value(&f->rule_text),
      "warnsdorff, xiao (default) or alternate")(
      "format", po::value(&f->format), "text (default) or json")(
      "tie-order", po::value(&f->order_text),
      "the move order that breaks the rules' remaining ties: wirth "
      "(default) or mirrored (docs/TOUR.md)")(
      "verify", po::value(&f->verify_file),
      "check the grid in FILE ('-': stdin)")(
      "table", "backtracks of each rule from every start of one board")(
      "survey", po::value(&f->survey_text),
      "summary for sizes FROM..TO, e.g. 5..100 (sizes up to 200)")(
      "max-backtracks", po::value<long long>(),
      "backtracks per search before giving up (tour: 1000, then the "
      "construction; boards it does not serve, 5 7 9 11, search on; "
      "--table: 1000000; --survey: 10000)")(
      "quiet,q",
      "no progress lines on standard error (only --table and --survey "
      "write any)");
  return desc;
}

// Reads args into *vm. The exit status when nothing more is to be done (a
// malformed command line, --help, --version), else nullopt.
std::optional<int> ReadArgs(const std::vector<std::string>& args,
                            const po::options_description& desc,
                            po::variables_map* vm, std::ostream& out,
                            std::ostream& err) {
  if (!ReadOptionsOnly("slidedb-tour", args, desc, vm, err)) return kExitUsage;
  if (vm->count("help")) {
    out << kUsage << desc << "\n"
        << "Exit status: 0 done (a tour printed, the grid verified); 1 no "
           "tour\n"
           "exists from that start (the reason is printed) or the grid is not "
           "a\n"
           "tour; 64 bad usage; 65 the grid file is not a grid of numbers; 66\n"
           "the grid file cannot be opened or read; 69 too little memory; 74\n"
           "the output cannot be written.\n"
        << "\nExample: slidedb-tour --size 19 --start 4,12\n";
    return kExitOk;
  }
  if (vm->count("version")) {
    out << "slidedb-tour " << kVersion << "\n";
    return kExitOk;
  }
  return std::nullopt;
}

// The flags every mode shares, checked.
struct TourSettings {
  bool json = false;
  bool closed = false;
  bool quiet = false;
  tour::RuleChoice rule;
  tour::MoveOrder order;
  std::optional<long long> max_backtracks;  // set by --max-backtracks
};

// The options a mode does not use, each with why: refused, never dropped
// unseen. Every other option applies to every mode that takes it (--quiet
// to all: only --table and --survey write progress lines).
struct NotUsed {
  const char* option;
  const char* mode;
  const char* why;
};
constexpr NotUsed kNotUsed[] = {
    {"start", "verify", ""},
    {"rule", "verify", ", which searches nothing"},
    {"tie-order", "verify", ", which searches nothing"},
    {"max-backtracks", "verify", ", which searches nothing"},
    {"start", "table", ", which tries every start"},
    {"closed", "table", ", which counts open tours"},
    {"rule", "table", ", which gives every rule"},
    {"start", "survey", ", which tries every start"},
    {"closed", "survey", ", which counts open tours"},
    {"rule", "survey", ", which gives every rule"},
    {"size", "survey", ", which takes its sizes from FROM..TO"},
};

// The usage error for the first option given that the mode does not use.
std::optional<std::string> OptionNotUsedError(const po::variables_map& vm) {
  for (const NotUsed& n : kNotUsed) {
    if (vm.count(n.mode) && vm.count(n.option)) {
      return std::string("--") + n.option + " does not apply to --" + n.mode +
             n.why;
    }
  }
  return std::nullopt;
}

// Checks the flags every mode shares into *settings, in the order their
// messages have always come; the first one's message when one is wrong.
std::optional<std::string> CheckSettings(const po::variables_map& vm,
                                         const TourFlags& f,
                                         TourSettings* settings) {
  if (f.format != "text" && f.format != "json") {
    return "--format must be text or json, not '" + f.format + "'";
  }
  settings->json = f.format == "json";
  if (!tour::ParseRuleChoice(f.rule_text, &settings->rule)) {
    return "--rule must be warnsdorff, xiao or alternate, not '" + f.rule_text +
           "'";
  }
  if (!tour::ParseMoveOrder(f.order_text, &settings->order)) {
    return "--tie-order must be wirth or mirrored, not '" + f.order_text + "'";
  }
  const int modes = static_cast<int>(vm.count("verify") + vm.count("table") +
                                     vm.count("survey"));
  if (modes > 1)
    return std::string("--verify, --table and --survey go one at a time");
  if (const auto error = OptionNotUsedError(vm)) return error;
  if (vm.count("size") && (f.size < 1 || f.size > kMaxSize)) {
    return "--size must be from 1 to " + std::to_string(kMaxSize) + ", not " +
           std::to_string(f.size);
  }
  if (vm.count("max-backtracks")) {
    settings->max_backtracks = vm["max-backtracks"].as<long long>();
  }
  if (settings->max_backtracks && *settings->max_backtracks < 0) {
    return std::string("--max-backtracks must be 0 or more");
  }
  settings->closed = vm.count("closed") > 0;
  settings->quiet = vm.count("quiet") > 0;
  return std::nullopt;
}

int Usage(const std::string& msg, std::ostream& err) {
  err << "slidedb-tour: " << msg << "\nTry 'slidedb-tour --help'.\n";
  return kExitUsage;
}

// --survey FROM..TO.
int RunSurveyFlag(const std::string& text, const TourSettings& settings,
                  std::ostream& out, std::ostream& err) {
  const size_t dots = text.find("..");
  long long from = 0, to = 0;
  if (dots == std::string::npos ||
      !tour::ParseWholeNumber(text.substr(0, dots), &from) ||
      !tour::ParseWholeNumber(text.substr(dots + 2), &to)) {
    return Usage("--survey '" + text + "': expected FROM..TO, e.g. 5..100",
                 err);
  }
  if (from < 1 || to < from || to > kMaxSurveySize) {
    return Usage("--survey " + text +
                     ": sizes must satisfy 1 <= FROM "
                     "<= TO <= " +
                     std::to_string(kMaxSurveySize),
                 err);
  }
  return RunSurvey(static_cast<int>(from), static_cast<int>(to),
                   settings.max_backtracks.value_or(kDefaultSurveyCap),
                   settings.order, settings.json, settings.quiet, out, err);
}

// One tour of an n x n board from --start.
int RunStartFlag(int n, const std::string& start_text,
                 const TourSettings& settings, std::ostream& out,
                 std::ostream& err) {
  tour::TourRequest request;
  request.size = n;
  std::string error;
  if (!ParseStart(start_text, n, &request.start, &error)) {
    return Usage(error, err);
  }
  request.closed = settings.closed;
  request.rule = settings.rule;
  request.order = settings.order;
  if (settings.max_backtracks) {
    request.max_backtracks = *settings.max_backtracks;
  }
  return RunOneTour(request, settings.json, out, err);
}

// RunTour but for the check that the output was written.
int RunTourArgs(const std::vector<std::string>& args, std::istream& in,
                std::ostream& out, std::ostream& err) {
  TourFlags f;
  const po::options_description desc = TourOptions(&f);
  po::variables_map vm;
  if (const std::optional<int> done = ReadArgs(args, desc, &vm, out, err)) {
    return *done;
  }
  // Names of values in any case (JSON as json); file names and numbers
  // are not names.
  f.format = AsciiLower(f.format);
  f.rule_text = AsciiLower(f.rule_text);
  f.order_text = AsciiLower(f.order_text);
  TourSettings settings;
  if (const auto error = CheckSettings(vm, f, &settings)) {
    return Usage(*error, err);
  }
  if (vm.count("verify")) {
    return RunVerify(f.verify_file, static_cast<int>(f.size), settings.closed,
                     settings.json, in, out, err);
  }
  if (vm.count("survey"))
    return RunSurveyFlag(f.survey_text, settings, out, err);
  if (!vm.count("size")) return Usage("--size N is needed", err);
  const int n = static_cast<int>(f.size);
  if (vm.count("table")) {
    if (n > kMaxSurveySize) {
      return Usage(
          "--table takes --size up to " + std::to_string(kMaxSurveySize), err);
    }
    return RunTable(n, settings.max_backtracks.value_or(kDefaultTableCap),
                    settings.order, f.order_text, settings.json, settings.quiet,
                    out, err);
  }
  if (!vm.count("start")) {
    return Usage("--start R,C is needed (e.g. --start 4,12)", err);
  }
  return RunStartFlag(n, f.start_text, settings, out, err);
}

}  // namespace

int RunTour(const std::vector<std::string>& args, std::istream& in,
            std::ostream& out, std::ostream& err) {
  const int status = ExitIfOutOfMemory(
      "slidedb-tour", err, [&] { return RunTourArgs(args, in, out, err); });
  return AfterOutput(status, "slidedb-tour", out, err);
}

}  // namespace slidedb
