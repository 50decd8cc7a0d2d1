#include "lib/answer/json_text.h"

#include <cstdio>

namespace slidedb {

namespace {

// The length of the well-formed UTF-8 sequence at s[i], or 0 if there is
// none there.
size_t Utf8Length(std::string_view s, size_t i) {
  const auto b = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = b(i);
  size_t len;
  unsigned lo = 0x80, hi = 0xbf;  // bounds of the second byte
  if (c >= 0xc2 && c <= 0xdf) {
    len = 2;
  } else if (c >= 0xe0 && c <= 0xef) {
    len = 3;
    if (c == 0xe0) lo = 0xa0;
    if (c == 0xed) hi = 0x9f;  // no surrogates
  } else if (c >= 0xf0 && c <= 0xf4) {
    len = 4;
    if (c == 0xf0) lo = 0x90;
    if (c == 0xf4) hi = 0x8f;
  } else {
    return 0;
  }
  if (i + len > s.size() || b(i + 1) < lo || b(i + 1) > hi) return 0;
  for (size_t k = 2; k < len; ++k) {
    if (b(i + k) < 0x80 || b(i + k) > 0xbf) return 0;
  }
  return len;
}

}  // namespace

void AppendJsonString(std::string* out, std::string_view s) {
  out->push_back('"');
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
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
        } else if (static_cast<unsigned char>(c) < 0x80) {
          out->push_back(c);
        } else if (const size_t len = Utf8Length(s, i); len > 0) {
          out->append(s.substr(i, len));
          i += len - 1;
        } else {
          *out += "\\ufffd";  // a byte that is not UTF-8
        }
    }
  }
  out->push_back('"');
}

bool IsNumberLabel(std::string_view label) {
  bool number = !label.empty() && label.size() < 10 &&
                (label.size() == 1 || label[0] != '0');
  for (char c : label) number = number && c >= '0' && c <= '9';
  return number;
}

void AppendJsonLabel(std::string* out, const std::string& label) {
  if (label.size() == 1 && label[0] >= '0' && label[0] <= '9') {
    out->push_back(label[0]);  // the common case: one digit
    return;
  }
  if (IsNumberLabel(label)) {
    *out += label;
  } else {
    AppendJsonString(out, label);
  }
}

void AppendErrorJson(std::initializer_list<JsonField> asked,
                     const Status& error, std::string* out) {
  AppendErrorJson(asked, error.CodeName(), error.message(), out);
}

void AppendErrorJson(std::initializer_list<JsonField> asked,
                     std::string_view code, std::string_view message,
                     std::string* out) {
  char sep = '{';
  for (const JsonField& f : asked) {
    out->push_back(sep);
    sep = ',';
    AppendJsonString(out, f.name);
    out->push_back(':');
    AppendJsonString(out, f.value);
  }
  out->push_back(sep);
  *out += "\"error\":";
  AppendJsonString(out, message);
  *out += ",\"code\":";
  AppendJsonString(out, code);
  *out += "}\n";
}

bool OpenAnswerJson(const std::string& board, const std::string& start,
                    const std::string& goal, bool solvable,
                    const std::string& reason, std::string* out) {
  *out += "{\"board\":\"" + board + "\",\"start\":";
  AppendJsonString(out, start);
  *out += ",\"goal\":";
  AppendJsonString(out, goal);
  if (solvable) return true;
  *out += ",\"solvable\":false,\"reason\":";
  AppendJsonString(out, reason);
  *out += "}\n";
  return false;
}

}  // namespace slidedb
