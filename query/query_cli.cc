#include "query/query_cli.h"

#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "cli/default_db.h"
#include "cli/exit_codes.h"
#include "cli/mpirun.h"
#include "cli/out_of_memory.h"
#include "lib/answer/analyse.h"
#include "lib/answer/answerer.h"
#include "lib/answer/goal.h"
#include "lib/answer/histogram.h"
#include "lib/answer/input_lines.h"
#include "lib/answer/json_text.h"
#include "lib/answer/moves.h"
#include "lib/answer/table_tools.h"
#include "lib/answer/tables.h"
#include "lib/base/threads.h"
#include "lib/solve/solver.h"
#include "lib/storage/database.h"
#include "query/mpi_query.h"
#include "query/parallel_answers.h"
#include "query/query_options.h"
#include "query/search_progress.h"
#include "query/stop_signal.h"

namespace slidedb {

namespace {

// The exit status of a failed answer (ExitStatusOf: 64 for a question the
// goal's tables cannot answer or a goal that cannot be posed, 66 for a
// missing or unreadable table, 69 out of memory ...), its message said on
// `err`.
int Failed(const QueryConfig& config, const Status& s, std::ostream& err) {
  err << "slidedb-query: " << TableErrorMessage(config, s) << "\n";
  return ExitStatusOf(s);
}

// Says which states named on the command line (or --analyse's start) are
// malformed for the board and goal asked, as answering them would: beside
// a missing database or table, so that the user learns it before building
// one rather than after.
void SayMalformedStates(const QueryArgs& a, std::ostream& err) {
  std::vector<std::string> given;
  if (a.mode == QueryMode::kStates || a.mode == QueryMode::kMoves) {
    given = a.states;
  } else if (a.mode == QueryMode::kAnalyse) {
    given = {a.analyse_start};
  }
  for (const std::string& state : given) {
    const Status s = CheckInput(a.config, state);
    if (!s.ok()) {
      err << "slidedb-query: " << MalformedMessage(state, s.message()) << "\n";
    }
  }
}

// The exit status that the outcomes of a run call for (`error`: what
// failed when !db_ok).
int ExitStatus(bool db_ok, bool malformed, bool unsolvable,
               const Status& error = Status::OK(), bool timed_out = false) {
  if (!db_ok) return error.ok() ? kExitNoInput : ExitStatusOf(error);
  if (malformed) return kExitDataError;
  if (timed_out) return kExitTempFail;
  if (unsolvable) return kExitUnsolvable;
  return kExitOk;
}

// `status`, unless the input could not be read to its end: then 74, the
// reason said on `err` (the answers before it were written).
int AfterInput(int status, std::istream& in, std::ostream& err) {
  const std::string error = InputError(in);
  if (error.empty()) return status;
  err << "slidedb-query: " << error << "\n";
  return kExitIOError;
}

// --at-distance, --sample, --export and --heuristics.
int RunTableTool(const QueryArgs& a, Solver* solver, std::ostream& out,
                 std::ostream& err) {
  const QueryConfig& config = a.config;
  const WholeTableTool tool =
      a.mode == QueryMode::kAtDistance ? WholeTableTool::kAtDistance
      : a.mode == QueryMode::kSample   ? WholeTableTool::kSample
      : a.mode == QueryMode::kExport   ? WholeTableTool::kExport
                                       : WholeTableTool::kHeuristics;
  TableToolContext ctx;
  Status s = OpenTableTool(config, solver, tool, &ctx);
  if (!s.ok()) return Failed(config, s, err);
  std::string note;
  switch (a.mode) {
    case QueryMode::kAtDistance:
      s = RunAtDistance(ctx, a.at_distance, config.json, out, &note);
      break;
    case QueryMode::kSample:
      s = RunSample(ctx, a.sample_n, a.sample_distance, a.seed, config.json,
                    out, &note);
      break;
    case QueryMode::kExport:
      s = RunExport(ctx, a.export_json, out);
      break;
    default:
      s = RunHeuristics(ctx, a.format, out);
      break;
  }
  if (!note.empty()) err << "slidedb-query: " << note << "\n";
  return s.ok() ? kExitOk : Failed(config, s, err);
}

// The searches of one question named on the command line (a STATE, one
// STATE's --moves, an --analyse): --max-seconds counted from `asked_at`,
// the database's opening included, and their progress on a terminal or
// when asked (a line as each iteration starts, and within a long one).
void SearchOfOne(const QueryArgs& a, SearchLimits::Clock::time_point asked_at,
                 std::ostream& err, QueryConfig* config) {
  config->asked_at = asked_at;
  const bool terminal = &err == &std::cerr && isatty(STDERR_FILENO) == 1;
  if (a.progress == ProgressMode::kForce ||
      (a.progress == ProgressMode::kAuto && terminal)) {
    config->limits.progress = SearchProgressPrinter(&err, a.progress_after);
    config->limits.progress_every = kProgressWithinSeconds;
  }
}

// --moves: each STATE's moves, one answer a line, in order.
int RunMoves(QueryArgs* args, SearchLimits::Clock::time_point asked_at,
             Solver* solver, std::istream& in, std::ostream& out,
             std::ostream& err) {
  const QueryArgs& a = *args;
  if (a.states.size() == 1) SearchOfOne(a, asked_at, err, &args->config);
  const QueryConfig& config = a.config;
  bool malformed = false, unsolvable = false, timed_out = false;
  size_t next = 0;
  std::string line;
  auto next_input = [&]() -> bool {
    if (!a.states.empty()) {
      if (next == a.states.size()) return false;
      line = a.states[next++];
      return true;
    }
    return NextInputLine(in, &line);
  };
  while (next_input()) {
    MovesFields m;
    const Status s = AnswerMoves(config, solver, line, &m);
    std::string o;
    if (s.IsInvalidArgument()) {
      malformed = true;
      if (config.json) {
        Answerer(config, solver).Answer(line, &o, &o);
      } else {
        err << "slidedb-query: " << s.message() << "\n";
      }
    } else if (OwnBudgetRanOut(config, s)) {
      // As a batch's solve does: the line answered with the reason, the
      // batch going on (exit 75 at the end).
      timed_out = true;
      std::ostringstream why;
      why << "the search's budget (" << config.max_seconds
          << " s) ran out before every move's distance was found ("
          << s.message() << "): --max-seconds gives it more";
      std::string e;
      WriteUnanswered(config, line, Status::DeadlineExceeded(why.str()), &o,
                      &e);
      err << e;
    } else if (!s.ok()) {
      return Failed(config, s, err);
    } else {
      unsolvable = unsolvable || !m.solvable;
      if (config.json) {
        AppendMovesJson(m, &o);
      } else {
        AppendMovesText(m, &o);
      }
    }
    out << o << std::flush;
  }
  return AfterInput(
      ExitStatus(true, malformed, unsolvable, Status::OK(), timed_out), in,
      err);
}

// --analyse: one solve, move by move.
int RunAnalyse(QueryArgs* args, SearchLimits::Clock::time_point asked_at,
               Solver* solver, std::ostream& out, std::ostream& err) {
  const QueryArgs& a = *args;
  SearchOfOne(a, asked_at, err, &args->config);
  const QueryConfig& config = a.config;
  AnalysisFields f;
  const Status s =
      AnalyseSolve(config, solver, a.analyse_start, a.analyse_moves, &f);
  if (s.IsInvalidArgument()) {
    if (config.json) {  // a program reading the output is told too
      std::string o;
      AppendErrorJson({{"start", a.analyse_start}, {"moves", a.analyse_moves}},
                      s, &o);
      out << o;
    }
    err << "slidedb-query: " << s.message() << "\n";
    return kExitDataError;
  }
  if (!s.ok()) return Failed(config, s, err);
  std::string o;
  if (config.json) {
    AppendAnalysisJson(f, &o);
  } else {
    AppendAnalysisText(f, &o);
  }
  out << o;
  return f.solvable ? kExitOk : kExitUnsolvable;
}

// --tables and --histogram: what the database holds.
int RunListing(const QueryArgs& a, const Database& db, std::ostream& out,
               std::ostream& err) {
  const QueryConfig& config = a.config;
  std::string o;
  Status s;
  if (a.mode == QueryMode::kTables) {
    std::vector<GoalInfo> goals;
    s = ListGoals(db, &goals);
    if (s.ok() && !a.tables_board.empty()) {
      s = KeepBoard(a.tables_board, &goals);
    }
    if (s.ok() && config.json) AppendGoalsJson(goals, &o);
    if (s.ok() && !config.json) AppendGoalsText(goals, &o);
  } else {
    s = AppendHistogram(config, db, a.format, &o);
  }
  if (!s.ok()) return Failed(config, s, err);
  out << o;
  return kExitOk;
}

int Threads(const QueryConfig& config) {
  return config.threads > 0 ? config.threads : Cores();
}

// Under mpirun, says on `err` when a rank runs more threads than the CPUs
// it may run on: mpirun binds ranks to cores or sockets, and the threads
// of one CPU take turns.
void WarnIfBound(int threads, std::ostream& err) {
  const int cpus = Cores();
  if (threads <= cpus) return;
  err << "slidedb-query: " << threads << " threads a rank, but rank 0 may run "
      << "on " << cpus << (cpus == 1 ? " CPU" : " CPUs")
      << ": mpirun binds each rank to a core or a socket; give mpirun "
         "--bind-to none, or --map-by node:PE=N for N CPUs a rank "
         "(docs/SCALE.md)\n";
}

// The states of the command line or of the input, answered in order. A
// state named alone is searched on every thread (on every rank under
// mpirun) and tells its progress; a batch answers its lines side by side.
int RunStates(QueryArgs* args, Solver* solver, GoalKind kind,
              SearchLimits::Clock::time_point asked_at, MpiQuery* mpi,
              std::istream& in, std::ostream& out, std::ostream& err) {
  const QueryArgs& a = *args;
  QueryConfig& config = args->config;
  const int threads = mpi != nullptr && config.threads <= 0
                          ? mpi->DefaultThreads()
                          : Threads(config);
  if (kind == GoalKind::kSearch && a.states.size() == 1) {
    config.limits.threads = threads;
    if (mpi != nullptr) {  // the other ranks take subtrees too
      config.limits.threads = mpi->MaxThreads(threads);
      config.limits.share = mpi->share();
    }
    // A batch's answers are their own progress.
    SearchOfOne(a, asked_at, err, &config);
  }
  if (StartedByMpirun() && MpirunRank() == 0) {
    const bool one = kind == GoalKind::kSearch && a.states.size() == 1;
    WarnIfBound(one ? config.limits.threads : threads, err);
  }
  BatchOutcome o;
  {
    GracefulStop stop;  // a signal ends the batch at a whole line
    o = AnswerInParallel(config, solver, threads, a.states, in, out, err);
  }
  // A stop ends the batch early, or ends its input (StopAwareInput).
  if (StopSignal() != 0) {
    out.flush();
    err << "slidedb-query: stopped by a signal: every answer written is "
           "whole, in input order; the lines after the last were not "
           "answered\n";
    return 128 + StopSignal();
  }
  return AfterInput(
      ExitStatus(o.db_ok, o.malformed, o.unsolvable, o.error, o.timed_out), in,
      err);
}

// Whether answering needs no database at all: no multi-tile table is built
// of a board past full tables. Its search (4x4, 3x5, 5x3, 4x5, 5x4) makes
// or unpacks its own tables; the other boards', and the tools that need a
// full table, are refused as they are with a database.
bool ReadsNoDatabase(const QueryArgs& a) {
  return a.config.metric == Metric::kMtm &&
         a.config.board.cells() > kMaxTableCells;
}

int Run(const std::vector<std::string>& argv, std::istream& in,
        std::ostream& out, std::ostream& err,
        std::unique_ptr<Database>* database, MpiQuery* mpi) {
  const auto asked_at = SearchLimits::Clock::now();
  QueryArgs a;
  if (std::optional<int> done = ParseQueryArgs(argv, &a, out, err)) {
    return *done;
  }
  QueryConfig& config = a.config;
  std::unique_ptr<Database>& db = *database;
  Status s = Database::Open(config.db_dir, &db);
  if (s.IsNotFound() && ReadsNoDatabase(a)) {
    db = Database::Empty(config.db_dir);
    s = Status::OK();
  }
  if (!s.ok()) {
    SayMalformedStates(a, err);
    err << "slidedb-query: " << s.message();
    // The build of the board and metric asked about (slidedb-build makes
    // 3x3's single-tile tables by default).
    if (s.IsNotFound()) {
      err << MissingDatabaseHint(
          config.db_dir,
          (config.board == Board(3, 3) ? ""
                                       : " --board " + config.board.Name()) +
              (config.metric == Metric::kMtm ? " --metric mtm" : ""));
    }
    err << "\n";
    return ExitStatusOf(s);
  }
  if (a.mode == QueryMode::kTables || a.mode == QueryMode::kHistogram) {
    return RunListing(a, *db, out, err);
  }
  Solver solver(db.get());
  // Few answers read only the pages their walks and searches touch. A
  // batch from the input reads a small table and the pattern databases it
  // searches whole (its searches touch most of their pages, and reading
  // them in order is faster; but for the entries of a set with successor
  // words, whose search reads its start's only).
  if (a.FewAnswers()) {
    solver.set_page_loading(Database::PageLoading::kOnUse);
  } else {
    solver.set_pdbs_whole(true);
  }
  if (a.mode != QueryMode::kStates && a.mode != QueryMode::kMoves &&
      a.mode != QueryMode::kAnalyse) {
    return RunTableTool(a, &solver, out, err);
  }
  // Every answer uses what answers the goal: open it now, so that a missing
  // table is reported once, before any input is read.
  GoalKind kind;
  s = OpenGoal(config, &solver, &kind);
  if (!s.ok()) {
    SayMalformedStates(a, err);
    return Failed(config, s, err);
  }
  if (config.extras.count || config.extras.all) {
    s = CheckWholeTable(config, &solver,
                        config.extras.count ? WholeTableTool::kCount
                                            : WholeTableTool::kAll);
    if (!s.ok()) return Failed(config, s, err);
  }
  if (mpi != nullptr && (a.mode != QueryMode::kStates ||
                         kind != GoalKind::kSearch || a.states.size() != 1)) {
    err << "slidedb-query: under mpirun with more than one rank, "
           "slidedb-query searches one state named on the command line, on "
           "a board of pattern databases (4x4, 5x5); run it without mpirun\n";
    return kExitUsage;
  }
  if (a.mode != QueryMode::kStates) {  // one answer at a time, on every core
    config.limits.threads = Threads(config);
    return a.mode == QueryMode::kMoves
               ? RunMoves(&a, asked_at, &solver, in, out, err)
               : RunAnalyse(&a, asked_at, &solver, out, err);
  }
  return RunStates(&a, &solver, kind, asked_at, mpi, in, out, err);
}

}  // namespace

int RunQuery(const std::vector<std::string>& args, std::istream& in,
             std::ostream& out, std::ostream& err,
             std::unique_ptr<Database>* keep_open) {
  std::unique_ptr<Database> database;
  std::unique_ptr<MpiQuery> mpi;  // under mpirun with several ranks
  Status s = MpiQuery::Start(&mpi);
  if (!s.ok()) {
    err << "slidedb-query: " << s.message() << "\n";
    return kExitUsage;
  }
  // Every rank runs the query; rank 0 alone writes.
  std::ostream silent(nullptr);
  const bool writes = mpi == nullptr || mpi->rank() == 0;
  auto run = [&] {
    return Run(args, in, writes ? out : silent, writes ? err : silent,
               keep_open != nullptr ? keep_open : &database, mpi.get());
  };
  // Under mpirun a rank whose memory runs out outside a search's iteration
  // aborts, and mpirun stops the others, which would otherwise wait for it
  // (within an iteration every rank says ResourceExhausted).
  const int status =
      mpi != nullptr ? run() : ExitIfOutOfMemory("slidedb-query", err, run);
  if (mpi != nullptr) mpi->Report(writes ? err : silent);
  return AfterOutput(status, "slidedb-query", out, err);
}

}  // namespace slidedb
