#include "lib/solve/solver.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "lib/puzzle/symmetry.h"
#include "lib/solve/pdb_load.h"
#include "lib/storage/format.h"

namespace slidedb {
namespace {

// The table of goal blank map.goal_blank(), its records computed from the
// stored table's: each state mapped to the stored goal, its record's move
// mapped back.
std::unique_ptr<Table> SymmetricTable(Table* stored, const GoalMap& map) {
  if (stored->two_bit()) {
    // A residue is a distance: the mapped state's, as it is.
    return Table::FromRecordReader(
        ServedTableMeta(stored->meta(), map.goal_blank()),
        [stored, map](Index, const State& s, uint8_t* residue) {
          return stored->GetResidue(stored->indexer().IndexOf(map.ToStored(s)),
                                    residue);
        });
  }
  return Table::FromRecordReader(
      ServedTableMeta(stored->meta(), map.goal_blank()),
      [stored, map](Index, const State& state, uint8_t* record) {
        uint8_t r;
        Status s =
            stored->Get(stored->indexer().IndexOf(map.ToStored(state)), &r);
        if (!s.ok()) return s;
        // The goal's record is 0 in every table.
        const auto move =
            static_cast<uint8_t>(map.MoveFromStored(RecordMove(r)));
        *record = RecordDistance(r) == 0
                      ? r
                      : static_cast<uint8_t>((r & ~3u) | move);
        return Status::OK();
      });
}

}  // namespace

Status Solver::GetTable(const Board& board, int goal_blank, Table** table,
                        Metric metric) {
  const auto key =
      std::make_tuple(board.rows(), board.cols(), goal_blank, metric);
  std::shared_ptr<Table> found;
  Status s = tables_.Get(
      key,
      [&](std::shared_ptr<Table>* made) {
        return OpenTable(board, goal_blank, metric, made);
      },
      &found);
  if (!s.ok()) return s;
  *table = found.get();
  return Status::OK();
}

Status Solver::OpenTable(const Board& board, int goal_blank, Metric metric,
                         std::shared_ptr<Table>* table) {
  const int stored_blank = StoredGoalBlank(board, goal_blank);
  if (stored_blank != goal_blank) {
    // Served by the stored goal's table, opened first (a key of its own).
    Table* stored;
    Status s = GetTable(board, stored_blank, &stored, metric);
    if (!s.ok()) return s;
    *table = SymmetricTable(stored, GoalMap(board, goal_blank));
    return Status::OK();
  }
  const TableMeta* meta;
  Status found = db_->FindTable(board, goal_blank, metric, &meta);
  if (!found.ok()) return found;
  if (meta == nullptr && board.cells() > kMaxTableCells) {
    return Status::NotFound(
        "board " + board.Name() + " has more than " +
        std::to_string(kMaxTableCells) +
        " cells: it has no full table, only pattern databases");
  }
  if (meta == nullptr) {
    const std::vector<int> served = ServedGoalBlanks(board, goal_blank);
    std::string cells;
    for (int c : served) {
      cells += (cells.empty() ? "" : ", ") + std::to_string(c);
    }
    return Status::NotFound(
        "table " + TableId(board, goal_blank, metric) + " (board " +
        board.Name() +
        (served.size() > 1 ? ", serving the goal blanks " + cells
                           : ", goal blank on cell " + cells) +
        (metric == Metric::kMtm ? ", multi-tile metric" : "") +
        ") is not in the database " + db_->dir());
  }
  if (open_hook_) open_hook_(meta->Id());
  std::unique_ptr<Table> t;
  Status s = db_->OpenTable(*meta, &t, page_loading_);
  if (!s.ok()) return s;
  *table = std::move(t);
  return Status::OK();
}

bool Solver::Searches(const Board& board, int goal_blank, Metric metric) const {
  // A table stored, even one whose metadata cannot be read (opening it
  // says so), answers its goals.
  const TableMeta* meta;
  if (!db_->FindTable(board, goal_blank, metric, &meta).ok() ||
      meta != nullptr) {
    return false;
  }
  if (metric == Metric::kMtm) return board.cells() > kMaxTableCells;
  return board.cells() > kMaxTableCells ||
         PdbSymmetry(board, goal_blank, [&](int b) {
           return !db_->FindPdbs(board, b).empty();
         }) >= 0;
}

bool Solver::WalksTwoBit(const Board& board, int goal_blank,
                         Metric metric) const {
  const TableMeta* meta = db_->Find(board, goal_blank, metric);
  return meta != nullptr && meta->two_bit();
}

Status Solver::LoadPdbSearch(const Board& board, int goal_blank,
                             std::shared_ptr<const PdbSearch>* search,
                             const std::atomic<bool>* stop) {
  return searches_.Get(
      std::make_tuple(board.rows(), board.cols(), goal_blank),
      [&](std::shared_ptr<const PdbSearch>* made) {
        // Only those stored: a goal answered through a symmetry looks for
        // its own first.
        if (open_hook_ && !db_->FindPdbs(board, goal_blank).empty()) {
          open_hook_("pdb " + TableId(board, goal_blank));
        }
        return LoadPdbs(*db_, board, goal_blank, pdbs_whole_, page_budget_,
                        made, stop);
      },
      search);
}

Status Solver::PreloadPdbs(const std::atomic<bool>* stop) {
  pdbs_whole_ = true;
  for (const PdbMeta& m : db_->pdbs()) {
    std::shared_ptr<const PdbSearch> search;
    // Each goal's once: the first of its groups reads them all.
    Status s = LoadPdbSearch(m.board, m.goal_blank, &search, stop);
    if (!s.ok()) return s;
  }
  return Status::OK();
}

Status Solver::GetPdbSearch(const Board& board, int goal_blank,
                            std::shared_ptr<const PdbSearch>* search,
                            int* symmetry) {
  *symmetry = 0;
  Status s = LoadPdbSearch(board, goal_blank, search);
  if (!s.IsNotFound()) return s;
  // In PdbSymmetry's order, a search handed over (AddPdbSearch) too. The
  // first set there answers, or says why it cannot be read (not "no
  // pattern databases").
  for (int k : kPdbSymmetries) {
    const int b = ApplySymmetry(board, k, goal_blank);
    if (b == goal_blank) continue;
    const Status t = LoadPdbSearch(board, b, search);
    if (t.IsNotFound()) continue;
    if (t.ok()) *symmetry = k;
    return t;
  }
  return s;
}

void Solver::AddPdbSearch(std::shared_ptr<const PdbSearch> search) {
  const Board& b = search->board();
  const auto key = std::make_tuple(b.rows(), b.cols(), search->goal_blank());
  searches_.Set(key, std::move(search));
}

Table* Solver::OpenedTable(const Board& board, int goal_blank, Metric metric) {
  std::shared_ptr<Table> table;
  return tables_.Find(
             std::make_tuple(board.rows(), board.cols(), goal_blank, metric),
             &table)
             ? table.get()
             : nullptr;
}

Status Solver::TableFor(const Problem& p, Table** table) {
  // The common case first: a table opened already, no metadata scan.
  const int stored_blank = StoredGoalBlank(p.board, p.goal_blank);
  *table = OpenedTable(p.board, stored_blank, p.metric);
  if (*table != nullptr || Searches(p.board, p.goal_blank, p.metric)) {
    return Status::OK();
  }
  return GetTable(p.board, stored_blank, table, p.metric);
}

Status Solver::GetSearched(const Problem& p, Searched* out) {
  int symmetry;
  Status s = GetPdbSearch(p.board, p.goal_blank, &out->search, &symmetry);
  out->map.emplace(p.board, p.goal_blank, symmetry);
  out->start = symmetry == 0 ? p.start : out->map->ToStored(p.start);
  return s;
}

Status Solver::Solve(const Problem& p, Path* path, const SearchLimits& limits) {
  path->metric = p.metric;
  Table* table;
  Status s = TableFor(p, &table);
  if (!s.ok()) return s;
  if (table == nullptr) {
    if (p.metric == Metric::kMtm) return SolveMtm(p, path, limits);
    Searched searched;
    s = GetSearched(p, &searched);
    if (!s.ok()) return s;
    s = searched.search->Solve(searched.start, path, limits, searched.order());
    if (!searched.map->identity()) PathFromStored(*searched.map, path);
    return s;
  }
  path->nodes = -1;
  if (table->meta().goal_blank == p.goal_blank) {
    return WalkToGoal(table, p.start, path);
  }
  // A goal served by symmetry: walk the stored table from the mapped start.
  const GoalMap map(p.board, p.goal_blank);
  s = WalkToGoal(table, map.ToStored(p.start), path);
  PathFromStored(map, path);
  return s;
}

Status Solver::Distance(const Problem& p, int* distance,
                        const SearchLimits& limits) {
  const int stored_blank = StoredGoalBlank(p.board, p.goal_blank);
  Table* table = OpenedTable(p.board, stored_blank, p.metric);
  if (table == nullptr && Searches(p.board, p.goal_blank, p.metric)) {
    Path path;
    Status s = Solve(p, &path, limits);
    if (s.ok() && !path.optimal) {
      // A budget (limits.answer_by) ran out: the path proves no distance.
      return Status::DeadlineExceeded(
          "the search's budget ran out before it proved the distance (at "
          "least " +
          std::to_string(path.lower_bound) + ")");
    }
    if (s.ok()) *distance = path.distance();
    return s;
  }
  if (table == nullptr) {
    Status s = GetTable(p.board, stored_blank, &table, p.metric);
    if (!s.ok()) return s;
  }
  if (stored_blank == p.goal_blank) {
    return DistanceToGoal(table, p.start, distance);
  }
  return DistanceToGoal(table, GoalMap(p.board, p.goal_blank).ToStored(p.start),
                        distance);
}

}  // namespace slidedb
