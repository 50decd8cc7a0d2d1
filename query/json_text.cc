#include "query/json_text.h"

#include <cstdio>

namespace slidedb {

void AppendJsonString(std::string* out, std::string_view s) {
  out->push_back('"');
  for (char c : s) {
    switch (c) {
      case '"': *out += "\\\""; break;
      case '\\': *out += "\\\\"; break;
      case '\n': *out += "\\n"; break;
      case '\r': *out += "\\r"; break;
      case '\t': *out += "\\t"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          *out += buf;
        } else {
          out->push_back(c);
        }
    }
  }
  out->push_back('"');
}

void AppendJsonLabel(std::string* out, const std::string& label) {
  bool number = !label.empty() && label.size() < 10 &&
                (label == "0" || label[0] != '0');
  for (char c : label) number = number && c >= '0' && c <= '9';
  if (number) {
    *out += label;
  } else {
    AppendJsonString(out, label);
  }
}

}  // namespace slidedb
