#include "lib/search/bfs_memory.h"

#include <atomic>
#include <cstdlib>
#include <cstring>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "lib/base/threads.h"
#include "lib/search/bfs_context.h"

namespace slidedb {

namespace {
std::atomic<uint64_t> refused_from{0};
}  // namespace

void RefuseMemoryForTesting(uint64_t bytes) { refused_from = bytes; }

bool MemoryRefusedForTesting(uint64_t bytes) {
  const uint64_t from = refused_from.load(std::memory_order_relaxed);
  return from != 0 && bytes >= from;
}

namespace bfs {

void AdviseHugePages([[maybe_unused]] void* data, [[maybe_unused]] size_t n,
                     [[maybe_unused]] int threads) {
  // Tables of at least this many bytes get 2 MB pages; a small one needs
  // none, which the kernel would clear whole for every search.
  constexpr size_t kHugeTable = size_t{32} << 20;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (n < kHugeTable) return;
  constexpr uintptr_t kHugePage = uintptr_t{2} << 20;
  const uintptr_t from =
      (reinterpret_cast<uintptr_t>(data) + kHugePage - 1) & ~(kHugePage - 1);
  const uintptr_t to =
      (reinterpret_cast<uintptr_t>(data) + n) & ~(kHugePage - 1);
  if (from >= to) return;
  void* start = reinterpret_cast<void*>(from);
  madvise(start, to - from, MADV_HUGEPAGE);
#if defined(MADV_POPULATE_WRITE)
  if (threads > 1) {
    // Faulting pages in keeps their contents (zero) as they are.
    const size_t half = (to - from) / 2 / kHugePage * kHugePage;
    InHalves([&] { madvise(start, half, MADV_POPULATE_WRITE); },
             [&] {
               madvise(reinterpret_cast<void*>(from + half), to - from - half,
                       MADV_POPULATE_WRITE);
             });
  }
#endif
#endif
}

void* MapFresh(size_t bytes) {
  if (bytes == 0 || MemoryRefusedForTesting(bytes)) return nullptr;
#if defined(__linux__)
  void* p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return p == MAP_FAILED ? nullptr : p;
#else
  return std::calloc(bytes, 1);
#endif
}

void UnmapFresh(void* data, size_t bytes) {
  if (data == nullptr) return;
#if defined(__linux__)
  munmap(data, bytes);
#else
  std::free(data);
#endif
}

void FillBytes(void* data, size_t bytes, uint8_t byte, int threads) {
  char* p = static_cast<char*>(data);
  if (threads < 2 || bytes < (size_t{32} << 20)) {
    std::memset(p, byte, bytes);
    return;
  }
  const size_t half = bytes / 2;
  InHalves([&] { std::memset(p, byte, half); },
           [&] { std::memset(p + half, byte, bytes - half); });
}

void PrepareRecords(size_t n, int threads, std::vector<uint8_t>* records) {
  std::vector<uint8_t>().swap(*records);
  records->reserve(n + kPad);  // fresh memory, not yet touched
  AdviseHugePages(records->data(), n, threads);
  records->assign(n + kPad, kUnseen);
  std::memset(records->data() + n, kNoState, kPad);
}

}  // namespace bfs
}  // namespace slidedb
