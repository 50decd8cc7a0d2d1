// Byte encodings, in one place: fixed-width big-endian numbers, as the keys
// of the database store page numbers (docs/FORMAT.md), so that they sort in
// numeric order.
#ifndef SLIDEDB_LIB_BASE_CODING_H_
#define SLIDEDB_LIB_BASE_CODING_H_

#include <cstdint>
#include <string>
#include <string_view>

namespace slidedb {

// Appends `value` as 4 bytes, most significant first.
inline void PutFixed32BigEndian(std::string* dst, uint32_t value) {
  for (int shift = 24; shift >= 0; shift -= 8) {
    dst->push_back(static_cast<char>((value >> shift) & 0xff));
  }
}

// The number in the first 4 bytes of `bytes`, most significant first.
// REQUIRES: bytes.size() >= 4.
inline uint32_t DecodeFixed32BigEndian(std::string_view bytes) {
  const auto* b = reinterpret_cast<const unsigned char*>(bytes.data());
  return uint32_t{b[0]} << 24 | uint32_t{b[1]} << 16 | uint32_t{b[2]} << 8 |
         uint32_t{b[3]};
}

}  // namespace slidedb

#endif  // SLIDEDB_LIB_BASE_CODING_H_
