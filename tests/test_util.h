// Helpers shared by the tests.
#ifndef SLIDEDB_TESTS_TEST_UTIL_H_
#define SLIDEDB_TESTS_TEST_UTIL_H_

#include <gtest/gtest.h>
#include <stdlib.h>

#include <atomic>
#include <map>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>
#include <streambuf>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "lib/puzzle/board.h"
#include "lib/puzzle/notation.h"
#include "lib/puzzle/path.h"
#include "lib/puzzle/state.h"
#include "lib/search/bfs.h"
#include "lib/search/ida_search.h"
#include "lib/storage/table_meta.h"
#include "slidedb/slidedb.h"

namespace slidedb {

// The API's options for a board, a goal and a blank label, the rest as
// they default: Options{board, goal, blank} without GCC 12's warning of
// the members left out (-Wmissing-field-initializers).
inline Options PuzzleOptions(std::string board, std::string goal = "",
                             std::string blank = "") {
  Options o;
  o.board = std::move(board);
  o.goal = std::move(goal);
  o.blank = std::move(blank);
  return o;
}

// How gtest prints a Board parameter: "3x3".
inline void PrintTo(const Board& board, std::ostream* os) {
  *os << board.Name();
}

namespace testing {

// True in the sanitizer builds (scripts/test.sh --sanitize=...), where a
// sanitizer makes every step many times slower: the exhaustive tests check
// a sample of their states there, and the plain run checks them all.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif
// True in the thread sanitizer's build, which looks for races: there the
// tests that compare thread counts run the threaded configurations only.
#if defined(__SANITIZE_THREAD__)
inline constexpr bool kThreadSanitized = true;
#else
inline constexpr bool kThreadSanitized = false;
#endif

// The state whose cell c holds tiles[c] (0 the blank).
inline State ToState(const std::vector<int>& tiles) {
  State s;
  for (size_t c = 0; c < tiles.size(); ++c) {
    s.tile[c] = static_cast<uint8_t>(tiles[c]);
    if (tiles[c] == 0) s.blank = static_cast<uint8_t>(c);
  }
  return s;
}

// A thread of a batch with no state left to answer: it helps the searches
// posted to `helpers` (SearchHelpers::HelpOrWait) until destroyed.
class IdleHelper {
 public:
  explicit IdleHelper(SearchHelpers* helpers)
      : helpers_(helpers), thread_([this] {
          // The generation is read before `done_`: no wake is missed.
          for (uint64_t g = helpers_->generation(); !done_;
               g = helpers_->generation()) {
            helpers_->HelpOrWait(g);
          }
        }) {}
  ~IdleHelper() {
    done_ = true;
    helpers_->Wake();
    thread_.join();
  }

 private:
  SearchHelpers* helpers_;
  std::atomic<bool> done_{false};
  std::thread thread_;
};

// The name suffix of a test parameterized by boards: "3x3".
inline std::string BoardParamName(const ::testing::TestParamInfo<Board>& info) {
  return info.param.Name();
}

// `text` parsed for `board` (with `blank` as the blank's label, if given),
// failing the test if it does not parse.
Arrangement ParseOrFail(const std::string& text, const Board& board,
                        const std::string& blank = "");

// A database with every canonical table of 3x3, 2x2, 2x3, 3x2, 2x4 and 4x2
// and the default goal of 2x5, and the multi-tile tables of 3x3 and 2x3. ctest
// builds it once (the make_test_db fixture) and names it in $SLIDEDB_TEST_DB; a
// test binary run by hand builds its own in a temporary directory on first use.
const std::string& TestDatabase();

// A state packed as tests/reference_search.h packs one: cell c's tile in
// bits 4c..4c+3.
uint64_t PackState(const Board& board, const State& s);

// The output of one in-process run of a command-line tool.
struct CliResult {
  int status;
  std::string out;
  std::string err;
};
CliResult RunQueryCli(const std::vector<std::string>& args,
                      const std::string& input = "");
CliResult RunBuildCli(const std::vector<std::string>& args);
// RunQueryCli on TestDatabase().
CliResult Query(std::vector<std::string> args, const std::string& input = "");

// The lines of a tool's output, without their newlines.
std::vector<std::string> Lines(const std::string& text);
// Every line of JSON Lines output, parsed; a line that is not JSON fails.
std::vector<nlohmann::json> JsonLines(const std::string& text);

// Plays `path` from `start`: legal moves, the right tiles, ends on the goal.
void ExpectPathSolves(const Board& board, int goal_blank, const State& start,
                      const Path& path);

// The records and metadata of one small table, searched afresh.
std::pair<TableMeta, std::vector<uint8_t>> SmallTable(const Board& board,
                                                      int goal_blank);

// Sets an environment variable for the life of the object.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const std::string& value) : name_(name) {
    setenv(name, value.c_str(), 1);
  }
  ~ScopedEnv() { unsetenv(name_); }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* name_;
};

// A fresh empty directory under the system's temporary directory, removed
// when the test binary exits.
std::string TempDir(const std::string& name);

// A 4x4 database with 5-5-5 pattern databases (seconds to build), built
// once per test binary: for the tools' searches on the 15-puzzle.
const std::string& Pdb44Database();

// Korf's goal for his 100 instances, the blank first.
inline constexpr char kKorfGoal[] = "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15";
// One of them: its published optimal length and its start.
struct KorfInstance {
  int length;
  std::string state;
};
// bench/korf100.txt: the 100 in order (instance n at n - 1).
std::vector<KorfInstance> KorfInstances();

// The full multi-tile table of `indexer`'s goal on one thread (RunBfs).
BfsResult MtmTable(const Indexer& indexer);

// Every file directly in `dir`, by name, with its contents: to check that a
// database was left byte for byte as it was.
std::map<std::string, std::string> FileSnapshot(const std::string& dir);

// Standard input that hands over one line at a time and says no more is
// ready (as a pipe from a program that waits for each answer does),
// noting what the output held when each line was taken.
class OneLineAtATime : public std::streambuf {
 public:
  OneLineAtATime(std::vector<std::string> lines, std::ostringstream* out)
      : lines_(std::move(lines)), out_(out) {}
  // What standard output held when each line was handed over.
  std::vector<std::string> seen;

 protected:
  int_type underflow() override {
    if (next_ == lines_.size()) return traits_type::eof();
    seen.push_back(out_->str());
    current_ = lines_[next_++];
    setg(current_.data(), current_.data(), current_.data() + current_.size());
    return traits_type::to_int_type(current_[0]);
  }
  std::streamsize showmanyc() override { return 0; }

 private:
  std::vector<std::string> lines_;
  size_t next_ = 0;
  std::string current_;
  std::ostringstream* out_;
};

}  // namespace testing
}  // namespace slidedb

#endif  // SLIDEDB_TESTS_TEST_UTIL_H_
