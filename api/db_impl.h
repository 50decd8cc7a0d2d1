// What a Db (include/slidedb/slidedb.h) holds, shared by api/db.cc (open,
// solve, distances) and api/db_tools.cc (moves, analyses, checks,
// histograms, samples).
#ifndef SLIDEDB_API_DB_IMPL_H_
#define SLIDEDB_API_DB_IMPL_H_

#include <atomic>
#include <cstdint>
#include <memory>

#include "lib/answer/answerer.h"
#include "lib/answer/goal.h"
#include "lib/solve/solver.h"
#include "lib/storage/database.h"
#include "slidedb/slidedb.h"

namespace slidedb {

class Db::Impl {
 public:
  explicit Impl(std::unique_ptr<Database> db)
      : db_(std::move(db)), solver_(db_.get()) {
    static std::atomic<uint64_t> ids{0};
    id_ = ++ids;
  }

  const Database& database() const { return *db_; }
  Solver* solver() { return &solver_; }

  // This thread's Answerer for `options`, kept for the last few sets of
  // options and databases it used: single calls with the same options read
  // them once, and calls that take turns between two databases or two
  // boards do too. A missing table is NotFound, but for a `start`, if
  // given, malformed for the board: its InvalidArgument, as the other faces
  // say it first.
  Status Answering(const Options& options, Answerer** answerer,
                   const QueryConfig** config,
                   const std::string* start = nullptr);

  // The extras `extras` asks of `start` under `options` (AnswerExtras),
  // a missing table named as the other faces name it: Verify's and
  // AllSolutions' question (api/db_tools.cc).
  Status Extras(const std::string& start, const Options& options,
                const ExtraOptions& extras, ExtraFields* fields);

  // The config alone of Answering.
  Status Config(const Options& options, const QueryConfig** config) {
    Answerer* answerer;
    return Answering(options, &answerer, config);
  }

 private:
  std::unique_ptr<Database> db_;
  Solver solver_;  // one for every thread
  uint64_t id_;    // unique in the process, for the per-thread caches
};

namespace api_internal {

// Options read as every face reads a question's board, goal and blank.
Status ReadOptions(const Options& options, const std::string& db_dir,
                   QueryConfig* config);

// A missing table of `db` named with the command that builds it, as the
// other faces name it.
inline Status Explained(const QueryConfig& config, const Status& s,
                        const Database& db) {
  if (!s.IsNotFound()) return s;
  return Status::NotFound(TableErrorMessage(config, s, &db));
}

}  // namespace api_internal

}  // namespace slidedb

#endif  // SLIDEDB_API_DB_IMPL_H_
