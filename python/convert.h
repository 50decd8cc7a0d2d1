// Conversions between the C++ API's answers and Python objects, and the
// errors raised for a failed Status: what the module's methods
// (python/module.cc) share. REQUIRES (every function): the GIL.
#ifndef SLIDEDB_PYTHON_CONVERT_H_
#define SLIDEDB_PYTHON_CONVERT_H_

#include <pybind11/pybind11.h>

#include <optional>
#include <string>

#include "slidedb/slidedb.h"

namespace slidedb::python {

namespace py = pybind11;

// Raises the Python exception for a failed Status: ValueError for
// malformed input and for a question the goal's tables cannot answer
// (NotSupported), LookupError for a missing table (FileNotFoundError for
// a missing database, in Open), OSError when the database cannot be read.
[[noreturn]] void Raise(const Status& s);
// Raise unless s is OK.
void Check(const Status& s);

// The Options of a method's keyword arguments (None: the default).
Options MakeOptions(const std::string& board,
                    const std::optional<std::string>& goal,
                    const std::optional<std::string>& blank,
                    const std::optional<std::string>& metric,
                    const std::optional<std::string>& notation);

// A new reference to a str, bytes that are not UTF-8 replaced (as the CLI's
// JSON does).
PyObject* Str(const std::string& s);
// A new reference to a tile label as the CLI's JSON writes it: an int when
// it is a plain number, else a str.
PyObject* Label(const std::string& label);
// None for -1 (unsolvable), else the distance.
py::object DistanceObject(int d);

// The dict of slidedb-query --format json for one answer.
py::dict SolutionDict(const Solution& s);
// The dict of slidedb-query --analyse --format json; `budget_seconds` is
// the max_seconds asked for.
py::dict AnalysisDict(const Analysis& a, double budget_seconds);

// Switches Python's cyclic garbage collector off while many answers are
// built: they hold no cycles, and its passes over a growing list of dicts
// would otherwise take most of the time.
class NoGc {
 public:
  NoGc() : was_enabled_(PyGC_Disable()) {}
  ~NoGc() {
    if (was_enabled_) PyGC_Enable();
  }

 private:
  const int was_enabled_;
};

}  // namespace slidedb::python

#endif  // SLIDEDB_PYTHON_CONVERT_H_
