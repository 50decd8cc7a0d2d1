// Which of the server's databases (--db, given more than once) a request
// asks: Handler::PickSource.
#include <string>

#include "lib/answer/goal.h"
#include "lib/storage/database.h"
#include "lib/storage/pdb_meta.h"
#include "serve/handlers.h"

namespace slidedb {

namespace {

// Whether `db` holds a table (of either metric) or a pattern database of
// `board`.
bool HoldsBoard(const Database& db, const Board& board) {
  const std::string name = board.Name() + "/";
  for (const std::string& id : db.table_ids()) {
    if (id.starts_with(name) || id.find("/" + name) != std::string::npos) {
      return true;
    }
  }
  for (const PdbMeta& pdb : db.pdbs()) {
    if (pdb.board == board) return true;
  }
  return false;
}

}  // namespace

void Handler::PickSource() {
  if (sources_.size() < 2) return;
  for (const DbSource& source : sources_) {
    config_->db_dir = source.dir;
    GoalKind kind;
    if (slidedb::OpenGoal(*config_, source.solver, &kind).ok()) {
      UseSource(source);
      return;
    }
  }
  // None answers: the error, and the command that builds what is missing,
  // name the first database that holds any table of the board (a board's
  // tables kept together), else the first one.
  const DbSource* home = &sources_.front();
  for (const DbSource& source : sources_) {
    if (HoldsBoard(*source.db, config_->board)) {
      home = &source;
      break;
    }
  }
  UseSource(*home);
}

void Handler::UseSource(const DbSource& source) {
  db_dir_ = source.dir;
  db_ = source.db;
  solver_ = source.solver;
  config_->db_dir = source.dir;
}

}  // namespace slidedb
