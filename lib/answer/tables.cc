#include "lib/answer/tables.h"

#include <algorithm>
#include <map>
#include <tuple>

#include "lib/answer/json_text.h"
#include "lib/puzzle/notation.h"
#include "lib/puzzle/pattern.h"
#include "lib/puzzle/problem.h"
#include "lib/puzzle/region_pattern.h"
#include "lib/puzzle/symmetry.h"
#include "lib/storage/format.h"
#include "lib/storage/table_meta.h"

namespace slidedb {

namespace {

// The states that reach one goal: half of the arrangements, cells! / 2.
uint64_t ReachableStates(const Board& board) {
  uint64_t n = 1;
  for (int k = 3; k <= board.cells(); ++k) n *= static_cast<uint64_t>(k);
  return n;
}

std::string CanonicalGoalText(const Board& board, int goal_blank) {
  return FormatArrangement(CanonicalGoalArrangement(board, goal_blank, "0"),
                           "0");
}

}  // namespace

Status ListGoals(const Database& db, std::vector<GoalInfo>* goals) {
  goals->clear();
  std::vector<const TableMeta*> tables;
  Status s = db.Tables(&tables);
  if (!s.ok()) return s;
  for (const TableMeta* stored : tables) {
    for (int goal_blank : ServedGoalBlanks(stored->board, stored->goal_blank)) {
      const TableMeta t = ServedTableMeta(*stored, goal_blank);
      GoalInfo g;
      g.board = t.board.Name();
      g.goal = t.goal;
      g.goal_blank = goal_blank;
      g.kind = "table";
      g.metric = MetricName(t.metric);
      g.states = t.states;
      g.max_distance = t.max_distance;
      g.stored = goal_blank == stored->goal_blank;
      g.table = stored->Id();
      goals->push_back(std::move(g));
    }
  }
  // Pattern databases: one set a (board, goal blank), each group a key; a
  // set also serves the goals turned by 180 degrees or mirrored from its
  // own that have none (as the solver picks one: PdbSymmetry).
  std::map<std::tuple<int, int, int>, const PdbMeta*> sets;
  for (const PdbMeta& m : db.pdbs()) {
    sets.emplace(std::make_tuple(m.board.rows(), m.board.cols(), m.goal_blank),
                 &m);
  }
  for (const auto& [key, m] : sets) {
    const Board& board = m->board;
    const auto has_set = [&](int b) {
      return sets.count(std::make_tuple(board.rows(), board.cols(), b)) > 0;
    };
    std::vector<std::pair<int, int>> served = {{m->goal_blank, 0}};
    for (int k : kPdbSymmetries) {
      const int goal_blank = ApplySymmetry(board, k, m->goal_blank);
      const int by = PdbSymmetry(board, goal_blank, has_set);
      if (by > 0 && ApplySymmetry(board, by, goal_blank) == m->goal_blank &&
          std::find_if(served.begin(), served.end(), [&](const auto& s) {
            return s.first == goal_blank;
          }) == served.end()) {
        served.emplace_back(goal_blank, by);
      }
    }
    for (const auto& [goal_blank, symmetry] : served) {
      GoalInfo g;
      g.board = m->board.Name();
      g.goal = CanonicalGoalText(m->board, goal_blank);
      g.goal_blank = goal_blank;
      g.kind = "pdb";
      g.states = ReachableStates(m->board);
      g.stored = goal_blank == m->goal_blank;
      g.symmetry = symmetry;
      g.table = m->TableId();
      g.partition = PartitionName(m->partition);
      g.pdb_index = PdbIndexName(m->index);
      const std::vector<const PdbMeta*> set =
          db.FindPdbs(m->board, m->goal_blank);
      g.pdb_words = AllHaveWords(set);
      g.pdb_cross = g.pdb_words && AllHaveCross(set);
      goals->push_back(std::move(g));
    }
  }
  return Status::OK();
}

Status KeepBoard(const std::string& board, std::vector<GoalInfo>* goals) {
  Board b;
  const Status s = Board::Parse(board, &b);
  if (!s.ok()) return s;
  std::erase_if(*goals, [&](const GoalInfo& g) { return g.board != b.Name(); });
  return Status::OK();
}

void AppendGoalsJson(const std::vector<GoalInfo>& goals, std::string* out) {
  *out += "{\"tables\":[";
  for (size_t i = 0; i < goals.size(); ++i) {
    const GoalInfo& g = goals[i];
    if (i > 0) *out += ',';
    *out += "{\"board\":\"" + g.board + "\",\"goal\":";
    AppendJsonString(out, g.goal);
    *out += ",\"goal_blank\":" + std::to_string(g.goal_blank) + ",\"kind\":\"" +
            g.kind + "\",\"metric\":\"" + g.metric +
            "\",\"states\":" + std::to_string(g.states) + ",\"max_distance\":" +
            (g.max_distance < 0 ? std::string("null")
                                : std::to_string(g.max_distance)) +
            ",\"stored\":" + (g.stored ? "true" : "false") + ",\"table\":\"" +
            g.table + "\"";
    if (!g.partition.empty()) *out += ",\"partition\":\"" + g.partition + "\"";
    if (!g.pdb_index.empty()) {
      *out += ",\"index\":\"" + g.pdb_index +
              "\",\"words\":" + (g.pdb_words ? "true" : "false") +
              ",\"cross\":" + (g.pdb_cross ? "true" : "false");
    }
    if (!g.database.empty()) {
      *out += ",\"database\":";
      AppendJsonString(out, g.database);
    }
    *out += "}";
  }
  *out += "]}\n";
}

void AppendGoalsText(const std::vector<GoalInfo>& goals, std::string* out) {
  for (const GoalInfo& g : goals) {
    *out += g.board + " goal " + g.goal + ": ";
    if (g.kind == "pdb") {
      *out += "pattern databases " + g.partition +
              (g.pdb_index == PdbIndexName(PdbIndexKind::kBlankRegion)
                   ? " by blank region"
                   : "") +
              (g.pdb_words ? " with successor words" : "") +
              (g.pdb_cross ? " and cross tables" : "") + " (" + g.table +
              (g.stored ? ")"
                        : std::string(", the goal ") +
                              PdbSymmetryName(g.symmetry) + ")") +
              ", answered by a search\n";
    } else {
      *out += std::to_string(g.states) + " states, max distance " +
              std::to_string(g.max_distance) +
              (g.metric == "mtm" ? " multi-tile" : "") + " (table " + g.table +
              (g.stored ? ")\n" : ", by symmetry)\n");
    }
  }
}

}  // namespace slidedb
