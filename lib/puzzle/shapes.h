// The board shapes the library handles, as one list for code that is
// compiled once per shape (the search and the walk take the shape as a
// template parameter, so that its sizes are constants).
#ifndef SLIDEDB_LIB_PUZZLE_SHAPES_H_
#define SLIDEDB_LIB_PUZZLE_SHAPES_H_

// Calls X(rows, cols) for every shape Board::IsValidShape accepts.
#define SLIDEDB_FOR_EACH_SHAPE(X) \
  X(2, 2)                         \
  X(2, 3)                         \
  X(3, 2)                         \
  X(2, 4)                         \
  X(4, 2)                         \
  X(3, 3)                         \
  X(2, 5)                         \
  X(5, 2)                         \
  X(3, 4)                         \
  X(4, 3)                         \
  X(2, 6)                         \
  X(6, 2)

// Calls X(rows, cols) for the shapes of more than 2^32 states, whose tables
// only the two-bit search builds (lib/search/twobit_bfs.h) and only the
// two-bit walk reads (lib/solve/walk.h).
#define SLIDEDB_FOR_EACH_TWO_BIT_ONLY_SHAPE(X) \
  X(2, 7)                                      \
  X(7, 2)

#endif  // SLIDEDB_LIB_PUZZLE_SHAPES_H_
