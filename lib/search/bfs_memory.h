// The search's working bytes, made ready (lib/search/bfs.cc).
#ifndef SLIDEDB_LIB_SEARCH_BFS_MEMORY_H_
#define SLIDEDB_LIB_SEARCH_BFS_MEMORY_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "lib/base/status.h"

namespace slidedb {

// For tests: from now on every MapFresh and every PdbValues region of at
// least `bytes` bytes is refused, as when the system has no memory left for
// it (0, the default: none is). Thread-safe.
void RefuseMemoryForTesting(uint64_t bytes);
// Whether a region of `bytes` is refused by RefuseMemoryForTesting.
bool MemoryRefusedForTesting(uint64_t bytes);

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
// touched (a table of 32 MB or more), and with `threads` > 1 faults them in
// on two threads, half each.
void AdviseHugePages(void* data, size_t bytes, int threads);

// `bytes` bytes of zeros mapped fresh from the kernel, not yet touched; or
// nullptr, for none or when the kernel refuses them.
void* MapFresh(size_t bytes);
// Returns MapFresh's memory.
void UnmapFresh(void* data, size_t bytes);
// Sets the `bytes` bytes at `data` to `byte` on `threads` threads (at most
// two), a part each: filling fresh memory faults it in as it goes.
void FillBytes(void* data, size_t bytes, uint8_t byte, int threads);

// n copies of a value in memory of its own (MapFresh), on 2 MB pages where
// large (AdviseHugePages), faulted in and filled on `threads` threads: the
// kernel hands pages out zeroed, so a zero value costs the faults alone and
// every other byte one parallel fill. Move-only; empty until Allocate.
template <typename T>
class FreshArray {
  static_assert(std::is_trivially_copyable_v<T>);

 public:
  FreshArray() = default;
  // Makes this n copies of `value` (what it held before is given back);
  // ResourceExhausted, leaving it empty, when the kernel refuses the memory.
  // REQUIRES: every byte of `value` is the same (0, 0xFF...).
  Status Allocate(size_t n, int threads, T value) {
    *this = FreshArray();
    if (n == 0) return Status::OK();
    if (n > SIZE_MAX / sizeof(T)) return Refused(n);
    data_ = static_cast<T*>(MapFresh(n * sizeof(T)));
    if (data_ == nullptr) return Refused(n);
    n_ = n;
    uint8_t byte;
    std::memcpy(&byte, &value, 1);
    if (byte == 0) {
      AdviseHugePages(data_, n * sizeof(T), threads);
    } else {
      AdviseHugePages(data_, n * sizeof(T), /*threads=*/1);  // no fault-in
      FillBytes(data_, n * sizeof(T), byte, threads);
    }
    return Status::OK();
  }
  // The same, for a table its maker cannot go on without: std::bad_alloc
  // when the kernel refuses the memory.
  void AllocateOrThrow(size_t n, int threads, T value) {
    if (!Allocate(n, threads, value).ok()) throw std::bad_alloc();
  }
  ~FreshArray() { UnmapFresh(data_, n_ * sizeof(T)); }
  FreshArray(FreshArray&& o) noexcept
      : n_(std::exchange(o.n_, 0)), data_(std::exchange(o.data_, nullptr)) {}
  FreshArray& operator=(FreshArray&& o) noexcept {
    std::swap(n_, o.n_);
    std::swap(data_, o.data_);
    return *this;
  }

  size_t size() const { return n_; }
  T* data() { return data_; }
  const T* data() const { return data_; }
  T& operator[](size_t i) { return data_[i]; }
  const T& operator[](size_t i) const { return data_[i]; }

 private:
  static Status Refused(size_t n) {
    return Status::ResourceExhausted(
        "not enough memory for the search: " + std::to_string(n) + " x " +
        std::to_string(sizeof(T)) + " bytes were refused");
  }

  size_t n_ = 0;
  T* data_ = nullptr;
};

}  // namespace bfs
}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_BFS_MEMORY_H_
