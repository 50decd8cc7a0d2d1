// Move strings in the two conventions people write them in, with counts
// for runs (issue 24's notation; not yet offered by the tools):
//
//   kBlank: each letter names the way the blank goes (slidedb's answers:
//           "ULDR"); the letters U, D, L, R.
//   kTile:  each letter names the way the tiles go, as speedsolvers write
//           (slidysim; benwh1/slidy: "U" slides the tile below the gap up,
//           so the blank goes down).
//
// Either may give a letter a count: "R3" is three single steps that way
// (one move in the multi-tile metric). Letters are read in either case;
// spaces and commas between moves are ignored.
#ifndef SLIDEDB_LIB_PUZZLE_MOVE_NOTATION_H_
#define SLIDEDB_LIB_PUZZLE_MOVE_NOTATION_H_

#include <string>
#include <string_view>
#include <vector>

#include "lib/base/status.h"
#include "lib/puzzle/board.h"

namespace slidedb {

enum class MoveConvention { kBlank, kTile };

// "blank" or "tile", as JSON names the convention in force.
const char* MoveConventionName(MoveConvention c);
// The convention named `name` ("blank" or "tile"); false for anything else.
bool ParseMoveConvention(std::string_view name, MoveConvention* c);

// The blank's single steps that `text` spells in convention `c`, a run of
// k written as k steps. InvalidArgument, naming the 1-based position of the
// character, for anything but a letter U, D, L or R, an optional count of
// 1 to 999 after it, spaces and commas.
Status ParseMoves(std::string_view text, MoveConvention c,
                  std::vector<Move>* out);

// The blank's steps `moves` written in convention `c`: one letter a step
// ("RRRDDL"), or with `runs` each run of one letter once, with its length
// when over 1, the runs separated by spaces ("R3 D2 L").
std::string FormatMoves(const std::vector<Move>& moves, MoveConvention c,
                        bool runs);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_PUZZLE_MOVE_NOTATION_H_
