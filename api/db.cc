// The public API (include/slidedb/slidedb.h): a thin face over the
// answering layer (lib/answer/), which every other face uses too.
#include <algorithm>
#include <array>
#include <atomic>
#include <optional>
#include <string_view>
#include <thread>
#include <vector>

#include "api/db_impl.h"
#include "lib/analysis/distance_scan.h"
#include "lib/analysis/sample.h"
#include "lib/answer/analyse.h"
#include "lib/answer/answerer.h"
#include "lib/answer/goal.h"
#include "lib/answer/histogram.h"
#include "lib/answer/json_text.h"
#include "lib/answer/moves.h"
#include "lib/answer/table_tools.h"
#include "lib/answer/tables.h"
#include "lib/answer/tile_rows.h"
#include "lib/base/out_of_memory.h"
#include "lib/base/threads.h"
#include "lib/solve/solver.h"
#include "lib/storage/database.h"
#include "slidedb/slidedb.h"

namespace slidedb {

using api_internal::Explained;
using api_internal::ReadOptions;

const char* Version() { return SLIDEDB_VERSION; }

bool LabelIsNumber(const std::string& label) { return IsNumberLabel(label); }

namespace {

// Whether two sets of options ask the same way.
bool Same(const Options& a, const Options& b) {
  return a.board == b.board && a.goal == b.goal && a.blank == b.blank &&
         a.max_seconds == b.max_seconds && a.metric == b.metric &&
         a.notation == b.notation && a.cancel == b.cancel;
}

// A batch stopped by Options::cancel.
Status Stopped() { return Status::DeadlineExceeded("stopped (cancelled)"); }

}  // namespace

namespace api_internal {

// Options read as every face reads a question's board, goal and blank.
Status ReadOptions(const Options& options, const std::string& db_dir,
                   QueryConfig* config) {
  config->db_dir = db_dir;
  config->json = true;
  config->limits.cancel = options.cancel;
  if (options.max_seconds.has_value()) {
    Status s = CheckMaxSeconds("max_seconds", *options.max_seconds);
    if (!s.ok()) return s;
    config->max_seconds = *options.max_seconds;
  }
  // One question at a time is searched on every core.
  config->limits.threads = Cores();
  Status s = ReadMoveOptions(
      options.metric.empty() ? nullptr : &options.metric,
      options.notation.empty() ? nullptr : &options.notation, config);
  if (!s.ok()) return s;
  return ReadGoalOptions(
      options.board, options.goal.empty() ? nullptr : &options.goal,
      options.blank.empty() ? nullptr : &options.blank, config);
}

}  // namespace api_internal

Status Db::Impl::Answering(const Options& options, Answerer** answerer,
                           const QueryConfig** config,
                           const std::string* start) {
  struct Cache {
    uint64_t db = 0;  // Impl::id_; 0: none
    Options options;
    QueryConfig config;
    std::unique_ptr<Answerer> answerer;
    uint64_t used = 0;  // when it was last used, by `uses`
  };
  thread_local std::array<Cache, 4> caches;
  thread_local uint64_t uses = 0;
  Cache* found = &caches[0];  // else the least recently used
  bool hit = false;
  for (Cache& c : caches) {
    if (c.db == id_ && Same(c.options, options)) {
      found = &c;
      hit = true;
      break;
    }
    if (c.used < found->used) found = &c;
  }
  Cache& cache = *found;
  cache.used = ++uses;
  if (!hit) {
    cache.db = 0;
    cache.answerer.reset();
    cache.config = QueryConfig();
    Status s = ReadOptions(options, db_->dir(), &cache.config);
    if (!s.ok()) return s;
    // What answers the goal is opened now, so a missing table is an
    // error before any state is read.
    GoalKind kind;
    s = OpenGoal(cache.config, &solver_, &kind);
    if (!s.ok()) {
      const Status malformed =
          start != nullptr ? CheckInput(cache.config, *start) : Status::OK();
      if (malformed.ok()) return Explained(cache.config, s, *db_);
      return Status::InvalidArgument(
          MalformedMessage(*start, malformed.message()));
    }
    cache.answerer = std::make_unique<Answerer>(cache.config, &solver_);
    cache.options = options;
    cache.db = id_;
  }
  *answerer = cache.answerer.get();
  *config = &cache.config;
  return Status::OK();
}

Db::Db(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Db::~Db() = default;

Status Db::Open(const std::string& dir, std::unique_ptr<Db>* db) {
  return Open(dir, OpenOptions(), db);
}

Status Db::Open(const std::string& dir, const OpenOptions& options,
                std::unique_ptr<Db>* db) {
  if (dir.empty()) {
    // As --db '' is refused: no default taken unseen.
    return Status::InvalidArgument("the database path is empty");
  }
  if (dir.find('\0') != std::string::npos) {
    // The system would read the path only up to it: another folder.
    return Status::InvalidArgument("the database path holds a NUL byte");
  }
  std::unique_ptr<Database> d;
  Status s = Database::Open(dir, &d);
  if (s.IsNotFound()) {
    // As the tools say it: what to build, or why it is no database.
    return Status::NotFound(s.message() + MissingDatabaseHint(dir));
  }
  if (!s.ok()) return s;
  // Every table's metadata is read now, so that a damaged one fails Open
  // (and Tables() below does not fail for them).
  std::vector<const TableMeta*> tables;
  s = d->Tables(&tables);
  if (!s.ok()) return s;
  auto impl = std::make_unique<Impl>(std::move(d));
  if (options.preload) {
    s = impl->solver()->PreloadPdbs();
    if (!s.ok()) return s;
  }
  db->reset(new Db(std::move(impl)));
  return Status::OK();
}

const std::string& Db::dir() const { return impl_->database().dir(); }

namespace {

// Db::Tables, of every board (board null) or of one.
Status ListTables(const Database& db, const std::string* board,
                  std::vector<TableInfo>* tables) {
  std::vector<TableInfo>& out = *tables;
  out.clear();
  std::vector<GoalInfo> goals;
  Status s = ListGoals(db, &goals);
  if (s.ok() && board != nullptr) s = KeepBoard(*board, &goals);
  if (!s.ok()) return s;
  for (const GoalInfo& g : goals) {
    TableInfo t;
    t.board = g.board;
    t.goal = g.goal;
    t.states = g.states;
    t.max_distance = g.max_distance;
    t.kind = g.kind;
    t.metric = g.metric;
    t.partition = g.partition;
    t.index = g.pdb_index;
    t.words = g.pdb_words;
    t.cross = g.pdb_cross;
    out.push_back(std::move(t));
  }
  return Status::OK();
}

}  // namespace

Status Db::Tables(std::vector<TableInfo>* tables) const {
  return ListTables(impl_->database(), nullptr, tables);
}

Status Db::Tables(const std::string& board,
                  std::vector<TableInfo>* tables) const {
  return ListTables(impl_->database(), &board, tables);
}

namespace {

void ToSolution(const SolvedFields& f, Solution* out) {
  out->board = f.board;
  out->start = f.start;
  out->goal = f.goal;
  out->solvable = f.solvable;
  out->reason = f.reason;
  out->distance = f.distance;
  out->metric = f.metric;
  out->moves = f.moves;
  out->notation = f.notation;
  out->tiles = f.tiles;
  out->nodes = f.nodes;
  out->optimal = f.optimal;
  out->lower_bound = f.lower_bound;
}

}  // namespace

Status Db::Solve(const std::string& start, const Options& options,
                 Solution* solution) const {
  Answerer* answerer;
  const QueryConfig* config;
  Status s = impl_->Answering(options, &answerer, &config, &start);
  if (!s.ok()) return s;
  SolvedFields f;
  s = answerer->Solve(start, &f);
  if (s.ok()) ToSolution(f, solution);
  return s;
}

Status Db::SolveMany(const std::vector<std::string>& starts,
                     const Options& options,
                     std::vector<Solution>* solutions) const {
  Answerer* answerer;
  const QueryConfig* config;
  Status s = impl_->Answering(options, &answerer, &config);
  if (!s.ok()) return s;
  solutions->resize(starts.size());
  // In groups, so that a two-bit table's walks go together
  // (Answerer::SolveMany), taken in order by a thread a core. The error is
  // that of the first group that fails, as one thread would find it.
  constexpr size_t kGroup = 256;
  const size_t groups = (starts.size() + kGroup - 1) / kGroup;
  std::atomic<size_t> next{0};
  std::atomic<size_t> failed{groups};  // the first group that failed
  std::vector<Status> errors(groups);
  auto work = [&](Answerer* answerer) {
    std::vector<std::string_view> group;
    std::vector<SolvedFields> fields;
    for (size_t g = next++; g < groups && g < failed.load(); g = next++) {
      const size_t begin = g * kGroup;
      const size_t end = std::min(starts.size(), begin + kGroup);
      // Memory that runs out (the answers, their solutions' strings) is
      // the group's failure: an exception would end the process, other
      // threads still answering.
      errors[g] =
          options.cancel != nullptr && options.cancel->load()
              ? Stopped()
              : StatusIfOutOfMemory([&] {
                  group.assign(starts.begin() + begin, starts.begin() + end);
                  fields.resize(kGroup);
                  Status s = answerer->SolveMany(group.data(), group.size(),
                                                 fields.data());
                  for (size_t j = 0; s.ok() && j < group.size(); ++j) {
                    ToSolution(fields[j], &(*solutions)[begin + j]);
                  }
                  return s;
                });
      if (!errors[g].ok()) {
        size_t first = failed.load();
        while (g < first && !failed.compare_exchange_weak(first, g)) {
        }
      }
    }
  };
  const size_t threads = std::min<size_t>(groups, Cores());
  std::vector<std::thread> pool;
  if (threads > 1) pool.reserve(threads - 1);  // none for no starts
  for (size_t t = 1; t < threads; ++t) {
    // As many as the system starts: the groups go to those there are.
    const bool started = StartThread(&pool, [&] {
      // An answerer is a thread's own (Answering); a thread that has no
      // memory for one leaves the groups to the others.
      Answerer* mine = nullptr;
      const QueryConfig* unused;
      const Status s = StatusIfOutOfMemory(
          [&] { return impl_->Answering(options, &mine, &unused); });
      if (s.ok()) work(mine);
    });
    if (!started) break;
  }
  work(answerer);
  for (std::thread& t : pool) t.join();
  return failed.load() < groups ? errors[failed.load()] : Status::OK();
}

Status Db::Distance(const std::string& start, const Options& options,
                    int* distance) const {
  Answerer* answerer;
  const QueryConfig* config;
  Status s = impl_->Answering(options, &answerer, &config, &start);
  if (!s.ok()) return s;
  // A table's lookup never looks at the flag: a caller's loop of Distance
  // calls (Python's distances of a list) stops here.
  if (options.cancel != nullptr && options.cancel->load()) return Stopped();
  return answerer->Distance(start, distance);
}

namespace {

// States given as numbers write the blank 0: a blank label of another
// name cannot apply to them.
Status CheckRowsBlank(const Options& options) {
  if (options.blank.empty() || options.blank == "0") return Status::OK();
  return Status::InvalidArgument(
      "blank '" + options.blank +
      "': states given as numbers have 0 for the blank (blank applies to "
      "states written as text)");
}

}  // namespace

Status Db::Distances(const uint8_t* rows, size_t n, size_t row_length,
                     const Options& options, int* distances) const {
  const QueryConfig* config;
  Status s = CheckRowsBlank(options);
  if (s.ok()) s = impl_->Config(options, &config);
  if (!s.ok()) return s;
  return TileRowDistances(*config, impl_->solver(), rows, n, row_length,
                          distances);
}

Status Db::SolveMany(const uint8_t* rows, size_t n, size_t row_length,
                     const Options& options,
                     std::vector<Solution>* solutions) const {
  const QueryConfig* config;
  Status s = CheckRowsBlank(options);
  if (s.ok()) s = impl_->Config(options, &config);
  std::vector<std::string> texts;
  if (s.ok()) s = TileRowTexts(*config, rows, n, row_length, &texts);
  return s.ok() ? SolveMany(texts, options, solutions) : s;
}

Status Db::CheckRows(const uint8_t* rows, size_t n, size_t row_length,
                     const Options& options) const {
  const QueryConfig* config;
  Status s = CheckRowsBlank(options);
  if (s.ok()) s = impl_->Config(options, &config);
  return s.ok() ? CheckTileRows(*config, rows, n, row_length) : s;
}

}  // namespace slidedb
