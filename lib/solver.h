// Solver: answers Problems (lib/problem.h) from a Database, keeping each
// table it has opened. Not thread-safe: one Solver per thread.
#ifndef SLIDEDB_LIB_SOLVER_H_
#define SLIDEDB_LIB_SOLVER_H_

#include <map>
#include <memory>
#include <string>
#include <tuple>

#include "lib/database.h"
#include "lib/problem.h"
#include "lib/status.h"
#include "lib/table.h"
#include "lib/walk.h"

namespace slidedb {

class Solver {
 public:
  // REQUIRES: db outlives the Solver.
  explicit Solver(const Database* db) : db_(db) {}

  // The table for goals of `board` with the blank on `goal_blank`, opened on
  // first use. NotFound, naming the missing table, if it was not built.
  Status GetTable(const Board& board, int goal_blank, Table** table);

  // REQUIRES: p.solvable.
  Status Solve(const Problem& p, Path* path);
  // REQUIRES: p.solvable.
  Status Distance(const Problem& p, int* distance);

 private:
  const Database* db_;
  // Keyed by (rows, cols, goal blank).
  std::map<std::tuple<int, int, int>, std::unique_ptr<Table>> tables_;
};

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SOLVER_H_
