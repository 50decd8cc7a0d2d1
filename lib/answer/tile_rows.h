// States given as numbers, one byte a cell, as a NumPy array's rows hold
// them (the Python module's arrays, docs/API.md): row k's cell c is
// tiles[k * cells + c], tile t written t and the blank 0. The same
// questions as the text forms, with the same answers, but a batch of
// distances read without a text a state.
#ifndef SLIDEDB_LIB_ANSWER_TILE_ROWS_H_
#define SLIDEDB_LIB_ANSWER_TILE_ROWS_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "lib/answer/goal.h"
#include "lib/base/status.h"
#include "lib/solve/solver.h"

namespace slidedb {

// OK when rows of `row_length` numbers fill the config's board, the
// config's goal (when set) holds the numbers 1..cells-1 and the blank, and
// each of rows[0..n) passes CheckTileRow; else InvalidArgument saying what
// is wrong (the first bad row's).
Status CheckTileRows(const QueryConfig& config, const uint8_t* rows, size_t n,
                     size_t row_length);

// OK when `row` holds each of the numbers 0..cells-1 once; else
// InvalidArgument naming state `k` (counted from 0) and what is wrong
// ("state 3: cell 5 holds 9; a 3x3 board's numbers are 0 to 8 ...").
Status CheckTileRow(const uint8_t* row, const Board& board, size_t k);

// The rows as the texts every face reads ("1,2,3,4,5,6,7,8,0", the blank
// written as the config's blank label), checked as TileRowDistances checks
// them.
Status TileRowTexts(const QueryConfig& config, const uint8_t* rows, size_t n,
                    size_t row_length, std::vector<std::string>* texts);

// The distance of each of rows[0..n) to the config's goal (its numbers'
// order, blank last, when none is set) into distances[k]; -1 for a row
// that cannot reach it. A table's answers read one record each, by rank,
// with no text made; the states of a search side by side, a block of
// 1,024 at a time, on config.limits.threads threads (Solver::DistanceMany),
// each exact or DeadlineExceeded when config.max_seconds runs out from its
// own search's start (as Answerer::Distance answers one state). Every row
// is checked before any is answered: the first malformed row
// (CheckTileRow), a goal whose tiles are not the numbers 1..cells-1, or
// the database's error stops it.
Status TileRowDistances(const QueryConfig& config, Solver* solver,
                        const uint8_t* rows, size_t n, size_t row_length,
                        int* distances);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_ANSWER_TILE_ROWS_H_
