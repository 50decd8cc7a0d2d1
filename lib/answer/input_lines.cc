#include "lib/answer/input_lines.h"

namespace slidedb {

namespace {

void DropReturn(std::string* line) {
  if (!line->empty() && line->back() == '\r') line->pop_back();
}

}  // namespace

bool IsInputLine(std::string_view line) {
  const size_t first = line.find_first_not_of(" \t\r");
  return first != std::string_view::npos && line[first] != '#';
}

bool NextInputLine(std::istream& in, std::string* line) {
  while (std::getline(in, *line)) {
    if (!IsInputLine(*line)) continue;
    DropReturn(line);
    return true;
  }
  return false;
}

bool SplitInputLines(std::string_view text, size_t max,
                     std::vector<std::string>* lines) {
  size_t n = 0;
  while (!text.empty()) {
    const size_t end = text.find('\n');
    const std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view()
                                         : text.substr(end + 1);
    if (!IsInputLine(line)) continue;
    if (++n > max) return false;
    lines->emplace_back(line);
    DropReturn(&lines->back());
  }
  return true;
}

}  // namespace slidedb
