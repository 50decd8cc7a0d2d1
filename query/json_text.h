// Small helpers for writing JSON by hand on the query tool's hot path.
#ifndef SLIDEDB_QUERY_JSON_TEXT_H_
#define SLIDEDB_QUERY_JSON_TEXT_H_

#include <string>
#include <string_view>

namespace slidedb {

// Appends s as a quoted JSON string; bytes that are not UTF-8 become U+FFFD.
void AppendJsonString(std::string* out, std::string_view s);

// Appends a tile label: a bare number when it is a plain integer, else a
// JSON string.
void AppendJsonLabel(std::string* out, const std::string& label);

}  // namespace slidedb

#endif  // SLIDEDB_QUERY_JSON_TEXT_H_
