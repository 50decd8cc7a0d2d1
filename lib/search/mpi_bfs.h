// The two-bit breadth-first search (lib/search/twobit_bfs.h) over the ranks
// of an MPI communicator (issue 23, "beyond one machine"). Rank r owns a
// contiguous range of indexes, a multiple of 64 states long, and holds only
// its part of the two-bit table and one "expanded" bit a state of it. Each
// level every rank expands the states of its range of residue depth%3 not
// yet expanded; it claims the neighbours in its own range at once and
// batches the others per owning rank, which claims them when the ranks
// exchange their batches (MPI_Alltoallv, in rounds of bounded size). The
// level's count is summed over the ranks (MPI_Allreduce); a level that finds
// nothing ends the search. At the end rank 0 gathers the parts into one
// table, byte for byte the one RunTwoBitBfs fills: a state's value is its
// distance modulo 3, whoever computes it.
//
// Every rank of `comm` must call RunMpiTwoBitBfs with the same indexer and
// options. Only compiled when slidedb is built with MPI (SLIDEDB_WITH_MPI).
#ifndef SLIDEDB_LIB_SEARCH_MPI_BFS_H_
#define SLIDEDB_LIB_SEARCH_MPI_BFS_H_

#include <mpi.h>

#include <cstdint>
#include <functional>
#include <vector>

#include "lib/base/status.h"
#include "lib/puzzle/index.h"
#include "lib/search/bfs.h"
#include "lib/search/twobit_table.h"

namespace slidedb {

struct MpiBfsOptions {
  // The most indexes one rank batches for one other rank before the ranks
  // exchange (a round): a rank's send and receive buffers then stay under
  // ranks * round_indexes indexes each (8 bytes an index before encoding,
  // at most 10 after). Levels with more take several rounds.
  uint64_t round_indexes = uint64_t{1} << 19;
  // Whether batches go delta + varint encoded (lib/search/index_batch.h)
  // or as 8-byte indexes. Both are sorted and free of duplicates.
  bool encode = true;
};

// One level of the search, summed (or, for peak_bytes, maximised) over every
// rank.
struct MpiBfsLevel {
  BfsLevel level;           // depth, states, total, seconds (as RunBfs's)
  uint64_t expanded = 0;    // states expanded at the depth before
  uint64_t remote = 0;      // neighbours sent to another rank, duplicates in
  uint64_t raw_bytes = 0;   // 8 bytes each of those
  uint64_t sent_bytes = 0;  // the bytes that did go, after sort and encoding
  int rounds = 0;           // exchanges the level took
  // The most one rank held at once in the level: its table part, its
  // expanded bits and its exchange buffers (allocated).
  uint64_t peak_bytes = 0;
};

// Runs the search over `comm`. On rank 0, *out (if not null) gets the whole
// table with max_distance set; the other ranks' *out is left alone. Every
// rank gets *histogram (if not null). `on_level` (if set) is called on rank
// 0 once per depth, from 0, as it completes. A failure is the same on every
// rank (the search reached fewer states than the indexer has); a rank that
// runs out of memory throws std::bad_alloc, and its caller must MPI_Abort.
Status RunMpiTwoBitBfs(const Indexer& indexer, MPI_Comm comm,
                       const MpiBfsOptions& options,
                       const std::function<void(const MpiBfsLevel&)>& on_level,
                       TwoBitTable* out, std::vector<uint64_t>* histogram);

// The first index rank `rank` of `ranks` owns in a table of `size` states
// (ranks past the end own nothing: their first index is `size`).
uint64_t MpiPartBegin(uint64_t size, int ranks, int rank);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_MPI_BFS_H_
