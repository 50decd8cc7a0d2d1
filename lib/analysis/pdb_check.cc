#include "lib/analysis/pdb_check.h"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <system_error>
#include <vector>

#include "lib/search/pdb_build.h"
#include "lib/search/pdb_cross.h"
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

// What tells options.progress, if set, of each depth of a search run again
// for the pattern database `meta`.
std::function<void(const PdbLevel&)> DepthTeller(const PdbMeta& meta,
                                                 const CheckOptions& options,
                                                 const TableCheck* check) {
  if (!options.progress) return nullptr;
  return [&meta, &options, check](const PdbLevel& l) {
    options.progress({.stage = CheckProgress::Stage::kSearch,
                      .table = check->table,
                      .pdb = true,
                      .size = meta.entries,
                      .depth = l.depth,
                      .total = l.total,
                      .seconds = l.seconds});
  };
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
  PdbResult fresh;
  Status s = BuildPatternDb(meta.board, meta.goal_blank, meta.tiles, meta.index,
                            options.threads, DepthTeller(meta, options, check),
                            &fresh);
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

// Compares the cross table's file at `path` (meta.has_cross()) with a
// fresh build of it (lib/search/pdb_cross.h): its size first, then every
// byte, read a chunk at a time.
void CheckPdbCross(const PdbMeta& meta, const std::string& path,
                   const CheckOptions& options, TableCheck* check) {
  const int max_listed = options.max_listed;
  const std::string file = "its cross table's file " + meta.CrossFileName();
  std::error_code ec;
  const uint64_t size = std::filesystem::file_size(path, ec);
  if (ec) {
    Add(check, max_listed, -1, file + " cannot be read: " + ec.message());
    return;
  }
  if (size != meta.cross_bytes()) {
    Add(check, max_listed, -1,
        file + " holds " + std::to_string(size) + " bytes, its metadata says " +
            std::to_string(meta.cross_bytes()));
    return;
  }
  if (options.progress) {
    options.progress({.stage = CheckProgress::Stage::kCross,
                      .table = check->table,
                      .pdb = true,
                      .size = meta.cross_bytes()});
  }
  std::vector<uint8_t> fresh;
  Status s = BuildCrossTable(meta.board, meta.goal_blank, meta.cross_tiles,
                             options.threads, DepthTeller(meta, options, check),
                             &fresh);
  if (!s.ok()) {
    Add(check, max_listed, -1, file + " cannot be recomputed: " + s.message());
    return;
  }
  std::ifstream in(path, std::ios::binary);
  std::vector<char> chunk(1 << 24);
  for (uint64_t at = 0; in && at < size; at += chunk.size()) {
    const uint64_t n = std::min<uint64_t>(chunk.size(), size - at);
    if (!in.read(chunk.data(), static_cast<std::streamsize>(n))) break;
    for (uint64_t i = 0; i < n; ++i) {
      const uint8_t byte = static_cast<uint8_t>(chunk[i]);
      if (byte == fresh[at + i]) continue;
      if (static_cast<int>(check->listed.size()) >= max_listed) {
        ++check->problems;  // (not said: a table of 244 MB may differ whole)
        continue;
      }
      Add(check, max_listed, -1,
          "byte " + std::to_string(at + i) + " of " + file + " is " +
              std::to_string(byte) + ", the search gives " +
              std::to_string(fresh[at + i]));
    }
  }
  if (!in) Add(check, max_listed, -1, file + " cannot be read whole");
}

// Checks the entries of the pattern database `pm` read from `db`, and its
// successor words if any; a failure to read them is its one problem.
void CheckPdbStored(const Database& db, const PdbMeta& pm,
                    const CheckOptions& options, TableCheck* check) {
  std::vector<uint8_t> values;
  Status s = db.ReadPdb(pm, &values);
  if (s.ok() && pm.entry_bits == kPdbNibbleEntries) {
    values = UnpackPdbEntries(pm.board, pm.goal_blank, pm.tiles, pm.index,
                              pm.entries, values);
  }
  PdbValues words;  // the file's, mapped
  if (s.ok() && pm.has_words()) {
    s = PdbValues::MapFile(db.PdbWordPath(pm), pm.entries, &words);
  }
  if (s.ok()) {
    CheckPdbEntries(pm, values, options, check);
    if (pm.has_words()) CheckPdbWords(pm, values, words, options, check);
  } else {
    check->states = pm.entries;
    check->problems = 1;
    check->listed.push_back({-1, "", "cannot be read: " + s.message()});
  }
}

}  // namespace

void CheckPdbs(const std::string& dir, const std::vector<PdbMeta>& pdbs,
               const CheckOptions& options, std::vector<TableCheck>* checks) {
  // Each goal's set, for what only the whole set can say: whether a
  // search can load it (PdbSetOk: told with its first group).
  std::map<std::string, std::vector<const PdbMeta*>> sets;
  for (const PdbMeta& pm : pdbs) sets[pm.TableId()].push_back(&pm);
  std::unique_ptr<Database> db;
  for (const PdbMeta& pm : pdbs) {
    const auto t0 = std::chrono::steady_clock::now();
    TableCheck check;
    check.table = pm.TableId() + "/" + std::to_string(pm.group);
    check.kind = "pdb";
    if (options.progress) {
      options.progress({.table = check.table, .pdb = true, .size = pm.entries});
    }
    const Status s = db != nullptr ? Status::OK() : Database::Open(dir, &db);
    if (s.ok()) {
      CheckPdbStored(*db, pm, options, &check);
      // With the entries and the words let go: the cross table's search
      // holds what a build's does.
      if (pm.has_cross()) {
        CheckPdbCross(pm, db->PdbCrossPath(pm), options, &check);
      }
      const std::vector<const PdbMeta*>& set = sets[pm.TableId()];
      const Status whole = set[0] == &pm ? PdbSetOk(set) : Status::OK();
      if (!whole.ok()) Add(&check, options.max_listed, -1, whole.message());
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
