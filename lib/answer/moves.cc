#include "lib/answer/moves.h"

#include "lib/answer/answerer.h"
#include "lib/answer/json_text.h"
#include "lib/puzzle/problem.h"

namespace slidedb {

Status AnswerMoves(const QueryConfig& config, Solver* solver,
                   std::string_view input, MovesFields* out) {
  Arrangement start;
  Problem p;
  Status s = ParseArrangement(input, config.board, config.notation, &start);
  const Arrangement goal =
      s.ok() && !config.goal ? DefaultGoal(config.board, start)
                             : GoalArrangement(config);
  if (s.ok()) s = MakeProblem(config.board, start, goal, &p);
  if (!s.ok()) {
    return Status::InvalidArgument(MalformedMessage(input, s.message()));
  }
  out->board = config.board.Name();
  out->start = FormatArrangement(start, config.blank_out);
  out->goal = FormatArrangement(goal, config.blank_out);
  out->solvable = p.solvable;
  out->reason = p.reason;
  out->distance = -1;
  out->moves.clear();
  Path path;
  if (p.solvable) {
    s = solver->Solve(p, &path, config.limits);
    if (!s.ok()) return s;
    out->distance = path.distance();
  }
  const State from = p.start;
  for (Move m : kAllMoves) {
    NextMoveFields next;
    p.start = from;
    uint8_t tile;
    if (!ApplyMove(config.board, m, &p.start, &tile)) continue;
    next.move = m;
    next.tile = p.label[tile];
    next.state = FormatArrangement(ToArrangement(p, p.start), config.blank_out);
    if (p.solvable) {
      // The first move of the optimal path leads one nearer; the table,
      // or one bounded search each, says for the others.
      if (!path.moves.empty() && m == path.moves[0]) {
        next.distance = out->distance - 1;
      } else {
        s = solver->NeighborDistance(p, out->distance, &next.distance,
                                     config.limits);
        if (!s.ok()) return s;
      }
    }
    out->moves.push_back(std::move(next));
  }
  return Status::OK();
}

void AppendMovesJson(const MovesFields& m, std::string* out) {
  *out += "{\"board\":\"" + m.board + "\",\"start\":";
  AppendJsonString(out, m.start);
  *out += ",\"goal\":";
  AppendJsonString(out, m.goal);
  if (!m.solvable) {
    *out += ",\"solvable\":false,\"reason\":";
    AppendJsonString(out, m.reason);
    *out += "}\n";
    return;
  }
  *out += ",\"solvable\":true,\"distance\":" + std::to_string(m.distance) +
          ",\"moves\":[";
  for (size_t i = 0; i < m.moves.size(); ++i) {
    const NextMoveFields& n = m.moves[i];
    if (i > 0) *out += ',';
    *out += "{\"move\":\"";
    *out += MoveLetter(n.move);
    *out += "\",\"tile\":";
    AppendJsonLabel(out, n.tile);
    *out += ",\"state\":";
    AppendJsonString(out, n.state);
    *out += ",\"distance\":" + std::to_string(n.distance) + "}";
  }
  *out += "]}\n";
}

void AppendMovesText(const MovesFields& m, std::string* out) {
  *out += m.start + " -> " + m.goal + ": ";
  if (!m.solvable) {
    *out += "unsolvable: " + m.reason + "\n";
    return;
  }
  *out += std::to_string(m.distance) +
          (m.distance == 1 ? " move\n" : " moves\n");
  for (const NextMoveFields& n : m.moves) {
    *out += "  ";
    *out += MoveLetter(n.move);
    *out += " (tile " + n.tile + ") -> " + n.state + ": " +
            std::to_string(n.distance) +
            (n.distance < m.distance ? " (nearer)\n" : "\n");
  }
}

}  // namespace slidedb
