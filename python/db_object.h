// slidedb.Db, the Python object of an open database: each method reads
// its arguments, asks the C++ API (slidedb/slidedb.h) without the GIL where
// it may take long, and answers with the dicts and lists of
// slidedb-query --format json (python/convert.h). python/module.cc binds
// it.
#ifndef SLIDEDB_PYTHON_DB_OBJECT_H_
#define SLIDEDB_PYTHON_DB_OBJECT_H_

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cctype>
#include <climits>
#include <cstdint>
#include <deque>
#include <exception>
#include <future>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "python/arrays.h"
#include "python/convert.h"
#include "python/interrupt.h"
#include "slidedb/slidedb.h"

namespace slidedb::python {

class PyDb {
 public:
  PyDb(const std::string& path, bool preload) {
    OpenOptions options;
    options.preload = preload;
    Status s;
    {
      // Preloading reads for a second: other Python threads run meanwhile.
      py::gil_scoped_release release;
      std::unique_ptr<Db> db;
      s = Db::Open(path, options, &db);
      db_ = std::move(db);
    }
    if (s.IsNotFound()) RaiseText(PyExc_FileNotFoundError, s.message());
    Check(s);
    path_ = db_->dir();
  }

  // Lets go of the database: its memory and files are freed once calls
  // under way on other threads end; every method but path then raises.
  void Close() { db_.reset(); }

  // A str or bytes where an iterable of states goes: one state (whose
  // characters, or bytes, are no states).
  static bool IsOneState(py::handle states) {
    return PyUnicode_Check(states.ptr()) || PyBytes_Check(states.ptr());
  }

  py::dict Solve(const InputText& state, const std::string& board,
                 const std::optional<std::string>& goal,
                 const std::optional<std::string>& blank,
                 const std::optional<std::string>& metric,
                 const std::optional<std::string>& notation,
                 const std::optional<Seconds>& max_seconds) const {
    const std::shared_ptr<const Db> db = Held();
    // The buffers of a thread's last answer are reused, but by a call made
    // while one is under way (a signal handler's, run as it ends).
    thread_local Solution reused;
    thread_local bool in_use = false;
    Solution own;
    Solution& sol = in_use ? own : reused;
    const bool outer = !in_use;
    in_use = true;
    struct Release {
      bool outer;
      ~Release() {
        if (outer) in_use = false;
      }
    } release{outer};
    const Options options =
        MakeOptions(board, goal, blank, metric, notation, max_seconds);
    // A search may take long: other Python threads run meanwhile.
    Check(WithoutGil([&] { return db->Solve(state, options, &sol); }));
    return SolutionDict(sol);
  }

  // Solves in chunks, each on a thread of its own without the GIL, up to
  // kAhead chunks ahead of this thread, which reads the states and turns
  // finished chunks into dicts in order: the cores overlap, and this thread
  // seldom waits. Answers keep the order of `states`; the first malformed
  // state raises.
  // A NumPy array of states goes to SolveManyOfArray (python/arrays.h).
  // `states`: a NumPy array of any shape (one not 2-D is a ValueError),
  // or any iterable of states (anything else is a TypeError).
  py::object SolveMany(const py::object& states, const std::string& board,
                       const std::optional<std::string>& goal,
                       const std::optional<std::string>& blank,
                       const std::optional<std::string>& metric,
                       const std::optional<std::string>& notation,
                       const std::optional<Seconds>& max_seconds) const {
    const std::shared_ptr<const Db> db = Held();
    constexpr size_t kAhead = 4;
    // Each state's max_seconds from its own search's start (the C++ API's
    // SolveMany); checked by the C++ API.
    const Options options =
        MakeOptions(board, goal, blank, metric, notation, max_seconds);
    if (IsArray(states)) return SolveManyOfArray(*db, states, options);
    if (IsOneState(states)) {
      throw py::type_error(
          "solve_many takes an iterable of states, not one "
          "state: use solve");
    }
    NoGc no_gc;
    py::list out;
    // Waited for in order; a chunk's thread is joined before the chunk goes.
    std::deque<std::unique_ptr<SolveChunk>> pending;
    py::iterator it = py::iter(states);
    size_t taken = 0;  // items read from `states`
    bool more = true;
    while (more || !pending.empty()) {
      // An item that is no state, or the iterable raising, ends the call:
      // the chunks under way are stopped and waited for without the GIL.
      std::exception_ptr unread;
      try {
        while (more && pending.size() < kAhead &&
               StartChunk(db, options, &it, &taken, &more, &pending)) {
        }
      } catch (...) {
        unread = std::current_exception();
      }
      if (unread) {
        Abandon(pending);
        std::rethrow_exception(unread);
      }
      if (pending.empty()) break;
      SolveChunk& first = *pending.front();
      Check(WithoutGil([&] {
        // A chunk a SIGINT may have stopped (DeadlineExceeded, and a
        // SIGINT since it began or its flag still set then) is solved
        // again here: every handler that ran since returned, else this
        // call had raised. One that ran out of max_seconds with no SIGINT
        // raises its TimeoutError at once. So is the chunk of a run again
        // (WithoutGil) solved again, whose result the first run took.
        Status s;
        bool again = true;
        if (first.solved.valid()) {
          s = first.solved.get();
          again = s.IsDeadlineExceeded() &&
                  (first.stopped_at_start || Interrupts() != first.interrupts);
        }
        if (again) s = db->SolveMany(first.inputs, options, &first.solutions);
        // A thread that may not go back to Python (WithoutGil) leaves no
        // chunk running while the process exits.
        if (Finalizing()) {
          for (const auto& c : pending) {
            if (c->solved.valid()) c->solved.wait();
          }
        }
        return s;
      }));
      for (const Solution& sol : first.solutions) {
        py::dict d = SolutionDict(sol);
        if (PyList_Append(out.ptr(), d.ptr()) != 0) {
          throw py::error_already_set();
        }
      }
      pending.pop_front();
    }
    return out;
  }

  py::object Distance(const InputText& state, const std::string& board,
                      const std::optional<std::string>& goal,
                      const std::optional<std::string>& blank,
                      const std::optional<std::string>& metric,
                      const std::optional<std::string>& notation,
                      const std::optional<Seconds>& max_seconds) const {
    const std::shared_ptr<const Db> db = Held();
    int d;
    const Options options =
        MakeOptions(board, goal, blank, metric, notation, max_seconds);
    // A search may take long: other Python threads run meanwhile.
    Check(WithoutGil([&] { return db->Distance(state, options, &d); }));
    return DistanceObject(d);
  }

  // distance() for each state: of an iterable of str, a list (None where
  // unsolvable); of a NumPy array, an int32 array (DistancesOfArray).
  py::object Distances(const py::object& states, const std::string& board,
                       const std::optional<std::string>& goal,
                       const std::optional<std::string>& blank,
                       const std::optional<std::string>& metric,
                       const std::optional<std::string>& notation,
                       const std::optional<Seconds>& max_seconds) const {
    const std::shared_ptr<const Db> db = Held();
    // Each state's max_seconds from its own search's start; checked by the
    // C++ API.
    const Options options =
        MakeOptions(board, goal, blank, metric, notation, max_seconds);
    if (IsArray(states)) return DistancesOfArray(*db, states, options);
    if (IsOneState(states)) {
      throw py::type_error(
          "distances takes an iterable of states, not one state: use "
          "distance");
    }
    std::vector<std::string> inputs;
    for (py::handle state : states) {
      inputs.emplace_back(StateText(state, inputs.size()));
    }
    std::vector<int> distances(inputs.size());
    Check(InChunks(inputs.size(), 4096, [&](size_t first, size_t count) {
      Status s;
      for (size_t k = first; k < first + count && s.ok(); ++k) {
        s = db->Distance(inputs[k], options, &distances[k]);
      }
      return s;
    }));
    py::list out(distances.size());
    for (size_t k = 0; k < distances.size(); ++k) {
      out[k] = DistanceObject(distances[k]);
    }
    return out;
  }

  // The dict of slidedb-query --analyse --format json.
  py::dict Analyse(const InputText& start, const InputText& moves,
                   const std::string& board,
                   const std::optional<std::string>& goal,
                   const std::optional<std::string>& blank,
                   const std::optional<std::string>& metric,
                   const std::optional<std::string>& notation,
                   const std::optional<Seconds>& max_seconds) const {
    const std::shared_ptr<const Db> db = Held();
    const Options options =
        MakeOptions(board, goal, blank, metric, notation, max_seconds);
    Analysis a;
    Check(WithoutGil([&] { return db->Analyse(start, moves, options, &a); }));
    return AnalysisDict(a, options.max_seconds.value_or(0));
  }

  // A proposed solution checked: VerificationDict.
  py::dict Verify(const InputText& start, const InputText& moves,
                  const std::string& board,
                  const std::optional<std::string>& goal,
                  const std::optional<std::string>& blank,
                  const std::optional<std::string>& metric,
                  const std::optional<std::string>& notation,
                  const std::optional<Seconds>& max_seconds) const {
    const std::shared_ptr<const Db> db = Held();
    const Options options =
        MakeOptions(board, goal, blank, metric, notation, max_seconds);
    Verification v;
    Check(WithoutGil([&] { return db->Verify(start, moves, options, &v); }));
    return VerificationDict(v);
  }

  // The optimal solutions counted and the first `limit` listed:
  // OptimalSolutionsDict.
  py::dict Solutions(const InputText& start, const py::object& limit_given,
                     const std::string& board,
                     const std::optional<std::string>& goal,
                     const std::optional<std::string>& blank,
                     const std::optional<std::string>& metric,
                     const std::optional<std::string>& notation,
                     const std::optional<Seconds>& max_seconds) const {
    const std::shared_ptr<const Db> db = Held();
    // Any integer, as Sample's numbers: past 64 bits a stand-in the API
    // refuses, quoted back as given.
    const WholeArg limit = ReadWhole(Index(limit_given), INT64_MIN, INT64_MAX);
    const Options options =
        MakeOptions(board, goal, blank, metric, notation, max_seconds);
    OptimalSolutions o;
    CheckWhole(WithoutGil([&] {
                 return db->AllSolutions(start, limit.value, options, &o);
               }),
               {&limit});
    return OptimalSolutionsDict(o);
  }

  py::list Moves(const InputText& state, const std::string& board,
                 const std::optional<std::string>& goal,
                 const std::optional<std::string>& blank,
                 const std::optional<std::string>& metric,
                 const std::optional<std::string>& notation,
                 const std::optional<Seconds>& max_seconds) const {
    const std::shared_ptr<const Db> db = Held();
    std::vector<NextMove> moves;
    const Options options =
        MakeOptions(board, goal, blank, metric, notation, max_seconds);
    // Each move's distance may be a search: other Python threads run.
    Check(WithoutGil([&] { return db->Moves(state, options, &moves); }));
    // The metric in any case, as every face reads it ("MTM").
    std::string lower = metric ? *metric : "";
    for (char& c : lower) c = static_cast<char>(std::tolower(c));
    const bool mtm = lower == "mtm";
    py::list out;
    for (const NextMove& m : moves) {
      py::dict d;
      d["move"] = m.text;
      d["tile"] = py::reinterpret_steal<py::object>(Label(m.tile));
      if (mtm) {
        py::list tiles;
        for (const std::string& t : m.tiles) {
          tiles.append(py::reinterpret_steal<py::object>(Label(t)));
        }
        d["tiles"] = tiles;
      }
      d["state"] = py::reinterpret_steal<py::object>(Str(m.state));
      d["distance"] = DistanceObject(m.distance);
      out.append(d);
    }
    return out;
  }

  py::dict Histogram(const std::string& board,
                     const std::optional<std::string>& goal,
                     const std::optional<std::string>& blank,
                     const std::optional<std::string>& metric,
                     const std::optional<std::string>& notation) const {
    const std::shared_ptr<const Db> db = Held();
    slidedb::Histogram h;
    Check(db->GetHistogram(MakeOptions(board, goal, blank, metric, notation),
                           &h));
    py::dict d;
    d["board"] = h.board;
    d["goal"] = py::reinterpret_steal<py::object>(Str(h.goal));
    d["metric"] = h.metric;
    d["total"] = h.total;
    d["max_distance"] = h.max_distance;
    d["counts"] = h.counts;
    return d;
  }

  py::list Sample(const py::object& n_given,
                  const std::optional<py::object>& distance_given,
                  const py::object& seed_given, const std::string& board,
                  const std::optional<std::string>& goal,
                  const std::optional<std::string>& blank,
                  const std::optional<std::string>& metric,
                  const std::optional<std::string>& notation) const {
    const std::shared_ptr<const Db> db = Held();
    // Any integer, NumPy's too (operator.index).
    const py::int_ n_object = Index(n_given);
    const py::int_ seed_object = Index(seed_given);
    std::optional<py::int_> distance_object;
    if (distance_given && !distance_given->is_none()) {
      distance_object = Index(*distance_given);
    }
    // n and distance are checked by the C++ API (its limits); a seed is any
    // 64-bit word, as slidedb-query --seed reads it.
    const uint64_t seed = PyLong_AsUnsignedLongLong(seed_object.ptr());
    if (PyErr_Occurred()) {
      PyErr_Clear();
      const std::string given = py::repr(seed_object).cast<std::string>();
      throw py::value_error(
          "seed must be a whole number from 0 to 18446744073709551615, not '" +
          given + "'");
    }
    // n and distance as the C++ API reads them; past its types, or -1 for
    // distance (the API's "any", None here), a stand-in it refuses.
    const WholeArg n = ReadWhole(n_object, INT64_MIN, INT64_MAX);
    const WholeArg distance =
        distance_object ? ReadWhole(*distance_object, INT_MIN, INT_MAX, -1)
                        : WholeArg{-1, {}};
    std::vector<SampledState> states;
    const Options options = MakeOptions(board, goal, blank, metric, notation);
    const Status s = WithoutGil([&] {
      return db->Sample(n.value, static_cast<int>(distance.value), seed,
                        options, &states);
    });
    CheckWhole(s, {&n, &distance});
    py::list out;
    for (const SampledState& st : states) {
      py::dict d;
      d["state"] = py::reinterpret_steal<py::object>(Str(st.state));
      d["distance"] = st.distance;
      out.append(d);
    }
    return out;
  }

  py::list Tables(const std::optional<std::string>& board) const {
    const std::shared_ptr<const Db> db = Held();
    py::list out;
    std::vector<TableInfo> tables;
    Check(board ? db->Tables(*board, &tables) : db->Tables(&tables));
    for (const TableInfo& t : tables) {
      py::dict d;
      d["board"] = t.board;
      d["goal"] = t.goal;
      d["states"] = t.states;
      d["max_distance"] = DistanceObject(t.max_distance);
      d["kind"] = t.kind;
      d["metric"] = t.metric;
      if (!t.partition.empty()) d["partition"] = t.partition;
      if (!t.index.empty()) d["index"] = t.index;
      if (t.kind == "pdb") {
        d["words"] = t.words;
        d["cross"] = t.cross;
      }
      out.append(d);
    }
    return out;
  }

  // The directory as a str, as os.fsdecode gives it: a name that is not
  // UTF-8 keeps its bytes (surrogate escapes), as Python's own paths do.
  py::object path() const {
    return py::module_::import("os").attr("fsdecode")(py::bytes(path_));
  }
  bool closed() const { return db_ == nullptr; }

 private:
  // A chunk of solve_many's states, solved on a thread of its own.
  struct SolveChunk {
    std::vector<std::string> inputs;
    std::vector<Solution> solutions;
    std::future<Status> solved;
    // Interrupts() when it began, and whether a SIGINT whose handler
    // returned had set the stop flag already (the next call clears it).
    uint64_t interrupts = 0;
    bool stopped_at_start = false;
  };

  // solve_many's states a chunk.
  static constexpr size_t kChunk = 4096;

  // Reads up to kChunk states from *it (counting them in *taken) into a
  // new chunk at the end of *pending, and starts its solve on a thread of
  // its own; false when *it had none left. *more: whether a whole chunk
  // was read (there may be more).
  static bool StartChunk(const std::shared_ptr<const Db>& db,
                         const Options& options, py::iterator* it,
                         size_t* taken, bool* more,
                         std::deque<std::unique_ptr<SolveChunk>>* pending) {
    auto chunk = std::make_unique<SolveChunk>();
    for (; chunk->inputs.size() < kChunk && *it != py::iterator::sentinel();
         ++*it) {
      chunk->inputs.emplace_back(StateText(**it, (*taken)++));
    }
    *more = chunk->inputs.size() == kChunk;
    if (chunk->inputs.empty()) return false;
    SolveChunk* c = chunk.get();
    c->interrupts = Interrupts();
    c->stopped_at_start = options.cancel != nullptr && options.cancel->load();
    c->solved = std::async(std::launch::async, [db, &options, c] {
      return db->SolveMany(c->inputs, options, &c->solutions);
    });
    pending->push_back(std::move(chunk));
    return true;
  }

  // Stops the chunks of a SolveMany that raised (on the main thread:
  // StopMainThreadCall; elsewhere nothing stops them) and waits for them
  // without the GIL, Ctrl-C stopping them as ever.
  static void Abandon(const std::deque<std::unique_ptr<SolveChunk>>& pending) {
    Check(WithoutGil([&] {
      StopMainThreadCall();
      for (const auto& c : pending) {
        if (c->solved.valid()) c->solved.wait();
      }
      return Status::OK();
    }));
  }

  // The database, held by each call under way too (Held); null once
  // closed.
  std::shared_ptr<const Db> db_;
  std::string path_;

  std::shared_ptr<const Db> Held() const {
    if (db_ == nullptr) throw py::value_error("this slidedb.Db is closed");
    return db_;
  }
};

}  // namespace slidedb::python

#endif  // SLIDEDB_PYTHON_DB_OBJECT_H_
