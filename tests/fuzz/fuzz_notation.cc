// Fuzz target: the state notation parser (lib/puzzle/notation.h) and what a query
// does with a parsed start: its default goal and the problem it makes.
// Byte 0 picks the board, byte 1 the blank label; the rest is the text.
// Whatever parses must format back to text that parses to the same labels.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "lib/puzzle/board.h"
#include "lib/puzzle/notation.h"
#include "lib/puzzle/problem.h"
#include "tests/fuzz/require.h"

namespace {

constexpr int kShapes[][2] = {{2, 2}, {2, 3}, {3, 2}, {2, 4}, {4, 2}, {3, 3},
                              {2, 5}, {5, 2}, {3, 4}, {4, 3}, {2, 6}, {6, 2}};
constexpr const char* kBlanks[] = {"", "9", "x", "_", "0", "blank"};


}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  const auto& shape = kShapes[data[0] % std::size(kShapes)];
  const slidedb::Board board(shape[0], shape[1]);
  const slidedb::NotationOptions options{kBlanks[data[1] % std::size(kBlanks)]};
  const std::string_view text(reinterpret_cast<const char*>(data) + 2,
                              size - 2);
  slidedb::Arrangement a;
  if (!slidedb::ParseArrangement(text, board, options, &a).ok()) return 0;
  Require(static_cast<int>(a.labels.size()) == board.cells());
  Require(a.blank >= 0 && a.blank < board.cells());
  const std::string blank_out = slidedb::OutputBlankLabel(options);
  const std::string formatted = slidedb::FormatArrangement(a, blank_out);
  slidedb::Arrangement again;
  Require(slidedb::ParseArrangement(formatted, board, options, &again).ok());
  Require(again.blank == a.blank);
  for (int c = 0; c < board.cells(); ++c) {
    Require(c == a.blank || again.labels[c] == a.labels[c]);
  }
  const slidedb::Arrangement goal = slidedb::DefaultGoal(board, a);
  slidedb::Problem p;
  Require(slidedb::MakeProblem(board, a, goal, &p).ok());
  Require(p.solvable || !p.reason.empty());
  return 0;
}
