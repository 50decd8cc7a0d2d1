// RocksDB's failures as this project's Status: one place that decides
// what each means to a caller.
#ifndef SLIDEDB_LIB_STORAGE_ROCKS_STATUS_H_
#define SLIDEDB_LIB_STORAGE_ROCKS_STATUS_H_

#include <rocksdb/status.h>

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

}  // namespace slidedb

#endif  // SLIDEDB_LIB_STORAGE_ROCKS_STATUS_H_
