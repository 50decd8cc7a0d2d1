// The files of web/ as compiled into the binary: serve/embed_web.cmake
// writes their definition at build time.
#ifndef SLIDEDB_SERVE_WEB_ASSETS_H_
#define SLIDEDB_SERVE_WEB_ASSETS_H_

#include <cstddef>

namespace slidedb {

struct EmbeddedFile {
  const char* path;  // relative to web/: "index.html", "js/app.js"
  const unsigned char* data;
  size_t size;
};

extern const EmbeddedFile kEmbeddedWebFiles[];
extern const size_t kEmbeddedWebFileCount;

}  // namespace slidedb

#endif  // SLIDEDB_SERVE_WEB_ASSETS_H_
