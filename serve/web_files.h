// The web page's files (web/): embedded in the binary when it was built, or
// read from a folder on disk (slidedb-serve --web DIR, for working on the
// page). Nothing outside the folder can be named: a path with a "..", ".",
// empty or hidden segment, a backslash or a NUL is refused, and on disk a
// file whose real path leaves the folder (a symlink) is too.
#ifndef SLIDEDB_SERVE_WEB_FILES_H_
#define SLIDEDB_SERVE_WEB_FILES_H_

#include <string>
#include <string_view>

namespace slidedb {

class WebFiles {
 public:
  // The files embedded at build time (serve/CMakeLists.txt).
  static WebFiles Embedded();
  // The files under `dir`, read on every request.
  static WebFiles FromDirectory(const std::string& dir);
  // Whether `dir` holds the page (its index.html): a folder that does not
  // would serve 404 for "/" while /healthz says all is well.
  static bool HoldsPage(const std::string& dir);

  // The file at URL path `path` ("/" is "/index.html"). False when there is
  // none or the path is refused.
  bool Find(std::string_view path, std::string* body,
            std::string_view* content_type) const;

  // How many files are embedded (0 when web/ was empty at build time).
  static size_t EmbeddedCount();

 private:
  std::string dir_;  // empty: the embedded files
};

// The content type of a file name, by its extension: a string literal.
std::string_view ContentTypeOf(std::string_view name);

}  // namespace slidedb

#endif  // SLIDEDB_SERVE_WEB_FILES_H_
