// slidedb: exact answers to sliding-tile puzzles from a database built by
// slidedb-build. The one header a program includes; docs/API.md is the
// guide. Everything here is the stable promise; lib/ behind it is not.
//
//   std::unique_ptr<slidedb::Db> db;
//   slidedb::Status s = slidedb::Db::Open("data/slidedb", &db);
//   slidedb::Solution sol;
//   if (s.ok()) s = db->Solve("867254301", {}, &sol);
//   // sol.distance == 31, sol.moves == "ULDR...", sol.tiles == {"5", "2", ...}
//
// States are written as slidedb-query reads them: "123456780",
// "1 2 3 4 5 6 7 8 0", "123/456/780", "12345678_", "1,2,...,11,0"; the
// blank is 0 _ . or - unless Options::blank names another label. Answers use
// the labels of the question, as slidedb-query's JSON does.
//
// Errors are Status values, never exceptions: InvalidArgument for malformed
// input (with slidedb-query's message, an argument named as here: Verify's
// "moves: ..." where the tool says "--verify: ..."), NotFound for a missing
// database or table (with the command that builds it), NotSupported for a
// question the goal's tables cannot answer (sampling on a board answered by a
// search), Corruption or IOError when the database cannot be read.
//
// Thread safety: every const method of an open Db may be called from any
// number of threads at once.
#ifndef SLIDEDB_SLIDEDB_H_
#define SLIDEDB_SLIDEDB_H_

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "slidedb/status.h"

namespace slidedb {

// The library's version, "0.1.0".
const char* Version();

// How to read a question. The defaults are slidedb-query's.
struct Options {
  // rows x cols: full tables up to 12 cells, pattern databases and a
  // search for 13 to 25 (the 15-puzzle: "4x4"; the 24-puzzle: "5x5").
  std::string board = "3x3";
  // The goal, written like a state; empty: the start's tiles in order
  // (numerically when all labels are numbers), blank last.
  std::string goal;
  // The label that stands for the blank; empty: any of 0 _ . -
  std::string blank;
  // A search's budget per answer, in seconds (slidedb-query --max-seconds):
  // more than 0 and at most 86400 (a day); unset: none. When it runs out
  // the answer is the best path found, with Solution::optimal false and
  // Solution::lower_bound.
  std::optional<double> max_seconds;
  // How moves are counted: "stm" (a tile a move) or "mtm" (sliding a row
  // or column segment towards the blank is one move; a board of up to 12
  // cells needs slidedb-build --metric mtm); empty: "stm".
  std::string metric;
  // How moves are written: "blank" (letters name the way the blank goes,
  // "ULDR") or "tile" (the way the tiles go, as slidysim writes, with
  // counts for runs: "R3 D2 L"); empty: "blank".
  std::string notation;
  // Set (to true) from any thread or a signal handler to stop the calls
  // that use these options: a search stops within milliseconds, a batch
  // before its next group, and Distance (a table's lookup too) at its
  // start, each with DeadlineExceeded. Null: none.
  // Must outlive the calls.
  const std::atomic<bool>* cancel = nullptr;
};

// How Db::Open opens a database.
struct OpenOptions {
  // Read every pattern database (the 15-puzzle's, the 24-puzzle's) whole
  // now, so that no answer waits for a page of one: about half a second
  // and 300 MB for the 15-puzzle's default 8-7. By default a search reads their
  // pages as it first needs them (the first 4x4 answer in milliseconds),
  // and the Db's memory grows with the pages read. A set with successor
  // words has its words' files mapped, and its entries read a page at a
  // time even so: a search over the words reads only its start's.
  bool preload = false;
};

// One answer, with the fields of slidedb-query --format json.
struct Solution {
  std::string board;  // "3x3"
  std::string start;  // the start and the goal as slidedb-query prints them
  std::string goal;
  bool solvable = false;
  std::string reason;  // when !solvable: why, about inversion parity
  int distance = -1;   // the fewest moves; -1 when !solvable
  std::string metric;  // how distance counts them: "stm" or "mtm"
  // One optimal solution, in Options::notation: the blank's moves as
  // distance letters ("ULDR"), or in MTM or the tiles' notation a letter
  // a run with its length ("R3 D2 L").
  std::string moves;
  std::string notation;  // "blank" or "tile"
  // The label of each tile that slides, one a single step.
  std::vector<std::string> tiles;
  // The states the search generated, on boards answered by a search over
  // pattern databases (JSON "nodes"); -1 when read off a table.
  int64_t nodes = -1;
  // False only when Options::max_seconds ran out before the search proved
  // its path optimal: then distance is the length of the path found and the
  // optimal length is at least lower_bound (-1 otherwise).
  bool optimal = true;
  int lower_bound = -1;
};

// One legal move of the blank from a state, and where it leads.
struct NextMove {
  char move = 'U';   // U D L R: the direction the blank travels
  int cells = 1;     // how far: more than 1 only in the multi-tile metric
  // The move as Solution::moves writes it, in Options::notation: "U", or
  // "U2" in the multi-tile metric.
  std::string text;
  std::string tile;  // the label of the tile that slides (the first one)
  std::vector<std::string> tiles;  // every tile that slides
  std::string state;  // the state after the move
  int distance = -1;  // that state's distance; -1 when it cannot be solved
};

// A solve analysed move by move (slidedb-query --analyse, docs/TOOLS.md).
struct Analysis {
  struct MoveInfo {
    std::string move;                // as Solution::moves writes one: "R2"
    std::vector<std::string> tiles;  // the tiles it slides
    int before = -1;                 // the distance before it and after it;
    int after = -1;                  // -1 past a search's budget
    bool optimal = false;            // after == before - 1
    int lost = 0;                    // moves lost so far
  };
  std::string board, start, goal, metric, notation;
  bool solvable = false;
  std::string reason;       // when !solvable
  int optimal_length = -1;  // the start's distance
  int length = 0;           // the solve's moves, in the metric
  bool reaches_goal = false;
  int lost = 0;
  bool complete = true;  // false: Options::max_seconds ran out first
  int analysed = 0;      // moves with distances
  std::vector<MoveInfo> moves;
  // The stretches of consecutive moves that were not optimal: the first
  // and last move's numbers (1-based) and the moves they lost.
  struct Stretch {
    int first = 0, last = 0, lost = 0;
  };
  std::vector<Stretch> stretches;
  // The states the analysis's searches generated (boards answered by a
  // search: JSON "nodes"); -1 when a table answered or the start cannot
  // reach the goal.
  int64_t nodes = -1;
};

// A proposed solution checked (slidedb-query --verify, docs/TOOLS.md).
struct Verification {
  std::string board, start, goal, metric, notation;
  bool solvable = false;
  std::string reason;         // when !solvable: nothing below is checked
  bool legal = false;         // every step moves a tile next to the blank
  bool reaches_goal = false;  // legal, and it ends on the goal
  int length = 0;             // its moves, in the metric
  int optimal_length = -1;    // the start's distance
  int gap = -1;  // length - optimal_length when reaches_goal, else -1
  // Where the first illegal step is, 1-based (0 when legal): the move
  // that holds it (counted as length counts moves) and the single step.
  int illegal_move = 0;
  int illegal_step = 0;
};

// A start's optimal solutions (slidedb-query --count --all).
struct OptimalSolutions {
  std::string board, start, goal, metric, notation;
  bool solvable = false;
  std::string reason;  // when !solvable: none counted
  // How many there are, in decimal: counted in 128 bits, as the bound on
  // them (4 * 3^(d-1)) passes 2^64.
  std::string count;
  // The first ones in the order U < D < L < R of the blank's moves, each
  // written as Solution::moves is; `complete` when that is all of them.
  std::vector<std::string> solutions;
  bool complete = true;
};

// How many states of a goal's table lie at each distance.
struct Histogram {
  std::string board;
  std::string goal;
  std::string metric;  // "stm" or "mtm"
  uint64_t total = 0;
  int max_distance = 0;
  std::vector<uint64_t> counts;  // counts[d]: states at distance d
};

// A state drawn by Db::Sample, with its distance.
struct SampledState {
  std::string state;
  int distance = 0;
};

// A goal the database answers: one board and one cell for the goal's
// blank. Either from a full table (its own, or one a rotation or
// reflection of the board relates to it, docs/FORMAT.md) or from pattern
// databases and a search (its own, or those of the goal turned by 180
// degrees or mirrored: one set serves the blank in every corner).
struct TableInfo {
  std::string board;  // "3x3"
  std::string goal;   // its canonical goal, blank written 0
  uint64_t states = 0;    // the states that reach the goal
  int max_distance = 0;   // the farthest one's distance; -1 for "pdb"
  std::string kind = "table";  // "table", or "pdb" for a search
  std::string metric = "stm";  // how its distances count: "stm" or "mtm"
  std::string partition;       // "pdb": the groups of tiles, "7-8"
  // "pdb": how their entries are numbered, "placement" or "blank-region"
  // (slidedb-build --pdb strong).
  std::string index;
  // "pdb": each group has successor words (slidedb-build --pdb strong
  // --words; by default on boards of more than 16 cells), which the search
  // reads in place of its entries' lookups.
  bool words = false;
  // "pdb": each group also has its cross partition's table (slidedb-build
  // --board 5x5 --pdb strong), by which the search over the words prunes.
  bool cross = false;
};

// Whether slidedb-query's JSON writes a tile label as a number (a plain
// decimal integer: no sign, no leading zero, under ten digits) rather than
// a string; the Python module makes such labels ints.
bool LabelIsNumber(const std::string& label);

class Db {
 public:
  // Opens the database in `dir` read-only; other processes may read it, and
  // slidedb-build may swap in a new build, at the same time. NotFound when
  // `dir` holds no database; InvalidArgument when it is empty or holds a
  // NUL byte.
  static Status Open(const std::string& dir, std::unique_ptr<Db>* db);
  // The same, as `options` say.
  static Status Open(const std::string& dir, const OpenOptions& options,
                     std::unique_ptr<Db>* db);
  ~Db();
  Db(const Db&) = delete;
  Db& operator=(const Db&) = delete;

  const std::string& dir() const;
  // Every goal the database answers (TableInfo); the metadata was read by
  // Open, so that this fails only if the database does.
  Status Tables(std::vector<TableInfo>* tables) const;
  // Those of one board ("4x4"); InvalidArgument when `board` names none.
  Status Tables(const std::string& board, std::vector<TableInfo>* tables) const;

  // An optimal solution of `start`. An unsolvable start is an answer, not
  // an error: OK with solution->solvable false and the reason.
  // REQUIRES: solution != nullptr.
  Status Solve(const std::string& start, const Options& options,
               Solution* solution) const;

  // Solve for each of `starts`, reading `options` once, in groups on every
  // core; the answers in the order of `starts`. The first failure in that
  // order is the error; its message names the input.
  // REQUIRES: solutions != nullptr.
  Status SolveMany(const std::vector<std::string>& starts,
                   const Options& options,
                   std::vector<Solution>* solutions) const;

  // The distance alone (faster than Solve); -1 when unsolvable. Always
  // exact: with Options::max_seconds, a search that has not proved the
  // distance by then fails with DeadlineExceeded (and *distance is -1).
  // REQUIRES: distance != nullptr.
  Status Distance(const std::string& start, const Options& options,
                  int* distance) const;

  // States given as numbers, one byte a cell, as a NumPy array's rows hold
  // them (Python's arrays): state k is rows[k * row_length ..], cell by cell
  // in reading order, tile t written t and the blank 0. row_length must be
  // the board's cells, and Options::goal, when given, must hold the numbers
  // 1..cells-1 and the blank (by default the goal is 1..cells-1, blank
  // last); Options::blank, for states written as text, must be empty or
  // "0". InvalidArgument, naming the state's place counted from 0, for a
  // row that does not hold each of 0..cells-1 once.
  //
  // Distance for each of the n states, into distances[k]; -1 when the state
  // cannot reach the goal. A table's answer is one record read by rank,
  // with no text made (millions a second on 3x3). Every row is checked
  // before any is answered. Exact, as Distance: with Options::max_seconds,
  // a state whose search outlasts it (counted from that search's start)
  // fails the call with DeadlineExceeded.
  // REQUIRES: distances has room for n.
  Status Distances(const uint8_t* rows, size_t n, size_t row_length,
                   const Options& options, int* distances) const;
  // SolveMany of the n states, each answered as its text
  // "1,2,...,cells-1,0" would be.
  // REQUIRES: solutions != nullptr.
  Status SolveMany(const uint8_t* rows, size_t n, size_t row_length,
                   const Options& options,
                   std::vector<Solution>* solutions) const;
  // OK when Distances and SolveMany would take the rows; else their error.
  // Reads no table.
  Status CheckRows(const uint8_t* rows, size_t n, size_t row_length,
                   const Options& options) const;

  // Every legal move of the blank from `start` (2 to 4; in the multi-tile
  // metric each direction by 1, 2, ... cells, up to rows + cols - 2), in
  // the order U D L R, each with the state it leads to and that state's
  // distance. REQUIRES: moves != nullptr.
  Status Moves(const std::string& start, const Options& options,
               std::vector<NextMove>* moves) const;

  // The histogram of the goal's table (options.goal, or the canonical goal
  // with the blank last). Reads only the table's metadata. NotSupported on
  // a goal answered by a search (it has no full table); NotFound, as Solve,
  // where nothing answers the goal (no table, no pattern databases);
  // InvalidArgument for Options::notation or max_seconds, which it would
  // ignore (slidedb-query refuses them too).
  // REQUIRES: histogram != nullptr.
  Status GetHistogram(const Options& options, Histogram* histogram) const;

  // The solve `moves` (letters with counts in Options::notation, or tile
  // labels) from `start`, move by move in Options::metric. InvalidArgument
  // for a malformed start or an illegal step (the message names its
  // place); Options::max_seconds bounds a search's share.
  // REQUIRES: analysis != nullptr.
  Status Analyse(const std::string& start, const std::string& moves,
                 const Options& options, Analysis* analysis) const;

  // Checks the proposed solution `moves` (as Analyse reads them) from
  // `start` against the optimal length: an illegal or long solution is an
  // answer, not an error. InvalidArgument for a malformed start or moves
  // that name no move or tile; on a board answered by a search the
  // optimal length is searched for, within Options::max_seconds
  // (DeadlineExceeded past it).
  // REQUIRES: verification != nullptr.
  Status Verify(const std::string& start, const std::string& moves,
                const Options& options, Verification* verification) const;

  // How many optimal solutions `start` has, and the first `limit` of them
  // (0: none listed; at most 1,000,000,000). On a goal answered by a
  // search (4x4, 5x5) a second search on every core finds them, within
  // Options::max_seconds with the solve (DeadlineExceeded past it);
  // NotSupported there in the multi-tile metric.
  // REQUIRES: solutions != nullptr.
  Status AllSolutions(const std::string& start, int64_t limit,
                      const Options& options,
                      OptimalSolutions* solutions) const;

  // Up to `n` distinct uniformly random states that reach the goal, at
  // exactly `distance` moves unless it is -1, as slidedb-query --sample
  // draws them: the same seed gives the same states on every platform.
  // NotSupported on a goal answered by a search; InvalidArgument for an n
  // or a distance out of the limits every face has (docs/ERRORS.md: n from
  // 1 to 4294967295, distance -1 or from 0 to 1000). A draw at a distance
  // reads every state of the table, and stops with DeadlineExceeded once
  // Options::cancel is set. notation and max_seconds are refused, as by
  // GetHistogram.
  // REQUIRES: states != nullptr.
  Status Sample(int64_t n, int distance, uint64_t seed, const Options& options,
                std::vector<SampledState>* states) const;

 private:
  class Impl;
  explicit Db(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace slidedb

#endif  // SLIDEDB_SLIDEDB_H_
