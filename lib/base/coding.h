// Byte encodings, in one place: fixed-width big-endian numbers, as the keys
// of the database store page numbers (docs/FORMAT.md), so that they sort in
// numeric order; entries of four bits, two a byte.
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

// Entries of four bits, two a byte, entry 2k in the low four bits of byte
// k (the pattern databases' packed entries, lib/search/pdb_encoding.h, and
// the ordered walking-distance tables): entry i from its byte, bytes[i / 2].
inline int NibbleOf(uint8_t byte, uint64_t i) {
  return (byte >> (i % 2 * 4)) & 15;
}
// Entry i of `bytes`.
inline int GetNibble(const uint8_t* bytes, uint64_t i) {
  return NibbleOf(bytes[i / 2], i);
}
// Sets entry i of `bytes`, 0 until then, to `value`. REQUIRES: value < 16.
inline void SetZeroNibble(uint8_t* bytes, uint64_t i, unsigned value) {
  bytes[i / 2] |= static_cast<uint8_t>(value << (i % 2 * 4));
}

}  // namespace slidedb

#endif  // SLIDEDB_LIB_BASE_CODING_H_
