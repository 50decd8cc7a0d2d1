// The distances of a state's neighbours: one record each where a table
// answers, bounded iterations where a search does.
#include <memory>
#include <vector>

#include "lib/puzzle/symmetry.h"
#include "lib/solve/solver.h"  // Solver's neighbour methods

namespace slidedb {

Status Solver::NeighborDistance(const Problem& p, int from, int* distance,
                                const SearchLimits& limits, int came_by) {
  const int stored_blank = StoredGoalBlank(p.board, p.goal_blank);
  Table* table = OpenedTable(p.board, stored_blank, p.metric);
  if (table != nullptr && table->two_bit() && p.metric == Metric::kStm) {
    // One residue says which of from - 1 and from + 1 it is.
    const State start = stored_blank == p.goal_blank
                            ? p.start
                            : GoalMap(p.board, p.goal_blank).ToStored(p.start);
    uint8_t r;
    Status s = table->GetResidue(table->indexer().IndexOf(start), &r);
    if (!s.ok()) return s;
    if (r != (from + 1) % 3 && r != (from + 2) % 3) {
      return Status::Corruption(
          "table " + table->meta().Id() + ": a neighbour of a state " +
          std::to_string(from) + " moves from the goal has residue " +
          std::to_string(r));
    }
    *distance = r == (from + 2) % 3 ? from - 1 : from + 1;
    return Status::OK();
  }
  if (p.metric == Metric::kMtm && table == nullptr &&
      Searches(p.board, p.goal_blank, p.metric)) {
    // One MTM move changes the distance by at most one: within from - 1,
    // else within from, else from + 1; an iteration each.
    std::shared_ptr<const MtmSearch> search;
    Status s = GetMtmSearch(p, limits, &search);
    if (!s.ok()) return s;
    bool within = false;
    for (int bound = from - 1; bound <= from; ++bound) {
      // No state along the line came_by took is within from - 2.
      s = search->Within(p.start, bound, &within, limits,
                         bound == from - 1 && came_by >= 0 ? came_by / 2 : -1);
      if (!s.ok() || within) {
        *distance = bound;
        return s;
      }
    }
    *distance = from + 1;
    return Status::OK();
  }
  if (p.metric != Metric::kStm ||
      OpenedTable(p.board, stored_blank, p.metric) != nullptr ||
      !Searches(p.board, p.goal_blank)) {
    return Distance(p, distance, limits);
  }
  Searched searched;
  Status s = GetSearched(p, &searched);
  if (!s.ok()) return s;
  bool within = false;
  // The way back leads `from` away, seen as the search sees it.
  const int back = came_by < 0 ? -1
                               : static_cast<int>(searched.order().Searched(
                                     Inverse(static_cast<Move>(came_by))));
  s = searched.search->Within(searched.start, from - 1, &within, limits, back,
                              searched.order());
  *distance = within ? from - 1 : from + 1;
  return s;
}

Status Solver::LineNeighborDistances(const Problem& p, int from, int axis,
                                     const std::vector<State>& line,
                                     std::vector<int>* distances,
                                     const SearchLimits& limits) {
  distances->resize(line.size(), -1);
  const int stored_blank = StoredGoalBlank(p.board, p.goal_blank);
  if (p.metric != Metric::kMtm ||
      OpenedTable(p.board, stored_blank, p.metric) != nullptr ||
      !Searches(p.board, p.goal_blank, p.metric)) {
    Problem next = p;
    for (size_t i = 0; i < line.size(); ++i) {
      if ((*distances)[i] >= 0) continue;
      next.start = line[i];
      // The blank went up the column (left along the row) or down (right).
      const bool down_or_right = line[i].blank > p.start.blank;
      const int came_by = 2 * axis + (down_or_right ? 1 : 0);
      Status s =
          NeighborDistance(next, from, &(*distances)[i], limits, came_by);
      if (!s.ok()) return s;
    }
    return Status::OK();
  }
  std::shared_ptr<const MtmSearch> search;
  Status s = GetMtmSearch(p, limits, &search);
  if (!s.ok()) return s;
  // p.start and the line are each one move from the others, so each is
  // from - 1 or more: whether one is within from - 1 needs no move along
  // the line first.
  bool line_nearer = false;
  for (size_t i = 0; i < line.size(); ++i) {
    int& d = (*distances)[i];
    if (d < 0) {
      bool within = false;
      s = search->Within(line[i], from - 1, &within, limits, axis);
      if (!s.ok()) return s;
      if (within) d = from - 1;
    }
    line_nearer = line_nearer || d == from - 1;
  }
  // With one of them from - 1 away, the others are from - 1 or from; with
  // none, each is from or from + 1, and whether it is within from again
  // needs no move along the line first (none of them is within from - 1).
  for (size_t i = 0; i < line.size(); ++i) {
    int& d = (*distances)[i];
    if (d >= 0) continue;
    if (line_nearer) {
      d = from;
      continue;
    }
    bool within = false;
    s = search->Within(line[i], from, &within, limits, axis);
    if (!s.ok()) return s;
    d = within ? from : from + 1;
  }
  return Status::OK();
}

}  // namespace slidedb
