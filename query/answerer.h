// The answers of slidedb-query, shared by the command line (query_cli.cc)
// and the HTTP server (serve/api.h), so that both write the same bytes: one
// STATE's answer (text or one JSON object), the histogram, and how a missing
// table is reported.
#ifndef SLIDEDB_QUERY_ANSWERER_H_
#define SLIDEDB_QUERY_ANSWERER_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "lib/base/status.h"
#include "lib/puzzle/board.h"
#include "lib/puzzle/notation.h"
#include "lib/puzzle/problem.h"
#include "lib/solve/solver.h"
#include "lib/solve/walk.h"
#include "lib/storage/table_meta.h"
#include "query/answer_extras.h"
#include "query/table_tools.h"

namespace slidedb {

// What a question is asked about and how the answers are written.
struct QueryConfig {
  std::string db_dir;  // named in the command that builds a missing table
  Board board;
  NotationOptions notation;
  std::string blank_out;  // the blank's label on output
  std::optional<Arrangement> goal;  // unset: each start's default goal
  bool json = false;
  bool steps = false;  // text: every board on the way; JSON: "path"
  ExtraOptions extras;
  int threads = 0;  // slidedb-query --threads: a batch on N threads; 0: a core each
};

// The cell of the goal's blank: the table every answer uses.
int GoalBlank(const QueryConfig& config);

// "build it with: slidedb-build --db DIR --board RxC --goal G".
std::string BuildHint(const QueryConfig& config, int goal_blank);

// A table that cannot be used, said for a person: the status's message and,
// when the table is missing, the command that builds it.
std::string TableErrorMessage(const QueryConfig& config, const Status& s);

// What became of one input.
enum class Outcome { kSolved, kUnsolvable, kMalformed, kDatabaseError };

// Answers STATEs one at a time. Not thread-safe: one per thread (they may
// share the Solver).
class Answerer {
 public:
  // REQUIRES: config and solver outlive the Answerer.
  Answerer(const QueryConfig& config, Solver* solver);

  // Answers one input line, appending the output to *out and any message
  // for standard error to *err ("slidedb-query: ..."). In JSON a malformed
  // input is the object {"input","error"} on *out.
  Outcome Answer(std::string_view input, std::string* out, std::string* err);

  // After kDatabaseError: what failed.
  const Status& database_error() const { return database_error_; }

  // Whether Answer() may take the compact path (answerer_compact.cc) for
  // the inputs it fits; on by default. Tests turn it off to compare the
  // two paths' bytes.
  void set_compact_path(bool on) { compact_on_ = on && compact_.usable; }
  // How many answers the compact path wrote.
  uint64_t compact_answers() const { return compact_answers_; }

 private:
  // What the compact path needs, worked out once from the config.
  struct CompactPlan {
    bool usable = false;  // the config allows the compact path at all
    char blank = 0;       // the blank's one-character label; 0: 0 _ . -
    char blank_out = 0;   // the blank written on output
    char letter[4] = {};  // MoveLetter of each move
    int goal_parity = 0;  // ParityClass of the goal in table labels
    // With a goal of the config (config.goal set): its tiles as a set of
    // bytes, each tile's table number, its labels by table number, and
    // its text as written on output.
    uint64_t goal_tiles[4] = {};
    uint8_t goal_number[256] = {};
    char goal_label[16] = {};
    std::string goal_text;
  };
  void PlanCompact();
  // Answers an input written as one printable character per cell (no
  // separators) whose answer is a solved path; returns false, having
  // written nothing, for every other input, which the general path then
  // answers. Its output is byte for byte the general path's.
  bool AnswerCompact(std::string_view input, std::string* out);

  Outcome Malformed(std::string_view input, const std::string& message,
                    std::string* out, std::string* err);
  void WriteText(const Problem& p, const std::string& start,
                 const std::string& goal, const Path& path, std::string* out);
  void WriteJson(const Problem& p, const std::string& start,
                 const std::string& goal, const Path& path, std::string* out);

  const QueryConfig& config_;
  Solver* solver_;
  ExtraAnswers extras_;
  const std::string json_head_;  // {"board":"3x3","start":
  Status database_error_;
  CompactPlan compact_;
  bool compact_on_ = false;
  uint64_t compact_answers_ = 0;
  // Reused between inputs, to keep their buffers.
  Arrangement start_;
  Problem problem_;
  Path path_;
};

// Parses a whole decimal number no larger than `max`: no sign, no spaces.
bool ParseNumber(const std::string& text, uint64_t max, uint64_t* value);

// The metadata of the goal's table (no page is read). NotFound, naming the
// table, when it was not built.
Status FindGoalTable(const QueryConfig& config, const Database& db,
                     const TableMeta** meta);

// The histogram of the goal's table as one JSON line: {"board", "goal",
// "total", "max_distance", "counts"}.
std::string HistogramJson(const QueryConfig& config, const TableMeta& meta);
// The goal as the histogram writes it.
std::string HistogramGoalText(const QueryConfig& config);

// The goal the table tools (table_tools.h) answer about, and its table.
// InvalidArgument ("goal: ...") when the goal cannot be posed; the table's
// error (NotFound when missing) otherwise.
Status OpenTableTool(const QueryConfig& config, Solver* solver,
                     TableToolContext* ctx);

}  // namespace slidedb

#endif  // SLIDEDB_QUERY_ANSWERER_H_
