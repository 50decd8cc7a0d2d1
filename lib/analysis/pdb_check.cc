#include "lib/analysis/pdb_check.h"

#include <chrono>
#include <functional>
#include <memory>
#include <string>

#include "lib/search/pdb_build.h"
#include "lib/search/pdb_encoding.h"
#include "lib/search/pdb_values.h"
#include "lib/search/pdb_words.h"
#include "lib/storage/database.h"

namespace slidedb {

namespace {

void Add(TableCheck* check, int max_listed, int64_t index, std::string what) {
  if (static_cast<int>(check->listed.size()) < max_listed) {
    check->listed.push_back({index, "", std::move(what)});
  }
  ++check->problems;
}

// Compares `values` (values[i]: entry i) with a fresh build of the pattern
// database `meta` describes; adds what it finds to *check (check->states:
// the entries).
void CheckPdbEntries(const PdbMeta& meta, const std::vector<uint8_t>& values,
                     const CheckOptions& options, TableCheck* check) {
  const int max_listed = options.max_listed;
  check->states = values.size();
  if (values.size() != meta.entries) {
    Add(check, max_listed, -1,
        "holds " + std::to_string(values.size()) + " entries, its metadata "
        "says " + std::to_string(meta.entries));
    return;
  }
  std::function<void(const PdbLevel&)> depth;
  if (options.progress) {
    depth = [&](const PdbLevel& l) {
      options.progress({.stage = CheckProgress::Stage::kSearch,
                        .table = check->table,
                        .pdb = true,
                        .size = meta.entries,
                        .depth = l.depth,
                        .total = l.total,
                        .seconds = l.seconds});
    };
  }
  PdbResult fresh;
  Status s = BuildPatternDb(meta.board, meta.goal_blank, meta.tiles, meta.index,
                            options.threads, depth, &fresh);
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

// Compares the stored successor words `words` (32-bit entries) with those
// computed from the entries `values` (lib/search/pdb_words.h), after
// CheckPdbEntries.
void CheckPdbWords(const PdbMeta& meta, const std::vector<uint8_t>& values,
                   const PdbValues& words, const CheckOptions& options,
                   TableCheck* check) {
  const int max_listed = options.max_listed;
  if (options.progress) {
    options.progress({.stage = CheckProgress::Stage::kWords,
                      .table = check->table,
                      .pdb = true,
                      .size = meta.entries});
  }
  std::vector<uint32_t> fresh;
  Status s = ComputePdbWords(meta.board, static_cast<int>(meta.tiles.size()),
                             values, options.threads, &fresh);
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

}  // namespace

void CheckPdbs(const std::string& dir, const std::vector<PdbMeta>& pdbs,
               const CheckOptions& options, std::vector<TableCheck>* checks) {
  std::unique_ptr<Database> db;
  for (const PdbMeta& pm : pdbs) {
    const auto t0 = std::chrono::steady_clock::now();
    TableCheck check;
    check.table = pm.TableId() + "/" + std::to_string(pm.group);
    check.kind = "pdb";
    if (options.progress) {
      options.progress({.table = check.table, .pdb = true, .size = pm.entries});
    }
    std::vector<uint8_t> values;
    Status s = db != nullptr ? Status::OK() : Database::Open(dir, &db);
    if (s.ok()) s = db->ReadPdb(pm, &values);
    if (s.ok() && pm.entry_bits == kPdbNibbleEntries) {
      values = UnpackPdbEntries(pm.board, pm.goal_blank, pm.tiles, pm.index,
                                pm.entries, values);
    }
    PdbValues words;  // the file's, mapped
    if (s.ok() && pm.has_words()) {
      s = PdbValues::MapFile(db->PdbWordPath(pm), pm.entries, &words);
    }
    if (s.ok()) {
      CheckPdbEntries(pm, values, options, &check);
      if (pm.has_words()) CheckPdbWords(pm, values, words, options, &check);
    } else {
      check.states = pm.entries;
      check.problems = 1;
      check.listed.push_back({-1, "", "cannot be read: " + s.message()});
    }
    check.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
            .count();
    checks->push_back(std::move(check));
  }
}

}  // namespace slidedb
