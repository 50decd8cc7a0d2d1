#include "serve/web_files.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "serve/web_assets.h"

namespace slidedb {

namespace {

// The relative file name of a URL path, or "" when it is refused: every
// segment must be a plain name (no "", ".", "..", no leading dot, no
// backslash, colon or control character).
std::string RelativeName(std::string_view path) {
  if (path.empty() || path[0] != '/') return "";
  if (path == "/") return "index.html";
  std::string_view rest = path.substr(1);
  std::string out;
  while (true) {
    const size_t slash = rest.find('/');
    const std::string_view seg = rest.substr(0, slash);
    if (seg.empty() || seg[0] == '.') return "";
    for (char c : seg) {
      if (static_cast<unsigned char>(c) < 0x20 || c == '\\' || c == ':' ||
          c == 0x7f) {
        return "";
      }
    }
    if (!out.empty()) out += '/';
    out += seg;
    if (slash == std::string_view::npos) break;
    rest = rest.substr(slash + 1);
  }
  return out;
}

}  // namespace

WebFiles WebFiles::Embedded() { return WebFiles(); }

WebFiles WebFiles::FromDirectory(const std::string& dir) {
  WebFiles w;
  w.dir_ = dir.empty() ? "." : dir;
  return w;
}

bool WebFiles::HoldsPage(const std::string& dir) {
  std::error_code ec;
  return std::filesystem::is_regular_file(
      std::filesystem::path(dir.empty() ? "." : dir) / "index.html", ec);
}

size_t WebFiles::EmbeddedCount() { return kEmbeddedWebFileCount; }

bool WebFiles::Find(std::string_view path, std::string* body,
                    std::string_view* content_type) const {
  const std::string name = RelativeName(path);
  if (name.empty()) return false;
  if (dir_.empty()) {
    for (size_t k = 0; k < kEmbeddedWebFileCount; ++k) {
      const EmbeddedFile& f = kEmbeddedWebFiles[k];
      if (name == f.path) {
        body->assign(reinterpret_cast<const char*>(f.data), f.size);
        *content_type = ContentTypeOf(name);
        return true;
      }
    }
    return false;
  }
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path root = fs::canonical(dir_, ec);
  if (ec) return false;
  const fs::path file = fs::canonical(root / name, ec);
  if (ec || !fs::is_regular_file(file, ec)) return false;
  // The real path must stay under the folder: a symlink out of it is
  // refused.
  const std::string r = root.string() + "/";
  if (file.string().compare(0, r.size(), r) != 0) return false;
  std::ifstream in(file, std::ios::binary);
  if (!in) return false;
  std::ostringstream text;
  text << in.rdbuf();
  *body = text.str();
  *content_type = ContentTypeOf(name);
  return true;
}

std::string_view ContentTypeOf(std::string_view name) {
  struct Type {
    std::string_view ext, type;
  };
  static constexpr Type kTypes[] = {
      {".html", "text/html; charset=utf-8"},
      {".htm", "text/html; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".json", "application/json"},
      {".webmanifest", "application/manifest+json"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".ico", "image/x-icon"},
      {".jpg", "image/jpeg"},
      {".txt", "text/plain; charset=utf-8"},
      {".woff2", "font/woff2"},
  };
  for (const Type& t : kTypes) {
    if (name.size() > t.ext.size() &&
        name.substr(name.size() - t.ext.size()) == t.ext) {
      return t.type;
    }
  }
  return "application/octet-stream";
}

}  // namespace slidedb
