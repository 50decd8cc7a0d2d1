// slidedb-tour-bench FROM TO [RULE [MAX_BACKTRACKS]]: answers every start of
// every board from FROM to TO with FindTour (which verifies each tour) and
// prints one JSON line: starts, tours, seconds, and how many tours each method
// made. Used by scripts/bench.sh tour.
#include <chrono>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "tour/find_tour.h"

int main(int argc, char** argv) {
  using slidedb::tour::FindTour;
  using slidedb::tour::RuleChoice;
  if (argc < 3) {
    std::cerr << "usage: slidedb-tour-bench FROM TO [warnsdorff|xiao|alternate "
                 "[MAX_BACKTRACKS]]\n";
    return 64;
  }
  const int from = std::stoi(argv[1]), to = std::stoi(argv[2]);
  RuleChoice rule = RuleChoice::kXiao;
  if (argc > 3 && !slidedb::tour::ParseRuleChoice(argv[3], &rule)) {
    std::cerr << "slidedb-tour-bench: unknown rule '" << argv[3] << "'\n";
    return 64;
  }
  const long long budget =
      argc > 4 ? std::stoll(argv[4]) : slidedb::tour::kDefaultMaxBacktracks;
  std::map<std::string, int> methods;
  long long starts = 0, tours = 0, backtracks = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (int n = from; n <= to; ++n) {
    for (int r = 0; r < n; ++r) {
      for (int c = 0; c < n; ++c) {
        slidedb::tour::TourRequest request;
        request.size = n;
        request.start = {r, c};
        request.rule = rule;
        request.max_backtracks = budget;
        slidedb::tour::TourAnswer answer;
        const slidedb::Status s = FindTour(request, &answer);
        if (!s.ok()) {
          std::cerr << "slidedb-tour-bench: " << s.message() << "\n";
          return 1;
        }
        ++starts;
        if (answer.exists) {
          ++tours;
          ++methods[slidedb::tour::TourMethodName(answer.method)];
          backtracks += answer.total_backtracks;
        }
      }
    }
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
          .count();
  nlohmann::json j = {{"from", from},
                      {"to", to},
                      {"rule", slidedb::tour::RuleChoiceName(rule)},
                      {"starts", starts},
                      {"tours", tours},
                      {"seconds", seconds},
                      {"methods", methods},
                      {"max_backtracks", budget},
                      {"backtracks", backtracks}};
  std::cout << j.dump() << "\n";
  return 0;
}
