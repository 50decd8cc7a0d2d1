// query/parallel_answers.h through slidedb-query: batches on several
// threads keep the input order and the bytes of one thread, and a line that
// arrives alone is answered before the next is read. Also in the
// ThreadSanitizer build (scripts/test.sh --sanitize=thread).
#include "query/parallel_answers.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "cli/exit_codes.h"
#include "query/query_cli.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

using json = nlohmann::json;
using testing::CliResult;
using testing::OneLineAtATime;
using testing::RunQueryCli;
using testing::TestDatabase;

// A conversation on four threads: a line that arrives alone is still
// answered before the next is read.
TEST(ParallelAnswersTest, AnswersEachLineBeforeReadingTheNextOnFourThreads) {
  std::ostringstream out, err;
  OneLineAtATime feeder({"123456708\n", "867254301\n", "123456780\n"}, &out);
  std::istream in(&feeder);
  const int status =
      RunQuery({"--db", TestDatabase(), "--threads", "4"}, in, out, err);
  EXPECT_EQ(status, kExitOk) << err.str();
  ASSERT_EQ(feeder.seen.size(), 3u);
  EXPECT_NE(feeder.seen[1].find("123456708 -> 123456780: 1 move"),
            std::string::npos);
  EXPECT_NE(feeder.seen[2].find("867254301 -> 123456780: 31 moves"),
            std::string::npos);
}

// A batch of many chunks (query/parallel_answers.h) with malformed,
// unsolvable, commented and blank lines among the states: every thread
// count writes the bytes one thread writes, in input order, and exits the
// same way.
TEST(ParallelAnswersTest, BatchesKeepInputOrderAndBytes) {
  std::mt19937 rng(5);
  std::string input;
  std::vector<std::string> asked;  // each answer's "start" (or "input")
  std::string digits = "123456780";
  for (int k = 0; k < 3 * 4096 + 77; ++k) {
    std::shuffle(digits.begin(), digits.end(), rng);
    switch (k % 997) {
      case 10:
        input += "bad" + std::to_string(k) + "\n";
        asked.push_back("bad" + std::to_string(k));
        break;
      case 20:
        input += "# a comment\n\n";
        break;
      case 30:
        input += "1 2 3 4 5 6 7 8 0\r\n";
        asked.push_back("123456780");
        break;
      default:
        input += digits + "\n";
        asked.push_back(digits);
    }
  }
  for (const std::string format : {"text", "json"}) {
    const CliResult one = RunQueryCli(
        {"--db", TestDatabase(), "--format", format, "--threads", "1"}, input);
    EXPECT_EQ(one.status, kExitDataError) << one.err;
    EXPECT_NE((format == "json" ? one.out : one.err).find("bad10"),
              std::string::npos);
    if (format == "json") {
      std::vector<json> answers;
      std::istringstream lines(one.out);
      for (std::string l; std::getline(lines, l);)
        answers.push_back(json::parse(l));
      ASSERT_EQ(answers.size(), asked.size());
      for (size_t k = 0; k < asked.size(); ++k) {
        const json& j = answers[k];
        ASSERT_EQ(j.contains("start") ? j["start"] : j["input"], asked[k])
            << "answer " << k << " is not the " << k << "th line's";
      }
    }
    for (const std::string threads : {"2", "3", "0"}) {
      const CliResult many = RunQueryCli(
          {"--db", TestDatabase(), "--format", format, "--threads", threads},
          input);
      EXPECT_EQ(many.status, one.status) << threads;
      EXPECT_EQ(many.out, one.out) << format << " on " << threads;
      EXPECT_EQ(many.err, one.err) << format << " on " << threads;
    }
  }
}

}  // namespace
}  // namespace slidedb
