// Db's questions beside the solve (include/slidedb/slidedb.h): a state's
// moves, a solve analysed or checked, optimal solutions counted, a table's
// histogram and samples, each through the answering layer as the other
// faces ask them.
#include <string>
#include <utility>
#include <vector>

#include "api/db_impl.h"
#include "lib/analysis/distance_scan.h"
#include "lib/analysis/sample.h"
#include "lib/answer/analyse.h"
#include "lib/answer/answer_extras.h"
#include "lib/answer/histogram.h"
#include "lib/answer/limits.h"
#include "lib/answer/moves.h"
#include "lib/answer/table_tools.h"
#include "lib/base/out_of_memory.h"
#include "slidedb/slidedb.h"

namespace slidedb {

using api_internal::Explained;

namespace {

// The question's fields of an answer of the answering layer, onto the C++
// API's (Analysis, Verification, OptimalSolutions).
template <class From, class To>
void CopyQuestion(const From& f, To* t) {
  t->board = f.board;
  t->start = f.start;
  t->goal = f.goal;
  t->metric = f.metric;
  t->notation = f.notation;
  t->solvable = f.solvable;
  t->reason = f.reason;
}

}  // namespace
using api_internal::ReadOptions;

Status Db::Moves(const std::string& start, const Options& options,
                 std::vector<NextMove>* moves) const {
  Answerer* answerer;
  const QueryConfig* config;
  Status s = impl_->Answering(options, &answerer, &config, &start);
  if (!s.ok()) return s;
  MovesFields fields;
  s = AnswerMoves(*config, impl_->solver(), start, &fields);
  if (!s.ok()) return s;
  moves->clear();
  for (const NextMoveFields& f : fields.moves) {
    NextMove next;
    next.move = MoveLetter(f.move);
    next.cells = f.cells;
    next.text = f.written;
    next.tile = f.tile;
    next.tiles = f.tiles;
    next.state = f.state;
    next.distance = f.distance;
    moves->push_back(std::move(next));
  }
  return Status::OK();
}

Status Db::Analyse(const std::string& start, const std::string& moves,
                   const Options& options, Analysis* analysis) const {
  Answerer* answerer;
  const QueryConfig* config;
  Status s = impl_->Answering(options, &answerer, &config, &start);
  if (!s.ok()) return s;
  AnalysisFields f;
  s = AnalyseSolve(*config, impl_->solver(), start, moves, &f);
  if (!s.ok()) return Explained(*config, s, impl_->database());
  Analysis& a = *analysis;
  a = Analysis();
  CopyQuestion(f, &a);
  a.optimal_length = f.optimal_length;
  a.length = f.length;
  a.reaches_goal = f.reaches_goal;
  a.lost = f.lost;
  a.complete = f.complete;
  a.analysed = f.analysed;
  for (const AnalysedMove& m : f.moves) {
    a.moves.push_back({m.move, m.tiles, m.before, m.after, m.optimal, m.lost});
  }
  for (const WrongStretch& w : f.stretches) {
    a.stretches.push_back({w.first, w.last, w.lost});
  }
  a.nodes = f.nodes;
  return Status::OK();
}

namespace {

// An option a question about a whole table would ignore is refused, as
// slidedb-query and the server refuse it: InvalidArgument, else OK.
Status RefuseIgnored(const Options& options, const char* question) {
  const char* ignored = !options.notation.empty() ? "notation"
                        : options.max_seconds     ? "max_seconds"
                                                  : nullptr;
  if (ignored == nullptr) return Status::OK();
  return Status::InvalidArgument(std::string(ignored) + " does not apply to " +
                                 question);
}

}  // namespace

Status Db::GetHistogram(const Options& options, Histogram* histogram) const {
  QueryConfig config;
  Status s = RefuseIgnored(options, "a histogram");
  if (s.ok()) s = ReadOptions(options, dir(), &config);
  if (!s.ok()) return s;
  s = CheckWholeTable(config, impl_->solver(), WholeTableTool::kHistogram);
  if (!s.ok()) return Explained(config, s, impl_->database());
  const TableMeta* meta;
  s = FindGoalTable(config, impl_->database(), &meta);
  if (!s.ok()) return Explained(config, s, impl_->database());
  histogram->board = config.board.Name();
  histogram->goal =
      FormatArrangement(GoalArrangement(config), config.blank_out);
  histogram->metric = MetricName(config.metric);
  histogram->total = meta->states;
  histogram->max_distance = meta->max_distance;
  histogram->counts = meta->histogram;
  return Status::OK();
}

Status Db::Impl::Extras(const std::string& start, const Options& options,
                        const ExtraOptions& extras, ExtraFields* fields) {
  Answerer* answerer;
  const QueryConfig* config;
  Status s = Answering(options, &answerer, &config, &start);
  if (!s.ok()) return s;
  s = AnswerExtras(*config, solver(), start, extras, fields);
  return s.ok() ? s : Explained(*config, s, database());
}

Status Db::Verify(const std::string& start, const std::string& moves,
                  const Options& options, Verification* verification) const {
  ExtraOptions extras;
  extras.verify = true;
  extras.verify_text = moves;
  extras.verify_name = "moves";
  ExtraFields f;
  const Status s = impl_->Extras(start, options, extras, &f);
  if (!s.ok()) return s;
  Verification& v = *verification;
  v = Verification();
  CopyQuestion(f, &v);
  if (!f.solvable) return Status::OK();
  v.legal = f.verdict.legal;
  v.reaches_goal = f.verdict.reaches_goal;
  v.length = f.verdict.length;
  v.optimal_length = f.verdict.optimal_length;
  v.gap = f.verdict.reaches_goal ? f.verdict.gap() : -1;
  v.illegal_move = f.verdict.illegal_move;
  v.illegal_step = f.verdict.illegal_step;
  return Status::OK();
}

Status Db::AllSolutions(const std::string& start, int64_t limit,
                        const Options& options,
                        OptimalSolutions* solutions) const {
  ExtraOptions extras;
  extras.count = true;
  if (limit != 0) {
    Status s = CheckNumber(UserNumber::kLimit, "limit", limit, kLibraryLimits);
    if (!s.ok()) {
      // 0 is taken too, here alone: the count with none listed.
      return Status::InvalidArgument(s.message() + " (or 0: none listed)");
    }
    extras.all = true;
    extras.limit = static_cast<size_t>(limit);
  }
  // Up to `limit` solutions held: memory that runs out is
  // ResourceExhausted, as on every face, not an exception.
  return StatusIfOutOfMemory([&] {
    ExtraFields f;
    const Status s = impl_->Extras(start, options, extras, &f);
    if (!s.ok()) return s;
    OptimalSolutions& o = *solutions;
    o = OptimalSolutions();
    CopyQuestion(f, &o);
    o.count = f.solvable ? f.optimal_solutions : "0";
    o.solutions = std::move(f.solutions);
    // With none listed, not all are: a solvable start has at least one.
    o.complete = limit != 0 && f.solutions_complete;
    return Status::OK();
  });
}

Status Db::Sample(int64_t n, int distance, uint64_t seed,
                  const Options& options,
                  std::vector<SampledState>* states) const {
  // The numbers as every face reads them (lib/answer/limits.h).
  Status s = RefuseIgnored(options, "a sample");
  if (s.ok()) s = CheckNumber(UserNumber::kSample, "n", n, kLibraryLimits);
  if (s.ok() && distance != -1) {
    s = CheckNumber(UserNumber::kDistance, "distance", distance,
                    kLibraryLimits);
  }
  if (!s.ok()) return s;
  QueryConfig config;
  s = ReadOptions(options, dir(), &config);
  if (!s.ok()) return s;
  config.limits.cancel = options.cancel;  // a scan stops when it is set
  TableToolContext ctx;
  s = OpenTableTool(config, impl_->solver(), WholeTableTool::kSample, &ctx);
  if (!s.ok()) return Explained(config, s, impl_->database());
  // Up to n states held: memory that runs out is ResourceExhausted, as
  // on every face, not an exception.
  return StatusIfOutOfMemory([&] {
    std::vector<Index> picks;
    Status s = SampleStates(ctx.table, static_cast<uint64_t>(n), distance, seed,
                            &picks, ctx.scan);
    if (!s.ok()) return s;
    states->clear();
    for (Index i : picks) {
      SampledState st;
      st.distance = distance;
      if (distance < 0) {
        s = TrueDistance(ctx.table, i, &st.distance);
        if (!s.ok()) return s;
      }
      st.state = FormatArrangement(
          ToArrangement(ctx.goal, ctx.table->indexer().StateAt(i)),
          config.blank_out);
      states->push_back(std::move(st));
    }
    return Status::OK();
  });
}

}  // namespace slidedb
