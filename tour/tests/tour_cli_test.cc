// slidedb-tour run in-process: outputs, exit statuses and messages.
#include "tour/tour_cli.h"

#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/exit_codes.h"
#include "tour/tour_grid.h"

namespace slidedb {
namespace {

struct Outcome {
  int status;
  std::string out, err;
};

Outcome Tour(const std::vector<std::string>& args,
             const std::string& input = "") {
  std::istringstream in(input);
  std::ostringstream out, err;
  const int status = RunTour(args, in, out, err);
  return {status, out.str(), err.str()};
}

const std::string kFigure3 =
    std::string(SLIDEDB_TOUR_TESTDATA) + "/xiao1994_figure3.txt";

TEST(TourCli, PaperExamplePrintsTheGridOfFigure3) {
  const Outcome r =
      Tour({"--size", "19", "--start", "4,12", "--rule", "warnsdorff"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  std::ifstream paper(kFigure3);
  tour::Grid expected, got;
  ASSERT_TRUE(tour::ReadGrid(paper, &expected).ok());
  std::istringstream printed(r.out);
  ASSERT_TRUE(tour::ReadGrid(printed, &got).ok());
  EXPECT_EQ(got.cells, expected.cells);
  EXPECT_NE(r.out.find("# 19x19 open tour from row 4, column 12: rule "
                       "warnsdorff with 0 backtracks"),
            std::string::npos)
      << r.out;
}

TEST(TourCli, DefaultRuleOutputVerifiesThroughStandardInput) {
  const Outcome r = Tour({"--size", "19", "--start", "4,12"});
  ASSERT_EQ(r.status, kExitOk);
  EXPECT_NE(r.out.find("rule xiao with 0 backtracks"), std::string::npos);
  const Outcome v = Tour({"--verify", "-"}, r.out);
  EXPECT_EQ(v.status, kExitOk) << v.out;
  EXPECT_NE(v.out.find("a valid 19x19 open knight's tour"), std::string::npos);
}

TEST(TourCli, JsonHasTheIssueFieldsAndTheMethod) {
  const Outcome r =
      Tour({"--size", "8", "--start", "1,1", "--format", "json", "--closed"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["size"], 8);
  EXPECT_EQ(j["start"], nlohmann::json::array({1, 1}));
  EXPECT_EQ(j["closed"], true);
  EXPECT_EQ(j["tour_is_closed"], true);
  EXPECT_EQ(j["rule"], "xiao");
  EXPECT_TRUE(j["method"] == "search" || j["method"] == "construction");
  EXPECT_TRUE(j["backtracks"].is_number_integer());
  ASSERT_EQ(j["tour"].size(), 64u);
  tour::Tour t;
  for (const auto& sq : j["tour"]) {
    t.push_back({sq[0].template get<int>() - 1, sq[1].template get<int>() - 1});
  }
  EXPECT_TRUE(tour::VerifyTour(8, t, true).ok());
  EXPECT_EQ(j["tour"][0], nlohmann::json::array({1, 1}));
}

TEST(TourCli, LargeBoardSaysTheConstructionMadeIt) {
  const Outcome r =
      Tour({"--size", "200", "--start", "100,37", "--format", "json",
            "--max-backtracks", "0", "--rule", "warnsdorff"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  // Either the greedy pass went through, or the construction took over.
  if (j["method"] == "search") {
    EXPECT_EQ(j["backtracks"], 0);
  } else {
    EXPECT_EQ(j["method"], "construction");
  }
  const Outcome t = Tour({"--size", "30", "--start", "2,2", "--closed",
                          "--max-backtracks", "0", "--rule", "warnsdorff"});
  ASSERT_EQ(t.status, kExitOk);
  EXPECT_TRUE(t.out.find("the tiling construction") != std::string::npos ||
              t.out.find("with 0 backtracks") != std::string::npos)
      << t.out;
}

TEST(TourCli, NoTourExitsOneWithTheReason) {
  Outcome r = Tour({"--size", "7", "--start", "1,2"});
  EXPECT_EQ(r.status, kExitUnsolvable);
  EXPECT_NE(r.out.find("no tour starts at row 1, column 2"), std::string::npos);
  EXPECT_NE(r.out.find("colour of the corners (25 squares, against 24)"),
            std::string::npos)
      << r.out;
  r = Tour({"--size", "4", "--start", "2,3", "--format", "json"});
  EXPECT_EQ(r.status, kExitUnsolvable);
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["exists"], false);
  EXPECT_NE(j["reason"].get<std::string>().find("exhaustive search"),
            std::string::npos);
  r = Tour({"--size", "9", "--start", "1,1", "--closed"});
  EXPECT_EQ(r.status, kExitUnsolvable);
  EXPECT_NE(r.out.find("81 squares cannot be split evenly"), std::string::npos);
  r = Tour({"--size", "1", "--start", "1,1"});
  EXPECT_EQ(r.status, kExitOk);
  EXPECT_NE(r.out.find("the one-square board"), std::string::npos);
}

TEST(TourCli, BadUsageExits64WithAMessage) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--size", "0", "--start", "1,1"}, "--size must be from 1 to 2000"},
      {{"--size", "19"}, "--start R,C is needed"},
      {{"--start", "1,1"}, "--size N is needed"},
      {{"--size", "19", "--start", "20,1"}, "off the 19x19 board"},
      {{"--size", "19", "--start", "4;12"}, "expected ROW,COLUMN"},
      {{"--size", "19", "--start", "4,12", "--rule", "best"},
       "--rule must be warnsdorff, xiao or alternate"},
      {{"--size", "19", "--start", "4,12", "--format", "xml"},
       "--format must be"},
      {{"--size", "19", "--start", "4,12", "--tie-order", "random"},
       "--tie-order must be wirth or mirrored"},
      {{"--survey", "5-9"}, "expected FROM..TO"},
      {{"--survey", "9..5"}, "1 <= FROM <= TO <= 200"},
      {{"--table"}, "--size N is needed"},
      {{"--table", "--survey", "5..6", "--size", "5"}, "one at a time"},
      {{"--size", "x"}, "invalid"},
      {{"--frobnicate"}, "unrecognised"},
      {{"--size", "5", "--start", "1,1", "extra"},
       "unexpected argument 'extra'"},
      // A value with a space: the tool has no --db to suggest.
      {{"--size", "5", "--start", "1,", "1"},
       "takes options only (--help lists them; a value with a space"},
      {{"--table", "--size", "5", "--start", "1,1"},
       "--start does not apply to --table"},
      // An unset shell variable is no default.
      {{"--size", "19", "--start", "4,12", "--rule", ""}, "--rule is empty"},
      {{"--verify", ""}, "--verify is empty"},
  };
  for (const auto& [args, message] : cases) {
    const Outcome r = Tour(args);
    EXPECT_EQ(r.status, kExitUsage) << args[0];
    EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
  }
}

TEST(TourCli, VerifyNamesWhatIsWrong) {
  std::ifstream paper(kFigure3);
  std::stringstream text;
  text << paper.rdbuf();
  std::string broken = text.str();
  // Row 1 starts "  81 186": make it "  86 186": 86 twice, 81 missing.
  broken.replace(broken.find("  81 186"), 8, "  86 186");
  Outcome r = Tour({"--verify", "-"}, broken);
  EXPECT_EQ(r.status, kExitUnsolvable);
  EXPECT_NE(r.out.find("number 81 is missing"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("number 86 appears 2 times"), std::string::npos);
  r = Tour({"--verify", kFigure3, "--size", "18"});
  EXPECT_EQ(r.status, kExitUnsolvable);
  EXPECT_NE(r.out.find("wrong size: the grid is 19x19, --size asks for 18x18"),
            std::string::npos);
  r = Tour({"--verify", kFigure3, "--closed", "--format", "json"});
  EXPECT_EQ(r.status, kExitUnsolvable);
  EXPECT_EQ(nlohmann::json::parse(r.out)["valid"], false);
  EXPECT_EQ(nlohmann::json::parse(r.out)["more_problems"], 0);
  // Past the 20 listed, the problems are counted: each is one, none the
  // count's words. (A 6x6 grid of 1s: 1 appears 36 times, and 2 to 36 are
  // missing: 36 problems.)
  std::string ones;
  for (int row = 0; row < 6; ++row) ones += "1 1 1 1 1 1\n";
  r = Tour({"--verify", "-", "--format", "json"}, ones);
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["problems"].size(), 20u) << r.out;
  EXPECT_EQ(j["more_problems"], 36 - 20) << r.out;
  for (const auto& p : j["problems"]) {
    EXPECT_EQ(p.get<std::string>().find("more problems"), std::string::npos);
  }
  r = Tour({"--verify", "-"}, ones);
  EXPECT_NE(r.out.find("  ... and 16 more problems\n"), std::string::npos)
      << r.out;
  r = Tour({"--verify", "-"}, "1 2\n3 four\n");
  EXPECT_EQ(r.status, kExitDataError);
  EXPECT_NE(r.err.find("'four' is not a whole number"), std::string::npos);
  r = Tour({"--verify", "/nonexistent/grid.txt"});
  EXPECT_EQ(r.status, kExitNoInput);
  EXPECT_NE(r.err.find("cannot open"), std::string::npos);
  // A directory opens, but reads nothing: not "no grid" (65), unreadable.
  r = Tour({"--verify", SLIDEDB_TOUR_TESTDATA});
  EXPECT_EQ(r.status, kExitNoInput) << r.err;
  EXPECT_NE(r.err.find("cannot read"), std::string::npos) << r.err;
}

// Output that cannot be written (a full disk, a closed pipe) is lost: 74
// and a message, in every mode, whatever the mode's own status.
TEST(TourCli, OutputNotWrittenExits74) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"--size", "8", "--start", "1,1"},
        std::vector<std::string>{"--table", "--size", "6"},
        std::vector<std::string>{"--verify", kFigure3}}) {
    std::istringstream in;
    std::ostringstream out, err;
    out.setstate(std::ios::badbit);  // as a write to a full disk leaves it
    EXPECT_EQ(RunTour(args, in, out, err), kExitIOError) << args[0];
    EXPECT_NE(err.str().find("cannot write the output"), std::string::npos)
        << err.str();
  }
}

// The paper's Figures 1 and 2 (n = 7): the starts where each rule had to
// backtrack, 1-based (row, column). The counts differ from the paper's (see
// docs/TOUR.md); which starts backtrack is the same.
TEST(TourCli, TableFor7MarksThePaperStartsThatBacktrack) {
  auto backtracking = [](const nlohmann::json& table, const char* rule) {
    std::vector<std::pair<int, int>> starts;
    for (const auto& s : table["starts"]) {
      if (s["has_tour"] && s[rule]["backtracks"].get<int64_t>() > 0) {
        starts.push_back({s["start"][0], s["start"][1]});
      }
    }
    return starts;
  };
  const Outcome fig2 = Tour({"--table", "--size", "7", "--format", "json"});
  ASSERT_EQ(fig2.status, kExitOk);
  const auto t2 = nlohmann::json::parse(fig2.out);
  EXPECT_EQ(t2["starts"].size(), 49u);
  EXPECT_EQ(backtracking(t2, "xiao"),
            (std::vector<std::pair<int, int>>{{2, 6}, {3, 3}, {5, 3}}));
  const Outcome fig1 = Tour({"--table", "--size", "7", "--format", "json",
                             "--tie-order", "mirrored"});
  ASSERT_EQ(fig1.status, kExitOk);
  EXPECT_EQ(backtracking(nlohmann::json::parse(fig1.out), "warnsdorff"),
            (std::vector<std::pair<int, int>>{
                {1, 3}, {2, 6}, {3, 3}, {3, 5}, {5, 1}, {6, 6}, {7, 1}}));
  const Outcome text = Tour({"--table", "--size", "5"});
  EXPECT_NE(text.out.find("rule xiao (the paper's Figure 2), tie order wirth"),
            std::string::npos);
}

TEST(TourCli, SurveyRowsAgreeWithConjecture1) {
  const Outcome r = Tour({"--survey", "1..12", "--format", "json", "--quiet"});
  ASSERT_EQ(r.status, kExitOk);
  std::istringstream lines(r.out);
  std::string line;
  int n = 0;
  while (std::getline(lines, line)) {
    const auto j = nlohmann::json::parse(line);
    ++n;
    EXPECT_EQ(j["size"], n);
    const int expected = n == 1       ? 1
                         : n < 5      ? 0
                         : n % 2 == 0 ? n * n
                                      : (n * n + 1) / 2;
    EXPECT_EQ(j["with_tour"], expected);
    EXPECT_EQ(j["tours_found"], expected);
    // The paper: with the second improved rule n = 8, 9, 12 never backtrack.
    if (n == 8 || n == 9 || n == 12) {
      EXPECT_EQ(j["xiao"]["with_backtracking"], 0);
    }
  }
  EXPECT_EQ(n, 12);
  EXPECT_TRUE(r.err.empty());
  const Outcome text = Tour({"--survey", "5..6"});
  EXPECT_NE(text.out.find("| 5 | 13 |"), std::string::npos) << text.out;
  EXPECT_NE(text.err.find("survey 6x6 done"), std::string::npos);
}

// An option the mode does not use is refused, naming the option and the
// mode, as --start always was: never dropped unseen.
TEST(TourCli, OptionAModeDoesNotUseIsRefused) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--table", "--size", "6", "--closed"},
       "--closed does not apply to --table"},
      {{"--table", "--size", "6", "--rule", "warnsdorff"},
       "--rule does not apply to --table"},
      {{"--survey", "5..8", "--closed"}, "--closed does not apply to --survey"},
      {{"--survey", "5..8", "--rule", "xiao"},
       "--rule does not apply to --survey"},
      {{"--survey", "5..8", "--size", "6"},
       "--size does not apply to --survey"},
      {{"--survey", "5..8", "--start", "1,1"},
       "--start does not apply to --survey"},
      {{"--verify", kFigure3, "--rule", "xiao"},
       "--rule does not apply to --verify"},
      {{"--verify", kFigure3, "--tie-order", "mirrored"},
       "--tie-order does not apply to --verify"},
      {{"--verify", kFigure3, "--max-backtracks", "5"},
       "--max-backtracks does not apply to --verify"},
      {{"--verify", kFigure3, "--start", "1,1"},
       "--start does not apply to --verify"},
  };
  for (const auto& [args, message] : cases) {
    const Outcome r = Tour(args);
    EXPECT_EQ(r.status, kExitUsage) << message;
    EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty()) << message;
  }
  // What each mode does use is taken; --quiet in every mode (only --table
  // and --survey write progress lines).
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"--size", "6", "--start", "1,1", "--closed",
                                 "--rule", "alternate", "--tie-order",
                                 "mirrored", "--max-backtracks", "9",
                                 "--format", "json", "--quiet"},
        std::vector<std::string>{"--verify", kFigure3, "--size", "19",
                                 "--format", "json", "--quiet"},
        std::vector<std::string>{"--table", "--size", "5", "--tie-order",
                                 "mirrored", "--max-backtracks", "9",
                                 "--format", "json", "--quiet"},
        std::vector<std::string>{"--survey", "5..6", "--tie-order", "mirrored",
                                 "--max-backtracks", "9", "--format", "json",
                                 "--quiet"}}) {
    const Outcome r = Tour(args);
    EXPECT_EQ(r.status, kExitOk) << args[0] << ": " << r.err;
    EXPECT_TRUE(r.err.empty()) << r.err;
  }
}

// Names of values are read in any case (docs/TOOLS.md); file names are not
// names of values.
TEST(TourCli, ValueNamesAreReadInAnyCase) {
  const Outcome lower =
      Tour({"--size", "7", "--start", "1,1", "--rule", "warnsdorff",
            "--tie-order", "mirrored", "--format", "json"});
  const Outcome upper =
      Tour({"--size", "7", "--start", "1,1", "--rule", "WARNSDORFF",
            "--tie-order", "Mirrored", "--format", "JSON"});
  ASSERT_EQ(lower.status, kExitOk) << lower.err;
  EXPECT_EQ(upper.status, kExitOk) << upper.err;
  EXPECT_EQ(upper.out, lower.out);
  EXPECT_EQ(nlohmann::json::parse(lower.out)["rule"], "warnsdorff");
  const Outcome xiao =
      Tour({"--size", "8", "--start", "1,1", "--rule", "XIAO"});
  EXPECT_EQ(xiao.status, kExitOk) << xiao.err;
  EXPECT_NE(xiao.out.find("rule xiao with"), std::string::npos) << xiao.out;
  const Outcome table =
      Tour({"--table", "--size", "5", "--tie-order", "MIRRORED"});
  EXPECT_EQ(table.status, kExitOk) << table.err;
  EXPECT_NE(table.out.find("tie order mirrored"), std::string::npos);
  const Outcome survey = Tour({"--survey", "5..5", "--format", "Json", "-q"});
  EXPECT_EQ(survey.status, kExitOk) << survey.err;
  EXPECT_EQ(nlohmann::json::parse(survey.out)["size"], 5);
  // A file name keeps its case.
  const std::string copy = testing::TempDir() + "/Tour_Figure3.TXT";
  {
    std::ifstream paper(kFigure3);
    std::ofstream(copy) << paper.rdbuf();
  }
  const Outcome v = Tour({"--verify", copy, "--format", "JSON"});
  EXPECT_EQ(v.status, kExitOk) << v.err;
  EXPECT_EQ(nlohmann::json::parse(v.out)["file"], copy);
  const Outcome bad = Tour({"--size", "7", "--start", "1,1", "--rule", "Best"});
  EXPECT_EQ(bad.status, kExitUsage);
  EXPECT_NE(bad.err.find("--rule must be warnsdorff, xiao or alternate"),
            std::string::npos);
}

TEST(TourCli, HelpAndVersion) {
  Outcome r = Tour({"--help"});
  EXPECT_EQ(r.status, kExitOk);
  EXPECT_NE(r.out.find("Exit status"), std::string::npos);
  r = Tour({"--version"});
  EXPECT_NE(r.out.find("slidedb-tour "), std::string::npos);
}

}  // namespace
}  // namespace slidedb
