// The search's working bytes, made ready (lib/search/bfs.cc).
#ifndef SLIDEDB_LIB_SEARCH_BFS_MEMORY_H_
#define SLIDEDB_LIB_SEARCH_BFS_MEMORY_H_

#include <cstddef>
#include <cstdint>
#include <vector>

namespace slidedb {
namespace bfs {

// Makes *records n bytes of kUnseen (followed by kPad bytes of padding).
// The neighbours of a vertical move lie anywhere in them: on 2 MB pages
// (where the kernel grants them) a random one costs no page walk, whereas
// the 4 KB pages of a 240 MB table (3x4) miss the TLB on almost every one.
// The kernel hands out and clears fresh pages as they are first written,
// about 0.4 GB/s in this project's virtual machine: with `threads` > 1, two
// threads fault them in, half each.
void PrepareRecords(size_t n, int threads, std::vector<uint8_t>* records);

// Asks for 2 MB pages for the `bytes` bytes at `data`, fresh memory not yet
// touched (a table of 32 MB or more), and faults them in on `threads`
// threads (at most two).
void AdviseHugePages(void* data, size_t bytes, int threads);

// Makes *v n copies of `value`, on 2 MB pages where large (AdviseHugePages).
template <typename T>
void ReserveTouched(size_t n, int threads, std::vector<T>* v, T value) {
  std::vector<T>().swap(*v);
  v->reserve(n);
  AdviseHugePages(v->data(), n * sizeof(T), threads);
  v->assign(n, value);
}

}  // namespace bfs
}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_BFS_MEMORY_H_
