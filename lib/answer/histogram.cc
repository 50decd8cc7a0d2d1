#include "lib/answer/histogram.h"

#include <algorithm>
#include <iomanip>
#include <sstream>

#include "lib/answer/goal.h"
#include "lib/answer/json_text.h"
#include "lib/puzzle/pattern.h"
#include "lib/puzzle/symmetry.h"
#include "lib/solve/solver.h"
#include "lib/storage/format.h"

namespace slidedb {

namespace {

// No pattern databases answer the goal: another goal's may be there, so
// the message names the goal asked for and the cells its symmetries take
// the blank to.
Status NoPdbs(const QueryConfig& config, int goal_blank) {
  const Board& board = config.board;
  std::vector<int> others;
  std::string cells;
  for (int s : kPdbSymmetries) {
    const int b = ApplySymmetry(board, s, goal_blank);
    if (b == goal_blank || std::count(others.begin(), others.end(), b) > 0) {
      continue;
    }
    others.push_back(b);
    cells += (others.size() == 1 ? " " : ", ") + std::to_string(b);
  }
  return Status::NotFound(
      "no pattern databases for " + TableId(board, goal_blank) + " (board " +
      board.Name() + ", goal blank on cell " + std::to_string(goal_blank) +
      (cells.empty() ? "" : " or, turned or mirrored, on" + cells) + ") in " +
      config.db_dir);
}

// The histograms of the goal's pattern databases, one per group; the goals
// turned by 180 degrees or mirrored from it share them (PdbSymmetry).
Status PdbHistograms(const QueryConfig& config, const Database& db,
                     const std::string& format, std::string* out) {
  const Board& board = config.board;
  const int goal_blank = GoalBlank(config);
  const int k = PdbSymmetry(
      board, goal_blank, [&](int b) { return !db.FindPdbs(board, b).empty(); });
  if (k < 0) return NoPdbs(config, goal_blank);
  const std::vector<const PdbMeta*> pdbs =
      db.FindPdbs(board, ApplySymmetry(board, k, goal_blank));
  std::ostringstream o;
  if (format == "json") {
    std::string j = "{\"board\":\"" + config.board.Name() +
                    "\",\"pattern_databases\":[";
    for (size_t i = 0; i < pdbs.size(); ++i) {
      const PdbMeta& m = *pdbs[i];
      if (i > 0) j += ',';
      j += "{\"goal\":";
      AppendJsonString(&j, m.goal);
      j += ",\"partition\":\"" + PartitionName(m.partition) +
           "\",\"index\":\"" + std::string(PdbIndexName(m.index)) +
           "\",\"tiles\":[";
      for (size_t k = 0; k < m.tiles.size(); ++k) {
        if (k > 0) j += ',';
        j += std::to_string(m.tiles[k]);
      }
      j += "],\"entries\":" + std::to_string(m.entries) +
           ",\"max_value\":" + std::to_string(m.max_value) + ",\"counts\":[";
      for (size_t d = 0; d < m.histogram.size(); ++d) {
        if (d > 0) j += ',';
        j += std::to_string(m.histogram[d]);
      }
      j += "]}";
    }
    o << j << "]}\n";
  } else if (format == "csv") {
    o << "group,value,count\n";
    for (const PdbMeta* m : pdbs) {
      for (size_t d = 0; d < m->histogram.size(); ++d) {
        o << m->group << ',' << d << ',' << m->histogram[d] << '\n';
      }
    }
  } else {
    o << config.board.Name()
      << " has no full table; the histograms of its pattern databases, goal "
      << pdbs[0]->goal << ", partition " << PartitionName(pdbs[0]->partition)
      << (pdbs[0]->index == PdbIndexKind::kBlankRegion ? " by blank region"
                                                       : "")
      << ":\n";
    for (const PdbMeta* m : pdbs) {
      o << "tiles ";
      for (size_t k = 0; k < m->tiles.size(); ++k) {
        o << (k > 0 ? "," : "") << m->tiles[k];
      }
      o << ": " << m->entries << " entries, max " << m->max_value << "\n"
        << "   value     entries\n";
      for (size_t d = 0; d < m->histogram.size(); ++d) {
        o << std::setw(8) << d << std::setw(12) << m->histogram[d] << '\n';
      }
    }
  }
  *out += o.str();
  return Status::OK();
}

}  // namespace

Status FindGoalTable(const QueryConfig& config, const Database& db,
                     const TableMeta** meta) {
  const int goal_blank = GoalBlank(config);
  Status s = db.FindTable(config.board, goal_blank, config.metric, meta);
  if (!s.ok()) return s;
  if (*meta == nullptr) {
    // The Solver's NotFound, naming the table and the goal blanks it
    // serves, as a solve of the goal says it on every face.
    Solver solver(&db);
    GoalKind kind;
    s = OpenGoal(config, &solver, &kind);
    if (!s.ok()) return s;
    return Status::NotFound("table " +
                            TableId(config.board, goal_blank, config.metric) +
                            " is not in the database " + config.db_dir);
  }
  return Status::OK();
}

Status AppendHistogram(const QueryConfig& config, const Database& db,
                       const std::string& format, std::string* out) {
  if (Status s = CheckGoalLabels(config); !s.ok()) return s;
  // What answers the goal, as the solver decides it: a full table when
  // there is one, else a search, with pattern databases in the single-tile
  // metric (boards past full tables, or smaller ones built with --pdb
  // only), with no table at all in the multi-tile one.
  if (Solver(&db).Searches(config.board, GoalBlank(config), config.metric)) {
    if (config.metric == Metric::kStm) {
      return PdbHistograms(config, db, format, out);
    }
    return NeedsFullTable(config, WholeTableTool::kHistogram);
  }
  const TableMeta* meta;
  Status s = FindGoalTable(config, db, &meta);
  if (!s.ok()) return s;
  const std::string goal =
      FormatArrangement(GoalArrangement(config), config.blank_out);
  std::ostringstream o;
  if (format == "json") {
    std::string j = "{\"board\":\"" + config.board.Name() + "\",\"goal\":";
    AppendJsonString(&j, goal);
    j += ",\"metric\":\"" + std::string(MetricName(config.metric)) +
         "\",\"total\":" + std::to_string(meta->states) +
         ",\"max_distance\":" + std::to_string(meta->max_distance) +
         ",\"counts\":[";
    for (size_t d = 0; d < meta->histogram.size(); ++d) {
      if (d > 0) j += ',';
      j += std::to_string(meta->histogram[d]);
    }
    o << j << "]}\n";
  } else if (format == "csv") {
    o << "distance,count\n";
    for (size_t d = 0; d < meta->histogram.size(); ++d) {
      o << d << ',' << meta->histogram[d] << '\n';
    }
  } else {
    o << config.board.Name() << " goal " << goal << ": " << meta->states
      << " states, max distance " << meta->max_distance
      << (config.metric == Metric::kMtm ? " (multi-tile)" : "") << "\n"
      << "distance      states\n";
    for (size_t d = 0; d < meta->histogram.size(); ++d) {
      o << std::setw(8) << d << std::setw(12) << meta->histogram[d] << '\n';
    }
  }
  *out += o.str();
  return Status::OK();
}

}  // namespace slidedb
