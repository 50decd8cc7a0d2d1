// DatabaseWriter's files beside RocksDB's (lib/storage/database_writer.h):
// a pattern database's successor words and its cross group's direct table.
#include <algorithm>
#include <bit>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "lib/storage/database_writer.h"

namespace slidedb {

namespace {

// Writes the `size` bytes at `bytes` as the new file `path` through `env`,
// synced.
Status WriteNewFile(Env* env, const std::string& path, const char* bytes,
                    uint64_t size) {
  // A new file, never the old one emptied: the copy's old files are hard
  // links to the database in place.
  Status s = env->RemoveAll(path);
  std::unique_ptr<WritableFile> file;
  if (s.ok()) s = env->NewWritableFile(path, &file);
  constexpr uint64_t kChunk = 1 << 24;
  for (uint64_t at = 0; s.ok() && at < size; at += kChunk) {
    s = file->Append(
        std::string_view(bytes + at, std::min<uint64_t>(kChunk, size - at)));
  }
  if (s.ok()) s = file->Sync();
  if (s.ok()) s = file->Close();
  if (!s.ok()) return Status::IOError("writing " + path + ": " + s.message());
  return Status::OK();
}

}  // namespace

Status DatabaseWriter::PutPdbWords(const PdbMeta& meta,
                                   const std::vector<uint32_t>& words) {
  static_assert(std::endian::native == std::endian::little,
                "words are stored little-endian, as they are in memory");
  if (words.size() != meta.entries || !meta.has_words()) {
    return Status::Internal("successor words do not match their metadata");
  }
  return WriteNewFile(env_, aside_ + "/" + meta.WordFileName(),
                      reinterpret_cast<const char*>(words.data()),
                      meta.word_bytes());
}

Status DatabaseWriter::PutPdbCross(const PdbMeta& meta,
                                   const std::vector<uint8_t>& table) {
  if (!meta.has_cross() || table.size() != meta.cross_bytes()) {
    return Status::Internal("cross table does not match its metadata");
  }
  return WriteNewFile(env_, aside_ + "/" + meta.CrossFileName(),
                      reinterpret_cast<const char*>(table.data()),
                      table.size());
}

}  // namespace slidedb
