// Every legal move from a start, each with the exact distance of the state
// it leads to: which moves bring the goal nearer (/api/moves, slidedb-query
// --moves, Db::Moves). A full table gives each distance by one record; a
// goal a search answers gets one or two bounded iterations a move
// (Solver::LineNeighborDistances).
#ifndef SLIDEDB_LIB_ANSWER_MOVES_H_
#define SLIDEDB_LIB_ANSWER_MOVES_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "lib/answer/goal.h"
#include "lib/base/status.h"
#include "lib/puzzle/board.h"
#include "lib/solve/solver.h"

namespace slidedb {

struct NextMoveFields {
  Move move = Move::kUp;  // the direction the blank travels
  int cells = 1;          // how far (more than 1 only in MTM)
  std::string written;    // the move as answers write it (WrittenMoves)
  std::string tile;       // the label of the tile that slides (the first)
  std::vector<std::string> tiles;  // every tile that slides
  std::string state;      // the state after the move, as written on output
  int distance = -1;      // that state's distance; -1 when !solvable
};

struct MovesFields {
  std::string board;
  std::string start;
  std::string goal;
  bool solvable = false;
  std::string reason;  // when !solvable
  int distance = -1;   // the start's; -1 when !solvable
  std::string metric;  // "stm" or "mtm"
  std::string notation;  // "blank" or "tile"
  // In the order U D L R, each by 1, 2, ... cells in MTM.
  std::vector<NextMoveFields> moves;
  // The states the searches generated (the start's and its neighbours'),
  // when a search answers the goal; else -1.
  int64_t nodes = -1;
};

// The moves from `input`. InvalidArgument, with MalformedMessage
// (answerer.h), when it is malformed; the database's error when it cannot
// be read. An unsolvable start is an answer: solvable false, its reason,
// and its moves with distance -1.
Status AnswerMoves(const QueryConfig& config, Solver* solver,
                   std::string_view input, MovesFields* out);

// The JSON object of an answer, and a newline: {"board", "start", "goal",
// "solvable", "distance", "metric", "notation", "nodes" (when a search
// answers), "moves": [{"move", "tile", "state", "distance"}]}, "move" as
// answers write moves ("U"; "U2" in MTM,
// whose moves add "tiles": every tile that slides) (an unsolvable start:
// /api/solve's object, with "reason").
void AppendMovesJson(const MovesFields& m, std::string* out);
// The answer for a person: the start's distance, then a line a move.
void AppendMovesText(const MovesFields& m, std::string* out);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_ANSWER_MOVES_H_
