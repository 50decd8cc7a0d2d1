// Conversions between the C++ API's answers and Python objects, and the
// errors raised for a failed Status: what the module's methods
// (python/module.cc) share. REQUIRES (every function): the GIL.
#ifndef SLIDEDB_PYTHON_CONVERT_H_
#define SLIDEDB_PYTHON_CONVERT_H_

#include <pybind11/pybind11.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "lib/base/out_of_memory.h"
#include "lib/base/threads.h"
#include "python/interrupt.h"
#include "slidedb/slidedb.h"

namespace slidedb::python {

namespace py = pybind11;

// The Python exception of a failed Status, by its code (docs/ERRORS.md):
// ValueError for malformed input and for a question the goal's tables
// cannot answer (NotSupported), LookupError for a missing table
// (FileNotFoundError for a missing database, in Open), MemoryError when
// memory ran out, TimeoutError past a deadline, RuntimeError for an
// internal error, OSError when the database cannot be read.
PyObject* ExceptionType(const Status& s);
// Raises `type` with `message`, whole (past a NUL too), bytes that are not
// UTF-8 replaced: a message may quote the input.
[[noreturn]] void RaiseText(PyObject* type, const std::string& message);
// Raises ExceptionType(s) with s's message.
[[noreturn]] void Raise(const Status& s);
// Raise unless s is OK.
void Check(const Status& s);

// A budget in seconds given as an argument (max_seconds): a float, or an
// int of any size read as its decimal text, so that one out of range is a
// ValueError quoting it as given, as every face quotes a number (not a
// pybind11 TypeError past a double, nor 1e+30 for 10**30); a bool is a
// TypeError, as it is for the whole numbers (Index).
struct Seconds {
  double value = 0;
};
// *out becomes the seconds `obj` gives (raising ValueError or TypeError as
// Seconds says); false (no Python error set) when it is no number.
bool ReadSeconds(PyObject* obj, Seconds* out);

// The Options of a method's keyword arguments (None: the default).
Options MakeOptions(const std::string& board,
                    const std::optional<std::string>& goal,
                    const std::optional<std::string>& blank,
                    const std::optional<std::string>& metric,
                    const std::optional<std::string>& notation,
                    const std::optional<Seconds>& max_seconds = std::nullopt);

// A whole-number argument handed on to the C++ API, which checks it:
// `value` is the number itself, or a stand-in the API refuses when it
// would not read the number as given (past [lo, hi], or `reserved`, a
// value the API takes for something else); `given` is then the number's
// decimal text, for the message.
struct WholeArg {
  int64_t value;
  std::string given;
};
// `number` as an int: any integer, NumPy's too (operator.index); the
// TypeError of operator.index for anything else, and a TypeError for a
// bool.
py::int_ Index(py::handle number);
WholeArg ReadWhole(const py::int_& number, int64_t lo, int64_t hi,
                   std::optional<int64_t> reserved = std::nullopt);
// Raises unless s is OK, with each stand-in the message quotes put back
// as the number given.
void CheckWhole(const Status& s, std::initializer_list<const WholeArg*> args);

// The text of a list's item `index` (from 0), a state: TypeError naming
// it by `index`, as an array's rows are named ("state 1 is of type int,
// not str or bytes" for states[1]), when it is neither; read as a state
// given alone is (InputText).
std::string StateText(py::handle item, size_t index);

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
// {board, start, goal, solvable} (reason when unsolvable, and no more),
// then metric, notation and the fields of slidedb-query --verify's
// "verify": legal, reaches_goal, length, optimal_length, gap (None unless
// it reaches the goal), and illegal_move and illegal_step when illegal.
py::dict VerificationDict(const Verification& v);
// {board, start, goal, solvable} (reason when unsolvable, and no more),
// then metric, notation and slidedb-query --count --all's fields:
// optimal_solutions (an int), solutions, solutions_complete.
py::dict OptimalSolutionsDict(const OptimalSolutions& o);

// Takes the GIL given up by PyEval_SaveThread() (WithoutGil), or never
// returns once the interpreter is exiting.
void TakeGil(PyThreadState* state);
// Whether the interpreter is exiting (a daemon thread must not take the
// GIL any more). Any thread.
bool Finalizing();

// Runs fn() without the GIL, so that other Python threads run meanwhile,
// then takes the GIL back and returns fn's Status. On the main thread a
// Ctrl-C stops it (Options::cancel of MakeOptions: StopFlag()) and raises
// KeyboardInterrupt (InterruptScope); when Python's SIGINT handler returns
// without raising instead, a call it stopped runs fn again (so fn must be
// able to: work it finished may be kept, and max_seconds counts anew). A thread
// that finishes fn after the interpreter began to exit (a daemon thread) waits
// there until the process ends: Python would end it with a forced unwind
// (pthread_exit) from a taking of the GIL, which std::terminate()s through
// C++ frames and would run C++ destructors on Python objects without the
// GIL. Not from a destructor. REQUIRES: the GIL.
template <typename F>
Status WithoutGil(F&& fn) {
  while (true) {
    InterruptScope interrupt;
    PyThreadState* state = PyEval_SaveThread();
    Status s;
    try {
      s = fn();
    } catch (...) {
      TakeGil(state);
      interrupt.Finish();  // a KeyboardInterrupt before fn's error
      throw;
    }
    TakeGil(state);
    // Stopped (a cancel is DeadlineExceeded) by a SIGINT whose handler
    // returned: run again. Any other answer stands.
    if (!interrupt.Finish() || !s.IsDeadlineExceeded()) return s;
  }
}

// Runs answer(first, count) over [0, n) in chunks of `chunk` on every
// core, without the GIL (WithoutGil: a chunk stopped by a SIGINT whose
// handler returned runs again); the error of the lowest chunk that failed.
// REQUIRES: the GIL.
template <typename Answer>
Status InChunks(size_t n, size_t chunk, const Answer& answer) {
  const size_t chunks = (n + chunk - 1) / chunk;
  const size_t threads = std::min<size_t>(chunks, slidedb::Cores());
  std::vector<Status> failed(chunks);
  std::vector<char> answered(chunks, 0);
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t c; (c = next.fetch_add(1)) < chunks;) {
      if (answered[c]) continue;
      // On every core: memory that runs out (a search's, or the pattern
      // databases read for the first) is the chunk's failure, not the
      // end of the process.
      failed[c] = slidedb::StatusIfOutOfMemory(
          [&] { return answer(c * chunk, std::min(chunk, n - c * chunk)); });
      answered[c] = failed[c].ok();
    }
  };
  return WithoutGil([&] {
    next.store(0);
    RunOnThreads(static_cast<int>(threads), work);
    for (const Status& s : failed) {
      if (!s.ok()) return s;
    }
    return Status::OK();
  });
}

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

// A state or moves given as an argument: a str or bytes, as a std::string
// takes them, but a str that UTF-8 cannot hold (a lone surrogate, from
// os.fsdecode say) comes as bytes too, its surrogate escapes their own
// bytes and any other lone one '?', so that the C++ API refuses it as
// malformed input (ValueError) rather than pybind11 as no str (TypeError).
struct InputText : std::string {};
// *out becomes the text of `obj` as InputText reads it; false (no Python
// error set) when it is neither str nor bytes.
bool ReadText(PyObject* obj, std::string* out);

}  // namespace slidedb::python

namespace pybind11::detail {

template <>
struct type_caster<slidedb::python::Seconds> {
  PYBIND11_TYPE_CASTER(slidedb::python::Seconds, const_name("float"));
  bool load(handle src, bool /*convert*/) {
    return slidedb::python::ReadSeconds(src.ptr(), &value);
  }
};

template <>
struct type_caster<slidedb::python::InputText> {
  PYBIND11_TYPE_CASTER(slidedb::python::InputText, const_name("str"));
  bool load(handle src, bool /*convert*/) {
    return slidedb::python::ReadText(src.ptr(), &value);
  }
};

}  // namespace pybind11::detail

#endif  // SLIDEDB_PYTHON_CONVERT_H_
