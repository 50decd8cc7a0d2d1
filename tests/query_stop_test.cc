// slidedb-query's batch stopped by a signal (query/stop_signal.h), in
// process, with StopBatch standing in for the signal: the answers written
// are whole lines, in order, the rest of the input is left, a search under
// way is stopped and not written, and the exit status is 128 + the signal.
// The program itself, sent SIGINT and SIGTERM: tests/interrupt_test.py.
#include <gtest/gtest.h>
#include <signal.h>

#include <algorithm>
#include <chrono>
#include <nlohmann/json.hpp>
#include <sstream>
#include <streambuf>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "query/query_cli.h"
#include "query/stop_signal.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

using testing::kKorfGoal;
using testing::KorfInstances;
using testing::Pdb44Database;
using testing::TestDatabase;

// Serves `lines` `per_read` at a time, as a pipe would, and stops the batch
// (StopBatch(SIGTERM)) as it serves line `stop_at` (never when past the
// end).
class StoppingInput : public std::streambuf {
 public:
  StoppingInput(std::vector<std::string> lines, size_t per_read, size_t stop_at)
      : lines_(std::move(lines)), per_read_(per_read), stop_at_(stop_at) {}

 protected:
  int_type underflow() override {
    if (next_ >= lines_.size()) return traits_type::eof();
    const size_t end = std::min(lines_.size(), next_ + per_read_);
    if (next_ <= stop_at_ && stop_at_ < end) StopBatch(SIGTERM);
    block_.clear();
    for (; next_ < end; ++next_) block_ += lines_[next_] + "\n";
    setg(block_.data(), block_.data(), block_.data() + block_.size());
    return traits_type::to_int_type(block_[0]);
  }

 private:
  std::vector<std::string> lines_;
  size_t per_read_, stop_at_, next_ = 0;
  std::string block_;
};

struct StoppedRun {
  int status;
  std::vector<nlohmann::json> answers;
  std::string err;
};

// slidedb-query with `args` on `input`; the stop forgotten after.
StoppedRun QueryUntilStopped(const std::vector<std::string>& args,
                             std::streambuf* input) {
  std::istream in(input);
  std::ostringstream out, err;
  const int status = RunQuery(args, in, out, err);
  ForgetStopForTest();
  const std::string text = out.str();
  EXPECT_TRUE(text.empty() || text.back() == '\n') << "a torn last line";
  return {status, testing::JsonLines(text), err.str()};
}

constexpr char kStoppedBatch[] =
    "stopped by a signal: every answer written is whole, in input order";

TEST(QueryStopTest, ABatchOfWalksEndsAtAWholeLine) {
  std::vector<std::string> lines;
  std::string s = "012345678";
  for (int k = 0; k < 60000; ++k, std::next_permutation(s.begin(), s.end())) {
    lines.push_back(s);
  }
  StoppingInput input(lines, 1000, 30000);
  const StoppedRun r =
      QueryUntilStopped({"--db", TestDatabase(), "--format", "json"}, &input);
  EXPECT_EQ(r.status, 128 + SIGTERM);
  EXPECT_NE(r.err.find(kStoppedBatch), std::string::npos) << r.err;
  // The chunks read before the stop are answered, none after it.
  EXPECT_GE(r.answers.size(), 16384u);
  EXPECT_LT(r.answers.size(), lines.size());
  for (size_t k = 0; k < r.answers.size(); ++k) {
    ASSERT_EQ(r.answers[k]["start"], lines[k]) << k;
  }
}

// What StopAwareInput does: `text`, then a read that waits, ended by a stop.
class InputEndedByAStop : public std::streambuf {
 public:
  explicit InputEndedByAStop(std::string text) : text_(std::move(text)) {}

 protected:
  int_type underflow() override {
    if (served_) {
      StopBatch(SIGINT);
      return traits_type::eof();
    }
    served_ = true;
    setg(text_.data(), text_.data(), text_.data() + text_.size());
    return traits_type::to_int_type(text_[0]);
  }

 private:
  std::string text_;
  bool served_ = false;
};

TEST(QueryStopTest, ALineCutShortByTheStopIsNotAnswered) {
  // Typed, then Ctrl-C while the next line was half typed: the whole line
  // is answered, the half one is not (not even as malformed).
  for (const char* threads : {"1", "2"}) {
    InputEndedByAStop input("867254301\n12345");
    const StoppedRun r = QueryUntilStopped(
        {"--db", TestDatabase(), "--format", "json", "--threads", threads},
        &input);
    EXPECT_EQ(r.status, 128 + SIGINT) << r.err;
    ASSERT_EQ(r.answers.size(), 1u) << r.err;
    EXPECT_EQ(r.answers[0]["start"], "867254301");
    EXPECT_EQ(r.err.find("12345"), std::string::npos) << r.err;
  }
}

TEST(QueryStopTest, ABatchOfSearchesWritesNoStoppedSearch) {
  // Korf's #12 twice (quick on 5-5-5), then his #88, whose search the stop
  // ends before it is answered: never written.
  const std::string quick = KorfInstances().at(11).state;
  const std::vector<std::string> lines = {quick, quick,
                                          KorfInstances().at(87).state};
  for (const char* threads : {"1", "2"}) {
    StoppingInput input(lines, 1, 2);
    const StoppedRun r =
        QueryUntilStopped({"--db", Pdb44Database(), "--board", "4x4", "--goal",
                           kKorfGoal, "--format", "json", "--threads", threads},
                          &input);
    EXPECT_EQ(r.status, 128 + SIGTERM) << r.err;
    EXPECT_NE(r.err.find(kStoppedBatch), std::string::npos) << r.err;
    ASSERT_EQ(r.answers.size(), 2u) << threads;
    EXPECT_EQ(r.answers[1]["start"], quick);
    EXPECT_TRUE(r.answers[1]["solvable"].get<bool>());
  }
}

TEST(QueryStopTest, ABatchOfSearchesStopsWhileItSearches) {
  // Korf's #12 (quick), then ten of his hardest on 5-5-5 (about a second
  // each), stopped from another thread, as a signal would, while they are
  // searched.
  std::vector<std::string> lines;
  std::vector<int> lengths;
  for (int n : {12, 88, 17, 60, 66, 82, 32, 15, 85, 49, 28}) {
    lines.push_back(KorfInstances().at(n - 1).state);
    lengths.push_back(KorfInstances().at(n - 1).length);
  }
  for (const char* threads : {"1", "2"}) {
    StoppingInput input(lines, 1, lines.size());  // no stop of its own
    std::thread signal([] {
      std::this_thread::sleep_for(std::chrono::milliseconds(300));
      StopBatch(SIGINT);
    });
    std::istream in(&input);
    std::ostringstream out, err;
    const int status =
        RunQuery({"--db", Pdb44Database(), "--board", "4x4", "--goal",
                  kKorfGoal, "--format", "json", "--threads", threads},
                 in, out, err);
    signal.join();
    ForgetStopForTest();
    EXPECT_EQ(status, 128 + SIGINT) << err.str();
    EXPECT_NE(err.str().find(kStoppedBatch), std::string::npos) << err.str();
    const std::vector<nlohmann::json> answers = testing::JsonLines(out.str());
    EXPECT_LT(answers.size(), lines.size());
    for (size_t k = 0; k < answers.size(); ++k) {
      EXPECT_EQ(answers[k]["start"], lines[k]);
      EXPECT_EQ(answers[k]["moves"].get<std::string>().size(), lengths[k]);
    }
  }
}

}  // namespace
}  // namespace slidedb
