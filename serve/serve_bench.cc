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

#include "lib/answer/answerer.h"
#include "lib/puzzle/problem.h"
#include "lib/solve/solver.h"
#include "lib/solve/walk.h"
#include "lib/storage/database.h"
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

// The non-empty lines of `path` (none when it cannot be read).
std::vector<std::string> ReadStates(const char* path) {
  std::vector<std::string> inputs;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty()) inputs.push_back(line);
  }
  return inputs;
}

// The walk's inputs, prepared outside the timing: false, with a message,
// at a state that is not a solvable 3x3 one.
bool MakeProblems(const slidedb::Board& board,
                  const std::vector<std::string>& inputs,
                  std::vector<slidedb::Problem>* problems) {
  using namespace slidedb;
  for (const std::string& text : inputs) {
    Arrangement a;
    Problem p;
    if (!ParseArrangement(text, board, {}, &a).ok() ||
        !MakeProblem(board, a, DefaultGoal(board, a), &p).ok() || !p.solvable) {
      std::cerr << "slidedb-serve-bench: not a solvable 3x3 state: " << text
                << "\n";
      return false;
    }
    problems->push_back(p);
  }
  return true;
}

// What is measured, on the same states.
struct Subjects {
  const std::vector<std::string>& inputs;
  const std::vector<slidedb::Problem>& problems;
  const std::vector<slidedb::ApiRequest>& requests;
  slidedb::Table* table;
  slidedb::Answerer* answerer;
  slidedb::Api* api;
};

// Each round's nanoseconds per state of each measure.
struct Rounds {
  std::vector<double> walk_ns, answer_ns, api_ns;
  size_t sink = 0;  // what the answers add up to, so that none is skipped
};

Rounds Measure(const Subjects& m, int rounds) {
  using namespace slidedb;
  Rounds times;
  const double n = static_cast<double>(m.inputs.size());
  // Within a round the measures take turns every kChunk states, so that a
  // change of load on the machine falls on all three alike.
  constexpr size_t kChunk = 50;
  Path path;
  std::string out, err;
  for (int r = 0; r < rounds + 1; ++r) {  // round 0 warms up
    double walk = 0, answer = 0, api_time = 0;
    for (size_t begin = 0; begin < m.inputs.size(); begin += kChunk) {
      const size_t end = std::min(m.inputs.size(), begin + kChunk);
      auto t0 = Clock::now();
      for (size_t k = begin; k < end; ++k) {
        static_cast<void>(WalkToGoal(m.table, m.problems[k].start, &path));
        times.sink += path.moves.size();
      }
      auto t1 = Clock::now();
      for (size_t k = begin; k < end; ++k) {
        out.clear();
        m.answerer->Answer(m.inputs[k], &out, &err);
        times.sink += out.size();
      }
      auto t2 = Clock::now();
      for (size_t k = begin; k < end; ++k) {
        times.sink += m.api->Handle(m.requests[k]).body.size();
      }
      auto t3 = Clock::now();
      using Ns = std::chrono::duration<double, std::nano>;
      walk += Ns(t1 - t0).count();
      answer += Ns(t2 - t1).count();
      api_time += Ns(t3 - t2).count();
    }
    if (r == 0) continue;
    times.walk_ns.push_back(walk / n);
    times.answer_ns.push_back(answer / n);
    times.api_ns.push_back(api_time / n);
  }
  return times;
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
  const std::vector<std::string> inputs = ReadStates(argv[3]);
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
  std::vector<Problem> problems;
  if (!MakeProblems(board, inputs, &problems)) return 65;
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
    ApiRequest& request = requests.emplace_back();
    request.method = "GET";
    request.path = "/api/solve";
    request.params.emplace("start", text);
  }
  const Rounds t = Measure(
      Subjects{inputs, problems, requests, table, &answerer, &api}, rounds);
  std::cout << "states " << inputs.size() << " rounds " << rounds << "\n"
            << "walk_ns " << Median(t.walk_ns) << "\n"
            << "answer_ns " << Median(t.answer_ns) << "\n"
            << "api_ns " << Median(t.api_ns) << "\n"
            << "api_over_walk " << MedianRatio(t.api_ns, t.walk_ns) << "\n"
            << "api_over_answer " << MedianRatio(t.api_ns, t.answer_ns) << "\n"
            << "checksum " << t.sink << "\n";
  return 0;
}
