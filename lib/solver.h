// Solver: answers Problems (lib/problem.h) from a Database, keeping each
// table it has opened.
//
// Thread-safe: one Solver per Database serves every thread, and holds each
// table once (a 3x4 table is 240 MB). A table is opened by the first thread
// that asks for it; the others wait for it, then share it. Finding an open
// table takes a shared (reader) lock; reading it takes none (lib/table.h).
#ifndef SLIDEDB_LIB_SOLVER_H_
#define SLIDEDB_LIB_SOLVER_H_

#include <map>
#include <memory>
#include <shared_mutex>
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
  // *table stays valid, and usable from any thread, while the Solver lives.
  Status GetTable(const Board& board, int goal_blank, Table** table);

  const Database& database() const { return *db_; }

  // REQUIRES: p.solvable.
  Status Solve(const Problem& p, Path* path);
  // REQUIRES: p.solvable.
  Status Distance(const Problem& p, int* distance);

 private:
  const Database* db_;
  std::shared_mutex mutex_;  // guards tables_ (the map, not the tables)
  // Keyed by (rows, cols, goal blank).
  std::map<std::tuple<int, int, int>, std::unique_ptr<Table>> tables_;
};

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SOLVER_H_
