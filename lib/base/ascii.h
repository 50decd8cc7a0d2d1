// ASCII text as the tools read words a person types: names compared in
// any case ("MTM", "Tile", "JSON", a Host header's "LocalHost").
#ifndef SLIDEDB_LIB_BASE_ASCII_H_
#define SLIDEDB_LIB_BASE_ASCII_H_

#include <string>
#include <string_view>

namespace slidedb {

// `s` with A-Z made a-z; every other byte as it is.
inline std::string AsciiLower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

}  // namespace slidedb

#endif  // SLIDEDB_LIB_BASE_ASCII_H_
