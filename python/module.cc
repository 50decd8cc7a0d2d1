// The Python module `slidedb` over the public C++ API (slidedb/slidedb.h).
// Answers are dicts with the fields of slidedb-query --format json; errors
// are exceptions with slidedb-query's messages (docs/API.md).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>

#include "python/db_object.h"
#include "slidedb/slidedb.h"

namespace py = pybind11;

namespace slidedb {
namespace {

using python::PyDb;

// The object behind a method's self. Db.__new__ (of Db or of a subclass)
// makes a Python object whose C++ object was never made, and pybind11
// would run a method on the uninitialized memory: ValueError instead.
const PyDb& Opened(py::handle self) {
  if (!py::isinstance<PyDb>(self)) throw py::type_error("not a slidedb.Db");
  auto* instance = reinterpret_cast<py::detail::instance*>(self.ptr());
  py::detail::value_and_holder v =
      instance->get_value_and_holder(py::detail::get_type_info(typeid(PyDb)));
  if (!v.holder_constructed()) {
    throw py::value_error(
        "this slidedb.Db was never opened (made by __new__): use "
        "slidedb.open(path)");
  }
  return *v.value_ptr<PyDb>();
}

// A method of PyDb as pybind11 binds it, checking its object first.
template <typename R, typename... A>
auto Method(R (PyDb::*method)(A...) const) {
  return [method](py::handle self, A... args) -> R {
    return (Opened(self).*method)(std::forward<A>(args)...);
  };
}

// Db's methods that answer a state, or states: solve, solve_many,
// distance, distances, moves, analyse.
void DefStateMethods(py::class_<PyDb>* db) {
  using namespace pybind11::literals;
  (*db)
      .def("solve", Method(&PyDb::Solve), "state"_a, py::kw_only(),
           "board"_a = "3x3", "goal"_a = py::none(), "blank"_a = py::none(),
           "metric"_a = py::none(), "notation"_a = py::none(),
           "max_seconds"_a = py::none(),
           "An optimal solution: a dict with the fields of slidedb-query "
           "--format json (board, start, goal, solvable, distance, moves, "
           "tiles; reason instead when unsolvable; nodes and optimal on "
           "boards answered by a search). With max_seconds, a search that "
           "runs out of time answers with the best path found, optimal "
           "False and lower_bound; the multi-tile search (metric='mtm') "
           "answers optimally or raises TimeoutError.")
      .def("solve_many", Method(&PyDb::SolveMany), "states"_a, py::kw_only(),
           "board"_a = "3x3", "goal"_a = py::none(), "blank"_a = py::none(),
           "metric"_a = py::none(), "notation"_a = py::none(),
           "max_seconds"_a = py::none(),
           "solve() for each state of an iterable, as a list; the GIL is "
           "released while it works. A NumPy uint8 array (n, cells) (tile t "
           "as t, the blank 0) gives a dict of arrays of the list's fields: "
           "'distance' (int32, -1 unsolvable), 'moves' (str), 'optimal', "
           "'lower_bound' and 'nodes' (-1 where a table answered). "
           "max_seconds is each state's, from the start of its own search.")
      .def("distance", Method(&PyDb::Distance), "state"_a, py::kw_only(),
           "board"_a = "3x3", "goal"_a = py::none(), "blank"_a = py::none(),
           "metric"_a = py::none(), "notation"_a = py::none(),
           "max_seconds"_a = py::none(),
           "The fewest moves to the goal; None when unsolvable. Always "
           "exact: with max_seconds, a search that has not proved it by "
           "then raises TimeoutError.")
      .def("distances", Method(&PyDb::Distances), "states"_a, py::kw_only(),
           "board"_a = "3x3", "goal"_a = py::none(), "blank"_a = py::none(),
           "metric"_a = py::none(), "notation"_a = py::none(),
           "max_seconds"_a = py::none(),
           "distance() for each state. An iterable of str gives a list "
           "(None when unsolvable); a NumPy uint8 array of shape (n, cells) "
           "(tile t written t, the blank 0) gives an int32 array, -1 when "
           "unsolvable. The GIL is released while it works. max_seconds is "
           "each state's, from the start of its own search.")
      .def("moves", Method(&PyDb::Moves), "state"_a, py::kw_only(),
           "board"_a = "3x3", "goal"_a = py::none(), "blank"_a = py::none(),
           "metric"_a = py::none(), "notation"_a = py::none(),
           "max_seconds"_a = py::none(),
           "Each legal move (the blank going U D L R) as a dict: move (as "
           "notation writes it; 'U2' in the multi-tile metric), tile, "
           "tiles (multi-tile metric: every tile it slides), state (after "
           "the move), distance (None when unsolvable). With max_seconds, "
           "the distances not proved by then raise TimeoutError.")
      .def("analyse", Method(&PyDb::Analyse), "start"_a, "moves"_a,
           py::kw_only(), "board"_a = "3x3", "goal"_a = py::none(),
           "blank"_a = py::none(), "metric"_a = py::none(),
           "notation"_a = py::none(), "max_seconds"_a = py::none(),
           "A solve analysed move by move: the dict of slidedb-query "
           "--analyse --format json (each move's distance before and after, "
           "optimal or not, moves lost; the stretches that went the wrong "
           "way). ValueError, naming the step, for an illegal move.")
      .def("verify", Method(&PyDb::Verify), "start"_a, "moves"_a, py::kw_only(),
           "board"_a = "3x3", "goal"_a = py::none(), "blank"_a = py::none(),
           "metric"_a = py::none(), "notation"_a = py::none(),
           "max_seconds"_a = py::none(),
           "A proposed solution checked, as slidedb-query --verify: a dict "
           "{board, start, goal, solvable, metric, notation, legal, "
           "reaches_goal, length, optimal_length, gap} (gap None unless it "
           "reaches the goal; illegal_move and illegal_step, 1-based, when "
           "illegal). An illegal or long solution is an answer; ValueError "
           "for moves that name no move or tile.")
      .def("solutions", Method(&PyDb::Solutions), "start"_a, py::kw_only(),
           "limit"_a = 100, "board"_a = "3x3", "goal"_a = py::none(),
           "blank"_a = py::none(), "metric"_a = py::none(),
           "notation"_a = py::none(), "max_seconds"_a = py::none(),
           "The optimal solutions, as slidedb-query --count --all: a dict "
           "{board, start, goal, solvable, metric, notation, "
           "optimal_solutions (how many), solutions (the first `limit`, 0 "
           "for none, in the order U < D < L < R), solutions_complete}. "
           "Where a search answers the goal (4x4, 5x5), a second search "
           "on every core finds them (ValueError there in the multi-tile "
           "metric); with max_seconds, the solve and that search not done "
           "by then raise TimeoutError.");
}

// Db's methods that answer about a goal's table or the database:
// histogram, sample, tables, and its repr.
void DefTableMethods(py::class_<PyDb>* db) {
  using namespace pybind11::literals;
  (*db)
      .def("histogram", Method(&PyDb::Histogram), py::kw_only(),
           "board"_a = "3x3", "goal"_a = py::none(), "blank"_a = py::none(),
           "metric"_a = py::none(), "notation"_a = py::none(),
           "The goal's table: {board, goal, metric, total, max_distance, "
           "counts}, "
           "counts[d] the states at distance d.")
      .def("sample", Method(&PyDb::Sample), "n"_a, py::kw_only(),
           "distance"_a = py::none(), "seed"_a = 1, "board"_a = "3x3",
           "goal"_a = py::none(), "blank"_a = py::none(),
           "metric"_a = py::none(), "notation"_a = py::none(),
           "n distinct uniformly random states that reach the goal (at "
           "exactly `distance` when given) as dicts {state, distance}; the "
           "same as slidedb-query --sample for the same seed.")
      .def("tables", Method(&PyDb::Tables), py::kw_only(),
           "board"_a = py::none(),
           "The goals the database answers (of `board` only when given), "
           "one per goal blank: dicts "
           "{board, goal, states, max_distance, kind, metric}; kind 'table' "
           "(stored, or served by a symmetry of the board) or 'pdb' "
           "(pattern databases and a search, max_distance None), which adds "
           "partition, index ('placement' or 'blank-region'), words "
           "(whether they have successor words) and cross (whether they "
           "have cross tables too).")
      .def("__repr__", [](py::handle db) -> py::object {
        try {
          const PyDb& opened = Opened(db);
          // The path as repr writes a str: escaped, quoted once.
          return py::str("<slidedb.Db {!r}{}>")
              .format(opened.path(), opened.closed() ? " (closed)" : "");
        } catch (const py::value_error&) {
          return py::str("<slidedb.Db never opened>");
        }
      });
}

// close() and the with statement: the database let go at once, not when
// the last reference goes.
void DefClose(py::class_<PyDb>* db) {
  // The Python object is the caller's own: Opened's const is its checks'.
  const auto close = [](py::handle self) {
    const_cast<PyDb&>(Opened(self)).Close();
  };
  (*db)
      .def("close", close,
           "Lets go of the database (its memory, its files) once calls "
           "under way on other threads end; every method then raises "
           "ValueError. Closing again does nothing.")
      .def(
          "__enter__",
          [](py::handle self) {
            // A closed Db refuses, as every method then does (and as a
            // closed file does).
            if (Opened(self).closed()) {
              throw py::value_error("this slidedb.Db is closed");
            }
            return py::reinterpret_borrow<py::object>(self);
          },
          "with slidedb.open(path) as db: ... closes db at the end.")
      .def("__exit__", [close](py::handle self, const py::args&) {
        close(self);
        return false;
      });
}

}  // namespace
}  // namespace slidedb

PYBIND11_MODULE(slidedb, m) {
  using slidedb::python::PyDb;
  using namespace pybind11::literals;
  m.doc() =
      "Exact answers to sliding-tile puzzles from a slidedb database "
      "(docs/API.md).\n\n"
      "  db = slidedb.open('data/slidedb')\n"
      "  db.solve('867254301')  # {'board': '3x3', ..., 'distance': 31, ...}";
  m.attr("__version__") = slidedb::Version();
  slidedb::python::RecordMainThread();
  py::class_<PyDb> db(m, "Db",
                      "A slidedb database opened read-only. Its methods may "
                      "be called from several threads at once.");
  db.def_property_readonly("path", slidedb::Method(&PyDb::path),
                           "the database directory");
  slidedb::DefStateMethods(&db);
  slidedb::DefTableMethods(&db);
  slidedb::DefClose(&db);

  m.def(
      "open",
      [](const py::object& path, bool preload) {
        // A str, bytes or path-like object (pathlib.Path), as the file
        // system's bytes: a name that is not UTF-8 opens too.
        const std::string dir = py::module_::import("os")
                                    .attr("fsencode")(path)
                                    .cast<std::string>();
        // As Python's own open() says of it: no file name holds one.
        if (dir.find('\0') != std::string::npos) {
          throw py::value_error("embedded null byte");
        }
        return PyDb(dir, preload);
      },
      "path"_a, py::kw_only(), "preload"_a = false,
      "Opens the database in `path` (as built by slidedb-build) read-only. "
      "FileNotFoundError when there is none. A search reads the pages of "
      "its pattern databases as it first needs them; preload=True reads "
      "them all whole now (about half a second and 300 MB for the 15-puzzle).");
}
