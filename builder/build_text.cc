#include "builder/build_text.h"

#include <cstdio>
#include <ctime>
#include <filesystem>

#include "lib/base/shell.h"
#include "lib/storage/database_writer.h"

namespace slidedb {

std::string WithCommas(uint64_t v) {
  const std::string digits = std::to_string(v);
  std::string s;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) s += ',';
    s += digits[i];
  }
  return s;
}

std::string Gigabytes(uint64_t bytes) {
  char buf[32];
  const double b = static_cast<double>(bytes);
  if (bytes >= 1000000000) {
    std::snprintf(buf, sizeof buf, "%.1f GB", b / 1e9);
  } else if (bytes >= 1000000) {
    std::snprintf(buf, sizeof buf, "%.1f MB", b / 1e6);
  } else {
    std::snprintf(buf, sizeof buf, "%.1f kB", b / 1e3);
  }
  return buf;
}

std::string Now() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

uint64_t DirectoryBytes(const std::string& dir) {
  uint64_t total = 0;
  std::error_code ec;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir, ec)) {
    if (e.is_regular_file(ec)) total += e.file_size(ec);
  }
  return total;
}

std::string OldDatabaseLeft(const DatabaseWriter& writer) {
  return "the old database, swapped out, could not be removed (" +
         writer.left_behind_why() + "): the next build removes it, or rm -r " +
         ShellWord(writer.left_behind());
}

std::string AfterAFailedWrite(const std::string& dir) {
  if (CurrentCommitStage() == CommitStage::kSwapped) {
    return "the new database is in place in " + dir +
           ", but its folder's sync failed: a power cut may bring back the "
           "old one";
  }
  return "nothing changed in " + dir;
}

}  // namespace slidedb
