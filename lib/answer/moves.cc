#include "lib/answer/moves.h"

#include <atomic>
#include <vector>

#include "lib/answer/answerer.h"
#include "lib/answer/json_text.h"
#include "lib/puzzle/problem.h"

namespace slidedb {

Status AnswerMoves(const QueryConfig& config, Solver* solver,
                   std::string_view input, MovesFields* out) {
  Arrangement start, goal;
  Problem p;
  Status s = PoseInput(config, input, &start, &goal, &p);
  if (!s.ok()) return s;
  SetQuestionFields(config, start, goal, p, out);
  out->distance = -1;
  out->moves.clear();
  out->nodes = -1;
  Path path;
  // Every distance must be exact: the budget stops the searches. They
  // count their states into `generated`.
  std::atomic<uint64_t> generated{0};
  SearchLimits limits = BudgetLimits(config);
  limits.generated = &generated;
  if (p.solvable) {
    s = solver->Solve(p, &path, limits);
    if (!s.ok()) return s;
    out->distance = path.distance();
  }
  // The optimal path's first move, which leads one nearer.
  const size_t first_end =
      path.moves.empty() ? 0 : MoveEnd(path.moves, 0, config.metric);
  const int reach = config.metric == Metric::kMtm ? kMaxCells : 1;
  // The states one move away on each axis (0 the blank's column, 1 its
  // row), and where their moves are in out->moves.
  std::vector<State> line[2];
  std::vector<size_t> at[2];
  for (Move m : kAllMoves) {
    State next_state = p.start;
    std::vector<std::string> tiles;
    uint8_t tile;
    for (int cells = 1;
         cells <= reach && ApplyMove(config.board, m, &next_state, &tile);
         ++cells) {
      tiles.push_back(p.label[tile]);
      NextMoveFields next;
      next.move = m;
      next.cells = cells;
      next.written = WrittenMoves(config, std::vector<Move>(cells, m));
      next.tile = tiles[0];
      next.tiles = tiles;
      next.state =
          FormatArrangement(ToArrangement(p, next_state), config.blank_out);
      if (p.solvable && first_end == static_cast<size_t>(cells) &&
          m == path.moves[0]) {
        next.distance = out->distance - 1;
      }
      const int axis = static_cast<int>(m) / 2;
      line[axis].push_back(next_state);
      at[axis].push_back(out->moves.size());
      out->moves.push_back(std::move(next));
    }
  }
  if (!p.solvable) return Status::OK();
  // The table, or bounded searches, say how far the others lead.
  for (int axis = 0; axis < 2; ++axis) {
    std::vector<int> distances;
    for (size_t i : at[axis]) distances.push_back(out->moves[i].distance);
    s = solver->LineNeighborDistances(p, out->distance, axis, line[axis],
                                      &distances, limits);
    if (!s.ok()) return s;
    for (size_t k = 0; k < at[axis].size(); ++k) {
      out->moves[at[axis][k]].distance = distances[k];
    }
  }
  if (path.nodes >= 0) out->nodes = static_cast<int64_t>(generated.load());
  return Status::OK();
}

void AppendMovesJson(const MovesFields& m, std::string* out) {
  if (!OpenAnswerJson(m.board, m.start, m.goal, m.solvable, m.reason, out)) {
    return;
  }
  *out += ",\"solvable\":true,\"distance\":" + std::to_string(m.distance) +
          ",\"metric\":\"" + m.metric + "\",\"notation\":\"" + m.notation +
          "\"";
  if (m.nodes >= 0) *out += ",\"nodes\":" + std::to_string(m.nodes);
  *out += ",\"moves\":[";
  for (size_t i = 0; i < m.moves.size(); ++i) {
    const NextMoveFields& n = m.moves[i];
    if (i > 0) *out += ',';
    *out += "{\"move\":\"" + n.written + "\",\"tile\":";
    AppendJsonLabel(out, n.tile);
    if (m.metric != "stm") {
      *out += ",\"tiles\":[";
      for (size_t k = 0; k < n.tiles.size(); ++k) {
        if (k > 0) *out += ',';
        AppendJsonLabel(out, n.tiles[k]);
      }
      *out += "]";
    }
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
  *out += std::to_string(m.distance) + (m.distance == 1 ? " move" : " moves") +
          (m.metric == "mtm" ? " (multi-tile)\n" : "\n");
  for (const NextMoveFields& n : m.moves) {
    std::string tiles;
    for (const std::string& t : n.tiles) tiles += " " + t;
    *out += "  " + n.written + (n.tiles.size() == 1 ? " (tile" : " (tiles") +
            tiles + ") -> " + n.state + ": " + std::to_string(n.distance) +
            (n.distance < m.distance ? " (nearer)\n" : "\n");
  }
}

}  // namespace slidedb
