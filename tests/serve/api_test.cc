// slidedb-serve's API in-process (serve/api.h): every endpoint, every error
// status, the batch limits, and answers byte-identical to slidedb-query
// --format json. The page's files, reloads and two-bit databases:
// api_serving_test.cc.
#include "serve/api.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <thread>

#include "lib/puzzle/notation.h"
#include "lib/puzzle/problem.h"
#include "lib/puzzle/symmetry.h"
#include "tests/serve/api_test_util.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

using nlohmann::json;
using testing::ApiTest;
using testing::CliResult;
using testing::Get;
using testing::Post;
using testing::RandomStart;
using testing::RunBuildCli;
using testing::RunQueryCli;
using testing::TempDir;

TEST_F(ApiTest, SolveIsTheCliAnswerOnRandomStates) {
  std::mt19937 rng(8);
  struct Case {
    Board board;
    std::vector<std::pair<std::string, std::string>> extra;  // param, value
  };
  const std::vector<Case> cases = {
      {Board(3, 3), {}},
      {Board(3, 3), {{"steps", "1"}}},
      {Board(3, 3), {{"goal", "123/8_4/765"}}},
      {Board(2, 4), {{"count", "1"}, {"all", "1"}, {"limit", "3"}}},
      {Board(2, 5), {}},
      {Board(2, 3), {{"verify", "RRDLL"}}},
  };
  int compared = 0;
  for (const Case& c : cases) {
    for (int n = 0; n < 40; ++n) {
      const std::string start = RandomStart(c.board, &rng);
      std::multimap<std::string, std::string> params = {
          {"start", start}, {"board", c.board.Name()}};
      std::vector<std::string> args = {"--board", c.board.Name()};
      for (const auto& [k, v] : c.extra) {
        params.emplace(k, v);
        args.push_back("--" + k);
        if (k == "goal" || k == "limit" || k == "verify") args.push_back(v);
      }
      args.push_back(start);
      const ApiResponse r = api_->Handle(Get("/api/solve", params));
      const CliResult cli = Cli(args);
      ASSERT_EQ(r.body, cli.out) << start;
      EXPECT_EQ(r.status, cli.status == 65 ? 400 : 200) << start;
      EXPECT_EQ(r.content_type, "application/json");
      ++compared;
    }
  }
  EXPECT_EQ(compared, 240);
}

// Each thread reuses the Answerer of its last question: questions that
// alternate must still get their own answers.
TEST_F(ApiTest, AlternatingQuestionsGetTheirOwnAnswers) {
  const std::vector<std::vector<std::pair<std::string, std::string>>> kinds = {
      {},
      {{"steps", "1"}},
      {{"goal", "123/8_4/765"}},
      {{"goal", "123/8_4/765"}, {"blank", "_"}},
      {{"count", "1"}},
      {{"steps", "TRUE"}},  // a flag's value in any case, as a name's
  };
  std::mt19937 rng(11);
  for (int n = 0; n < 60; ++n) {
    const auto& kind = kinds[n % kinds.size()];
    const std::string start = RandomStart(Board(3, 3), &rng);
    std::multimap<std::string, std::string> params = {{"start", start}};
    std::vector<std::string> args;
    for (const auto& [k, v] : kind) {
      params.emplace(k, v);
      args.push_back("--" + k);
      if (k != "steps" && k != "count") args.push_back(v);
    }
    args.push_back(start);
    const std::string path = n % 3 == 0 ? "/api/count" : "/api/solve";
    if (path == "/api/count" && !params.count("count")) {
      args.insert(args.begin(), "--count");
    }
    ASSERT_EQ(api_->Handle(Get(path, params)).body, Cli(args).out)
        << path << " " << start << " kind " << n % kinds.size();
  }
  // A batch after questions with the same parameters still refuses 'start'.
  EXPECT_EQ(api_->Handle(Get("/api/solve", {{"start", "123456780"}})).status,
            200);
  EXPECT_EQ(api_->Handle(Post("/api/solve", "", {{"start", "1"}})).status, 400);
}

TEST_F(ApiTest, PostBatchIsTheCliAnswerToStandardInput) {
  std::mt19937 rng(9);
  // A byte-order mark first (a Windows editor's), then a comment and a
  // blank line.
  std::string body =
      "\xEF\xBB\xBF"
      "867254301\r\n# a comment\n\n";
  for (int n = 0; n < 300; ++n) body += RandomStart(Board(3, 3), &rng) + "\r\n";
  body += "not a state\n123456780";  // no final newline
  const ApiResponse r = api_->Handle(Post("/api/solve", body, {{"steps", "1"}}));
  const CliResult cli = RunQueryCli(
      {"--db", testing::TestDatabase(), "--format", "json", "--steps"}, body);
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.content_type, "application/x-ndjson");
  EXPECT_EQ(r.body, cli.out);
  EXPECT_EQ(std::count(r.body.begin(), r.body.end(), '\n'), 303);
  const size_t error = r.body.find("\"error\"");  // "not a state" alone
  EXPECT_NE(error, std::string::npos);
  EXPECT_EQ(r.body.find("\"error\"", error + 1), std::string::npos) << r.body;
}

// A multi-tile search out of its max_seconds has no answer: alone a 503,
// in a batch its line says why and the next lines are answered.
TEST_F(ApiTest, AStateOutOfTimeInABatchIsOneLine) {
  const std::string hard = "15,2,12,11,14,13,9,5,1,3,8,7,0,10,6,4";
  const std::string easy = "1,0,2,3,4,5,6,7,8,9,10,11,12,13,14,15";
  const std::multimap<std::string, std::string> params = {
      {"board", "4x4"},
      {"goal", "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15"},
      {"metric", "mtm"},
      {"max_seconds", "0.5"}};
  // The search's tables made first (seconds under a sanitizer): the batch
  // runs its states side by side, and the easy one must not wait for them.
  std::multimap<std::string, std::string> warm = params;
  warm.erase("max_seconds");
  warm.emplace("start", easy);
  ASSERT_EQ(api_->Handle(Get("/api/solve", warm)).status, 200);
  ApiResponse r = api_->Handle(Post("/api/solve", hard + "\n" + easy, params));
  EXPECT_EQ(r.status, 200) << r.body;
  std::istringstream lines(r.body);
  std::string line;
  ASSERT_TRUE(std::getline(lines, line)) << r.body;
  EXPECT_EQ(json::parse(line)["input"], hard) << line;
  ASSERT_TRUE(std::getline(lines, line)) << r.body;
  EXPECT_EQ(json::parse(line)["distance"], 1) << line;
  std::multimap<std::string, std::string> one = params;
  one.emplace("start", hard);
  EXPECT_EQ(api_->Handle(Get("/api/solve", one)).status, 503);
}

TEST_F(ApiTest, CountVerifyHistogramSampleAreTheCliAnswers) {
  const std::string s = "867254301";
  EXPECT_EQ(api_->Handle(Get("/api/count", {{"start", s}})).body,
            Cli({"--count", s}).out);
  EXPECT_EQ(api_->Handle(Get("/api/verify", {{"start", s},
                                             {"moves", "ULDR"}}))
                .body,
            Cli({"--verify", "ULDR", s}).out);
  EXPECT_EQ(api_->Handle(Get("/api/histogram", {{"board", "2x4"}})).body,
            Cli({"--histogram", "--board", "2x4"}).out);
  EXPECT_EQ(api_->Handle(Get("/api/histogram", {{"goal", "123/8_4/765"}}))
                .body,
            Cli({"--histogram", "--goal", "123/8_4/765"}).out);
  const ApiResponse sample = api_->Handle(
      Get("/api/sample", {{"n", "25"}, {"distance", "20"}, {"seed", "7"}}));
  EXPECT_EQ(sample.status, 200);
  EXPECT_EQ(sample.content_type, "application/x-ndjson");
  EXPECT_EQ(sample.body, Cli({"--sample", "25", "--distance", "20", "--seed",
                              "7"})
                             .out);
  EXPECT_EQ(api_->Handle(Get("/api/sample", {{"n", "5"}, {"board", "2x3"}}))
                .body,
            Cli({"--sample", "5", "--board", "2x3"}).out);
}

// metric= and notation= on every endpoint, and /api/analyse, answer as
// the CLI's --metric, --notation and --analyse do.
TEST_F(ApiTest, MetricNotationAndAnalyseAreTheCliAnswers) {
  const std::string s = "867254301";
  for (const char* metric : {"stm", "mtm"}) {
    for (const char* notation : {"blank", "tile"}) {
      const std::vector<std::string> cli = {"--metric", metric, "--notation",
                                            notation};
      auto with = [&](std::vector<std::string> more) {
        more.insert(more.begin(), cli.begin(), cli.end());
        return Cli(more).out;
      };
      const std::multimap<std::string, std::string> q = {
          {"start", s}, {"metric", metric}, {"notation", notation}};
      EXPECT_EQ(api_->Handle(Get("/api/solve", q)).body, with({s}));
      EXPECT_EQ(api_->Handle(Get("/api/count", q)).body, with({"--count", s}));
      EXPECT_EQ(api_->Handle(Get("/api/moves", q)).body, with({"--moves", s}));
      // The same solve in either notation.
      const std::string moves =
          notation == std::string("blank") ? "U L D R2" : "D R U L2";
      auto analyse = q;
      analyse.insert({"moves", moves});
      const ApiResponse a = api_->Handle(Get("/api/analyse", analyse));
      EXPECT_EQ(a.status, 200) << a.body;
      EXPECT_EQ(a.body, with({"--analyse", "--start", s, "--moves", moves}));
    }
    EXPECT_EQ(api_->Handle(Get("/api/histogram", {{"metric", metric}})).body,
              Cli({"--histogram", "--metric", metric}).out);
  }
  ApiResponse r =
      api_->Handle(Get("/api/analyse", {{"start", s}, {"moves", "U L D D R"}}));
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(Parse(r)["error"],
            "moves: step 4 of 5 (D) is not legal: it would take the blank off "
            "the board");
  // An illegal solve or a malformed start: the CLI's bytes too.
  EXPECT_EQ(r.body,
            Cli({"--analyse", "--start", s, "--moves", "U L D D R"}).out);
  r = api_->Handle(Get("/api/analyse", {{"start", "x"}, {"moves", "U"}}));
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(r.body, Cli({"--analyse", "--start", "x", "--moves", "U"}).out);
  EXPECT_EQ(Parse(r)["start"], "x");
  r = api_->Handle(Get("/api/analyse", {{"start", s}}));
  EXPECT_EQ(r.status, 400);
  r = api_->Handle(Get("/api/solve", {{"start", s}, {"metric", "hex"}}));
  EXPECT_EQ(r.status, 400);
  EXPECT_EQ(Parse(r)["error"],
            Cli({"--metric", "hex", s})
                .err.substr(15, Parse(r)["error"].get<std::string>().size()));
  r = api_->Handle(
      Get("/api/solve",
          {{"start", "12345670"}, {"board", "2x4"}, {"metric", "mtm"}}));
  EXPECT_EQ(r.status, 404);
  EXPECT_NE(r.body.find("--metric mtm"), std::string::npos) << r.body;
}

TEST_F(ApiTest, MovesListEveryLegalMoveWithItsDistance) {
  std::mt19937 rng(10);
  int checked = 0;
  for (int n = 0; n < 60; ++n) {
    const std::string start = RandomStart(Board(3, 3), &rng);
    const ApiResponse r = api_->Handle(Get("/api/moves", {{"start", start}}));
    ASSERT_EQ(r.status, 200) << r.body;
    const json j = Parse(r);
    const json solve = Parse(api_->Handle(Get("/api/solve", {{"start", start}})));
    EXPECT_EQ(j["board"], solve["board"]);
    EXPECT_EQ(j["start"], solve["start"]);
    EXPECT_EQ(j["goal"], solve["goal"]);
    EXPECT_EQ(j["solvable"], solve["solvable"]);
    if (!solve["solvable"]) {
      EXPECT_EQ(j["reason"], solve["reason"]);
      continue;
    }
    const int d = j["distance"];
    EXPECT_EQ(d, solve["distance"]);
    const int blank = static_cast<int>(start.find('0'));
    const int r0 = blank / 3, c0 = blank % 3;
    const int legal = (r0 > 0) + (r0 < 2) + (c0 > 0) + (c0 < 2);
    ASSERT_EQ(static_cast<int>(j["moves"].size()), legal) << start;
    int optimal = 0;
    for (const json& m : j["moves"]) {
      // The state after the move is the start with the tile and the blank
      // swapped, and its distance is /api/solve's.
      std::string after = start;
      // The tile is a number, as /api/solve's "tiles" are.
      const size_t at = after.find(std::to_string(m["tile"].get<int>()));
      std::swap(after[at], after[blank]);
      EXPECT_EQ(m["state"], after);
      const json next = Parse(api_->Handle(Get("/api/solve", {{"start", after}})));
      EXPECT_EQ(m["distance"], next["distance"]) << after;
      const int d2 = m["distance"];
      EXPECT_TRUE(d2 == d - 1 || d2 == d + 1) << after;
      optimal += d2 == d - 1;
    }
    if (d > 0) {
      EXPECT_GE(optimal, 1);
    }
    // The first optimal move of /api/solve is among them.
    if (d > 0) {
      const std::string first(1, solve["moves"].get<std::string>()[0]);
      bool found = false;
      for (const json& m : j["moves"]) {
        found = found || (m["move"] == first && m["distance"] == d - 1);
      }
      EXPECT_TRUE(found) << start;
    }
    ++checked;
  }
  EXPECT_GT(checked, 10);
  // Labels of the user's own, and the goal's.
  const json custom = Parse(api_->Handle(Get(
      "/api/moves", {{"start", "_abcdefgh"}, {"goal", "abcdefgh_"}})));
  EXPECT_EQ(custom["moves"].size(), 2u);
  EXPECT_EQ(custom["moves"][0]["move"], "D");
  EXPECT_EQ(custom["moves"][0]["tile"], "c");
  EXPECT_EQ(custom["moves"][0]["state"], "cab0defgh");
}

TEST_F(ApiTest, TablesAndHealth) {
  const ApiResponse r = api_->Handle(Get("/api/tables"));
  ASSERT_EQ(r.status, 200);
  const json j = Parse(r);
  std::unique_ptr<Database> db;
  ASSERT_TRUE(Database::Open(testing::TestDatabase(), &db).ok());
  // One entry per goal blank answered: stored, or served by the stored
  // table of its class (lib/puzzle/symmetry.h); 3x3 has 9, 3 of them stored.
  size_t k = 0, stored = 0, three_by_three = 0;
  std::vector<const TableMeta*> tables;
  ASSERT_TRUE(db->Tables(&tables).ok());
  for (const TableMeta* stored_meta : tables) {
    const TableMeta& t = *stored_meta;
    for (int g : ServedGoalBlanks(t.board, t.goal_blank)) {
      ASSERT_LT(k, j["tables"].size());
      const auto& e = j["tables"][k++];
      EXPECT_EQ(e["board"], t.board.Name());
      EXPECT_EQ(e["goal_blank"], g);
      EXPECT_EQ(e["goal"], FormatArrangement(
                               CanonicalGoalArrangement(t.board, g, "0"), "0"));
      EXPECT_EQ(e["states"], t.states);
      EXPECT_EQ(e["max_distance"], t.max_distance);
      EXPECT_EQ(e["stored"], g == t.goal_blank);
      EXPECT_EQ(e["table"], t.Id());
      EXPECT_EQ(e["metric"], MetricName(t.metric));
      stored += g == t.goal_blank;
      three_by_three += t.board == Board(3, 3) && t.metric == Metric::kStm;
    }
  }
  EXPECT_EQ(k, j["tables"].size());
  EXPECT_EQ(stored, tables.size());
  EXPECT_EQ(three_by_three, 9u);
  EXPECT_EQ(api_->Handle(Get("/healthz")).status, 200);
  EXPECT_EQ(api_->Handle(ApiRequest{"HEAD", "/healthz", {}, "", "", {}}).status, 200);
}

TEST_F(ApiTest, ErrorsSayWhatIsWrongWithTheRightStatus) {
  struct Case {
    ApiRequest request;
    int status;
    std::string says;  // part of the "error" message
  };
  const std::vector<Case> cases = {
      {Get("/api/solve"), 400, "missing parameter 'start'"},
      {Get("/api/solve", {{"start", "12345678"}}), 400, "3x3 board has 9"},
      {Get("/api/solve", {{"start", "1"}, {"board", "9x9"}}), 400, "9x9"},
      {Get("/api/solve", {{"start", "123456780"}, {"goal", "1234"}}), 400,
       "goal '1234'"},
      {Get("/api/solve", {{"start", "123456780"}, {"blank", "12"}}), 400,
       "blank"},
      {Get("/api/solve", {{"start", "123456780"}, {"stpes", "1"}}), 400,
       "unknown parameter 'stpes'"},
      // An empty name ("?=&x=1") is unknown too, and hides no other (found
      // by fuzz_api: tests/fuzz/crashes/fuzz_api/empty_parameter_name).
      {Post("/api/solve", "", {{"", ""}, {"x", "1"}}), 400,
       "unknown parameter ''"},
      // A value holding "&zzz=1" is not the parameter zzz=1: the second
      // question does not reuse the first one's Answerer.
      {Get("/api/solve", {{"start", "123456780"}, {"verify", "U&zzz=1"}}), 400,
       "parameter 'verify': "},
      {Get("/api/solve",
           {{"start", "123456780"}, {"verify", "U"}, {"zzz", "1"}}),
       400, "unknown parameter 'zzz'"},
      {Get("/api/solve", {{"start", "123456780"}, {"steps", "yes"}}), 400,
       "must be 1 or 0"},
      {Get("/api/solve", {{"start", "123456780"}, {"limit", "3"}}), 400,
       "needs all=1"},
      // /api/count always counts: count=0 is no answer without the count.
      {Get("/api/count", {{"start", "123456780"}, {"count", "0"}}), 400,
       "parameter 'count' cannot be 0 on /api/count"},
      {Get("/api/solve",
           {{"start", "123456780"}, {"all", "1"}, {"limit", "0"}}),
       400,
       "parameter 'limit' must be a whole number from 1 to 10000, not '0'"},
      // The server's profile of the limits (lib/answer/limits.h).
      {Get("/api/solve",
           {{"start", "123456780"}, {"all", "1"}, {"limit", "10001"}}),
       400,
       "parameter 'limit' must be a whole number from 1 to 10000, not "
       "'10001': the server holds a request's whole answer in memory"},
      {Get("/api/solve", {{"start", "867254301"}, {"verify", "UXZ"}}), 400,
       "parameter 'verify': "},
      {Get("/api/verify", {{"start", "867254301"}, {"moves", "RDX"}}), 400,
       "parameter 'moves': "},
      {Get("/api/solve", {{"start", "123456780"}, {"blank", ""}}), 400,
       "the blank's label is empty"},
      // No state could hold it.
      {Get("/api/solve", {{"start", "1234567\"8"}, {"blank", "\""}}), 400,
       "cannot hold spaces, commas, slashes, quotes"},
      {Get("/healthz", {{"x", "1"}}), 400, "unknown parameter 'x'"},
      {Get("/api/verify", {{"start", "867254301"}}), 400,
       "missing parameter 'moves'"},
      {Get("/api/moves", {{"start", "1 2 3"}}), 400, "3x3 board has 9"},
      {Get("/api/sample"), 400, "missing parameter 'n'"},
      {Get("/api/sample", {{"n", "0"}}), 400, "from 1 to 10000"},
      {Get("/api/sample", {{"n", "10001"}}), 400,
       "from 1 to 10000, not '10001': the server holds"},
      {Get("/api/sample", {{"n", "1"}, {"distance", "-1"}}), 400, "distance"},
      {Get("/api/sample", {{"n", "1"}, {"seed", "x"}}), 400, "seed"},
      {Get("/api/tables", {{"x", "1"}}), 400, "unknown parameter 'x'"},
      {Post("/api/solve", "", {{"start", "1"}}), 400, "in the body"},
      {Get("/api/solve",
           {{"start", "1,2,3,4,5,6,7,8,9,10,11,0"}, {"board", "3x4"}}),
       404,
       "slidedb-build --db " + testing::TestDatabase() +
           " --board 3x4 --goal 1,2,3,4,5,6,7,8,9,10,11,0"},
      {Get("/api/moves", {{"start", "1234567_8"},
                          {"goal", "12345678_"},
                          {"board", "3x3"},
                          {"blank", "_"}}),
       200, ""},
      {Get("/api/histogram", {{"board", "3x4"}}), 404, "slidedb-build"},
      {Get("/api/histogram", {{"board", "5x6"}}), 400, "not supported"},
      {Get("/api/solve", {{"start", "123456780"}, {"max_seconds", "0"}}), 400,
       "parameter 'max_seconds' '0': expected a number of seconds"},
      // Only plain decimals (issue 38: 0x10 and " 5" passed, "5 " did not).
      {Get("/api/solve", {{"start", "123456780"}, {"max_seconds", "0x10"}}),
       400, "parameter 'max_seconds' '0x10': expected a number of seconds"},
      {Get("/api/solve", {{"start", "123456780"}, {"max_seconds", " 5"}}), 400,
       "parameter 'max_seconds' ' 5': expected a number of seconds"},
      {Get("/api/solve", {{"start", "123456780"}, {"max_seconds", "5 "}}), 400,
       "parameter 'max_seconds' '5 ': expected a number of seconds"},
      {Get("/api/solve", {{"start", "123456780"}, {"max_seconds", "1e1"}}), 400,
       "expected a number of seconds"},
      {Get("/api/solve", {{"start", "123456780"}, {"max_seconds", "+5"}}), 400,
       "expected a number of seconds"},
      {Get("/api/solve", {{"start", "123456780"}, {"max_seconds", "inf"}}), 400,
       "expected a number of seconds"},
      {Get("/api/solve", {{"start", "123456780"}, {"max_seconds", "1.2.3"}}),
       400, "expected a number of seconds"},
      {Get("/api/solve", {{"start", "123456780"}, {"max_seconds", "."}}), 400,
       "expected a number of seconds"},
      {Get("/api/analyse",
           {{"start", "123456780"}, {"moves", "U"}, {"max_seconds", "0x10"}}),
       400, "parameter 'max_seconds' '0x10': expected a number of seconds"},
      {Get("/api/solve", {{"start", "123456780"}, {"max_seconds", ".5"}}), 200,
       ""},
      {Get("/api/solve", {{"start", "123456780"}, {"max_seconds", "86400"}}),
       200, ""},
      {Get("/api/sample", {{"n", " 5"}}), 400, "from 1 to 10000"},
      {Get("/api/sample", {{"n", "0x10"}}), 400, "from 1 to 10000"},
      {Get("/api/solve",
           {{"start", "123456780"}, {"all", "1"}, {"limit", "5 "}}),
       400, "parameter 'limit' must be a whole number"},
      {Get("/api/sample", {{"n", "1"}, {"board", "3x4"}}), 404,
       "slidedb-build"},
      {Get("/api/solvee"), 404, "no such endpoint: /api/solvee"},
      {Get("/nothing-here.html"), 404, "no such file"},
      {ApiRequest{"PUT", "/api/solve", {}, "", "", {}}, 405,
       "PUT is not allowed"},
      {Post("/api/moves", ""), 405, "POST is not allowed"},
      {Post("/index.html", ""), 405, "POST is not allowed"},
      {Post("/api/solve", std::string(kMaxBatchBytes + 1, '\n')), 413,
       "larger than 1048576 bytes"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.request.method + " " + c.request.path);
    const ApiResponse r = api_->Handle(c.request);
    EXPECT_EQ(r.status, c.status) << r.body;
    EXPECT_EQ(r.content_type, "application/json");
    if (c.status == 200) continue;
    const json j = Parse(r);
    ASSERT_TRUE(j.is_object()) << r.body;
    ASSERT_TRUE(j.contains("error")) << r.body;
    EXPECT_NE(j["error"].get<std::string>().find(c.says), std::string::npos)
        << r.body;
    if (c.status == 405) {
      EXPECT_FALSE(r.allow.empty());
    }
  }
}

TEST_F(ApiTest, BatchLimits) {
  std::string body;
  for (size_t n = 0; n < kMaxBatchLines; ++n) body += "123456780\n";
  body += "\n# blank lines and comments do not count\n";
  ApiResponse r = api_->Handle(Post("/api/solve", body));
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(static_cast<size_t>(std::count(r.body.begin(), r.body.end(), '\n')),
            kMaxBatchLines);
  body += "123456780\n";
  r = api_->Handle(Post("/api/solve", body));
  EXPECT_EQ(r.status, 413);
  EXPECT_NE(r.body.find("at most 10000 states"), std::string::npos) << r.body;
  // The byte limit is exact.
  std::string big(kMaxBatchBytes - 10, ' ');
  big += "\n123456780";
  EXPECT_EQ(api_->Handle(Post("/api/solve", big)).status, 200);
  big += std::string(kMaxBatchBytes - big.size(), ' ');
  EXPECT_EQ(api_->Handle(Post("/api/solve", big)).status, 200);
  big += ' ';
  EXPECT_EQ(api_->Handle(Post("/api/solve", big)).status, 413);
}

}  // namespace
}  // namespace slidedb

