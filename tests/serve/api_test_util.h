// What the in-process API tests (tests/serve/api_test.cc,
// api_serving_test.cc) share: requests, random starts, and a fixture with
// an Api over the test database.
#ifndef SLIDEDB_TESTS_SERVE_API_TEST_UTIL_H_
#define SLIDEDB_TESTS_SERVE_API_TEST_UTIL_H_

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "serve/api.h"
#include "tests/test_util.h"

namespace slidedb {
namespace testing {

inline ApiRequest Get(const std::string& path,
                      std::multimap<std::string, std::string> params = {}) {
  return ApiRequest{"GET", path, std::move(params), "", "", {}};
}

inline ApiRequest Post(const std::string& path, std::string body,
                       std::multimap<std::string, std::string> params = {}) {
  return ApiRequest{"POST", path, std::move(params), std::move(body), "", {}};
}

// A random arrangement of the board's tiles written as the CLI reads it:
// solvable or not, half and half.
inline std::string RandomStart(const Board& board, std::mt19937* rng) {
  std::vector<int> tiles(board.cells());
  for (int k = 0; k < board.cells(); ++k) tiles[k] = k;
  std::shuffle(tiles.begin(), tiles.end(), *rng);
  std::string s;
  for (int k = 0; k < board.cells(); ++k) {
    if (k > 0 && board.cells() > 9) s += ',';
    s += std::to_string(tiles[k]);
  }
  return s;
}

class ApiTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    api_ = new Api(TestDatabase(), nullptr);
    ASSERT_TRUE(api_->Open().ok());
  }
  static void TearDownTestSuite() {
    delete api_;
    api_ = nullptr;
  }

  // The CLI's JSON answer to the same question.
  static CliResult Cli(std::vector<std::string> args) {
    args.insert(args.begin(), {"--db", TestDatabase(), "--format", "json"});
    return RunQueryCli(args);
  }

  static nlohmann::json Parse(const ApiResponse& r) {
    return nlohmann::json::parse(r.body, nullptr, /*allow_exceptions=*/false);
  }

  static inline Api* api_ = nullptr;
};

}  // namespace testing
}  // namespace slidedb

#endif  // SLIDEDB_TESTS_SERVE_API_TEST_UTIL_H_
