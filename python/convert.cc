// Conversions between the C++ API's answers and Python objects, and the
// errors raised for a failed Status (python/convert.h).
#include "python/convert.h"

#include <cxxabi.h>
#include <unistd.h>

#include <string>
#include <string_view>

#include "lib/answer/limits.h"
#include "lib/base/ascii.h"

namespace slidedb::python {

PyObject* ExceptionType(const Status& s) {
  switch (s.code()) {
    case Status::Code::kInvalidArgument:
    case Status::Code::kNotSupported:
      return PyExc_ValueError;
    case Status::Code::kNotFound:
      return PyExc_LookupError;
    case Status::Code::kResourceExhausted:
      return PyExc_MemoryError;
    case Status::Code::kDeadlineExceeded:
      return PyExc_TimeoutError;
    case Status::Code::kInternal:
      return PyExc_RuntimeError;
    case Status::Code::kOk:  // not raised
    case Status::Code::kCorruption:
    case Status::Code::kIOError:
    case Status::Code::kVersionMismatch:
    case Status::Code::kBusy:
      break;
  }
  return PyExc_OSError;
}

[[noreturn]] void RaiseText(PyObject* type, const std::string& message) {
  PyObject* text = Str(message);
  if (text != nullptr) {
    PyErr_SetObject(type, text);
    Py_DECREF(text);
  }
  throw py::error_already_set();
}

[[noreturn]] void Raise(const Status& s) {
  RaiseText(ExceptionType(s), s.message());
}

void Check(const Status& s) {
  if (!s.ok()) Raise(s);
}

py::int_ Index(py::handle number) {
  // True is no count of states or moves, though Python makes it 1.
  if (PyBool_Check(number.ptr())) {
    throw py::type_error("a whole number is wanted, not a bool");
  }
  PyObject* index = PyNumber_Index(number.ptr());
  if (index == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::int_>(index);
}

WholeArg ReadWhole(const py::int_& number, int64_t lo, int64_t hi,
                   std::optional<int64_t> reserved) {
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(number.ptr(), &overflow);
  if (v == -1 && PyErr_Occurred()) throw py::error_already_set();
  if (overflow == 0 && v >= lo && v <= hi && v != reserved) return {v, {}};
  // The stand-in: the end of the type on the number's side (negative
  // numbers, the reserved one among them, are refused, and so are those
  // past the largest the API takes).
  const bool negative = overflow < 0 || (overflow == 0 && v < 0);
  return {negative ? lo : hi, py::repr(number).cast<std::string>()};
}

namespace {

// 'text' (appended, not by operator+: GCC 12 warns falsely of that).
std::string Quoted(std::string_view text) {
  std::string q(1, '\'');
  q.append(text);
  q += '\'';
  return q;
}

}  // namespace

void CheckWhole(const Status& s, std::initializer_list<const WholeArg*> args) {
  if (s.ok()) return;
  std::string message = s.message();
  for (const WholeArg* a : args) {
    if (a->given.empty()) continue;
    const std::string stand_in = Quoted(std::to_string(a->value));
    const size_t at = message.find(stand_in);
    if (at != std::string::npos) {
      message.replace(at, stand_in.size(), Quoted(ShownInput(a->given)));
    }
  }
  RaiseText(ExceptionType(s), message);
}

bool Finalizing() {
#if PY_VERSION_HEX >= 0x030D0000
  return Py_IsFinalizing() != 0;
#else
  return _Py_IsFinalizing() != 0;
#endif
}

namespace {

// The end of a thread that must not go back to Python: the process exits
// around it.
[[noreturn]] void WaitForExit() {
  while (true) pause();
}

}  // namespace

void TakeGil(PyThreadState* state) {
  if (Finalizing()) WaitForExit();
  // The interpreter may begin to exit between the check and here: then
  // Python ends this thread with pthread_exit, whose unwinding stops here.
  try {
    PyEval_RestoreThread(state);
  } catch (abi::__forced_unwind&) {
    WaitForExit();  // never rethrown: the handler does not end
  }
}

Options MakeOptions(const std::string& board,
                    const std::optional<std::string>& goal,
                    const std::optional<std::string>& blank,
                    const std::optional<std::string>& metric,
                    const std::optional<std::string>& notation,
                    const std::optional<Seconds>& max_seconds) {
  Options o;
  o.board = board;
  // Checked by the C++ API.
  if (max_seconds) o.max_seconds = max_seconds->value;
  o.cancel = StopFlag();  // Ctrl-C on the main thread (WithoutGil)
  // The C++ API reads an empty value as the default (an empty goal as the
  // start's own); given here, as --goal '' and goal= are, it is an error.
  if (goal && goal->empty()) throw py::value_error("goal '': empty state");
  for (const auto& [name, value] : {std::pair{"blank", &blank},
                                    {"metric", &metric},
                                    {"notation", &notation}}) {
    if (*value && (*value)->empty()) {
      throw py::value_error(std::string(name) +
                            " is empty: leave it out for the default");
    }
  }
  if (goal) o.goal = *goal;
  if (blank) o.blank = *blank;
  if (metric) o.metric = *metric;
  if (notation) o.notation = *notation;
  return o;
}

bool ReadText(PyObject* obj, std::string* out) {
  if (PyBytes_Check(obj)) {
    out->assign(PyBytes_AS_STRING(obj),
                static_cast<size_t>(PyBytes_GET_SIZE(obj)));
    return true;
  }
  if (!PyUnicode_Check(obj)) return false;
  Py_ssize_t size = 0;
  if (const char* text = PyUnicode_AsUTF8AndSize(obj, &size)) {
    out->assign(text, static_cast<size_t>(size));
    return true;
  }
  PyErr_Clear();
  for (const char* errors : {"surrogateescape", "replace"}) {
    if (PyObject* bytes = PyUnicode_AsEncodedString(obj, "utf-8", errors)) {
      out->assign(PyBytes_AS_STRING(bytes),
                  static_cast<size_t>(PyBytes_GET_SIZE(bytes)));
      Py_DECREF(bytes);
      return true;
    }
    PyErr_Clear();
  }
  // Only memory that runs out gets here: an empty text, refused as
  // malformed.
  out->clear();
  return true;
}

std::string StateText(py::handle item, size_t index) {
  // bytes as solve() takes them; numpy.bytes_ (an array of dtype S) is one.
  std::string text;
  if (!ReadText(item.ptr(), &text)) {
    throw py::type_error("state " + std::to_string(index) + " is of type " +
                         Py_TYPE(item.ptr())->tp_name +
                         ", not str or bytes (a state is a str such as "
                         "'123405786')");
  }
  return text;
}

// A new reference to a str, bytes that are not UTF-8 replaced (as the CLI's
// JSON does).
PyObject* Str(const std::string& s) {
  return PyUnicode_DecodeUTF8(s.data(), static_cast<Py_ssize_t>(s.size()),
                              "replace");
}

// A tile label as the CLI's JSON writes it: a number when it is a plain
// integer (no sign, no leading zero, under ten digits), else a str.
PyObject* Label(const std::string& label) {
  if (label.size() == 1) {
    // One character, the common case: made once, shared.
    static PyObject** const one = [] {
      PyObject** objects = new PyObject*[128];  // ASCII; live as long as Python
      for (int c = 0; c < 128; ++c) {
        const char ch = static_cast<char>(c);
        objects[c] = ch >= '0' && ch <= '9'
                         ? PyLong_FromLong(ch - '0')
                         : PyUnicode_DecodeLatin1(&ch, 1, nullptr);
      }
      return objects;
    }();
    const auto c = static_cast<unsigned char>(label[0]);
    if (c < 128) {
      Py_INCREF(one[c]);
      return one[c];
    }
  }
  if (!LabelIsNumber(label)) return Str(label);
  long value = 0;
  for (char c : label) value = value * 10 + (c - '0');
  return PyLong_FromLong(value);
}

namespace {

// Sets d[key] = value, taking the reference to value.
void Set(PyObject* d, PyObject* key, PyObject* value) {
  if (value == nullptr) throw py::error_already_set();
  const int rc = PyDict_SetItem(d, key, value);
  Py_DECREF(value);
  if (rc != 0) throw py::error_already_set();
}

// The dict keys, made once.
struct Keys {
  static py::object Key(const char* name) {
    return py::reinterpret_steal<py::object>(PyUnicode_InternFromString(name));
  }
  py::object board = Key("board"), start = Key("start"), goal = Key("goal"),
             solvable = Key("solvable"), reason = Key("reason"),
             distance = Key("distance"), moves = Key("moves"),
             tiles = Key("tiles"), nodes = Key("nodes"),
             optimal = Key("optimal"), lower_bound = Key("lower_bound"),
             metric = Key("metric"), notation = Key("notation");
};
const Keys& K() {
  static const Keys* keys = new Keys();  // lives as long as the interpreter
  return *keys;
}

// A new reference to a str of `text`, the same object while the same text
// repeats: a batch shares its board's and usually its goal's. REQUIRES: the
// GIL.
class RepeatedStr {
 public:
  PyObject* Get(const std::string& text) {
    if (object_ == nullptr || text != text_) {
      PyObject* fresh = Str(text);
      if (fresh == nullptr) return nullptr;
      Py_XDECREF(object_);
      object_ = fresh;
      text_ = text;
    }
    Py_INCREF(object_);
    return object_;
  }

 private:
  std::string text_;
  PyObject* object_ = nullptr;
};

}  // namespace

py::dict SolutionDict(const Solution& s) {
  static RepeatedStr* const board = new RepeatedStr();  // live as long as
  static RepeatedStr* const goal = new RepeatedStr();   // the interpreter
  const Keys& k = K();
  py::dict d;
  PyObject* o = d.ptr();
  Set(o, k.board.ptr(), board->Get(s.board));
  Set(o, k.start.ptr(), Str(s.start));
  Set(o, k.goal.ptr(), goal->Get(s.goal));
  Set(o, k.solvable.ptr(), PyBool_FromLong(s.solvable));
  if (!s.solvable) {
    Set(o, k.reason.ptr(), Str(s.reason));
    return d;
  }
  Set(o, k.distance.ptr(), PyLong_FromLong(s.distance));
  Set(o, k.metric.ptr(), Str(s.metric));
  Set(o, k.moves.ptr(), Str(s.moves));
  Set(o, k.notation.ptr(), Str(s.notation));
  PyObject* tiles = PyList_New(static_cast<Py_ssize_t>(s.tiles.size()));
  if (tiles == nullptr) throw py::error_already_set();
  for (size_t i = 0; i < s.tiles.size(); ++i) {
    PyObject* t = Label(s.tiles[i]);
    if (t == nullptr) {
      Py_DECREF(tiles);
      throw py::error_already_set();
    }
    PyList_SET_ITEM(tiles, static_cast<Py_ssize_t>(i), t);
  }
  Set(o, k.tiles.ptr(), tiles);
  if (s.nodes >= 0) {
    Set(o, k.nodes.ptr(), PyLong_FromLongLong(s.nodes));
    Set(o, k.optimal.ptr(), PyBool_FromLong(s.optimal));
    if (!s.optimal) {
      Set(o, k.lower_bound.ptr(), PyLong_FromLong(s.lower_bound));
    }
  }
  return d;
}

// None for -1 (unsolvable), else the distance.
py::object DistanceObject(int d) {
  return d < 0 ? py::none() : py::object(py::int_(d));
}

py::dict AnalysisDict(const Analysis& a, double budget_seconds) {
  py::dict d;
  d["board"] = a.board;
  d["start"] = py::reinterpret_steal<py::object>(Str(a.start));
  d["goal"] = py::reinterpret_steal<py::object>(Str(a.goal));
  if (!a.solvable) {
    d["solvable"] = false;
    d["reason"] = a.reason;
    return d;
  }
  d["metric"] = a.metric;
  d["notation"] = a.notation;
  d["solvable"] = true;
  d["optimal_length"] = DistanceObject(a.optimal_length);
  d["length"] = a.length;
  d["reaches_goal"] = a.reaches_goal;
  d["lost"] = a.lost;
  d["complete"] = a.complete;
  if (!a.complete) {
    d["analysed"] = a.analysed;
    d["budget_seconds"] = budget_seconds;
  }
  if (a.nodes >= 0) d["nodes"] = a.nodes;
  py::list list;
  for (size_t i = 0; i < a.moves.size(); ++i) {
    const Analysis::MoveInfo& m = a.moves[i];
    py::dict e;
    e["number"] = i + 1;
    e["move"] = m.move;
    py::list tiles;
    for (const std::string& t : m.tiles) {
      tiles.append(py::reinterpret_steal<py::object>(Label(t)));
    }
    e["tiles"] = tiles;
    if (static_cast<int>(i) < a.analysed) {
      e["before"] = m.before;
      e["after"] = m.after;
      e["optimal"] = m.optimal;
      e["lost"] = m.lost;
    }
    list.append(e);
  }
  d["moves"] = list;
  py::list stretches;
  for (const Analysis::Stretch& w : a.stretches) {
    py::dict e;
    e["first"] = w.first;
    e["last"] = w.last;
    e["lost"] = w.lost;
    stretches.append(e);
  }
  d["stretches"] = stretches;
  return d;
}

namespace {

// {board, start, goal, solvable}, and reason when unsolvable.
py::dict QuestionDict(const std::string& board, const std::string& start,
                      const std::string& goal, bool solvable,
                      const std::string& reason) {
  py::dict d;
  d["board"] = board;
  d["start"] = py::reinterpret_steal<py::object>(Str(start));
  d["goal"] = py::reinterpret_steal<py::object>(Str(goal));
  d["solvable"] = solvable;
  if (!solvable) d["reason"] = reason;
  return d;
}

}  // namespace

py::dict VerificationDict(const Verification& v) {
  py::dict d = QuestionDict(v.board, v.start, v.goal, v.solvable, v.reason);
  if (!v.solvable) return d;
  d["metric"] = v.metric;
  d["notation"] = v.notation;
  d["legal"] = v.legal;
  d["reaches_goal"] = v.reaches_goal;
  d["length"] = v.length;
  d["optimal_length"] = v.optimal_length;
  d["gap"] = v.reaches_goal ? py::object(py::int_(v.gap)) : py::none();
  if (!v.legal) {
    d["illegal_move"] = v.illegal_move;
    d["illegal_step"] = v.illegal_step;
  }
  return d;
}

py::dict OptimalSolutionsDict(const OptimalSolutions& o) {
  py::dict d = QuestionDict(o.board, o.start, o.goal, o.solvable, o.reason);
  if (!o.solvable) return d;
  d["metric"] = o.metric;
  d["notation"] = o.notation;
  // Counted in 128 bits: Python's int reads any length.
  d["optimal_solutions"] = py::reinterpret_steal<py::object>(
      PyLong_FromString(o.count.c_str(), nullptr, 10));
  py::list solutions;
  for (const std::string& s : o.solutions) solutions.append(s);
  d["solutions"] = solutions;
  d["solutions_complete"] = o.complete;
  return d;
}

bool ReadSeconds(PyObject* obj, Seconds* out) {
  if (PyBool_Check(obj)) {
    throw py::type_error("max_seconds takes a number of seconds, not a bool");
  }
  if (PyIndex_Check(obj) && !PyFloat_Check(obj)) {  // NumPy's ints too
    const std::string text = py::str(Index(obj));
    const Status s = ParseMaxSeconds("max_seconds", text, &out->value);
    if (!s.ok()) throw py::value_error(s.message());
    return true;
  }
  // A float, or what makes one (NumPy's float32, a Fraction).
  const double v = PyFloat_AsDouble(obj);
  if (v == -1.0 && PyErr_Occurred()) {
    PyErr_Clear();
    return false;
  }
  out->value = v;
  return true;
}

}  // namespace slidedb::python
