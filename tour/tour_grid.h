// Tours as the paper prints them: an n x n grid of step numbers, 1 on the
// start square. Writing, reading and checking such grids.
#ifndef SLIDEDB_TOUR_TOUR_GRID_H_
#define SLIDEDB_TOUR_TOUR_GRID_H_

#include <iosfwd>
#include <string>
#include <vector>

#include "lib/base/status.h"
#include "tour/knight.h"

namespace slidedb::tour {

// Checks that `tour` visits every square of the n x n board exactly once by
// knight moves (and, with `closed`, that its last square is a knight move
// from its first). The message says what is wrong, with 1-based squares.
Status VerifyTour(int n, const Tour& tour, bool closed);

// True when the last square is a knight move from the first.
bool IsClosed(const Tour& tour);

// The grid: one line per row, numbers right-aligned in columns one wider
// than the largest number. REQUIRES: tour covers the n x n board.
void WriteGrid(int n, const Tour& tour, std::ostream& out);

// A grid read from text: rows of whitespace-separated numbers. Blank lines
// and lines starting with '#' are skipped.
struct Grid {
  int size = 0;
  std::vector<std::vector<long long>> cells;  // [row][col]
};

// True when `text` is a whole number in decimal that fits in a long long
// (an optional '-', then digits only).
bool ParseWholeNumber(const std::string& text, long long* value);

// InvalidArgument (with the line) for text that is not a square grid of
// integers.
Status ReadGrid(std::istream& in, Grid* grid);

// Every problem that keeps `grid` from being a knight's tour, one per
// item, at most `limit` of them; *more counts those past it. Empty when
// the grid is a tour (closed too, with `closed`).
std::vector<std::string> GridProblems(const Grid& grid, bool closed, int limit,
                                      size_t* more);

}  // namespace slidedb::tour

#endif  // SLIDEDB_TOUR_TOUR_GRID_H_
