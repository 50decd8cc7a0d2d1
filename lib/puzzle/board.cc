#include "lib/puzzle/board.h"

#include <charconv>
#include <climits>

#include "lib/base/ascii.h"

namespace slidedb {

char MoveLetter(Move m) { return "UDLR"[static_cast<int>(m)]; }

bool ParseMoveLetter(char c, Move* m) {
  switch (c) {
    case 'U': case 'u': *m = Move::kUp; return true;
    case 'D': case 'd': *m = Move::kDown; return true;
    case 'L': case 'l': *m = Move::kLeft; return true;
    case 'R': case 'r': *m = Move::kRight; return true;
    default: return false;
  }
}

bool Board::IsValidShape(int rows, int cols) {
  // Divides instead of multiplying: rows * cols overflows int for sides
  // such as 46341x46341 or 2x2147483647, which then passed as small boards.
  return rows >= 2 && cols >= 2 && rows <= kMaxCells / cols;
}

Board::Board(int rows, int cols) : rows_(rows), cols_(cols) {
  for (auto& row : next_) row.fill(-1);
  for (int c = 0; c < cells(); ++c) {
    const int r = Row(c), k = Col(c);
    next_[c][static_cast<int>(Move::kUp)] = r > 0 ? c - cols_ : -1;
    next_[c][static_cast<int>(Move::kDown)] = r + 1 < rows_ ? c + cols_ : -1;
    next_[c][static_cast<int>(Move::kLeft)] = k > 0 ? c - 1 : -1;
    next_[c][static_cast<int>(Move::kRight)] = k + 1 < cols_ ? c + 1 : -1;
  }
}

Status Board::Parse(std::string_view text, Board* board) {
  const auto x = text.find_first_of("xX");
  // Digits, x, digits: "0x3" and "2x99" are of the form (and refused
  // below), "-3x3" and "3x" are not.
  int rows = -1, cols = -1;
  auto digits = [](std::string_view d) {
    return !d.empty() && d.find_first_not_of("0123456789") == d.npos;
  };
  if (x != std::string_view::npos && digits(text.substr(0, x)) &&
      digits(text.substr(x + 1))) {
    const char* b = text.data();
    auto r1 = std::from_chars(b, b + x, rows);
    auto r2 = std::from_chars(b + x + 1, b + text.size(), cols);
    // Past int: too large a board, as "99x99" is.
    if (r1.ec != std::errc()) rows = INT_MAX;
    if (r2.ec != std::errc()) cols = INT_MAX;
  }
  if (rows < 0 || cols < 0) {
    return Status::InvalidArgument("board '" + ShownInput(text) +
                                   "' is not of the form RxC, e.g. 3x3");
  }
  if (!IsValidShape(rows, cols)) {
    return Status::InvalidArgument(
        "board " + ShownInput(text) +
        " is not supported: rows and columns must be at least 2 and the "
        "board at most " +
        std::to_string(kMaxCells) + " cells");
  }
  *board = Board(rows, cols);
  return Status::OK();
}

std::string Board::Name() const {
  return std::to_string(rows_) + "x" + std::to_string(cols_);
}

}  // namespace slidedb
