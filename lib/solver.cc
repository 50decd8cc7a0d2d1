#include "lib/solver.h"

#include "lib/format.h"

namespace slidedb {

Status Solver::GetTable(const Board& board, int goal_blank, Table** table) {
  const auto key = std::make_tuple(board.rows(), board.cols(), goal_blank);
  {
    std::shared_lock<std::shared_mutex> lock(mutex_);
    auto it = tables_.find(key);
    if (it != tables_.end()) {
      *table = it->second.get();
      return Status::OK();
    }
  }
  // Opened under the exclusive lock: a table is opened (and a small one
  // read whole) once, however many threads ask for it at the same time.
  std::unique_lock<std::shared_mutex> lock(mutex_);
  auto it = tables_.find(key);
  if (it == tables_.end()) {
    const TableMeta* meta = db_->Find(board, goal_blank);
    if (meta == nullptr) {
      return Status::NotFound("table " + TableId(board, goal_blank) +
                              " (board " + board.Name() +
                              ", goal blank on cell " +
                              std::to_string(goal_blank) +
                              ") is not in the database " + db_->dir());
    }
    std::unique_ptr<Table> t;
    Status s = db_->OpenTable(*meta, &t);
    if (!s.ok()) return s;
    it = tables_.emplace(key, std::move(t)).first;
  }
  *table = it->second.get();
  return Status::OK();
}

Status Solver::Solve(const Problem& p, Path* path) {
  Table* table;
  Status s = GetTable(p.board, p.goal_blank, &table);
  if (!s.ok()) return s;
  return WalkToGoal(table, p.start, path);
}

Status Solver::Distance(const Problem& p, int* distance) {
  Table* table;
  Status s = GetTable(p.board, p.goal_blank, &table);
  if (!s.ok()) return s;
  return DistanceToGoal(table, p.start, distance);
}

}  // namespace slidedb
