// slidedb-build's pattern databases (boards of 13-25 cells, or --pdb): the
// goals a stored set already serves, and the build of one goal's set.
#ifndef SLIDEDB_BUILDER_BUILD_PDB_H_
#define SLIDEDB_BUILDER_BUILD_PDB_H_

#include <cstdint>
#include <ostream>
#include <set>
#include <string>

#include "builder/machine_room.h"
#include "lib/base/status.h"
#include "lib/puzzle/board.h"
#include "lib/puzzle/pattern.h"
#include "lib/puzzle/region_pattern.h"
#include "lib/storage/database_writer.h"

namespace slidedb {

// Removes from `blanks` the goal blanks of `board` that pattern databases
// stored in `db_dir` already answer, as the query tools answer them (their
// own set, or the set of the goal turned by 180 degrees or mirrored when
// they have none: slidedb-query --tables lists the same), writing for each one
// line on `out` that names the set. With `asked` (an explicit --pdb) only the
// goal's own set of exactly that partition and numbering `index` serves
// it; an empty `asked` (--pdb strong) stands for the default groups, and
// with `words` only a set with successor words serves (and with the cross
// tables it carries, CarriedCrossPartition). No
// database, or one that cannot be read, serves nothing (the build then
// says why).
void SkipServedGoals(const std::string& db_dir, const Board& board,
                     const Partition* asked, PdbIndexKind index, bool words,
                     std::set<int>* blanks, std::ostream& out);

// The cross partition (CrossPartition, lib/puzzle/pattern.h) whose direct
// tables a set of `partition` numbered by `index` carries for the goal with
// its blank on `goal_blank`, group g cross group g: the goal's for its
// default groups by blank region with successor words (--pdb strong on
// 5x5, the blank in a corner); else empty.
Partition CarriedCrossPartition(const Board& board, int goal_blank,
                                const Partition& partition, PdbIndexKind index,
                                bool words);

// Why building the groups of `partition` for the goal with its blank on
// `goal_blank` (one after the other: the memory of the largest) does not
// fit `room`'s memory, with the figures ("building the pattern databases
// 7-7-7-3 of 5x5 needs 19.2 GB of memory ..."), or "" when it fits or the
// memory is not known (0). With `words`, a group's successor words beside
// its entries count too, and so do the searches of the cross groups that
// the set carries (CarriedCrossPartition).
std::string PdbRoomRefusal(const Board& board, int goal_blank,
                           const Partition& partition, PdbIndexKind index,
                           bool words, const MachineRoom& room);

// What BuildPdbs wrote: the bytes of the groups' entries, as stored, and
// of their cross tables.
struct PdbBytes {
  uint64_t entries = 0;
  uint64_t cross = 0;
};

// Builds the pattern databases of one goal, one group after the other, in
// place of any it had, with a progress line per depth on `err` (unless
// `quiet`) and a line per group on `out`. Adds the bytes it wrote to
// *bytes. With `words` (by blank region only), each group's successor
// words too (lib/search/pdb_words.h), and the direct table of the cross
// group it carries (CarriedCrossPartition; lib/search/pdb_cross.h), built
// before the group. InvalidArgument when a search fails.
Status BuildPdbs(const Board& board, int goal_blank, const Partition& partition,
                 PdbIndexKind index, bool words, int threads, bool quiet,
                 DatabaseWriter* writer, PdbBytes* bytes, std::ostream& out,
                 std::ostream& err);

}  // namespace slidedb

#endif  // SLIDEDB_BUILDER_BUILD_PDB_H_
