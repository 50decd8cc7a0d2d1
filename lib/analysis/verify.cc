#include "lib/analysis/verify.h"

#include <algorithm>

#include "lib/base/ascii.h"
#include "lib/puzzle/notation.h"
#include "lib/solve/walk.h"

namespace slidedb {

namespace {

// Whether `w` is a move word: a move letter, then letters and digits (a
// count).
bool IsMoveWord(std::string_view w) {
  Move m;
  if (!ParseMoveLetter(w[0], &m)) return false;
  for (char c : w) {
    if (!ParseMoveLetter(c, &m) && (c < '0' || c > '9')) return false;
  }
  return true;
}

// The tile `w` labels (labels[t] is tile t's), or 0 for none.
uint8_t TileOf(std::string_view w, const std::vector<std::string>& labels) {
  for (size_t t = 1; t < labels.size(); ++t) {
    if (labels[t] == w) return static_cast<uint8_t>(t);
  }
  return 0;
}

// Why the solution's `word` (of `words`, read as tiles) names no tile.
Status NoTile(std::string_view w, const std::vector<std::string_view>& words,
              const std::vector<std::string>& labels) {
  const std::string word(w);
  // The blank's label, or another way to write a blank as it is.
  const auto default_blank = [](const std::string& l) {
    return l == "0" || l == "_" || l == "." || l == "-";
  };
  if (!labels.empty() && (labels[0] == word ||
                          (default_blank(labels[0]) && default_blank(word)))) {
    return Status::InvalidArgument(
        "the solution names the blank ('" + ShownInput(word) +
        "'); name the tiles that slide, or give U/D/L/R blank moves");
  }
  // Moves beside other words (a state after --analyse's --moves, say) were
  // read as tiles: said as a mix, not as a move that is no tile.
  const auto move = std::find_if(words.begin(), words.end(), [&](auto v) {
    return IsMoveWord(v) && TileOf(v, labels) == 0;
  });
  const auto other = std::find_if(words.begin(), words.end(),
                                  [](auto v) { return !IsMoveWord(v); });
  if (move != words.end() && other != words.end()) {
    return Status::InvalidArgument(
        "the solution mixes moves ('" + ShownInput(*move) +
        "') with other words ('" + ShownInput(*other) +
        "'): give U/D/L/R blank moves, or tile labels, not both");
  }
  return Status::InvalidArgument(
      "the solution names '" + ShownInput(word) +
      "', which is no tile of this puzzle (give U/D/L/R blank moves, or "
      "tile labels separated by spaces or commas)");
}

}  // namespace

Status ParseSolution(std::string_view text,
                     const std::vector<std::string>& labels,
                     std::vector<SolutionStep>* steps,
                     MoveConvention convention) {
  steps->clear();
  std::vector<std::string_view> words;
  for (size_t i = 0; i < text.size();) {
    while (i < text.size() && IsLabelSeparator(text[i])) ++i;
    size_t j = i;
    while (j < text.size() && !IsLabelSeparator(text[j])) ++j;
    if (j > i) words.push_back(text.substr(i, j - i));
    i = j;
  }
  // Move letters, each with an optional count, or else tile labels.
  if (std::all_of(words.begin(), words.end(), IsMoveWord)) {
    std::vector<Move> moves;
    Status s = ParseMoves(text, convention, &moves);
    if (!s.ok()) return s;
    for (Move m : moves) {
      SolutionStep step;
      step.move = m;
      steps->push_back(step);
    }
    return Status::OK();
  }
  for (std::string_view w : words) {
    SolutionStep step;
    step.by_tile = true;
    step.tile = TileOf(w, labels);
    if (step.tile == 0) return NoTile(w, words, labels);
    steps->push_back(step);
  }
  return Status::OK();
}

Status VerifySolution(Table* table, const State& start,
                      const std::vector<SolutionStep>& steps, Verdict* v) {
  int optimal_length;
  Status s = DistanceToGoal(table, start, &optimal_length);
  if (!s.ok()) return s;
  PlaySolution(table->indexer().board(), table->indexer().goal_blank(), start,
               steps, optimal_length, v, table->meta().metric);
  return Status::OK();
}

void PlaySolution(const Board& board, int goal_blank, const State& start,
                  const std::vector<SolutionStep>& steps, int optimal_length,
                  Verdict* v, Metric metric) {
  *v = Verdict();
  v->optimal_length = optimal_length;
  v->steps = static_cast<int>(steps.size());
  // The blank's steps, as far as they are known: a tile named past an
  // illegal step has no direction.
  std::vector<Move> known;
  State at = start;
  for (size_t k = 0; k < steps.size(); ++k) {
    bool ok = false;
    Move way = steps[k].move;
    if (steps[k].by_tile) {
      for (Move m : kAllMoves) {
        const int to = board.Neighbor(at.blank, m);
        if (to >= 0 && at.tile[to] == steps[k].tile) {
          way = m;
          ok = ApplyMove(board, m, &at);
          break;
        }
      }
    } else {
      ok = ApplyMove(board, way, &at);
    }
    if (!ok && v->illegal_step == 0) {
      v->illegal_step = static_cast<int>(k) + 1;
      // Every step before it was legal: `known` holds them all. A tile's
      // step has no direction, so it starts a move of its own.
      v->illegal_move =
          MoveCount(known, metric) + (metric == Metric::kStm || known.empty() ||
                                      steps[k].by_tile || way != known.back());
    }
    if (v->illegal_step == 0 || !steps[k].by_tile) {
      known.push_back(way);
    }
  }
  v->length =
      MoveCount(known, metric) + static_cast<int>(steps.size() - known.size());
  if (v->illegal_step != 0) return;
  v->legal = true;
  v->reaches_goal = at == CanonicalGoal(board, goal_blank);
}

}  // namespace slidedb
