#include "tour/tour_render.h"

#include <algorithm>
#include <iomanip>
#include <nlohmann/json.hpp>

#include "tour/tour_grid.h"

namespace slidedb::tour {

namespace {

nlohmann::json SquareJson(Square s) {
  return nlohmann::json::array({s.row + 1, s.col + 1});
}

std::string CountText(const Count& c) {
  std::string text = c.gave_up ? std::string(">") : std::string();
  text += std::to_string(c.gave_up ? c.backtracks - 1 : c.backtracks);
  return text;
}

nlohmann::json CountJson(const Count& c) {
  return {{"backtracks", c.backtracks}, {"gave_up", c.gave_up}};
}

nlohmann::json RuleJson(const RuleSummary& r) {
  return {{"with_backtracking", r.with_backtracking},
          {"given_up", r.given_up},
          {"worst", r.worst}};
}

// How the tour was made, for the '#' line.
std::string Describe(const TourAnswer& a) {
  switch (a.method) {
    case TourMethod::kSearch:
      return std::string("rule ") + RuleName(a.rule) + " with " +
             std::to_string(a.backtracks) + " backtracks";
    case TourMethod::kConstruction:
      return "the tiling construction (the rule search gave up after " +
             std::to_string(a.total_backtracks) + " backtracks)";
    case TourMethod::kTrivial:
      break;
  }
  return "the one-square board";
}

}  // namespace

void WriteTourText(const TourRequest& request, const TourAnswer& answer,
                   std::ostream& out) {
  const int n = request.size;
  if (!answer.exists) {
    out << "no tour: " << answer.reason << "\n";
    return;
  }
  WriteGrid(n, answer.tour, out);
  out << "# " << n << "x" << n << " "
      << (IsClosed(answer.tour) ? "closed" : "open") << " tour from "
      << DescribeSquare(request.start) << ": " << Describe(answer) << "\n";
}

void WriteTourJson(const TourRequest& request, const TourAnswer& answer,
                   std::ostream& out) {
  nlohmann::json j = {{"size", request.size},
                      {"start", SquareJson(request.start)},
                      {"closed", request.closed},
                      {"rule", RuleChoiceName(request.rule)},
                      {"exists", answer.exists}};
  if (!answer.exists) {
    j["reason"] = answer.reason;
  } else {
    j["method"] = TourMethodName(answer.method);
    if (answer.method == TourMethod::kSearch) {
      j["rule_used"] = RuleName(answer.rule);
    }
    j["backtracks"] = answer.backtracks;
    j["backtracks_total"] = answer.total_backtracks;
    j["tour_is_closed"] = IsClosed(answer.tour);
    nlohmann::json squares = nlohmann::json::array();
    for (Square q : answer.tour) squares.push_back(SquareJson(q));
    j["tour"] = std::move(squares);
  }
  out << j.dump() << "\n";
}

void WriteVerdict(const std::string& file, int n, bool closed,
                  const std::vector<std::string>& problems, size_t more,
                  bool json, std::ostream& out) {
  if (json) {
    nlohmann::json j = {{"file", file},
                        {"size", n},
                        {"valid", problems.empty()},
                        {"problems", problems},
                        {"more_problems", more}};
    out << j.dump() << "\n";
  } else if (problems.empty()) {
    out << file << ": a valid " << n << "x" << n << " "
        << (closed ? "closed" : "open") << " knight's tour\n";
  } else {
    out << file << ": not a knight's tour of the " << n << "x" << n
        << " board:\n";
    for (const auto& p : problems) out << "  " << p << "\n";
    if (more > 0) out << "  ... and " << more << " more problems\n";
  }
}

void WriteTableJson(int n, int64_t cap, const std::string& order_name,
                    const std::vector<StartRow>& rows, std::ostream& out) {
  nlohmann::json starts = nlohmann::json::array();
  for (const auto& r : rows) {
    nlohmann::json j = {{"start", SquareJson(r.start)},
                        {"has_tour", r.has_tour}};
    if (r.has_tour) {
      j["warnsdorff"] = CountJson(r.warnsdorff);
      j["xiao"] = CountJson(r.xiao);
      j["alternate"] = CountJson(r.alternate());
    }
    starts.push_back(std::move(j));
  }
  out << nlohmann::json{{"size", n},
                        {"cap", cap},
                        {"tie_order", order_name},
                        {"starts", starts}}
             .dump()
      << "\n";
}

void WriteTableText(int n, const std::string& order_name,
                    const std::vector<StartRow>& rows, std::ostream& out) {
  auto grid = [&](const char* title, auto pick) {
    out << "# backtracks per start, " << n << "x" << n << ", " << title
        << ", tie order " << order_name << " ('.': no tour from there)\n";
    std::vector<std::string> cells;
    size_t width = 1;
    for (const auto& r : rows) {
      cells.push_back(r.has_tour ? CountText(pick(r)) : ".");
      width = std::max(width, cells.back().size());
    }
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) {
        out << std::setw(static_cast<int>(width) + 1) << cells[i * n + j];
      }
      out << "\n";
    }
  };
  grid("rule warnsdorff (the paper's Figure 1)",
       [](const StartRow& r) { return r.warnsdorff; });
  grid("rule xiao (the paper's Figure 2)",
       [](const StartRow& r) { return r.xiao; });
  grid("alternate (the fewer of the two)",
       [](const StartRow& r) { return r.alternate(); });
}

void WriteSurveyHeader(std::ostream& out) {
  out << "| n | starts with a tour | warnsdorff: starts that backtrack | "
         "worst | xiao: starts that backtrack | worst | alternate: starts "
         "that backtrack | worst | every such start has a tour |\n"
      << "| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n";
}

void WriteSurveyRowText(const SizeSummary& s, int64_t cap, std::ostream& out) {
  auto worst = [&](const RuleSummary& r) {
    if (r.given_up == 0) return std::to_string(r.worst);
    std::string text(">");
    text += std::to_string(cap) + " (" + std::to_string(r.given_up) +
            (r.given_up == 1 ? " start)" : " starts)");
    return text;
  };
  out << "| " << s.size << " | " << s.with_tour << " | "
      << s.warnsdorff.with_backtracking << " | " << worst(s.warnsdorff) << " | "
      << s.xiao.with_backtracking << " | " << worst(s.xiao) << " | "
      << s.alternate.with_backtracking << " | " << worst(s.alternate) << " | "
      << (s.tours_found == s.with_tour ? "yes" : "NO") << " |\n";
}

void WriteSurveyRowJson(const SizeSummary& s, int64_t cap, std::ostream& out) {
  out << nlohmann::json{{"size", s.size},
                        {"starts", s.starts},
                        {"with_tour", s.with_tour},
                        {"tours_found", s.tours_found},
                        {"cap", cap},
                        {"warnsdorff", RuleJson(s.warnsdorff)},
                        {"xiao", RuleJson(s.xiao)},
                        {"alternate", RuleJson(s.alternate)}}
             .dump()
      << "\n";
}

}  // namespace slidedb::tour
