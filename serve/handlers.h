// The work of one API request (serve/api.h), over the answering layer
// (lib/answer/): each endpoint reads its parameters, asks, and writes the
// answer slidedb-query writes for the same question.
#ifndef SLIDEDB_SERVE_HANDLERS_H_
#define SLIDEDB_SERVE_HANDLERS_H_

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "lib/answer/goal.h"
#include "lib/solve/solver.h"
#include "lib/storage/database.h"
#include "serve/api.h"
#include "serve/params.h"

namespace slidedb {

class Answerer;  // lib/answer/answerer.h

// The 503 of `request` past the server's time for one (`why`: what
// stopped it), with what max_seconds can do for it: nothing for the
// multi-tile metric (`mtm`) nor where it cannot help (/api/moves, a
// verification, `count` and `all` need exact distances), little when it
// was given (`max_seconds`).
std::string DeadlineMessage(const std::string& why, const ApiRequest& request,
                            bool mtm, bool max_seconds);

// One request's work, with the databases it started on.
class Handler {
 public:
  // sources: at least one.
  Handler(const std::vector<DbSource>& sources, uint64_t generation,
          const ApiRequest& request)
      : sources_(sources),
        db_dir_(sources[0].dir),
        db_(sources[0].db),
        solver_(sources[0].solver),
        request_(request),
        params_(request.params),
        generation_(generation) {}

  // GET /api/solve, /api/count (implied "count"), /api/verify (implied
  // "verify") and POST /api/solve.
  ApiResponse Solve(const std::string& implied);
  ApiResponse Moves();
  ApiResponse Analyse();
  ApiResponse Histogram();
  ApiResponse Sample();
  ApiResponse Tables();

 private:
  Status ReadSolve(const std::string& implied);
  // Reads the goal parameters plus `more` (max_seconds among them, when
  // `more` names it); InvalidArgument (a 400) for an unknown parameter or a
  // value that does not parse.
  Status Read(std::initializer_list<const char*> more);
  // Opens what answers the goal; false after filling *error (404 when it
  // was not built, naming the command that builds it; but 400, as an
  // answer says it, when `start`, if given, is malformed: an analysis's
  // shape when `moves` is given).
  bool OpenGoal(const std::string* start, ApiResponse* error,
                const std::string* moves = nullptr);
  ApiResponse Failure(const Status& s);
  ApiResponse NotationIgnored() const;
  // The states of a POST's body, by its content type; false after filling
  // *error (400 empty, 413 too many, 415 a type not taken).
  bool BatchInputs(std::vector<std::string>* inputs, ApiResponse* error);
  // The start parameter, required; nullptr after filling *error.
  const std::string* Start(ApiResponse* error);
  // This thread's Answerer for the question of /api/solve (`implied`:
  // "count", "verify" or ""), made again unless the last request of this
  // thread asked the same; nullptr after filling *error.
  Answerer* CachedAnswerer(const std::string& implied, ApiResponse* error);
  // A POST's states, answered in order by `answerer`.
  ApiResponse SolveBatch(Answerer* answerer);

  // Of several sources, makes the first that answers config_'s goal the
  // one this request asks (db_dir_, db_, solver_); when none does, the
  // first that holds a table or pattern databases of its board, else the
  // first.
  void PickSource();
  void UseSource(const DbSource& source);

  const std::vector<DbSource>& sources_;
  std::string db_dir_;
  Database* db_;
  Solver* solver_;
  const ApiRequest& request_;
  Params params_;
  uint64_t generation_;
  // Made by Read(), but for /api/solve asked again with the parameters of
  // this thread's last question.
  std::optional<QueryConfig> own_config_;
  // own_config_, or for /api/solve the config of this thread's Answerer;
  // set before any use by Read() or Solve().
  QueryConfig* config_ = nullptr;
};

}  // namespace slidedb

#endif  // SLIDEDB_SERVE_HANDLERS_H_
