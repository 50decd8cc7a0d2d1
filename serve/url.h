// The request target of an HTTP request ("/api/solve?start=1%2C2"): its
// path and query parameters, percent-decoded as the API takes them.
#ifndef SLIDEDB_SERVE_URL_H_
#define SLIDEDB_SERVE_URL_H_

#include <map>
#include <string>
#include <string_view>

namespace slidedb {

// Decodes %XX escapes (and, when `plus_is_space`, '+' as a space, as in a
// query). False when an escape is not two hex digits.
bool PercentDecode(std::string_view text, bool plus_is_space,
                   std::string* out);

// Splits `target` into its decoded path and parameters ("a=1&b", b's value
// empty; a name given twice keeps both, the first found first). False, with
// *error saying why, for a target that is not an absolute path or holds a
// malformed escape.
bool ParseTarget(std::string_view target, std::string* path,
                 std::multimap<std::string, std::string>* params,
                 std::string* error);

}  // namespace slidedb

#endif  // SLIDEDB_SERVE_URL_H_
