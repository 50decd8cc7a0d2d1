#include "lib/answer/answer_extras.h"

#include <cstring>
#include <memory>

#include "lib/analysis/searched_paths.h"
#include "lib/answer/answerer.h"
#include "lib/answer/goal.h"
#include "lib/answer/json_text.h"

namespace slidedb {

std::vector<std::string> ExtraAnswers::WrittenSolutions() const {
  std::vector<std::string> written;
  written.reserve(solutions_.size());
  for (const auto& moves : solutions_) written.push_back(Letters(moves));
  return written;
}

Status AnswerExtras(const QueryConfig& config, Solver* solver,
                    std::string_view input, const ExtraOptions& extras,
                    ExtraFields* out) {
  Status s;
  if (extras.count || extras.all) {
    s = CheckWholeTable(
        config, solver,
        extras.count ? WholeTableTool::kCount : WholeTableTool::kAll);
    if (!s.ok()) return s;
  }
  Arrangement start, goal;
  Problem p;
  s = PoseInput(config, input, &start, &goal, &p);
  if (!s.ok()) return s;
  *out = ExtraFields();
  SetQuestionFields(config, start, goal, p, out);
  if (!p.solvable) return Status::OK();
  ExtraAnswers answers(extras, solver, config.metric, config.convention);
  std::string malformed;
  s = answers.Compute(p, nullptr, AnswerLimits(config), &malformed);
  if (!s.ok()) return s;
  if (!malformed.empty()) return Status::InvalidArgument(malformed);
  if (extras.count) out->optimal_solutions = PathCountToString(answers.count());
  if (extras.all) {
    out->solutions = answers.WrittenSolutions();
    out->solutions_complete = answers.complete();
  }
  out->verdict = answers.verdict();
  return Status::OK();
}

std::string ExtraAnswers::Letters(const std::vector<Move>& moves) const {
  return FormatMoves(
      moves, convention_,
      metric_ == Metric::kMtm || convention_ == MoveConvention::kTile);
}

Status ExtraAnswers::Compute(const Problem& p, const Path* solved,
                             const SearchLimits& limits,
                             std::string* malformed) {
  malformed->clear();
  searched_ = 0;
  std::vector<SolutionStep> steps;
  Status s;
  if (options_.verify) {
    s = ParseSolution(options_.verify_text, p.label, &steps, convention_);
    if (s.ok()) {
      s = CheckCount(UserNumber::kMoves, "the solution", steps.size(),
                     *options_.profile);
    }
    if (!s.ok()) {
      *malformed = options_.verify_name + ": " + s.message();
      return Status::OK();
    }
    verify_by_tile_ = !steps.empty() && steps[0].by_tile;
    letters_written_ = 0;
    for (const char ch : options_.verify_text) {
      letters_written_ += std::strchr("UDLRudlr", ch) != nullptr && ch != 0;
    }
  }
  if (solver_->Searches(p.board, p.goal_blank, p.metric)) {
    // The optimal length is the solve's, or comes from a search.
    int optimal_length;
    optimal_at_least_ = -1;
    if (solved != nullptr && solved->optimal) {
      optimal_length = solved->distance();
    } else if (solved != nullptr) {
      // The solve used the budget up and answers with its best path: the
      // optimal length is not known, the rest of the verdict is (a 5x5
      // solve is legal and of its length without a search).
      optimal_length = -1;
      optimal_at_least_ = solved->lower_bound;
    } else {
      s = solver_->Distance(p, &optimal_length, limits);
      if (!s.ok()) return s;
    }
    if (options_.count || options_.all) {
      // Single-tile moves only: CheckWholeTable refuses them in MTM.
      if (optimal_length < 0) {
        return Status::DeadlineExceeded(
            "the search's budget ran out before it proved the distance, "
            "which finding every optimal solution needs (at least " +
            std::to_string(optimal_at_least_) + ")");
      }
      s = SearchedExtras(p, optimal_length, limits);
      if (!s.ok()) return s;
    }
    if (options_.verify) {
      PlaySolution(p.board, p.goal_blank, p.start, steps, optimal_length,
                   &verdict_, p.metric);
      CheckOtherNotation(p);
    }
    return Status::OK();
  }
  Table* table;
  s = solver_->GetTable(p.board, p.goal_blank, &table, p.metric);
  if (!s.ok()) return s;
  std::unique_ptr<OptimalPaths>& paths = paths_[p.goal_blank];
  if (paths == nullptr) paths = std::make_unique<OptimalPaths>(table);
  if (options_.count) {
    s = paths->Count(p.start, &count_);
    if (!s.ok()) return s;
  }
  if (options_.all) {
    s = paths->List(p.start, options_.limit, &solutions_, &complete_);
    if (!s.ok()) return s;
  }
  if (options_.verify) {
    s = VerifySolution(table, p.start, steps, &verdict_);
    if (!s.ok()) return s;
    CheckOtherNotation(p);
  }
  return Status::OK();
}

Status ExtraAnswers::SearchedExtras(const Problem& p, int distance,
                                    const SearchLimits& limits) {
  Solver::Searched searched;
  Status s = solver_->GetSearched(p, &searched);
  if (!s.ok()) return s;
  const SearchedPaths::BoundMaker bound = [&searched] {
    return std::make_unique<PdbBound>(*searched.search, searched.start,
                                      searched.order());
  };
  SearchedPaths paths(p.board, p.goal_blank, limits);
  if (options_.count) s = paths.Count(p.start, distance, bound, &count_);
  if (s.ok() && options_.all) {
    s = paths.List(p.start, distance, bound, options_.limit, &solutions_,
                   &complete_);
  }
  searched_ = static_cast<int64_t>(paths.nodes());
  return s;
}

void ExtraAnswers::CheckOtherNotation(const Problem& p) {
  legal_in_other_notation_ = false;
  if (verdict_.legal || verify_by_tile_) return;
  std::vector<SolutionStep> steps;
  const MoveConvention other = convention_ == MoveConvention::kBlank
                                   ? MoveConvention::kTile
                                   : MoveConvention::kBlank;
  if (!ParseSolution(options_.verify_text, p.label, &steps, other).ok()) {
    return;
  }
  Verdict v;
  PlaySolution(p.board, p.goal_blank, p.start, steps, -1, &v, p.metric);
  legal_in_other_notation_ = v.legal;
}

void ExtraAnswers::AppendJson(std::string* out) const {
  if (options_.count) {
    *out += ",\"optimal_solutions\":" + PathCountToString(count_);
  }
  if (options_.all) {
    *out += ",\"solutions\":[";
    for (size_t k = 0; k < solutions_.size(); ++k) {
      if (k > 0) out->push_back(',');
      AppendJsonString(out, Letters(solutions_[k]));
    }
    *out += "],\"solutions_complete\":";
    *out += complete_ ? "true" : "false";
  }
  if (options_.verify) {
    const Verdict& v = verdict_;
    *out += ",\"verify\":{\"legal\":";
    *out += v.legal ? "true" : "false";
    *out += ",\"reaches_goal\":";
    *out += v.reaches_goal ? "true" : "false";
    const bool known = v.optimal_length >= 0;
    *out += ",\"length\":" + std::to_string(v.length) + ",\"optimal_length\":" +
            (known ? std::to_string(v.optimal_length) : "null") + ",\"gap\":" +
            (v.reaches_goal && known ? std::to_string(v.gap()) : "null");
    if (!v.legal) {
      *out += ",\"illegal_move\":" + std::to_string(v.illegal_move) +
              ",\"illegal_step\":" + std::to_string(v.illegal_step);
    }
    *out += "}";
  }
}

void ExtraAnswers::AppendText(std::string* out) const {
  if (options_.count) {
    *out += "  optimal solutions: " + PathCountToString(count_) + "\n";
  }
  if (options_.all) {
    *out += "  solutions";
    if (!complete_) {
      *out += " (the first " + std::to_string(solutions_.size()) +
              "; --limit lists more)";
    }
    *out += ":\n";
    for (const auto& sol : solutions_) {
      *out += "    " +
              (sol.empty() ? std::string("(none needed)") : Letters(sol)) +
              "\n";
    }
  }
  if (options_.verify) {
    const Verdict& v = verdict_;
    // The optimal length, or why it is not said.
    const std::string optimal =
        v.optimal_length >= 0
            ? "optimal " + std::to_string(v.optimal_length)
            : "the optimal length was not found in the time given" +
                  (optimal_at_least_ > 0
                       ? " (at least " + std::to_string(optimal_at_least_) + ")"
                       : std::string());
    *out += "  verify: ";
    if (!v.legal) {
      // In MTM a move may be several steps: the move and its step.
      *out += "illegal: ";
      if (metric_ == Metric::kMtm) {
        *out += "move " + std::to_string(v.illegal_move) + " of " +
                std::to_string(v.length) + ", ";
      }
      *out += "step " + std::to_string(v.illegal_step) + " of " +
              std::to_string(v.steps) +
              (verify_by_tile_ ? " does not move a tile next to the blank"
                               : " would take the blank off the board") +
              "; " + optimal;
      if (legal_in_other_notation_) {
        *out += convention_ == MoveConvention::kBlank
                    ? " (read as the tiles' way, --notation tile, the moves "
                      "are legal)"
                    : " (read as the blank's way, --notation blank, the "
                      "moves are legal)";
      }
    } else if (!v.reaches_goal) {
      *out += "legal, but its " + std::to_string(v.length) +
              (v.length == 1 ? " move does" : " moves do") +
              " not end on the goal; " + optimal;
    } else {
      *out += "legal, reaches the goal in " + std::to_string(v.length) +
              (v.length == 1 ? " move" : " moves");
      if (metric_ == Metric::kMtm && !verify_by_tile_ &&
          letters_written_ > v.length) {
        // A speedsolver's "L L" is two moves elsewhere (benwh1/slidy).
        *out += " (the " + std::to_string(letters_written_) +
                " letters written read as runs: in MTM steps one way in a "
                "row are one move, written apart or not)";
      }
      *out += "; " + optimal;
      if (v.optimal_length >= 0) {
        *out += ", gap " + std::to_string(v.gap()) +
                (v.gap() == 0 ? " (optimal)" : "");
      }
    }
    *out += "\n";
  }
}

}  // namespace slidedb
