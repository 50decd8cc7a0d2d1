// The RocksDB Env a database is opened with for reading (Database::Open):
// no background threads, and table files mapped, but small reads copied.
#ifndef SLIDEDB_LIB_STORAGE_READ_ENV_H_
#define SLIDEDB_LIB_STORAGE_READ_ENV_H_

#include <cstddef>

namespace rocksdb {
class Env;
}

namespace slidedb {

// Reads of at most this many bytes from a mapped table file are copied
// with pread instead of read from the mapping: a compressed page (a table's
// byte records, a pattern database's entries: 4 KiB before LZ4) is
// decompressed anyway, and touching the mapping would make the kernel map
// the 64 KiB around it as well (its fault-around), resident in the process:
// a 4x4 search that reads 1,500 pages of its pattern databases grew by
// 96 MB for them. A two-bit page (64 KiB, stored uncompressed) is still
// read in place from the mapping, with no copy.
inline constexpr size_t kCopiedReadBytes = 16 * 1024;

// Never freed. Starts no thread: RocksDB's default Env starts a flush and
// a compaction thread when a database opens, and joins them at exit; a
// read-only database schedules no work for them.
rocksdb::Env* ReadOnlyEnv();

}  // namespace slidedb

#endif  // SLIDEDB_LIB_STORAGE_READ_ENV_H_
