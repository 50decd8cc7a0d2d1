// RocksDB's failures as this project's Status: one place that decides
// what each means to a caller.
#ifndef SLIDEDB_LIB_STORAGE_ROCKS_STATUS_H_
#define SLIDEDB_LIB_STORAGE_ROCKS_STATUS_H_

#include <rocksdb/status.h>

#include <cstddef>
#include <string>

#include "lib/base/status.h"

namespace slidedb {

// `s` as a Status: OK, else IOError, but ResourceExhausted (too little
// memory, exit 69) when the system refused RocksDB memory (a file's mmap or
// a buffer refused with ENOMEM, as under ulimit -v), and Corruption for
// RocksDB's (a block whose checksum does not match). The message is
// `what` (what was being done), ": " and RocksDB's, or RocksDB's alone when
// `what` is empty.
Status FromRocksDb(const rocksdb::Status& s, const std::string& what = "");

// RocksDB (7.8) takes some memory where running out ends the process: its
// caches' shards, made with every rocksdb::Options and again as it opens a
// database, come from posix_memalign, whose refusal it does not look at
// (SIGSEGV); its background threads allocate as they start, where nothing
// can catch it (std::terminate). Before any of that: ResourceExhausted,
// with the words of running out, unless `bytes` of address space are free
// now (asked of the system and given back at once). Only under a limit on
// address space (ulimit -v), as tests/memory_limit_build_test.sh found;
// with none, memory runs out page by page, which no question ahead can
// foresee, and this asks nothing.
Status RoomForRocksDb(size_t bytes);
// The room asked for before opening a database to read (the caches'
// shards), and to write (its two background threads' stacks too).
inline constexpr size_t kRocksDbReadRoom = size_t{4} << 20;
inline constexpr size_t kRocksDbWriteRoom = size_t{32} << 20;

}  // namespace slidedb

#endif  // SLIDEDB_LIB_STORAGE_ROCKS_STATUS_H_
