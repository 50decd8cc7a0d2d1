// Fuzz target: the options of the C++ API (include/slidedb/slidedb.h,
// slidedb::Options), which the Python module fills from its keyword
// arguments: Db::Solve with a board, goal, blank, metric, notation and
// max_seconds from the input.
//
// The input's first 8 bytes are max_seconds (a double as it lies in
// memory: NaN, infinities, negatives and subnormals included; eight zero
// bytes leave it unset); the rest is
// text split at newlines: the start, the board, the goal, the blank, the
// metric and the notation (a missing line keeps Options' default).
//
// An answer is about the board asked for; a solvable one is in the metric
// and notation asked for, with a distance, moves and tiles that agree; an
// unsolvable one says why. An error is one the API documents, with a
// message. Boards of more than 12 cells, which a search answers (none is
// stored in the database here but the multi-tile metric's, searched over
// walking-distance tables made on first use), get at most 10 ms.
//
// The database is $SLIDEDB_FUZZ_DB (ctest gives the suite's), else one with
// the 3x3 and 2x3 tables built on first use in a temporary directory.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>

#include "lib/puzzle/board.h"
#include "slidedb/slidedb.h"
#include "tests/fuzz/fuzz_database.h"

namespace {

void Require(bool ok, const std::string& why) {
  slidedb_fuzz::Require(ok, why, "fuzz_options");
}

const slidedb::Db& TheDb() {
  static const slidedb::Db* db = [] {
    std::unique_ptr<slidedb::Db> d;
    const slidedb::Status s = slidedb::Db::Open(
        slidedb_fuzz::FuzzDatabase("fuzz_options", {"3x3", "2x3"}), &d);
    Require(s.ok(), "opening the database: " + s.message());
    return d.release();
  }();
  return *db;
}

// Runs of equal letters ("UUL" or "U2 L"): MTM and the tiles' notation
// write a run as one move.
size_t Runs(const std::string& moves) {
  size_t n = 0;
  for (size_t i = 0; i < moves.size(); ++i) {
    const char c = moves[i];
    if (c >= 'A' && c <= 'Z' && (i == 0 || moves[i - 1] != c)) ++n;
  }
  return n;
}

void CheckSolution(const slidedb::Options& o, const slidedb::Solution& s,
                   const std::string& what) {
  if (!s.solvable) {
    Require(!s.reason.empty() && s.distance == -1,
            "unsolvable without a reason: " + what);
    return;
  }
  // Names are taken in any case ("stM").
  auto lower = [](std::string t) {
    for (char& c : t) c = static_cast<char>(std::tolower(c));
    return t;
  };
  Require(s.metric == (o.metric.empty() ? "stm" : lower(o.metric)),
          "the wrong metric: " + what);
  Require(s.notation == (o.notation.empty() ? "blank" : lower(o.notation)),
          "the wrong notation: " + what);
  Require(s.distance >= 0, "a solvable start without a distance: " + what);
  if (s.metric == "stm" && s.notation == "blank") {
    Require(s.moves.size() == static_cast<size_t>(s.distance) &&
                s.tiles.size() == s.moves.size(),
            "distance, moves and tiles disagree: " + what);
  } else if (s.optimal && s.metric == "mtm") {
    Require(Runs(s.moves) == static_cast<size_t>(s.distance),
            "an MTM distance that is not its runs: " + what);
  }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int* /*argc*/, char*** /*argv*/) {
  TheDb();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < sizeof(double)) return 0;
  slidedb::Options o;
  // The first eight bytes are max_seconds, any double (NaN, infinities,
  // negatives); all zero bytes leave it unset.
  double seconds;
  std::memcpy(&seconds, data, sizeof seconds);
  if (std::any_of(data, data + sizeof seconds, [](uint8_t b) { return b; })) {
    o.max_seconds = seconds;
  }
  std::string_view text(reinterpret_cast<const char*>(data) + sizeof(double),
                        size - sizeof(double));
  std::string start;
  std::string* fields[] = {&start, &o.board, &o.goal, &o.blank, &o.metric,
                           &o.notation};
  for (std::string* field : fields) {
    if (text.empty()) break;
    const size_t nl = text.find('\n');
    *field = std::string(text.substr(0, nl));
    text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
  }
  slidedb::Board board(3, 3);
  if (slidedb::Board::Parse(o.board, &board).ok() && board.cells() > 12 &&
      !(o.max_seconds > 0 && o.max_seconds <= 0.01)) {
    o.max_seconds = 0.01;
  }
  slidedb::Solution solution;
  const slidedb::Status s = TheDb().Solve(start, o, &solution);
  const std::string what = "'" + start + "' on '" + o.board + "' -> " +
                           s.ToString();
  if (s.ok()) {
    Require(solution.board == board.Name(), "the wrong board: " + what);
    CheckSolution(o, solution, what);
    return 0;
  }
  Require(!s.message().empty(), "an error without a message: " + what);
  Require(s.IsInvalidArgument() || s.IsNotFound() || s.IsNotSupported() ||
              s.IsDeadlineExceeded(),
          "an error the API does not document here: " + what);
  return 0;
}
