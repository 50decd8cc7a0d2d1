// ASCII text as the tools read words a person types: names compared in
// any case ("MTM", "Tile", "JSON", a Host header's "LocalHost"), and an
// input quoted in a message.
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

// `text` with each byte that `escape` (a function of an unsigned char)
// picks written \xNN (two lower-case hex digits), the others as they are.
template <class Escape>
std::string Escaped(std::string_view text, Escape escape) {
  constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (escape(byte)) {
      out += {'\\', 'x', kHex[byte >> 4], kHex[byte & 15]};
    } else {
      out += c;
    }
  }
  return out;
}

// An input as a JSON answer echoes it ("input"): over 100 bytes cut short
// with "...", its bytes as they are (JSON escapes them itself).
inline constexpr size_t kShownInputBytes = 100;
inline std::string EchoedInput(std::string_view input) {
  return input.size() <= kShownInputBytes
             ? std::string(input)
             : std::string(input.substr(0, kShownInputBytes)) + "...";
}
// An input as a message quotes it (a state, a goal, a word of moves: every
// face quotes them so): cut as EchoedInput cuts it, a control byte, NUL
// included, written \xNN, so that a message is text a terminal shows and
// a C string holds whole.
inline std::string ShownInput(std::string_view input) {
  return Escaped(EchoedInput(input), [](unsigned char byte) {
    return byte < 0x20 || byte == 0x7f;
  });
}

}  // namespace slidedb

#endif  // SLIDEDB_LIB_BASE_ASCII_H_
