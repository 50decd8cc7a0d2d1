// Small helpers for writing JSON by hand on the query tool's hot path.
#ifndef SLIDEDB_LIB_ANSWER_JSON_TEXT_H_
#define SLIDEDB_LIB_ANSWER_JSON_TEXT_H_

#include <initializer_list>
#include <string>
#include <string_view>

#include "lib/base/status.h"

namespace slidedb {

// Appends s as a quoted JSON string; bytes that are not UTF-8 become U+FFFD.
void AppendJsonString(std::string* out, std::string_view s);

// Whether a tile label is written in JSON as a bare number: a plain decimal
// integer (no sign, no leading zero, under ten digits). Every face that
// writes labels as numbers (the JSON, the Python module) asks this.
bool IsNumberLabel(std::string_view label);

// Appends a tile label: a bare number when IsNumberLabel, else a JSON
// string.
void AppendJsonLabel(std::string* out, const std::string& label);

// A string field of a JSON object: "name":"value".
struct JsonField {
  const char* name;
  std::string_view value;
};

// Appends the JSON object of an error and a newline: the fields that say
// what was asked ("input" for a line of a batch; "start" and "moves" for
// --analyse; none for the server's), then "error", the message for people,
// and "code", its kind for programs (Status::CodeName: "InvalidArgument",
// "DeadlineExceeded" ...). Every face writes its errors in this one shape.
void AppendErrorJson(std::initializer_list<JsonField> asked,
                     std::string_view code, std::string_view message,
                     std::string* out);
// The same, of `error`'s code and message.
void AppendErrorJson(std::initializer_list<JsonField> asked,
                     const Status& error, std::string* out);

// Opens the JSON object of an answer about one start: {"board", "start",
// "goal". For an unsolvable start it adds "solvable": false and "reason",
// closes the object with a newline and returns false; otherwise the caller
// goes on with the answer's own fields and closes it.
bool OpenAnswerJson(const std::string& board, const std::string& start,
                    const std::string& goal, bool solvable,
                    const std::string& reason, std::string* out);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_ANSWER_JSON_TEXT_H_
