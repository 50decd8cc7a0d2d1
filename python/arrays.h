// NumPy arrays in and out of the Python module (docs/API.md): states as an
// (n, cells) uint8 array, tile t written t and the blank 0; distances as an
// int32 array. The rows are checked and answered by the C++ API
// (Db::Distances, Db::SolveMany of rows), without the GIL.
#ifndef SLIDEDB_PYTHON_ARRAYS_H_
#define SLIDEDB_PYTHON_ARRAYS_H_

#include <pybind11/pybind11.h>

#include "slidedb/slidedb.h"

namespace slidedb::python {

namespace py = pybind11;

// Whether `states` is a NumPy array of numbers, rows of tiles (one of str,
// bytes or objects is not: it answers as an iterable of str). Never
// imports NumPy: when it was not imported, nothing is one.
bool IsArray(py::handle states);

// db.distances(array): an int32 array of the rows' distances, -1 where a
// state cannot reach the goal. TypeError for a dtype other than uint8,
// ValueError for an array that is not 2-D or rows of the wrong length,
// and for a malformed row (naming it).
py::object DistancesOfArray(const Db& db, py::handle states,
                            const Options& options);

// db.solve_many(array): a dict of arrays, one entry a row: "distance"
// (int32, -1 where unsolvable), "moves" (str, "" where unsolvable), and
// Solution's "optimal" (bool), "lower_bound" (int32) and "nodes" (int64),
// so that a path max_seconds left unproven says so; errors as
// DistancesOfArray's.
py::dict SolveManyOfArray(const Db& db, py::handle states,
                          const Options& options);

}  // namespace slidedb::python

#endif  // SLIDEDB_PYTHON_ARRAYS_H_
