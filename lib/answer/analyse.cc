#include "lib/answer/analyse.h"

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "lib/analysis/verify.h"
#include "lib/answer/answerer.h"
#include "lib/answer/json_text.h"
#include "lib/puzzle/problem.h"

namespace slidedb {

namespace {

// Where step k (0-based) of `steps` stands, as the analysis numbers its
// moves: "step 4 of 32" in STM; in MTM, where a run of steps one way is one
// move, "move 3 of 22, step 4 of 32" (the count of moves only when every
// step names its direction; a tile's is known once played). `played`: the
// steps before k, `way` step k's direction if known.
std::string StepPlace(const std::vector<SolutionStep>& steps, size_t k,
                      const std::vector<Move>& played, const Move* way,
                      Metric metric) {
  const std::string step =
      "step " + std::to_string(k + 1) + " of " + std::to_string(steps.size());
  if (metric == Metric::kStm) return step;
  const int number =
      MoveCount(played, metric) +
      (played.empty() || way == nullptr || *way != played.back());
  std::vector<Move> all;
  bool known = true;
  for (const SolutionStep& st : steps) {
    known = known && !st.by_tile;
    all.push_back(st.move);
  }
  return "move " + std::to_string(number) +
         (known ? " of " + std::to_string(MoveCount(all, metric)) : "") + ", " +
         step;
}

// The blank's steps and the tiles they slide, played from p.start; an
// illegal step is an error naming its place.
Status PlaySteps(const Problem& p, const std::vector<SolutionStep>& steps,
                 MoveConvention convention, std::vector<Move>* moves,
                 std::vector<uint8_t>* tiles) {
  State at = p.start;
  for (size_t k = 0; k < steps.size(); ++k) {
    const SolutionStep& step = steps[k];
    Move way = step.move;
    bool found = !step.by_tile;
    if (step.by_tile) {
      for (Move m : kAllMoves) {
        const int to = p.board.Neighbor(at.blank, m);
        if (to >= 0 && at.tile[to] == step.tile) {
          way = m;
          found = true;
        }
      }
    }
    uint8_t tile = 0;
    if (!found || !ApplyMove(p.board, way, &at, &tile)) {
      const std::string what =
          step.by_tile
              ? "(tile " + p.label[step.tile] +
                    ") is not legal: that tile is not next to the blank"
              : std::string("(") +
                    MoveLetter(convention == MoveConvention::kTile
                                   ? Inverse(way)
                                   : way) +
                    ") is not legal: it would take the blank off the board";
      return Status::InvalidArgument(
          "moves: " +
          StepPlace(steps, k, *moves, found ? &way : nullptr, p.metric) + " " +
          what);
    }
    moves->push_back(way);
    tiles->push_back(tile);
  }
  return Status::OK();
}

// A number of seconds as JSON and text write it: "2.5".
std::string Seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", s);
  return buf;
}

// The solve's steps, read from `moves_text` and played from p.start: the
// blank's moves and the tiles they slide.
Status ReadSolve(const QueryConfig& config, const Problem& p,
                 std::string_view moves_text, std::vector<Move>* way,
                 std::vector<uint8_t>* tiles) {
  std::vector<SolutionStep> steps;
  Status s = ParseSolution(moves_text, p.label, &steps, config.convention);
  if (s.ok()) {
    s = CheckCount(UserNumber::kMoves, "the solution", steps.size(),
                   *config.extras.profile);
  }
  if (!s.ok()) return Status::InvalidArgument("moves: " + s.message());
  return PlaySteps(p, steps, config.convention, way, tiles);
}

// The moves of the metric (a run of steps one way is one MTM move), each
// with the labels of the tiles it slides, into *moves; true if they end at
// the goal.
bool GroupMoves(const QueryConfig& config, const Problem& p,
                const std::vector<Move>& way, const std::vector<uint8_t>& tiles,
                std::vector<AnalysedMove>* moves) {
  State at = p.start;
  for (size_t k = 0; k < way.size();) {
    const size_t end = MoveEnd(way, k, config.metric);
    AnalysedMove m;
    m.number = static_cast<int>(moves->size()) + 1;
    m.move = WrittenMoves(
        config, std::vector<Move>(way.begin() + k, way.begin() + end));
    for (size_t j = k; j < end; ++j) {
      m.tiles.push_back(p.label[tiles[j]]);
      ApplyMove(p.board, way[j], &at);
    }
    moves->push_back(std::move(m));
    k = end;
  }
  return at == CanonicalGoal(p.board, p.goal_blank);
}

// The analysis's limits: its budget (config.max_seconds, from when it was
// asked) cut to nine tenths of the way to a server's deadline, as
// AnswerLimits cuts a search's, so that the moves analysed are answered
// before it; *seconds the budget it gives.
SearchLimits AnalysisLimits(const QueryConfig& config, double* seconds) {
  using Clock = SearchLimits::Clock;
  SearchLimits limits = BudgetLimits(config);
  *seconds = config.max_seconds;
  if (config.max_seconds > 0 &&
      config.limits.deadline != Clock::time_point::max()) {
    const Clock::time_point now = Clock::now();
    const Clock::time_point cut = now + (config.limits.deadline - now) * 9 / 10;
    if (cut < limits.deadline) {
      limits.deadline = cut;
      const double cut_seconds =
          std::chrono::duration<double>(cut - config.asked_at.value_or(now))
              .count();
      *seconds = std::round(cut_seconds * 1000) / 1000;  // as said: 0.9
    }
  }
  return limits;
}

// The distances before and after each of out->moves (played from
// p->start, which it moves along), the moves lost and the stretches of
// moves that were not optimal; a search's budget counts for all. Without
// a budget, a server's deadline is the error DeadlineExceeded.
Status MeasureMoves(const QueryConfig& config, Solver* solver,
                    const std::vector<Move>& way, Problem* p,
                    AnalysisFields* out) {
  double budget;
  std::atomic<uint64_t> generated{0};  // every search's states
  SearchLimits limits = AnalysisLimits(config, &budget);
  limits.generated = &generated;
  const bool searched = solver->Searches(p->board, p->goal_blank, p->metric);
  const auto count = [&] {
    if (searched) out->nodes = static_cast<int64_t>(generated.load());
  };
  auto stopped = [&](const Status& st) {
    if (!st.IsDeadlineExceeded() || config.max_seconds <= 0 ||
        config.limits.Cancelled()) {
      return false;
    }
    out->complete = false;
    out->budget_seconds = budget;
    return true;
  };
  Status s = solver->Distance(*p, &out->optimal_length, limits);
  if (stopped(s)) {
    out->optimal_length = -1;  // not found within the budget
    count();
    return Status::OK();
  }
  if (!s.ok()) return s;
  int before = out->optimal_length;
  size_t k = 0;
  WrongStretch stretch;
  for (AnalysedMove& m : out->moves) {
    const size_t end = MoveEnd(way, k, config.metric);
    for (; k < end; ++k) ApplyMove(p->board, way[k], &p->start);
    int after;
    // Each move leads to a neighbour: in a search, bounded iterations.
    s = solver->NeighborDistance(*p, before, &after, limits,
                                 static_cast<int>(way[end - 1]));
    if (stopped(s)) break;
    if (!s.ok()) return s;
    m.before = before;
    m.after = after;
    m.optimal = after == before - 1;
    m.lost = m.number - (out->optimal_length - after);
    const int lost_here = 1 - (before - after);
    if (!m.optimal) {
      if (stretch.first == 0) stretch.first = m.number;
      stretch.last = m.number;
      stretch.lost += lost_here;
    } else if (stretch.first != 0) {
      out->stretches.push_back(stretch);
      stretch = WrongStretch();
    }
    before = after;
    ++out->analysed;
  }
  if (stretch.first != 0) out->stretches.push_back(stretch);
  out->lost = out->analysed > 0 ? out->moves[out->analysed - 1].lost : 0;
  count();
  return Status::OK();
}

}  // namespace

Status AnalyseSolve(const QueryConfig& config, Solver* solver,
                    std::string_view start, std::string_view moves_text,
                    AnalysisFields* out) {
  *out = AnalysisFields();
  Arrangement start_a, goal;
  Problem p;
  Status s = PoseInput(config, start, &start_a, &goal, &p);
  if (!s.ok()) return s;
  SetQuestionFields(config, start_a, goal, p, out);
  std::vector<Move> way;
  std::vector<uint8_t> tiles;
  s = ReadSolve(config, p, moves_text, &way, &tiles);
  if (!s.ok()) return s;
  out->length = MoveCount(way, config.metric);
  out->reaches_goal = GroupMoves(config, p, way, tiles, &out->moves);
  if (!p.solvable) return Status::OK();
  return MeasureMoves(config, solver, way, &p, out);
}

void AppendAnalysisJson(const AnalysisFields& a, std::string* out) {
  if (!OpenAnswerJson(a.board, a.start, a.goal, a.solvable, a.reason, out)) {
    return;
  }
  *out += ",\"metric\":\"" + a.metric + "\",\"notation\":\"" + a.notation +
          "\",\"solvable\":true,\"optimal_length\":" +
          (a.optimal_length >= 0 ? std::to_string(a.optimal_length)
                                 : std::string("null")) +
          ",\"length\":" + std::to_string(a.length) +
          ",\"reaches_goal\":" + (a.reaches_goal ? "true" : "false") +
          ",\"lost\":" + std::to_string(a.lost) +
          ",\"complete\":" + (a.complete ? "true" : "false");
  if (!a.complete) {
    *out += ",\"analysed\":" + std::to_string(a.analysed) +
            ",\"budget_seconds\":" + Seconds(a.budget_seconds);
  }
  if (a.nodes >= 0) *out += ",\"nodes\":" + std::to_string(a.nodes);
  *out += ",\"moves\":[";
  for (size_t i = 0; i < a.moves.size(); ++i) {
    const AnalysedMove& m = a.moves[i];
    if (i > 0) *out += ',';
    *out += "{\"number\":" + std::to_string(m.number) + ",\"move\":";
    AppendJsonString(out, m.move);
    *out += ",\"tiles\":[";
    for (size_t t = 0; t < m.tiles.size(); ++t) {
      if (t > 0) *out += ',';
      AppendJsonLabel(out, m.tiles[t]);
    }
    *out += "]";
    if (static_cast<int>(i) < a.analysed) {
      *out += ",\"before\":" + std::to_string(m.before) +
              ",\"after\":" + std::to_string(m.after) +
              ",\"optimal\":" + (m.optimal ? "true" : "false") +
              ",\"lost\":" + std::to_string(m.lost);
    }
    *out += "}";
  }
  *out += "],\"stretches\":[";
  for (size_t i = 0; i < a.stretches.size(); ++i) {
    const WrongStretch& w = a.stretches[i];
    if (i > 0) *out += ',';
    *out += "{\"first\":" + std::to_string(w.first) +
            ",\"last\":" + std::to_string(w.last) +
            ",\"lost\":" + std::to_string(w.lost) + "}";
  }
  *out += "]}\n";
}

void AppendAnalysisText(const AnalysisFields& a, std::string* out) {
  *out += a.start + " -> " + a.goal + ": ";
  if (!a.solvable) {
    *out += "unsolvable: " + a.reason + "\n";
    return;
  }
  auto moves = [](int n) {
    return std::to_string(n) + (n == 1 ? " move" : " moves");
  };
  *out += "a solve of " + moves(a.length) +
          (a.metric == "mtm" ? " (multi-tile)" : "");
  if (a.optimal_length >= 0) {
    *out += ", optimal " + std::to_string(a.optimal_length);
  }
  *out += "\n";
  if (!a.moves.empty()) {
    *out += "     #  move        before  after   lost\n";
  }
  char line[96];
  for (size_t i = 0; i < a.moves.size(); ++i) {
    const AnalysedMove& m = a.moves[i];
    if (static_cast<int>(i) >= a.analysed) {
      std::snprintf(line, sizeof line, "  %4d  %-10s       ?      ?      ?\n",
                    m.number, m.move.c_str());
    } else {
      std::snprintf(line, sizeof line, "  %4d  %-10s  %6d %6d %6d%s\n",
                    m.number, m.move.c_str(), m.before, m.after, m.lost,
                    m.optimal ? "" : "  wrong way");
    }
    *out += line;
  }
  for (const WrongStretch& w : a.stretches) {
    *out += "  wrong way: " +
            (w.first == w.last ? "move " + std::to_string(w.first)
                               : "moves " + std::to_string(w.first) + "-" +
                                     std::to_string(w.last)) +
            " (" + std::to_string(w.lost) + " lost)\n";
  }
  if (!a.complete) {
    *out += "  the search's budget (" + Seconds(a.budget_seconds) +
            " s) ran out " +
            (a.optimal_length < 0 ? "before the start's distance was found"
                                  : "after " + moves(a.analysed)) +
            ": --max-seconds gives it more\n";
    // What needs no search is said all the same (a 5x5 solve's length).
    if (a.reaches_goal) {
      *out += "  reaches the goal in " + moves(a.length) + "\n";
    }
    return;
  }
  if (a.reaches_goal) {
    *out += "  reaches the goal in " + moves(a.length) + "; optimal " +
            std::to_string(a.optimal_length) + ", " + std::to_string(a.lost) +
            " lost\n";
  } else {
    const int left =
        a.analysed > 0 ? a.moves[a.analysed - 1].after : a.optimal_length;
    *out += "  does not reach the goal: it ends " + moves(left) + " from it\n";
  }
}

}  // namespace slidedb
