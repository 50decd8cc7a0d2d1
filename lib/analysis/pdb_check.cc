#include "lib/analysis/pdb_check.h"

#include <string>

#include "lib/search/pdb_build.h"
#include "lib/search/pdb_words.h"

namespace slidedb {

namespace {

void Add(TableCheck* check, int max_listed, int64_t index, std::string what) {
  if (static_cast<int>(check->listed.size()) < max_listed) {
    check->listed.push_back({index, "", std::move(what)});
  }
  ++check->problems;
}

}  // namespace

void CheckPdbEntries(const PdbMeta& meta, const std::vector<uint8_t>& values,
                     int threads, int max_listed, TableCheck* check) {
  check->states = values.size();
  if (values.size() != meta.entries) {
    Add(check, max_listed, -1,
        "holds " + std::to_string(values.size()) + " entries, its metadata "
        "says " + std::to_string(meta.entries));
    return;
  }
  PdbResult fresh;
  Status s = BuildPatternDb(meta.board, meta.goal_blank, meta.tiles, meta.index,
                            threads, nullptr, &fresh);
  if (!s.ok()) {
    Add(check, max_listed, -1, "cannot be recomputed: " + s.message());
    return;
  }
  for (size_t i = 0; i < values.size(); ++i) {
    if (values[i] == fresh.values[i]) continue;
    Add(check, max_listed, -1,
        "entry " + std::to_string(i) + " is " + std::to_string(values[i]) +
            ", the search gives " + std::to_string(fresh.values[i]));
  }
  if (fresh.histogram != meta.histogram) {
    Add(check, max_listed, -1,
        "the histogram of the metadata is not the entries' histogram");
  }
}

void CheckPdbWords(const PdbMeta& meta, const std::vector<uint8_t>& values,
                   const PdbValues& words, int threads, int max_listed,
                   TableCheck* check) {
  std::vector<uint32_t> fresh;
  Status s = ComputePdbWords(meta.board, static_cast<int>(meta.tiles.size()),
                             values, threads, &fresh);
  if (!s.ok()) {
    Add(check, max_listed, -1, "its successor words: " + s.message());
    return;
  }
  for (size_t i = 0; i < fresh.size(); ++i) {
    if (words.Word(i) == fresh[i]) continue;
    Add(check, max_listed, -1,
        "the successor word of entry " + std::to_string(i) + " is " +
            std::to_string(words.Word(i)) + ", the entries give " +
            std::to_string(fresh[i]));
  }
}

}  // namespace slidedb
