// slidedb-serve-bench: the server's work per GET /api/solve without HTTP,
// next to the in-process walk, on the same states, in one run
// (scripts/bench_serve.sh).
//
//   slidedb-serve-bench --db DIR STATES_FILE [ROUNDS]
//
// Prints one line per measure: the median over ROUNDS rounds (default 9)
// of the nanoseconds per state, each round answering every state once, and
// the medians of the rounds' ratios:
//   walk    WalkToGoal on the start's table state (no parsing, no output)
//   answer  slidedb-query's per-line work: parse, relabel, walk, JSON text
//   api     Api::Handle of GET /api/solve?start=S: answer + parameters,
//           the table lookup, the response
// The measures take turns within each round, so load on the machine falls
// on all of them alike.
#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "lib/database.h"
#include "lib/problem.h"
#include "lib/solver.h"
#include "lib/walk.h"
#include "query/answerer.h"
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

  std::vector<double> walk_ns, answer_ns, api_ns;
  size_t sink = 0;
  const double n = static_cast<double>(inputs.size());
  for (int r = 0; r < rounds + 1; ++r) {  // round 0 warms up
    auto t0 = Clock::now();
    Path path;
    for (const Problem& p : problems) {
      WalkToGoal(table, p.start, &path);
      sink += path.moves.size();
    }
    auto t1 = Clock::now();
    std::string out, err;
    for (const std::string& input : inputs) {
      out.clear();
      answerer.Answer(input, &out, &err);
      sink += out.size();
    }
    auto t2 = Clock::now();
    for (const std::string& input : inputs) {
      ApiRequest req{"GET", "/api/solve", {{"start", input}}, ""};
      sink += api.Handle(req).body.size();
    }
    auto t3 = Clock::now();
    if (r == 0) continue;
    auto ns = [n](Clock::time_point a, Clock::time_point b) {
      return std::chrono::duration<double, std::nano>(b - a).count() / n;
    };
    walk_ns.push_back(ns(t0, t1));
    answer_ns.push_back(ns(t1, t2));
    api_ns.push_back(ns(t2, t3));
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
