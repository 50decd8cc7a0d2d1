// Every goal a database answers, and what answers it: a full table (its
// own, or one a symmetry of the board relates to it) or pattern databases
// and a search (/api/tables, slidedb-query --tables, Db::Tables).
#ifndef SLIDEDB_LIB_ANSWER_TABLES_H_
#define SLIDEDB_LIB_ANSWER_TABLES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "lib/base/status.h"
#include "lib/storage/database.h"

namespace slidedb {

struct GoalInfo {
  std::string board;   // "3x3"
  std::string goal;    // its canonical goal, the blank written 0
  int goal_blank = 0;  // the cell of the goal's blank
  std::string kind;    // "table" or "pdb" (pattern databases and a search)
  std::string metric = "stm";  // how its distances count moves: "stm", "mtm"
  uint64_t states = 0;  // the states that reach the goal
  int max_distance = -1;  // the farthest state's distance; -1: unknown (pdb)
  bool stored = false;  // its own table or pattern databases are stored
  // Kind "pdb", not stored: the symmetry that takes it to the goal of the
  // databases that serve it (lib/puzzle/symmetry.h's PdbSymmetry).
  int symmetry = 0;
  std::string table;    // the stored table or pattern databases that serve it
  std::string partition;  // kind "pdb": the groups of tiles, "7-8"
  // Kind "pdb": how entries are numbered, "placement" or "blank-region"
  // (lib/puzzle/region_pattern.h).
  std::string pdb_index;
  // Kind "pdb": every group has successor words (lib/search/pdb_words.h).
  bool pdb_words = false;
  // Kind "pdb": every group has words and its cross partition's table,
  // which the search prunes by too (lib/search/pdb_cross.h).
  bool pdb_cross = false;
  // The database that answers it, where a face serves several
  // (slidedb-serve --db A --db B); "" elsewhere.
  std::string database;
};

// Every goal blank of every board the database answers, tables first, in
// key order. Corruption when a table's metadata cannot be read.
Status ListGoals(const Database& db, std::vector<GoalInfo>* goals);

// Keeps the goals of `board` only: a board's name as every face reads it
// ("4x4"). InvalidArgument, *goals untouched, when it names no board.
Status KeepBoard(const std::string& board, std::vector<GoalInfo>* goals);

// {"tables": [{"board", "goal", "goal_blank", "kind", "metric", "states",
// "max_distance", "stored", "table"[, "partition", "index", "words",
// "cross"]
// [, "database"]}]}
// and a newline (database where it is not "");
// max_distance is null where it is unknown.
void AppendGoalsJson(const std::vector<GoalInfo>& goals, std::string* out);
// One line a goal, for a person.
void AppendGoalsText(const std::vector<GoalInfo>& goals, std::string* out);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_ANSWER_TABLES_H_
