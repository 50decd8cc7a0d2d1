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

// A request target in absolute form ("http://host:port/path?query", RFC
// 9112 3.2.2; what a client sends to a proxy, and an origin server must
// take): true, with its authority ("host:port", empty when missing) and
// the rest as an origin-form target ("/path?query"; "/" for an empty
// path). False for a target of any other form, which stays as it is.
bool SplitAbsoluteForm(std::string_view target, std::string_view* authority,
                       std::string* origin_form);

// Splits `target` into its decoded path and parameters ("a=1&b", b's value
// empty; a name given twice keeps both, the first found first). False, with
// *error saying why, for a target that is not an absolute path or holds a
// malformed escape.
bool ParseTarget(std::string_view target, std::string* path,
                 std::multimap<std::string, std::string>* params,
                 std::string* error);

}  // namespace slidedb

#endif  // SLIDEDB_SERVE_URL_H_
