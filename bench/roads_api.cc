// The C++ API's road for scripts/bench.sh roads (bench/suites/roads.sh):
//
//   slidedb-roads-api DB BOARD GOAL METRIC START [WARM_FILE]
//
// Opens DB and solves START (the first answer after open), solves START
// again (the same search in a warm process), then answers the states of
// WARM_FILE (one a line) with one Db::SolveMany call. GOAL and METRIC may
// be empty (the defaults). Prints one JSON line:
//   {"open_ms": ..., "first_ms": ..., "again_ms": ..., "distance": ...,
//    "warm_n": ..., "warm_s": ...}
// first_ms counts the open and the first Solve. Exit 1 on an error.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "slidedb/slidedb.h"

namespace {

double MsSince(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - t0)
      .count();
}

int Fail(const slidedb::Status& s) {
  std::cerr << "slidedb-roads-api: " << s.ToString() << "\n";
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 6 || argc > 7) {
    std::cerr << "usage: slidedb-roads-api DB BOARD GOAL METRIC START "
                 "[WARM_FILE]\n";
    return 64;
  }
  slidedb::Options options;
  options.board = argv[2];
  options.goal = argv[3];
  options.metric = argv[4];
  const std::string start = argv[5];
  std::vector<std::string> warm;
  if (argc == 7) {
    std::ifstream in(argv[6]);
    if (!in) {
      std::cerr << "slidedb-roads-api: cannot read " << argv[6] << "\n";
      return 66;
    }
    for (std::string line; std::getline(in, line);) {
      if (!line.empty()) warm.push_back(line);
    }
  }

  const auto t0 = std::chrono::steady_clock::now();
  std::unique_ptr<slidedb::Db> db;
  slidedb::Status s = slidedb::Db::Open(argv[1], &db);
  if (!s.ok()) return Fail(s);
  const double open_ms = MsSince(t0);
  slidedb::Solution first;
  s = db->Solve(start, options, &first);
  if (!s.ok()) return Fail(s);
  const double first_ms = MsSince(t0);

  const auto t1 = std::chrono::steady_clock::now();
  slidedb::Solution again;
  s = db->Solve(start, options, &again);
  if (!s.ok()) return Fail(s);
  const double again_ms = MsSince(t1);

  double warm_s = 0;
  if (!warm.empty()) {
    const auto t2 = std::chrono::steady_clock::now();
    std::vector<slidedb::Solution> answers;
    s = db->SolveMany(warm, options, &answers);
    if (!s.ok()) return Fail(s);
    warm_s = MsSince(t2) / 1000;
  }
  std::printf(
      "{\"open_ms\": %.3f, \"first_ms\": %.3f, \"again_ms\": %.3f, "
      "\"distance\": %d, \"warm_n\": %zu, \"warm_s\": %.6f}\n",
      open_ms, first_ms, again_ms, first.distance, warm.size(), warm_s);
  return 0;
}
