// NumPy arrays in and out of the Python module (python/arrays.h).
#include "python/arrays.h"

#include <pybind11/numpy.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "python/convert.h"

namespace slidedb::python {

bool IsArray(py::handle states) {
  PyObject* numpy = PyDict_GetItemString(PyImport_GetModuleDict(), "numpy");
  if (numpy == nullptr || !py::isinstance<py::array>(states)) return false;
  // An array of str (or of objects, as a DataFrame's column of str gives)
  // is an iterable of states like a list.
  const char kind = py::reinterpret_borrow<py::array>(states).dtype().kind();
  return kind != 'U' && kind != 'S' && kind != 'O';
}

namespace {

using Rows = py::array_t<uint8_t, py::array::c_style>;

// The states of `method`'s array as C-ordered rows of bytes (copied when
// the array is not C-contiguous).
Rows RowsOf(py::handle states, const std::string& method) {
  const auto a = py::reinterpret_borrow<py::array>(states);
  const py::dtype dtype = a.dtype();
  if (dtype.kind() != 'u' || dtype.itemsize() != 1) {
    const std::string name = py::str(static_cast<py::handle>(dtype));
    throw py::type_error(method +
                         " takes states as a uint8 array (tile t written t, "
                         "the blank 0), not " +
                         name + ": convert it with states.astype(numpy.uint8)");
  }
  if (a.ndim() != 2) {
    throw py::value_error(
        method +
        " takes states as a 2-D array, one row a state (shape "
        "(n, cells)), not an array of " +
        std::to_string(a.ndim()) +
        (a.ndim() == 1 ? " dimension" : " dimensions"));
  }
  Rows rows = Rows::ensure(a);
  if (!rows) throw py::error_already_set();
  return rows;
}

}  // namespace

py::object DistancesOfArray(const Db& db, py::handle states,
                            const Options& options) {
  static_assert(sizeof(int) == sizeof(int32_t));
  const Rows rows = RowsOf(states, "distances");
  const size_t n = rows.shape(0), cells = rows.shape(1);
  py::array_t<int32_t> out(static_cast<py::ssize_t>(n));
  const uint8_t* in = rows.data();
  int* d = out.mutable_data();
  // Every row checked before any is answered (a chunk would name its
  // rows from 0, and the others would go on searching).
  Check(WithoutGil([&] { return db.CheckRows(in, n, cells, options); }));
  constexpr size_t kChunk = 1 << 16;
  Check(InChunks(n, kChunk, [&](size_t first, size_t count) {
    return db.Distances(in + first * cells, count, cells, options, d + first);
  }));
  return out;
}

py::dict SolveManyOfArray(const Db& db, py::handle states,
                          const Options& options) {
  const Rows rows = RowsOf(states, "solve_many");
  const size_t n = rows.shape(0), cells = rows.shape(1);
  const uint8_t* in = rows.data();
  const auto size = static_cast<py::ssize_t>(n);
  py::array_t<int32_t> distance(size), lower_bound(size);
  py::array_t<bool> optimal(size);
  py::array_t<int64_t> nodes(size);
  int32_t* d = distance.mutable_data();
  int32_t* bound = lower_bound.mutable_data();
  bool* proven = optimal.mutable_data();
  int64_t* generated = nodes.mutable_data();
  std::vector<std::string> moves(n);
  Check(WithoutGil([&] { return db.CheckRows(in, n, cells, options); }));
  // A chunk at a time: Db::SolveMany spreads each over the cores itself.
  // Run again after a SIGINT Python's handler let pass (WithoutGil), it
  // goes on from the chunk that was stopped.
  constexpr size_t kChunk = 4096;
  size_t answered = 0;
  Check(WithoutGil([&] {
    std::vector<Solution> solutions;
    for (size_t first = answered; first < n; first += kChunk) {
      const size_t count = std::min(kChunk, n - first);
      Status s =
          db.SolveMany(in + first * cells, count, cells, options, &solutions);
      if (!s.ok()) return s;
      for (size_t k = 0; k < count; ++k) {
        Solution& solution = solutions[k];
        d[first + k] = solution.distance;
        bound[first + k] = solution.lower_bound;
        proven[first + k] = solution.optimal;
        generated[first + k] = solution.nodes;
        moves[first + k] = std::move(solution.moves);
      }
      answered = first + count;
    }
    return Status::OK();
  }));
  // The moves as a NumPy str array (UCS-4, padded with zeros), each str
  // written straight into it.
  size_t width = 1;
  for (const std::string& m : moves) width = std::max(width, m.size());
  const std::vector<py::ssize_t> shape{static_cast<py::ssize_t>(n)};
  py::array text(py::dtype("<U" + std::to_string(width)), shape);
  auto* chars = static_cast<uint32_t*>(text.mutable_data());
  std::memset(chars, 0, n * width * sizeof(uint32_t));
  for (size_t k = 0; k < n; ++k) {
    for (size_t i = 0; i < moves[k].size(); ++i) {
      chars[k * width + i] = static_cast<unsigned char>(moves[k][i]);
    }
  }
  py::dict out;
  out["distance"] = distance;
  out["moves"] = text;
  out["optimal"] = optimal;
  out["lower_bound"] = lower_bound;
  out["nodes"] = nodes;
  return out;
}

}  // namespace slidedb::python
