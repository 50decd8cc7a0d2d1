#include "lib/answer/goal.h"

#include <algorithm>
#include <memory>
#include <string_view>

#include "lib/base/ascii.h"
#include "lib/base/shell.h"
#include "lib/puzzle/problem.h"
#include "lib/puzzle/symmetry.h"
#include "lib/search/mtm_search.h"
#include "lib/storage/database.h"
#include "lib/storage/pdb_meta.h"

namespace slidedb {

Status ReadGoalOptions(const std::string& board, const std::string* goal,
                       const std::string* blank, QueryConfig* config) {
  Status s = Board::Parse(board, &config->board);
  if (!s.ok()) return s;
  if (blank != nullptr && blank->empty()) {
    return Status::InvalidArgument(
        "the blank's label is empty: leave it out for the default");
  }
  config->notation.blank = blank != nullptr ? *blank : "";
  s = CheckBlankLabel(config->notation.blank);
  if (!s.ok()) return s;
  config->blank_out = OutputBlankLabel(config->notation);
  config->goal.reset();
  if (goal != nullptr) {
    Arrangement g;
    s = ParseArrangement(*goal, config->board, config->notation, &g);
    if (!s.ok()) {
      return Status::InvalidArgument("goal '" + ShownInput(*goal) +
                                     "': " + s.message());
    }
    config->goal = std::move(g);
  }
  return Status::OK();
}

Status ReadMoveOptions(const std::string* metric, const std::string* notation,
                       QueryConfig* config) {
  config->metric = Metric::kStm;
  config->convention = MoveConvention::kBlank;
  if (metric != nullptr && !ParseMetric(*metric, &config->metric)) {
    return Status::InvalidArgument("metric '" + *metric +
                                   "': expected stm (a tile a move) or mtm "
                                   "(a row or column segment a move)");
  }
  if (notation != nullptr &&
      !ParseMoveConvention(*notation, &config->convention)) {
    return Status::InvalidArgument(
        "notation '" + *notation +
        "': expected blank (letters name the way the blank goes) or tile "
        "(the way the tiles go, as slidysim writes)");
  }
  return Status::OK();
}

int GoalBlank(const QueryConfig& config) {
  return config.goal ? config.goal->blank : config.board.cells() - 1;
}

Arrangement GoalArrangement(const QueryConfig& config) {
  return config.goal ? *config.goal
                     : CanonicalGoalArrangement(config.board,
                                                GoalBlank(config),
                                                config.blank_out);
}

Status OpenGoal(const QueryConfig& config, Solver* solver, GoalKind* kind) {
  const int goal_blank = GoalBlank(config);
  if (solver->Searches(config.board, goal_blank, config.metric)) {
    *kind = GoalKind::kSearch;
    // The multi-tile search needs nothing from the database.
    if (config.metric == Metric::kMtm) return Status::OK();
    std::shared_ptr<const PdbSearch> search;
    int symmetry;
    return solver->GetPdbSearch(config.board, goal_blank, &search, &symmetry);
  }
  const int stored_blank = StoredGoalBlank(config.board, goal_blank);
  *kind = stored_blank == goal_blank ? GoalKind::kTable
                                     : GoalKind::kSymmetricTable;
  Table* table;
  return solver->GetTable(config.board, stored_blank, &table, config.metric);
}

namespace {

// The --pdb options that build a goal's pattern databases like the first
// set of the board `db` holds already (PdbBuildOptions), so that a
// suggested build does not make the default groups beside 5-5-5 ones; ""
// when it holds none. A null `db`: config.db_dir's, opened for it ("" when
// it cannot be).
std::string LikeTheBoardsOtherSets(const QueryConfig& config,
                                   const Database* db) {
  std::unique_ptr<Database> opened;
  if (db == nullptr) {
    if (!Database::Open(config.db_dir, &opened).ok()) return "";
    db = opened.get();
  }
  for (const PdbMeta& meta : db->pdbs()) {
    if (meta.board == config.board) return PdbBuildOptions(meta);
  }
  return "";
}

}  // namespace

std::string TableErrorMessage(const QueryConfig& config, const Status& s,
                              const Database* db) {
  std::string m = s.message();
  if (!s.IsNotFound()) return m;
  m += "; build ";
  const int goal_blank = GoalBlank(config);
  if (config.board.cells() > kMaxTableCells &&
      config.board.cells() <= kMaxTwoBitTableCells &&
      config.metric == Metric::kStm) {
    // 2x7 and 7x2: a two-bit table (about 16 GB of memory to build), or
    // pattern databases.
    return m + "its two-bit table with: slidedb-build --db " +
           ShellWord(config.db_dir) + " --board " + config.board.Name() +
           (goal_blank == config.board.cells() - 1
                ? std::string()
                : " --goal " +
                      FormatArrangement(CanonicalGoalArrangement(
                                            config.board, goal_blank, "0"),
                                        "0")) +
           " (or pattern databases, with --pdb)";
  }
  if (config.board.cells() > kMaxTableCells) {
    // Pattern databases, for the goal with the blank last unless another
    // goal was asked for (the blank-last ones serve the blank-first goal).
    m += "them with: slidedb-build --db " + ShellWord(config.db_dir) +
         " --board " + config.board.Name();
    if (goal_blank != 0 && goal_blank != config.board.cells() - 1) {
      m += " --goal " +
           FormatArrangement(
               CanonicalGoalArrangement(config.board, goal_blank, "0"), "0");
    }
    return m + LikeTheBoardsOtherSets(config, db);
  }
  return m + "it with: slidedb-build --db " + ShellWord(config.db_dir) +
         " --board " + config.board.Name() +
         (config.metric == Metric::kMtm ? " --metric mtm" : "") + " --goal " +
         FormatArrangement(
             CanonicalGoalArrangement(config.board, GoalBlank(config), "0"),
             "0");
}

Status CheckGoalLabels(const QueryConfig& config) {
  if (config.goal) return Status::OK();  // checked as it was read
  const Arrangement goal = GoalArrangement(config);
  for (int c = 0; c < static_cast<int>(goal.labels.size()); ++c) {
    if (c != goal.blank && goal.labels[c] == config.blank_out) {
      return Status::InvalidArgument(
          "the blank's label '" + config.blank_out + "' is a tile's in the " +
          config.board.Name() + " goal (tiles 1 to " +
          std::to_string(config.board.cells() - 1) +
          "): give another label, or the goal");
    }
  }
  return Status::OK();
}

Status CheckWholeTable(const QueryConfig& config, Solver* solver,
                       WholeTableTool tool) {
  if (tool != WholeTableTool::kCount && tool != WholeTableTool::kAll) {
    if (Status s = CheckGoalLabels(config); !s.ok()) return s;
  }
  if (tool == WholeTableTool::kHeuristics && config.metric != Metric::kStm) {
    return Status::NotSupported(
        "the heuristic report measures single-tile heuristics (misplaced "
        "tiles, Manhattan distance) against single-tile distances; it has "
        "no multi-tile form");
  }
  if (!solver->Searches(config.board, GoalBlank(config), config.metric)) {
    return Status::OK();
  }
  // Nothing to search with is the NotFound of the databases to build, as a
  // solve says it: a build may answer, where NotSupported says none will.
  GoalKind kind;
  if (Status s = OpenGoal(config, solver, &kind); !s.ok()) return s;
  // A search counts and lists single-tile solutions (SearchedPaths).
  if ((tool == WholeTableTool::kCount || tool == WholeTableTool::kAll) &&
      config.metric == Metric::kStm) {
    return Status::OK();
  }
  return NeedsFullTable(config, tool);
}

Status NeedsFullTable(const QueryConfig& config, WholeTableTool tool) {
  const char* what = "";
  switch (tool) {
    case WholeTableTool::kCount: what = "counting the optimal solutions"; break;
    case WholeTableTool::kAll: what = "listing the optimal solutions"; break;
    case WholeTableTool::kAtDistance:
      what = "listing the states at a distance";
      break;
    case WholeTableTool::kSample: what = "sampling states"; break;
    case WholeTableTool::kExport: what = "exporting the table"; break;
    case WholeTableTool::kHeuristics: what = "the heuristic report"; break;
    case WholeTableTool::kHistogram:
      what = "the histogram of distances";
      break;
  }
  std::string m = std::string(what) + " needs the goal's full table, and " +
                  config.board.Name();
  if (config.metric == Metric::kMtm && !MtmSearch::Supports(config.board)) {
    return Status::NotSupported(
        m +
        " has no multi-tile answer: it has no full table in that metric, "
        "and its walking-distance tables are too big to make");
  }
  m += (config.metric == Metric::kMtm
            ? " in the multi-tile metric is answered by a search"
            : " with this goal is answered by a search over "
              "pattern databases");
  if (config.board.cells() > kMaxTwoBitTableCells) {
    m += " (no board over " + std::to_string(kMaxTwoBitTableCells) +
         " cells has a full table)";
  } else if (config.board.cells() > kMaxTableCells &&
             config.metric == Metric::kStm) {
    m += " (its full table is a two-bit one: slidedb-build --board " +
         config.board.Name() + ")";
  }
  if (config.metric == Metric::kMtm &&
      (tool == WholeTableTool::kCount || tool == WholeTableTool::kAll)) {
    m += "; a search finds them in single-tile moves (metric stm)";
  }
  return Status::NotSupported(m);
}

namespace {

// config.max_seconds less room to write the answer.
double SearchSeconds(const QueryConfig& config) {
  return config.max_seconds - std::min(config.max_seconds / 20, 0.05);
}

// limits.answer_by before a deadline (a server's), with room to write the
// answer.
void CutForDeadline(SearchLimits* limits) {
  using Clock = SearchLimits::Clock;
  if (limits->deadline == Clock::time_point::max()) return;
  const Clock::time_point now = Clock::now();
  limits->answer_by =
      std::min(limits->answer_by, now + (limits->deadline - now) * 9 / 10);
}

}  // namespace

SearchLimits AnswerLimits(const QueryConfig& config) {
  SearchLimits limits = config.limits;
  if (config.max_seconds > 0) {
    limits.answer_by = config.asked_at.value_or(SearchLimits::Clock::now()) +
                       SearchLimits::Seconds(SearchSeconds(config));
    CutForDeadline(&limits);
  }
  return limits;
}

SearchLimits BatchAnswerLimits(const QueryConfig& config,
                               double* each_seconds) {
  *each_seconds = 0;
  if (config.asked_at.has_value() || config.max_seconds <= 0) {
    return AnswerLimits(config);
  }
  SearchLimits limits = config.limits;
  *each_seconds = SearchSeconds(config);
  CutForDeadline(&limits);
  return limits;
}

bool OwnBudgetRanOut(const QueryConfig& config, const Status& s) {
  using Clock = SearchLimits::Clock;
  if (!s.IsDeadlineExceeded() || config.max_seconds <= 0) return false;
  const SearchLimits& limits = config.limits;
  if (limits.cancel != nullptr && limits.cancel->load()) return false;
  if (limits.deadline == Clock::time_point::max()) return true;
  if (!config.asked_at) return Clock::now() < limits.deadline;
  return SearchLimits::Seconds(config.max_seconds) <
         (limits.deadline - *config.asked_at) * 9 / 10;
}

SearchLimits BudgetLimits(const QueryConfig& config) {
  SearchLimits limits = config.limits;
  if (config.max_seconds > 0) {
    using Clock = SearchLimits::Clock;
    limits.deadline = std::min(
        limits.deadline, config.asked_at.value_or(Clock::now()) +
                             SearchLimits::Seconds(SearchSeconds(config)));
  }
  return limits;
}

}  // namespace slidedb
