#include "lib/search/mtm_prepared.h"

#include <zstd.h>

#include <algorithm>
#include <atomic>
#include <iterator>
#include <vector>

#include "lib/base/threads.h"

namespace slidedb {

namespace {

// One zstd frame of a table in the blob: its bytes there, and where they
// go in the table unpacked. A table is every frame of its key, in order.
struct PreparedFrame {
  int lines, per_line, blank_line;
  size_t offset, size, raw_offset, raw_size;
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
  static_assert(kPreparedLayout == kPreparedLayoutVersion,
                "the prepared tables are of another layout: prepare them "
                "again (without SLIDEDB_PREPARED_FROM)");
  std::vector<const PreparedFrame*> frames;
  size_t raw_size = 0;
  for (const PreparedFrame& f : kPreparedFrames) {
    if (f.lines == lines && f.per_line == per_line &&
        f.blank_line == blank_line) {
      frames.push_back(&f);
      raw_size = std::max(raw_size, f.raw_offset + f.raw_size);
    }
  }
  if (frames.empty()) return nullptr;
  auto table = std::make_shared<bfs::FreshArray<uint8_t>>();
  table->AllocateOrThrow(raw_size, /*threads=*/1, 0);
  // The frames side by side, one a core, as the databases are read
  // (lib/solve/pdb_load.cc): an unpack is mostly the system giving the
  // process fresh pages and the decompression, which go as fast on each.
  std::atomic<size_t> next{0};
  std::atomic<bool> failed{false};
  const auto work = [&] {
    for (size_t i; (i = next++) < frames.size();) {
      const PreparedFrame& f = *frames[i];
      const size_t n =
          ZSTD_decompress(table->data() + f.raw_offset, f.raw_size,
                          slidedb_mtm_prepared_blob + f.offset, f.size);
      if (ZSTD_isError(n) || n != f.raw_size) failed = true;
    }
  };
  RunOnThreads(std::min<int>(Cores(), frames.size()), work);
  if (failed) return nullptr;  // made instead
  return table;
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
