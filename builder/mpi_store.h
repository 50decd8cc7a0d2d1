// A table that the distributed search (lib/search/mpi_bfs.h) filled, stored
// as byte records (the default up to 12 cells): a two-bit table
// (`--records two-bit`) goes in as it is (DatabaseWriter::PutTwoBitTable).
#ifndef SLIDEDB_BUILDER_MPI_STORE_H_
#define SLIDEDB_BUILDER_MPI_STORE_H_

#include <cstdint>
#include <vector>

#include "lib/base/status.h"
#include "lib/puzzle/index.h"
#include "lib/search/twobit_table.h"
#include "lib/storage/database_writer.h"
#include "lib/storage/table_meta.h"

namespace slidedb {

// The byte records RunBfs (lib/search/bfs.h) fills, recovered from a
// complete two-bit table of `indexer`'s goal: each state's best move goes to
// its neighbour of residue one less (one step nearer) with the lowest index,
// as RunBfs picks it, and its distance is one more than that neighbour's.
// `threads` workers (at least 1) share the states. Corruption if the table
// is not a complete table of distances.
Status RecordsFromTwoBit(const TwoBitTable& table, const Indexer& indexer,
                         int threads, std::vector<uint8_t>* records);

// Stores `table` under `meta` (complete but for what the table gives) as
// byte records (RecordsFromTwoBit), so that the database is the one a
// single-process build writes, byte for byte.
Status StoreTwoBitTable(DatabaseWriter* writer, const TableMeta& meta,
                        const TwoBitTable& table, const Indexer& indexer,
                        int threads);

}  // namespace slidedb

#endif  // SLIDEDB_BUILDER_MPI_STORE_H_
