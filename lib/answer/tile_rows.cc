#include "lib/answer/tile_rows.h"

#include <algorithm>

#include "lib/puzzle/parity.h"
#include "lib/puzzle/problem.h"
#include "lib/puzzle/state.h"

namespace slidedb {

namespace {

// The goal as every row is posed against it: number[v], the table tile of
// the number v (0 for the blank), and the goal's cell and parity.
struct NumberedGoal {
  uint8_t number[kMaxCells] = {};
  int goal_blank = 0;
  int parity = 0;
};

// The config's goal, or the numbers' order with the blank last, for rows
// of `row_length` numbers.
Status NumberGoal(const QueryConfig& config, size_t row_length,
                  NumberedGoal* out) {
  const Board& board = config.board;
  const int cells = board.cells();
  if (row_length != static_cast<size_t>(cells)) {
    return Status::InvalidArgument(
        "states given as numbers on a " + board.Name() + " board have " +
        std::to_string(cells) + " numbers each, not " +
        std::to_string(row_length));
  }
  // The identity row: cell c holds the number c, the blank on cell 0.
  Arrangement identity;
  identity.blank = 0;
  for (int c = 0; c < cells; ++c) identity.labels.push_back(std::to_string(c));
  const Arrangement goal =
      config.goal ? *config.goal : DefaultGoal(board, identity);
  Problem p;
  Status s = MakeProblem(board, identity, goal, &p);
  if (!s.ok()) {
    return Status::InvalidArgument(
        "states given as numbers need a goal of the numbers 1 to " +
        std::to_string(cells - 1) + " and the blank: " + s.message());
  }
  for (int c = 0; c < cells; ++c) out->number[c] = p.start.tile[c];
  out->goal_blank = p.goal_blank;
  out->parity = ParityClass(board, CanonicalGoal(board, p.goal_blank));
  return Status::OK();
}

}  // namespace

Status CheckTileRow(const uint8_t* row, const Board& board, size_t k) {
  const int cells = board.cells();
  uint32_t seen = 0;  // bit v: number v met (kMaxCells <= 32)
  uint8_t largest = 0;
  for (int c = 0; c < cells; ++c) {
    seen |= uint32_t{1} << (row[c] & 31);
    largest = std::max(largest, row[c]);
  }
  if (largest < cells && seen == (uint32_t{1} << cells) - 1) {
    return Status::OK();  // every number below cells, none twice
  }
  // What is wrong, said for the first cell where it shows.
  std::string wrong;
  seen = 0;
  for (int c = 0; c < cells && wrong.empty(); ++c) {
    const int v = row[c];
    if (v >= cells) {
      wrong = "cell " + std::to_string(c) + " holds " + std::to_string(v) +
              "; a " + board.Name() + " board's numbers are 0 to " +
              std::to_string(cells - 1);
    } else if (seen & (uint32_t{1} << v)) {
      wrong = "the number " + std::to_string(v) + " is on two cells";
    }
    seen |= uint32_t{1} << (v & 31);
  }
  return Status::InvalidArgument("state " + std::to_string(k) + ": " + wrong +
                                 " (each of 0 to " + std::to_string(cells - 1) +
                                 " once, 0 the blank)");
}

Status CheckTileRows(const QueryConfig& config, const uint8_t* rows, size_t n,
                     size_t row_length) {
  NumberedGoal goal;
  Status s = NumberGoal(config, row_length, &goal);
  for (size_t k = 0; k < n && s.ok(); ++k) {
    s = CheckTileRow(rows + k * row_length, config.board, k);
  }
  return s;
}

Status TileRowTexts(const QueryConfig& config, const uint8_t* rows, size_t n,
                    size_t row_length, std::vector<std::string>* texts) {
  Status s = CheckTileRows(config, rows, n, row_length);
  if (!s.ok()) return s;
  const int cells = config.board.cells();
  const std::string blank = OutputBlankLabel(config.notation);
  texts->resize(n);
  for (size_t k = 0; k < n; ++k) {
    const uint8_t* row = rows + k * cells;
    std::string& text = (*texts)[k];
    text.clear();
    for (int c = 0; c < cells; ++c) {
      if (c > 0) text += ',';
      text += row[c] == 0 ? blank : std::to_string(row[c]);
    }
  }
  return Status::OK();
}

Status TileRowDistances(const QueryConfig& config, Solver* solver,
                        const uint8_t* rows, size_t n, size_t row_length,
                        int* distances) {
  const Board& board = config.board;
  const int cells = board.cells();
  Status s = CheckTileRows(config, rows, n, row_length);
  NumberedGoal goal;
  if (s.ok()) s = NumberGoal(config, row_length, &goal);
  if (!s.ok()) return s;
  Problem like;
  like.board = board;
  like.goal_blank = goal.goal_blank;
  like.metric = config.metric;
  like.solvable = true;
  // A block of rows at a time: the solvable ones' states, then their
  // distances in one call (Solver::DistanceMany).
  constexpr size_t kBlock = 1024;
  std::vector<State> states(kBlock);
  std::vector<size_t> place(kBlock);
  std::vector<int> found(kBlock);
  for (size_t first = 0; first < n; first += kBlock) {
    if (config.limits.Cancelled()) {
      return Status::DeadlineExceeded("stopped (cancelled)");
    }
    const size_t count = std::min(kBlock, n - first);
    size_t solvable = 0;
    for (size_t k = first; k < first + count; ++k) {
      const uint8_t* row = rows + k * cells;
      State& start = states[solvable];
      for (int c = 0; c < cells; ++c) {
        start.tile[c] = goal.number[row[c]];
        if (row[c] == 0) start.blank = static_cast<uint8_t>(c);
      }
      distances[k] = -1;
      if (ParityClass(board, start) == goal.parity) place[solvable++] = k;
    }
    s = solver->DistanceMany(like, states.data(), solvable, found.data(),
                             config.limits, config.max_seconds);
    if (!s.ok()) return s;
    for (size_t j = 0; j < solvable; ++j) distances[place[j]] = found[j];
  }
  return Status::OK();
}

}  // namespace slidedb
