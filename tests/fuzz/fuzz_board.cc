// Fuzz target: the one parser of a board's shape (Board::Parse,
// lib/puzzle/board.h), which every face calls for --board and board=.
// Whatever parses is a supported shape (2 by 2 at least, 25 cells at most,
// with no overflow on the way), names itself as it was written once leading
// zeros are dropped, and its Board's moves stay on the board.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "lib/puzzle/board.h"
#include "tests/fuzz/require.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  slidedb::Board board(2, 3);
  const slidedb::Status s = slidedb::Board::Parse(text, &board);
  if (!s.ok()) {
    Require(s.IsInvalidArgument());
    Require(!s.message().empty());
    Require(board == slidedb::Board(2, 3));
    return 0;
  }
  Require(board.rows() >= 2 && board.cols() >= 2);
  Require(board.rows() <= slidedb::kMaxCells &&
          board.cols() <= slidedb::kMaxCells);
  Require(board.cells() <= slidedb::kMaxCells);
  slidedb::Board again(2, 2);
  Require(slidedb::Board::Parse(board.Name(), &again).ok());
  Require(again == board);
  for (int c = 0; c < board.cells(); ++c) {
    for (slidedb::Move m : slidedb::kAllMoves) {
      const int n = board.Neighbor(c, m);
      Require(n >= -1 && n < board.cells());
      Require(n == -1 || board.Neighbor(n, slidedb::Inverse(m)) == c);
    }
  }
  return 0;
}
