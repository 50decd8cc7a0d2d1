#include "tour/tour_cli.h"

#include <boost/program_options.hpp>
#include <chrono>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <optional>

#include "cli/exit_codes.h"
#include "cli/version.h"
#include "tour/find_tour.h"
#include "tour/survey.h"
#include "tour/tour_grid.h"
#include "tour/tour_render.h"

namespace po = boost::program_options;

namespace slidedb {

namespace {

using tour::Square;

constexpr char kUsage[] =
    "Usage: slidedb-tour --size N --start R,C [--closed] [--rule RULE] "
    "[--format text|json]\n"
    "       slidedb-tour --verify FILE [--size N] [--closed] [--format "
    "text|json]\n"
    "       slidedb-tour --table --size N [--format text|json]\n"
    "       slidedb-tour --survey FROM..TO [--format text|json] [--quiet]\n"
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
  const Status s = tour::ReadGrid(*source, &grid);
  if (!s.ok()) {
    err << "slidedb-tour: " << file << ": " << s.message() << "\n";
    return kExitDataError;
  }
  std::vector<std::string> problems;
  if (size > 0 && grid.size != size) {
    problems.push_back("wrong size: the grid is " + std::to_string(grid.size) +
                       "x" + std::to_string(grid.size) + ", --size asks for " +
                       std::to_string(size) + "x" + std::to_string(size));
  } else {
    problems = tour::GridProblems(grid, closed, kMaxProblems);
  }
  tour::WriteVerdict(file, grid.size, closed, problems, json, out);
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

}  // namespace

int RunTour(const std::vector<std::string>& args, std::istream& in,
            std::ostream& out, std::ostream& err) {
  long long size = 0;
  std::optional<long long> max_backtracks;  // set by --max-backtracks
  std::string start_text, rule_text = "xiao", format = "text", verify_file,
                          survey_text, order_text = "wirth";
  po::options_description desc("Options");
  desc.add_options()("help,h", "show this help and exit")(
      "version", "show the version and exit")("size", po::value(&size),
                                              "board side N (1 to 2000)")(
      "start", po::value(&start_text),
      "start square R,C (1-based row, column)")(
      "closed", "a closed tour (the last square a knight move from the first)")(
      "rule", po::value(&rule_text), "warnsdorff, xiao (default) or alternate")(
      "format", po::value(&format), "text (default) or json")(
      "tie-order", po::value(&order_text),
      "the move order that breaks the rules' remaining ties: wirth "
      "(default) or mirrored (docs/TOUR.md)")(
      "verify", po::value(&verify_file), "check the grid in FILE ('-': stdin)")(
      "table", "backtracks of each rule from every start of one board")(
      "survey", po::value(&survey_text),
      "summary for sizes FROM..TO, e.g. 5..100 (sizes up to 200)")(
      "max-backtracks", po::value<long long>(),
      "backtracks per search before giving up (tour: 1000, then the "
      "construction; boards it does not serve, 5 7 9 11, search on; "
      "--table: 1000000; --survey: 10000)")(
      "quiet,q", "no progress lines on standard error");
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(desc).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    err << "slidedb-tour: " << e.what() << "\n"
        << "Try 'slidedb-tour --help'.\n";
    return kExitUsage;
  }
  if (vm.count("help")) {
    out << kUsage << desc << "\n"
        << "Exit status: 0 done (a tour printed, the grid verified); 1 no "
           "tour\n"
           "exists from that start (the reason is printed) or the grid is not "
           "a\n"
           "tour; 64 bad usage; 65 the grid file is not a grid of numbers; 66\n"
           "the grid file cannot be opened.\n"
        << "\nExample: slidedb-tour --size 19 --start 4,12\n";
    return kExitOk;
  }
  if (vm.count("version")) {
    out << "slidedb-tour " << kVersion << "\n";
    return kExitOk;
  }
  auto usage = [&](const std::string& msg) {
    err << "slidedb-tour: " << msg << "\nTry 'slidedb-tour --help'.\n";
    return kExitUsage;
  };
  if (format != "text" && format != "json") {
    return usage("--format must be text or json, not '" + format + "'");
  }
  const bool json = format == "json";
  tour::RuleChoice rule;
  if (!tour::ParseRuleChoice(rule_text, &rule)) {
    return usage("--rule must be warnsdorff, xiao or alternate, not '" +
                 rule_text + "'");
  }
  tour::MoveOrder order;
  if (!tour::ParseMoveOrder(order_text, &order)) {
    return usage("--tie-order must be wirth or mirrored, not '" + order_text +
                 "'");
  }
  const int modes = static_cast<int>(vm.count("verify") + vm.count("table") +
                                     vm.count("survey"));
  if (modes > 1)
    return usage("--verify, --table and --survey go one at a time");
  if (vm.count("size") && (size < 1 || size > kMaxSize)) {
    return usage("--size must be from 1 to " + std::to_string(kMaxSize) +
                 ", not " + std::to_string(size));
  }
  if (vm.count("max-backtracks")) {
    max_backtracks = vm["max-backtracks"].as<long long>();
  }
  if (max_backtracks && *max_backtracks < 0) {
    return usage("--max-backtracks must be 0 or more");
  }
  const bool closed = vm.count("closed") > 0;
  const bool quiet = vm.count("quiet") > 0;
  if (vm.count("verify")) {
    return RunVerify(verify_file, static_cast<int>(size), closed, json, in, out,
                     err);
  }
  if (vm.count("survey")) {
    const size_t dots = survey_text.find("..");
    long long from = 0, to = 0;
    if (dots == std::string::npos ||
        !tour::ParseWholeNumber(survey_text.substr(0, dots), &from) ||
        !tour::ParseWholeNumber(survey_text.substr(dots + 2), &to)) {
      return usage("--survey '" + survey_text +
                   "': expected FROM..TO, e.g. 5..100");
    }
    if (from < 1 || to < from || to > kMaxSurveySize) {
      return usage("--survey " + survey_text +
                   ": sizes must satisfy 1 <= FROM "
                   "<= TO <= " +
                   std::to_string(kMaxSurveySize));
    }
    return RunSurvey(static_cast<int>(from), static_cast<int>(to),
                     max_backtracks.value_or(kDefaultSurveyCap),
                     order, json, quiet, out, err);
  }
  if (!vm.count("size")) return usage("--size N is needed");
  const int n = static_cast<int>(size);
  if (vm.count("table")) {
    if (n > kMaxSurveySize) {
      return usage("--table takes --size up to " +
                   std::to_string(kMaxSurveySize));
    }
    return RunTable(n, max_backtracks.value_or(kDefaultTableCap),
                    order, order_text, json, quiet, out, err);
  }
  if (!vm.count("start"))
    return usage("--start R,C is needed (e.g. --start 4,12)");
  tour::TourRequest request;
  request.size = n;
  std::string error;
  if (!ParseStart(start_text, n, &request.start, &error)) return usage(error);
  request.closed = closed;
  request.rule = rule;
  request.order = order;
  if (max_backtracks) request.max_backtracks = *max_backtracks;
  return RunOneTour(request, json, out, err);
}

}  // namespace slidedb
