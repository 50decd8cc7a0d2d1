// What the build-time generators (move_fsm_gen.cc, mtm_prepared_gen.cc)
// share: the hash a generated header carries of its blob (so a compiler
// cache sees a change) and writing a file whole or not at all.
#ifndef SLIDEDB_LIB_SEARCH_GENERATED_FILE_H_
#define SLIDEDB_LIB_SEARCH_GENERATED_FILE_H_

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

namespace slidedb {

// FNV-1a (64 bits) of `size` bytes.
inline uint64_t Fnv1a(const void* data, size_t size) {
  const auto* p = static_cast<const unsigned char*>(data);
  uint64_t hash = 1469598103934665603ULL;
  for (size_t i = 0; i < size; ++i) hash = (hash ^ p[i]) * 1099511628211ULL;
  return hash;
}

// Writes `size` bytes to `path` through a temporary file renamed over it;
// on error says why on standard error and returns false.
inline bool WriteGeneratedFile(const std::string& path, const void* data,
                               size_t size) {
  const std::string tmp = path + ".tmp";
  std::FILE* f = std::fopen(tmp.c_str(), "wb");
  const bool ok = f != nullptr && std::fwrite(data, 1, size, f) == size;
  if (f == nullptr || std::fclose(f) != 0 || !ok ||
      std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::perror(path.c_str());
    return false;
  }
  return true;
}

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_GENERATED_FILE_H_
