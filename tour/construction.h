// A divide-and-conquer construction, in the spirit of Parberry (1997), that
// answers every board of 6 or more (even n) or 13 or more (odd n) squares a
// side in time linear in its area, whatever the start.
//
// The board is cut into rectangular tiles 5 to 11 squares a side with at
// least one even side; each tile has a closed tour (Schwenk 1991), found once
// by the rule search and kept. Neighbouring tiles' cycles are joined one pair
// at a time by exchanging two moves across their common edge: take out move
// a-b of one cycle and c-d of the other, put in a-c and b-d (both knight
// moves). Joining two distinct cycles this way always leaves one cycle, so
// the tiles become one closed tour of the board. An even board's open tour
// from any square is that cycle entered there. An odd board keeps an
// odd x odd block around the start out of the cycle: the rule search covers
// that block from the start and ends a knight move from the cycle, which the
// tour then goes once round.
#ifndef SLIDEDB_TOUR_CONSTRUCTION_H_
#define SLIDEDB_TOUR_CONSTRUCTION_H_

#include "lib/base/status.h"
#include "tour/knight.h"

namespace slidedb::tour {

// True when ConstructTour handles this board: even n >= 6, odd n >= 13.
bool CanConstruct(int n);

// An open tour from `start` or, with `closed`, a closed tour that starts
// there. NotFound when a step could not be made (the tests build every n
// from 5 to 200 to show it does not happen).
// REQUIRES: CanConstruct(n); NoTourReason(n, start, closed) is "".
Status ConstructTour(int n, Square start, bool closed, Tour* tour);

}  // namespace slidedb::tour

#endif  // SLIDEDB_TOUR_CONSTRUCTION_H_
