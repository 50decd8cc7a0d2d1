// The multi-tile metric's tables of 4x4 prepared when slidedb is built
// (mtm_prepared_gen.cc, run by lib/CMakeLists.txt) and compiled in, so that
// a process answers its first 4x4 multi-tile question without making them
// (a minute or more of a search): the two ordered walking-distance tables
// (lib/search/walking_distance_ordered.h), compressed with zstd (14 MB
// each; 32 MB unpacked, in frames of 4 MiB unpacked side by side on every
// core: about 0.05 s on two, BENCHMARKS.md), and the automaton of the move
// sequences the search skips (lib/search/mtm_search_fsm.h).
#ifndef SLIDEDB_LIB_SEARCH_MTM_PREPARED_H_
#define SLIDEDB_LIB_SEARCH_MTM_PREPARED_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "lib/search/bfs_memory.h"

namespace slidedb {

// What the prepared frames hold (mtm_prepared_gen.cc writes it into the
// generated .inc, and mtm_prepared.cc asserts it, so that tables another
// build prepared in another layout, SLIDEDB_PREPARED_FROM, fail to
// compile): 2, frames of 4 MiB of four-bit entries.
inline constexpr int kPreparedLayoutVersion = 2;

// The ordered walking-distance table of `lines` lines of `per_line` cells
// with the goal's blank on line `blank_line` (in the table's own space,
// OrderedWalkingDistance::table()), unpacked, or nullptr when none was
// prepared.
std::shared_ptr<const bfs::FreshArray<uint8_t>> PreparedOrderedTable(
    int lines, int per_line, int blank_line);

// The move automaton prepared for boards of `rows` x `cols`: false when
// none was; else its sequences' longest length and its transitions
// (MtmMoveFsm's next_, `size` of them), valid for the process's life.
bool PreparedMtmMoveFsm(int rows, int cols, int* max_length,
                        const int32_t** next, size_t* size);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_MTM_PREPARED_H_
