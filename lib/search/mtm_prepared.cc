#include "lib/search/mtm_prepared.h"

#include <zstd.h>

#include <iterator>
#include <map>
#include <mutex>
#include <new>
#include <tuple>

namespace slidedb {

namespace {

// One table's zstd frame in the blob.
struct PreparedFrame {
  int lines, per_line, blank_line;
  size_t offset, size, raw_size;
};

#include "mtm_prepared.inc"

// The blob, compiled in as it is (its hash above, so that a compiler cache
// sees when it changes: kPreparedHash).
asm(".pushsection .rodata\n"
    ".balign 16\n"
    ".globl slidedb_mtm_prepared_blob\n"
    ".hidden slidedb_mtm_prepared_blob\n"
    "slidedb_mtm_prepared_blob:\n"
    ".incbin \"" SLIDEDB_MTM_PREPARED_BLOB "\"\n"
    ".popsection\n");

}  // namespace

extern "C" const unsigned char slidedb_mtm_prepared_blob[];

std::shared_ptr<const bfs::FreshArray<uint8_t>> PreparedOrderedTable(
    int lines, int per_line, int blank_line) {
  static_assert(kPreparedHash != 0);
  for (const PreparedFrame& f : kPreparedFrames) {
    if (f.lines != lines || f.per_line != per_line ||
        f.blank_line != blank_line) {
      continue;
    }
    auto table = std::make_shared<bfs::FreshArray<uint8_t>>();
    if (!table->Allocate(f.raw_size, /*threads=*/1, 0).ok()) {
      throw std::bad_alloc();
    }
    const size_t n = ZSTD_decompress(table->data(), table->size(),
                                     slidedb_mtm_prepared_blob + f.offset,
                                     f.size);
    if (ZSTD_isError(n) || n != f.raw_size) return nullptr;  // made instead
    return table;
  }
  return nullptr;
}

bool PreparedMtmMoveFsm(int rows, int cols, int* max_length,
                        const int32_t** next, size_t* size) {
  if (rows != kPreparedFsmRows || cols != kPreparedFsmCols) return false;
  *max_length = kPreparedFsmLength;
  *next = kPreparedFsm;
  *size = std::size(kPreparedFsm);
  return true;
}

}  // namespace slidedb
