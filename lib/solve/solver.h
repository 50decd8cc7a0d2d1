// Solver: answers Problems (lib/puzzle/problem.h) from a Database, keeping each
// table it has opened. A goal with a full table is answered by a walk
// (lib/solve/walk.h); a goal with only pattern databases, by a search
// (lib/search/ida_search.h).
//
// Thread-safe: one Solver per Database serves every thread, and holds each
// table and each search once (a 3x4 table is 240 MB). A table is opened by
// the first thread that asks for it; the others that ask for it wait for it,
// then share it, and those that ask for another table or search do not wait
// (lib/solve/load_once.h). Finding an open table takes a shared (reader)
// lock; reading it takes none (lib/storage/table.h).
#ifndef SLIDEDB_LIB_SOLVE_SOLVER_H_
#define SLIDEDB_LIB_SOLVE_SOLVER_H_

#include <atomic>
#include <condition_variable>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <string>
#include <thread>
#include <tuple>

#include "lib/base/status.h"
#include "lib/puzzle/problem.h"
#include "lib/puzzle/symmetry.h"
#include "lib/search/ida_search.h"
#include "lib/search/mtm_search.h"
#include "lib/search/page_budget.h"
#include "lib/solve/load_once.h"
#include "lib/solve/walk.h"
#include "lib/storage/database.h"
#include "lib/storage/table.h"

namespace slidedb {

class Solver {
 public:
  // REQUIRES: db outlives the Solver.
  explicit Solver(const Database* db) : db_(db) {}
  // Stops a multi-tile search being made (GetMtmSearch) and waits for it.
  ~Solver();

  // How the tables opened from now on read their pages
  // (Database::PageLoading): a small table whole when opened (the default,
  // for batches and servers), or only the pages used (a query of a few
  // states).
  // REQUIRES: no other thread uses the Solver meanwhile.
  void set_page_loading(Database::PageLoading loading) {
    page_loading_ = loading;
  }

  // Pattern databases are read a page at a time, each page the first time
  // a search asks for one of its entries (a search of Korf's median 4x4
  // instance touches a few thousand of the 8-7 databases' 70,000 pages):
  // a search opens in microseconds. With set_pdbs_whole(true), a goal's
  // pattern databases opened from now on are read whole when opened
  // (a batch of many searches on standard input touches most pages). Those
  // with successor words stay a page at a time: a search over the words
  // reads the entries of its start state only.
  // REQUIRES: no other thread uses the Solver meanwhile.
  void set_pdbs_whole(bool whole) { pdbs_whole_ = whole; }
  // Pattern databases read a page at a time and opened from now on count
  // their pages against `budget` (slidedb-serve --memory-limit): past it
  // the oldest are given back and read again when needed. So do the
  // walking-distance tables of the multi-tile searches made from now on,
  // reserved before they are made: one that would pass it is not made
  // (ResourceExhausted).
  // REQUIRES: no other thread uses the Solver meanwhile.
  void set_page_budget(std::shared_ptr<PageBudget> budget) {
    page_budget_ = std::move(budget);
  }
  // Opens every goal's pattern databases in the database now, read whole
  // but for those with successor words, whose files are mapped
  // (slidedb-serve --preload, the API's OpenOptions::preload), and sets
  // set_pdbs_whole(true). The first error met, naming the database, stops
  // it; so does `*stop`, once set, between a set's pages
  // (DeadlineExceeded: the server closing while it reopens).
  Status PreloadPdbs(const std::atomic<bool>* stop = nullptr);

  // Called on the thread that opens a table or a search, with what it
  // opens ("4x4/b15", "pdb 4x4/b15", "mtm 4x5/b19": a multi-tile search's
  // tables made), before it is read and while no lock but that table's is
  // held: the server says so on standard error; the tests hold an opening
  // there to see which requests wait for it. Set before the Solver is
  // shared.
  using OpenHook = std::function<void(const std::string& what)>;
  void set_open_hook(OpenHook hook) { open_hook_ = std::move(hook); }

  // The table for goals of `board` with the blank on `goal_blank` in
  // `metric`, opened on first use. NotFound, naming the missing table, if it
  // was not built. *table stays valid, and usable from any thread, while
  // the Solver lives.
  Status GetTable(const Board& board, int goal_blank, Table** table,
                  Metric metric = Metric::kStm);

  // The search that answers goals of `board` with the blank on
  // `goal_blank`: over that goal's pattern databases or, when none were
  // built, over those of the goal turned by 180 degrees or mirrored (the
  // first stored, lib/puzzle/symmetry.h's PdbSymmetry: the four corners of
  // a board share one set); *symmetry is then that symmetry's number, else
  // 0. Read on first use unless given by AddPdbSearch. NotFound if none
  // was built; the first set there that cannot be read says why
  // (Corruption, ResourceExhausted...), as the goal's own would.
  Status GetPdbSearch(const Board& board, int goal_blank,
                      std::shared_ptr<const PdbSearch>* search, int* symmetry);
  // Hands over a search loaded already (say, shared between threads).
  void AddPdbSearch(std::shared_ptr<const PdbSearch> search);
  // The search that answers p's goal (GetPdbSearch) and p.start as it is
  // searched: as it is, or taken by the symmetry (`map`, the identity
  // when the databases are the goal's own) and searched in its order.
  struct Searched {
    std::shared_ptr<const PdbSearch> search;
    State start;
    std::optional<GoalMap> map;  // set by GetSearched
    MoveOrder order() const { return MoveOrder::OfSymmetry(map->symmetry()); }
  };
  Status GetSearched(const Problem& p, Searched* out);
  // Whether goals of `board` with the blank on `goal_blank` are answered by
  // a search in `metric`: the database holds no full table for them, and
  // the board is too big for one or (STM) pattern databases were built for
  // it.
  bool Searches(const Board& board, int goal_blank,
                Metric metric = Metric::kStm) const;

  // Whether goals of `board` with the blank on `goal_blank` are answered by
  // walks of a two-bit table (SolveMany's case).
  bool WalksTwoBit(const Board& board, int goal_blank,
                   Metric metric = Metric::kStm) const;
  // In p.metric (path->metric is set to it). A search (boards answered
  // from pattern databases) stops at `limits` with DeadlineExceeded; a
  // table's walk has none.
  // REQUIRES: p.solvable.
  Status Solve(const Problem& p, Path* path, const SearchLimits& limits = {});
  // Solve for each of problems[0..n), into paths[k] and statuses[k], with
  // the walks of a two-bit table taken together (WalkManyToGoal) and the
  // searched problems side by side on limits.threads threads, one a thread,
  // threads with none left helping the others' searches (solve_many.cc): a
  // batch's answers, the same as Solve's one at a time. Each search
  // answers with its best path `answer_seconds` after its own start when
  // that is more than 0 (limits.answer_by, a budget, for each).
  // REQUIRES: every problem solvable.
  void SolveMany(const Problem* problems, size_t n, Path* paths,
                 Status* statuses, const SearchLimits& limits = {},
                 double answer_seconds = 0);
  // REQUIRES: p.solvable.
  Status Distance(const Problem& p, int* distance,
                  const SearchLimits& limits = {});
  // Distance for each of starts[0..n), states in table labels posed as
  // `like` poses its start (its board, goal blank and metric), into
  // distances[k]: what answers them found once, then one record a state
  // when a table does (its rank's; a two-bit table's walk); where a search
  // answers, searched side by side as SolveMany's are, each stopped
  // (DeadlineExceeded) `budget_seconds` after its own search starts when
  // that is more than 0. The first error, in the order of starts.
  // REQUIRES: each start can reach the goal (the parity of like.start).
  Status DistanceMany(const Problem& like, const State* starts, size_t n,
                      int* distances, const SearchLimits& limits = {},
                      double budget_seconds = 0);
  // The distance of p.start, one move away from a state `from` moves from
  // the goal: in STM from - 1 or from + 1, and a search asks only whether
  // it is within from - 1 (one iteration), cheaper than Distance.
  // `came_by` (a Move, or -1: not known) is the direction of the move
  // that made p.start: that iteration then skips the way back at its root.
  // REQUIRES: p.solvable.
  Status NeighborDistance(const Problem& p, int from, int* distance,
                          const SearchLimits& limits = {}, int came_by = -1);
  // The distances of the states one move from p.start along one line of
  // its blank (`axis` 0 its column, 1 its row), p.start `from` moves from
  // the goal: (*distances)[i], line[i]'s (resized to line's size; those
  // not -1 are known and kept). In MTM the line and p.start are each one
  // move from the others, so a search needs one iteration for each, or
  // two (whether within from - 1, then from) only when none is nearer,
  // each without the moves along the line. Otherwise NeighborDistance
  // each. REQUIRES: p.solvable; line[i] one move from p.start on `axis`.
  Status LineNeighborDistances(const Problem& p, int from, int axis,
                               const std::vector<State>& line,
                               std::vector<int>* distances,
                               const SearchLimits& limits = {});

 private:
  const Database* db_;
  Database::PageLoading page_loading_ = Database::PageLoading::kSmallWhole;
  bool pdbs_whole_ = false;
  std::shared_ptr<PageBudget> page_budget_;
  OpenHook open_hook_;
  // The table whose walk answers p, opened if need be; nullptr (and OK)
  // when a search answers p. NotFound as GetTable's.
  Status TableFor(const Problem& p, Table** table);
  // Opens the table GetTable holds under that key (no lock held).
  Status OpenTable(const Board& board, int goal_blank, Metric metric,
                   std::shared_ptr<Table>* table);
  // The table if it is open already, else nullptr.
  Table* OpenedTable(const Board& board, int goal_blank, Metric metric);
  // A board too big for a full table, in the multi-tile metric.
  Status SolveMtm(const Problem& p, Path* path, const SearchLimits& limits);
  // The multi-tile search of p's goal (over the ordered walking distance
  // where the board has it: 4x4's tables are prepared), made on first use
  // (StartMakingMtm) and waited for within `limits`: DeadlineExceeded past
  // them, while the making goes on for the questions after; NotSupported
  // for a board without one, or one whose tables are more than the whole
  // page budget; ResourceExhausted when they would pass it with what the
  // rest holds (MakeMtmSearch).
  Status GetMtmSearch(const Problem& p, const SearchLimits& limits,
                      std::shared_ptr<const MtmSearch>* search);
  // Makes the multi-tile search of p's goal within `limits`, its tables'
  // memory reserved in page_budget_ (when there is one) first and for as
  // long as the search lives: ResourceExhausted, and nothing made, when it
  // would pass the budget even with the searches kept dropped;
  // NotSupported when it is more than the whole budget.
  Status MakeMtmSearch(const Problem& p, MtmHeuristic heuristic,
                       const SearchLimits& limits,
                       std::shared_ptr<const MtmSearch>* out);
  // The bytes of multi-tile searches kept for later questions: past it,
  // the others are dropped when one is made (those in use live on until
  // their questions end). One 4x5 search holds 900 MB.
  static constexpr size_t kMtmKeptBytes = size_t{1} << 30;
  Status LoadPdbSearch(const Board& board, int goal_blank,
                       std::shared_ptr<const PdbSearch>* search,
                       const std::atomic<bool>* stop = nullptr);

  // Keyed by (rows, cols, goal blank, metric); a table is never dropped.
  LoadOnce<std::tuple<int, int, int, Metric>, std::shared_ptr<Table>> tables_;
  // Keyed by (rows, cols, goal blank).
  LoadOnce<std::tuple<int, int, int>, std::shared_ptr<const PdbSearch>>
      searches_;
  // (rows, cols, goal blank, heuristic) of a multi-tile search.
  using MtmKey = std::tuple<int, int, int, MtmHeuristic>;
  // A multi-tile search being made on maker_, and how it ended.
  struct MtmMaking {
    MtmKey key;
    bool done = false;  // guarded by making_mutex_, as status
    Status status;
  };
  // Starts making the search of `key` (p's goal) on maker_, into
  // mtm_searches_: to its end, whatever the limits of the questions that
  // wait for it (a 4x5 search's tables take 25 s, more than a server's
  // time for one request: each would stop it, and none be answered), unless
  // the Solver goes first. ResourceExhausted when no thread can be started.
  // REQUIRES: making_mutex_ held; no making under way.
  Status StartMakingMtm(const Problem& p, MtmHeuristic heuristic,
                        const MtmKey& key);
  // The making's own work, on maker_: the search of `key` made and kept in
  // mtm_searches_.
  Status MakeAndKeepMtm(const Problem& p, MtmHeuristic heuristic,
                        const MtmKey& key);
  // The DeadlineExceeded of p's question (its search `key`), stopped at
  // its limit while `making` was under way: that one's, or another's
  // before it.
  static Status MakingDeadline(const Problem& p, const MtmMaking& making,
                               const MtmKey& key);

  // Guards mtm_searches_ (the map, not what it holds).
  std::shared_mutex mutex_;
  std::map<MtmKey, std::shared_ptr<const MtmSearch>> mtm_searches_;
  // One multi-tile search is made at a time; questions wait for it on
  // made_, each until its own limits.
  std::mutex making_mutex_;
  std::condition_variable made_;
  std::shared_ptr<MtmMaking> making_;  // guarded by making_mutex_
  std::thread maker_;                  // guarded by making_mutex_
  std::atomic<bool> stop_making_{false};
};

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SOLVE_SOLVER_H_
