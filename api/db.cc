// The public API (include/slidedb/slidedb.h) over lib/: notation parses,
// problem relabels, the Solver's tables answer.
#include <optional>

#include "lib/analysis/distance_scan.h"
#include "lib/analysis/sample.h"
#include "lib/puzzle/notation.h"
#include "lib/puzzle/problem.h"
#include "lib/puzzle/symmetry.h"
#include "lib/solve/solver.h"
#include "lib/solve/walk.h"
#include "lib/storage/database.h"
#include "slidedb/slidedb.h"

namespace slidedb {

const char* Version() { return SLIDEDB_VERSION; }

namespace {

// Options, read once per call.
struct Parsed {
  Board board;
  NotationOptions notation;
  std::optional<Arrangement> goal;
  std::string blank_out;  // the blank's label on output
  std::string board_name;  // "3x3"

  // The cell of the goal's blank: the table every answer uses.
  int GoalBlank() const { return goal ? goal->blank : board.cells() - 1; }
};

Status Parse(const Options& options, Parsed* out) {
  Status s = Board::Parse(options.board, &out->board);
  if (!s.ok()) return s;
  s = CheckBlankLabel(options.blank);
  if (!s.ok()) return s;
  out->board_name = out->board.Name();
  out->notation.blank = options.blank;
  out->blank_out = OutputBlankLabel(out->notation);
  out->goal.reset();
  if (!options.goal.empty()) {
    Arrangement goal;
    s = ParseArrangement(options.goal, out->board, out->notation, &goal);
    if (!s.ok()) {
      return Status::InvalidArgument("goal '" + options.goal +
                                     "': " + s.message());
    }
    out->goal = std::move(goal);
  }
  return Status::OK();
}

// Options read once per thread and kept while they do not change: a batch
// of single calls with the same options reads them once.
Status ParseCached(const Options& options, const Parsed** out) {
  struct Cache {
    bool valid = false;
    Options options;
    Parsed parsed;
  };
  thread_local Cache cache;
  if (!cache.valid || cache.options.board != options.board ||
      cache.options.goal != options.goal ||
      cache.options.blank != options.blank) {
    cache.valid = false;
    Status s = Parse(options, &cache.parsed);
    if (!s.ok()) return s;
    cache.options = options;
    cache.valid = true;
  }
  *out = &cache.parsed;
  return Status::OK();
}

// A malformed input, named as slidedb-query names it ('input': message),
// a huge one cut short.
Status Malformed(const std::string& input, const Status& s) {
  constexpr size_t kShown = 100;
  return Status::InvalidArgument(
      "'" + (input.size() <= kShown ? input : input.substr(0, kShown) + "...") +
      "': " + s.message());
}

// Buffers one question reuses between calls, one set per thread.
struct Question {
  Arrangement start;
  Arrangement goal;
  Problem problem;
  Path path;
  // The table of the last answer, while one call answers a batch (never
  // kept between calls: the database may be closed).
  Table* table = nullptr;
  int table_blank = -1;

  // This thread's buffers, with no table remembered.
  static Question& ForThisThread() {
    thread_local Question q;
    q.table = nullptr;
    return q;
  }
};

}  // namespace

class Db::Impl {
 public:
  explicit Impl(std::unique_ptr<Database> db)
      : db_(std::move(db)), solver_(db_.get()) {}

  const Database& database() const { return *db_; }

  // The table of the goal's blank, opened on first use and shared by every
  // thread (lib/solve/solver.h and lib/storage/table.h are thread-safe).
  Status GetTable(const Board& board, int goal_blank, Table** table) {
    return solver_.GetTable(board, goal_blank, table);
  }

  // Parses `input` into q->problem, the goal defaulted as slidedb-query
  // does.
  Status Pose(const Parsed& o, const std::string& input, Question* q) const {
    Status s = ParseArrangement(input, o.board, o.notation, &q->start);
    if (!s.ok()) return Malformed(input, s);
    q->goal = o.goal ? *o.goal : DefaultGoal(o.board, q->start);
    s = MakeProblem(o.board, q->start, q->goal, &q->problem);
    if (!s.ok()) return Malformed(input, s);
    return Status::OK();
  }

  Status Solve(const Parsed& o, const std::string& input, Question* q,
               Solution* out) {
    Status s = Pose(o, input, q);
    if (!s.ok()) return s;
    const Problem& p = q->problem;
    out->board = o.board_name;
    out->start = FormatArrangement(q->start, o.blank_out);
    out->goal = FormatArrangement(q->goal, o.blank_out);
    out->solvable = p.solvable;
    out->reason = p.reason;
    out->moves.clear();
    out->tiles.clear();
    if (!p.solvable) {
      out->distance = -1;
      return Status::OK();
    }
    if (q->table == nullptr || q->table_blank != p.goal_blank) {
      s = GetTable(p.board, p.goal_blank, &q->table);
      if (!s.ok()) return s;
      q->table_blank = p.goal_blank;
    }
    s = WalkToGoal(q->table, p.start, &q->path);
    if (!s.ok()) return s;
    const Path& path = q->path;
    out->distance = path.distance();
    for (Move m : path.moves) out->moves.push_back(MoveLetter(m));
    for (uint8_t t : path.tiles) out->tiles.push_back(p.label[t]);
    return Status::OK();
  }

  // The distance of p.start, -1 when unsolvable.
  Status Distance(const Problem& p, const State& start, int* distance) {
    if (!p.solvable) {
      *distance = -1;
      return Status::OK();
    }
    Table* table;
    Status s = GetTable(p.board, p.goal_blank, &table);
    if (!s.ok()) return s;
    return DistanceToGoal(table, start, distance);
  }

 private:
  std::unique_ptr<Database> db_;
  Solver solver_;  // one for every thread
};

Db::Db(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Db::~Db() = default;

Status Db::Open(const std::string& dir, std::unique_ptr<Db>* db) {
  std::unique_ptr<Database> d;
  Status s = Database::Open(dir, &d);
  if (!s.ok()) return s;
  // Every table's metadata is read now, so that a damaged one fails Open
  // (and Tables() below cannot fail).
  std::vector<const TableMeta*> tables;
  s = d->Tables(&tables);
  if (!s.ok()) return s;
  db->reset(new Db(std::make_unique<Impl>(std::move(d))));
  return Status::OK();
}

const std::string& Db::dir() const { return impl_->database().dir(); }

std::vector<TableInfo> Db::Tables() const {
  std::vector<TableInfo> out;
  std::vector<const TableMeta*> tables;
  // Read whole by Open: cannot fail here.
  if (!impl_->database().Tables(&tables).ok()) return out;
  for (const TableMeta* t_stored : tables) {
    const TableMeta& stored = *t_stored;
    for (int goal_blank : ServedGoalBlanks(stored.board, stored.goal_blank)) {
      const TableMeta m = ServedTableMeta(stored, goal_blank);
      out.push_back({m.board.Name(), m.goal, m.states, m.max_distance});
    }
  }
  return out;
}

Status Db::Solve(const std::string& start, const Options& options,
                 Solution* solution) const {
  const Parsed* o;
  Status s = ParseCached(options, &o);
  if (!s.ok()) return s;
  return impl_->Solve(*o, start, &Question::ForThisThread(), solution);
}

Status Db::SolveMany(const std::vector<std::string>& starts,
                     const Options& options,
                     std::vector<Solution>* solutions) const {
  const Parsed* o;
  Status s = ParseCached(options, &o);
  if (!s.ok()) return s;
  solutions->resize(starts.size());
  Question& q = Question::ForThisThread();
  for (size_t i = 0; i < starts.size(); ++i) {
    s = impl_->Solve(*o, starts[i], &q, &(*solutions)[i]);
    if (!s.ok()) return s;
  }
  return Status::OK();
}

Status Db::Distance(const std::string& start, const Options& options,
                    int* distance) const {
  const Parsed* o;
  Status s = ParseCached(options, &o);
  if (!s.ok()) return s;
  Question& q = Question::ForThisThread();
  s = impl_->Pose(*o, start, &q);
  if (!s.ok()) return s;
  return impl_->Distance(q.problem, q.problem.start, distance);
}

Status Db::Moves(const std::string& start, const Options& options,
                 std::vector<NextMove>* moves) const {
  const Parsed* parsed;
  Status s = ParseCached(options, &parsed);
  if (!s.ok()) return s;
  const Parsed& o = *parsed;
  Question& q = Question::ForThisThread();
  s = impl_->Pose(o, start, &q);
  if (!s.ok()) return s;
  const Problem& p = q.problem;
  moves->clear();
  for (Move m : kAllMoves) {
    State after = p.start;
    uint8_t tile;
    if (!ApplyMove(p.board, m, &after, &tile)) continue;
    NextMove next;
    next.move = MoveLetter(m);
    next.tile = p.label[tile];
    next.state = FormatArrangement(ToArrangement(p, after), o.blank_out);
    s = impl_->Distance(p, after, &next.distance);
    if (!s.ok()) return s;
    moves->push_back(std::move(next));
  }
  return Status::OK();
}

Status Db::GetHistogram(const Options& options, Histogram* histogram) const {
  Parsed o;
  Status s = Parse(options, &o);
  if (!s.ok()) return s;
  const int goal_blank = o.GoalBlank();
  const TableMeta* meta;
  s = impl_->database().FindTable(o.board, goal_blank, &meta);
  if (!s.ok()) return s;
  if (meta == nullptr) {
    // The Solver's message, naming the table and the database.
    Table* unused;
    return impl_->GetTable(o.board, goal_blank, &unused);
  }
  histogram->board = o.board.Name();
  histogram->goal = FormatArrangement(
      o.goal ? *o.goal
             : CanonicalGoalArrangement(o.board, goal_blank, o.blank_out),
      o.blank_out);
  histogram->total = meta->states;
  histogram->max_distance = meta->max_distance;
  histogram->counts = meta->histogram;
  return Status::OK();
}

Status Db::Sample(uint64_t n, int distance, uint64_t seed,
                  const Options& options,
                  std::vector<SampledState>* states) const {
  if (distance < -1) {
    return Status::InvalidArgument("the distance must be -1 (any) or more, not " +
                                   std::to_string(distance));
  }
  Parsed o;
  Status s = Parse(options, &o);
  if (!s.ok()) return s;
  const int goal_blank = o.GoalBlank();
  Table* table;
  s = impl_->GetTable(o.board, goal_blank, &table);
  if (!s.ok()) return s;
  // The goal posed from itself: label[t] writes table tile t in the goal's
  // labels.
  const Arrangement goal =
      o.goal ? *o.goal
             : CanonicalGoalArrangement(o.board, goal_blank, o.blank_out);
  Problem labels;
  s = MakeProblem(o.board, goal, goal, &labels);
  if (!s.ok()) return s;
  std::vector<Index> picks;
  s = SampleStates(table, n, distance, seed, &picks);
  if (!s.ok()) return s;
  states->clear();
  for (Index i : picks) {
    SampledState st;
    st.distance = distance;
    if (distance < 0) {
      s = TrueDistance(table, i, &st.distance);
      if (!s.ok()) return s;
    }
    st.state = FormatArrangement(
        ToArrangement(labels, table->indexer().StateAt(i)), o.blank_out);
    states->push_back(std::move(st));
  }
  return Status::OK();
}

}  // namespace slidedb
