#include "tour/find_tour.h"

#include <utility>
#include <vector>

#include "tour/construction.h"
#include "tour/tour_grid.h"

namespace slidedb::tour {

const char* RuleChoiceName(RuleChoice rule) {
  switch (rule) {
    case RuleChoice::kWarnsdorff:
      return "warnsdorff";
    case RuleChoice::kXiao:
      return "xiao";
    case RuleChoice::kAlternate:
      return "alternate";
  }
  return "?";
}

bool ParseRuleChoice(const std::string& text, RuleChoice* rule) {
  for (RuleChoice r :
       {RuleChoice::kWarnsdorff, RuleChoice::kXiao, RuleChoice::kAlternate}) {
    if (text == RuleChoiceName(r)) {
      *rule = r;
      return true;
    }
  }
  return false;
}

const char* TourMethodName(TourMethod method) {
  switch (method) {
    case TourMethod::kSearch: return "search";
    case TourMethod::kConstruction: return "construction";
    case TourMethod::kTrivial: break;
  }
  return "trivial";
}

Status FindTour(const TourRequest& request, TourAnswer* answer) {
  *answer = TourAnswer();
  const int n = request.size;
  answer->reason = NoTourReason(n, request.start, request.closed);
  if (!answer->reason.empty()) return Status::OK();
  answer->exists = true;
  if (n == 1) {
    answer->tour = {request.start};
    answer->method = TourMethod::kTrivial;
    return Status::OK();
  }
  // Boards the construction does not handle search on: every start of them
  // is answered by the rules (the tests and the survey check it).
  const int64_t budget = CanConstruct(n) ? request.max_backtracks : -1;
  std::vector<std::pair<Rule, int64_t>> attempts;
  switch (request.rule) {
    case RuleChoice::kWarnsdorff:
      attempts = {{Rule::kWarnsdorff, budget}};
      break;
    case RuleChoice::kXiao:
      attempts = {{Rule::kXiao, budget}};
      break;
    case RuleChoice::kAlternate:
      attempts = {{Rule::kWarnsdorff, 0},
                  {Rule::kXiao, 0},
                  {Rule::kXiao, budget},
                  {Rule::kWarnsdorff, budget}};
      break;
  }
  for (const auto& [rule, limit] : attempts) {
    SearchResult r = RuleSearch(n, request.start, rule, request.closed, limit,
                                request.order);
    answer->total_backtracks += r.backtracks;
    if (r.found) {
      answer->tour = std::move(r.tour);
      answer->method = TourMethod::kSearch;
      answer->rule = rule;
      answer->backtracks = r.backtracks;
      break;
    }
  }
  if (answer->tour.empty()) {
    if (!CanConstruct(n)) {
      return Status::NotFound(
          "internal error: the search ended without a "
          "tour on a board that has one");
    }
    Status s = ConstructTour(n, request.start, request.closed, &answer->tour);
    if (!s.ok()) return s;
    answer->method = TourMethod::kConstruction;
  }
  Status s = VerifyTour(n, answer->tour, request.closed);
  if (!s.ok()) {
    return Status::Corruption(std::string("internal error, the ") +
                              TourMethodName(answer->method) +
                              " gave a wrong tour: " + s.message());
  }
  return Status::OK();
}

}  // namespace slidedb::tour
