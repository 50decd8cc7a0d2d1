// slidedb-serve-bench: the server's work per GET /api/solve without HTTP,
// next to the in-process walk, on the same states, in one run
// (scripts/bench.sh serve).
//
//   slidedb-serve-bench --db DIR STATES_FILE [ROUNDS]
//
// Prints one line per measure: the median over ROUNDS rounds (default 9)
// of the nanoseconds per state, each round answering every state once, and
// the medians of the rounds' ratios:
//   walk    WalkToGoal on the start's table state (no parsing, no output)
//   answer  slidedb-query's per-line work: parse, relabel, walk, JSON text
//   api     Api::Handle of GET /api/solve?start=S: answer + parameters,
//           the table lookup, the response (the request as the HTTP
//           library hands it over is made outside the timing, as the
//           walk's states are)
#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "lib/puzzle/problem.h"
#include "lib/solve/solver.h"
#include "lib/solve/walk.h"
#include "lib/storage/database.h"
#include "lib/answer/answerer.h"
#include "serve/api.h"

namespace {

using Clock = std::chrono::steady_clock;

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// The median of a[k] / b[k]: each round's ratio, measured side by side.
double MedianRatio(const std::vector<double>& a, const std::vector<double>& b) {
  std::vector<double> r;
  for (size_t k = 0; k < a.size(); ++k) r.push_back(a[k] / b[k]);
  return Median(r);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace slidedb;
  if (argc < 4 || std::string(argv[1]) != "--db") {
    std::cerr << "usage: slidedb-serve-bench --db DIR STATES_FILE [ROUNDS]\n";
    return 64;
  }
  const std::string db_dir = argv[2];
  const int rounds = argc > 4 ? std::max(1, std::atoi(argv[4])) : 9;
  std::vector<std::string> inputs;
  {
    std::ifstream in(argv[3]);
    std::string line;
    while (std::getline(in, line)) {
      if (!line.empty()) inputs.push_back(line);
    }
  }
  if (inputs.empty()) {
    std::cerr << "slidedb-serve-bench: no states in " << argv[3] << "\n";
    return 66;
  }
  std::unique_ptr<Database> db;
  Status s = Database::Open(db_dir, &db);
  if (!s.ok()) {
    std::cerr << "slidedb-serve-bench: " << s.message() << "\n";
    return 66;
  }
  Solver solver(db.get());
  const Board board(3, 3);
  // The walk's inputs, prepared outside the timing.
  std::vector<Problem> problems;
  for (const std::string& text : inputs) {
    Arrangement a;
    Problem p;
    if (!ParseArrangement(text, board, {}, &a).ok() ||
        !MakeProblem(board, a, DefaultGoal(board, a), &p).ok() ||
        !p.solvable) {
      std::cerr << "slidedb-serve-bench: not a solvable 3x3 state: " << text
                << "\n";
      return 65;
    }
    problems.push_back(p);
  }
  Table* table;
  if (!solver.GetTable(board, 8, &table).ok()) return 66;
  QueryConfig config;
  config.db_dir = db_dir;
  config.board = board;
  config.json = true;
  config.blank_out = OutputBlankLabel(config.notation);
  Answerer answerer(config, &solver);
  Api api(db_dir, nullptr);
  if (!api.Open().ok()) return 66;
  std::vector<ApiRequest> requests;
  for (const std::string& text : inputs) {
    requests.push_back({"GET", "/api/solve", {{"start", text}}, ""});
  }

  std::vector<double> walk_ns, answer_ns, api_ns;
  size_t sink = 0;
  const double n = static_cast<double>(inputs.size());
  // Within a round the measures take turns every kChunk states, so that a
  // change of load on the machine falls on all three alike.
  constexpr size_t kChunk = 50;
  Path path;
  std::string out, err;
  for (int r = 0; r < rounds + 1; ++r) {  // round 0 warms up
    double walk = 0, answer = 0, api_time = 0;
    for (size_t begin = 0; begin < inputs.size(); begin += kChunk) {
      const size_t end = std::min(inputs.size(), begin + kChunk);
      auto t0 = Clock::now();
      for (size_t k = begin; k < end; ++k) {
        static_cast<void>(WalkToGoal(table, problems[k].start, &path));
        sink += path.moves.size();
      }
      auto t1 = Clock::now();
      for (size_t k = begin; k < end; ++k) {
        out.clear();
        answerer.Answer(inputs[k], &out, &err);
        sink += out.size();
      }
      auto t2 = Clock::now();
      for (size_t k = begin; k < end; ++k) {
        sink += api.Handle(requests[k]).body.size();
      }
      auto t3 = Clock::now();
      using Ns = std::chrono::duration<double, std::nano>;
      walk += Ns(t1 - t0).count();
      answer += Ns(t2 - t1).count();
      api_time += Ns(t3 - t2).count();
    }
    if (r == 0) continue;
    walk_ns.push_back(walk / n);
    answer_ns.push_back(answer / n);
    api_ns.push_back(api_time / n);
  }
  std::cout << "states " << inputs.size() << " rounds " << rounds << "\n"
            << "walk_ns " << Median(walk_ns) << "\n"
            << "answer_ns " << Median(answer_ns) << "\n"
            << "api_ns " << Median(api_ns) << "\n"
            << "api_over_walk " << MedianRatio(api_ns, walk_ns) << "\n"
            << "api_over_answer " << MedianRatio(api_ns, answer_ns) << "\n"
            << "checksum " << sink << "\n";
  return 0;
}
