// Commands the tools suggest ("build it with: slidedb-build --db DIR ..."),
// written so that a shell reads them back as they were meant.
#ifndef SLIDEDB_LIB_BASE_SHELL_H_
#define SLIDEDB_LIB_BASE_SHELL_H_

#include <string>
#include <string_view>

namespace slidedb {

// `s` as one word of a POSIX shell: itself when it holds only characters
// no shell treats specially (letters, digits and _ - . / , : = + @ %),
// else in single quotes, a quote inside written '\''. A path with a space
// or a quote, pasted from a message, then names that path.
inline std::string ShellWord(std::string_view s) {
  auto plain = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           (c >= '0' && c <= '9') ||
           std::string_view("_-./,:=+@%").find(c) != std::string_view::npos;
  };
  bool all_plain = !s.empty();
  for (char c : s) all_plain = all_plain && plain(c);
  if (all_plain) return std::string(s);
  std::string out = "'";
  for (char c : s) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  return out + "'";
}

}  // namespace slidedb

#endif  // SLIDEDB_LIB_BASE_SHELL_H_
