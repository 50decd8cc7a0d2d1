#include "lib/analysis/check.h"

#include <rocksdb/db.h>
#include <rocksdb/options.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <set>
#include <thread>

#include "lib/analysis/check_progress.h"
#include "lib/analysis/key_census.h"
#include "lib/analysis/pdb_check.h"
#include "lib/analysis/record_check.h"
#include "lib/analysis/residue_check.h"
#include "lib/puzzle/index.h"
#include "lib/puzzle/notation.h"
#include "lib/puzzle/problem.h"
#include "lib/puzzle/state.h"
#include "lib/storage/database.h"
#include "lib/storage/format.h"
#include "lib/storage/pdb_meta.h"
#include "lib/storage/rocks_status.h"
#include "lib/storage/table_meta.h"

namespace slidedb {

bool CheckReport::ok() const {
  if (!problems.empty()) return false;
  for (const auto& t : tables) {
    if (!t.ok()) return false;
  }
  return true;
}

namespace {

void AddProblem(TableCheck* check, const std::string& what, int max_listed) {
  if (check->listed.size() < static_cast<size_t>(max_listed)) {
    check->listed.push_back({-1, "", what});
  }
  ++check->problems;
}

bool Selected(const CheckOptions& options, const TableMeta& meta) {
  if (options.board && meta.board != *options.board) return false;
  if (options.metric && meta.metric != *options.metric) return false;
  return options.goal_blanks.empty() ||
         std::count(options.goal_blanks.begin(), options.goal_blanks.end(),
                    meta.goal_blank) > 0;
}

// A table id the options select, judged from the id alone (for tables whose
// metadata cannot be read): "3x3/b8", "mtm/3x3/b8".
bool SelectedId(const CheckOptions& options, const std::string& id) {
  TableMeta meta;
  std::string rest = id;
  const std::string mtm = std::string(MetricName(Metric::kMtm)) + "/";
  if (rest.compare(0, mtm.size(), mtm) == 0) {
    meta.metric = Metric::kMtm;
    rest = rest.substr(mtm.size());
  }
  const size_t slash = rest.find("/b");
  Board board;
  if (slash == std::string::npos ||
      !Board::Parse(rest.substr(0, slash), &board).ok()) {
    return !options.board && options.goal_blanks.empty() && !options.metric;
  }
  meta.board = board;
  meta.goal_blank = std::atoi(rest.c_str() + slash + 2);
  return Selected(options, meta);
}

// Checks a two-bit table's residues (`residues`, its pages one after the
// other) against each other, and the histogram against their counts: the
// states of residue r are those at the distances d with d % 3 == r.
void CheckTwoBit(const TableMeta& meta, const std::vector<uint8_t>& residues,
                 const CheckOptions& options, TableCheck* check,
                 TableProgress* progress) {
  std::array<uint64_t, 3> counts;
  CheckResidues(meta.board, meta.goal_blank, residues, options.threads,
                options.max_listed, check, &counts,
                progress->States(meta.states));
  std::array<uint64_t, 3> stored{};
  for (size_t d = 0; d < meta.histogram.size(); ++d) {
    stored[d % 3] += meta.histogram[d];
  }
  if (counts == stored) return;
  std::string what =
      "the histogram in the metadata does not match the "
      "residues:";
  for (int r = 0; r < 3; ++r) {
    what += std::string(r > 0 ? "," : "") + " distances of residue " +
            std::to_string(r) + ": " + std::to_string(stored[r]) + " stored, " +
            std::to_string(counts[r]) + " counted";
  }
  AddProblem(check, what, options.max_listed);
}

// The table's metadata, parsed from `json` and checked against the table's
// id, goal and state count; false when it cannot be parsed or describes
// another table (nothing more can be checked).
bool ReadTableMeta(const std::string& id, const std::string& json, int max,
                   TableCheck* check, TableMeta* meta) {
  Status s = TableMeta::FromJson(json, meta);
  if (!s.ok()) {
    AddProblem(check, "meta/" + id + ": " + s.message(), max);
    return false;
  }
  check->states = meta->states;
  if (meta->Id() != id) {
    AddProblem(check, "meta/" + id + " describes table " + meta->Id(), max);
    return false;
  }
  const std::string goal = FormatArrangement(
      CanonicalGoalArrangement(meta->board, meta->goal_blank, "0"), "0");
  if (meta->goal != goal) {
    AddProblem(check, "the metadata's goal is " + meta->goal + ", not " + goal,
               max);
  }
  uint64_t sum = 0;
  for (uint64_t c : meta->histogram) sum += c;
  if (sum != meta->states) {
    AddProblem(check,
               "the metadata's histogram adds up to " + std::to_string(sum) +
                   " states, not " + std::to_string(meta->states),
               max);
  }
  return true;
}

// Reports the pages not `seen` (the first by number, then how many); their
// count.
uint32_t ReportMissing(const std::vector<bool>& seen, int max,
                       TableCheck* check) {
  uint32_t missing = 0;
  for (uint32_t p = 0; p < seen.size(); ++p) {
    if (seen[p]) continue;
    if (missing++ == 0) {
      AddProblem(check,
                 "page " + std::to_string(p) + " is missing or unreadable",
                 max);
    }
  }
  if (missing > 1) {
    AddProblem(check,
               std::to_string(missing) +
                   " pages in all are missing or "
                   "unreadable",
               max);
  }
  return missing;
}

// The table's pages read from `db` into *records, in order: a byte a
// state, or (two-bit) four states a byte. False when the reading failed or
// a page is missing: the records cannot be checked against each other.
bool ReadPages(rocksdb::DB* db, const std::string& id, const TableMeta& meta,
               int max, TableCheck* check, std::vector<uint8_t>* records,
               TableProgress* progress) {
  const uint64_t per = PageStates(meta.records);
  records->assign(RecordBytes(meta.records, meta.states), 0);
  std::vector<bool> seen(meta.pages, false);
  const std::string prefix = PagePrefix(id);
  std::unique_ptr<rocksdb::Iterator> it(db->NewIterator({}));
  uint64_t read = 0;
  for (it->Seek(prefix); it->Valid() && it->key().starts_with(prefix);
       it->Next()) {
    uint32_t page;
    if (PageTable(it->key().ToString(), &page) != id) {
      AddProblem(check, "stray key " + PrintableKey(it->key().ToStringView()),
                 max);
      continue;
    }
    if (page >= meta.pages) {
      AddProblem(check, "page " + std::to_string(page) +
                            " is past the table's last page, " +
                            std::to_string(meta.pages - 1), max);
      continue;
    }
    const uint64_t first = uint64_t{page} * per;
    const uint64_t want =
        RecordBytes(meta.records, std::min<uint64_t>(per, meta.states - first));
    if (it->value().size() != want) {
      AddProblem(check,
                 "page " + std::to_string(page) + " holds " +
                     std::to_string(it->value().size()) +
                     (meta.two_bit() ? " bytes, not " : " records, not ") +
                     std::to_string(want),
                 max);
      continue;
    }
    std::copy_n(it->value().data(), want,
                records->begin() + uint64_t{page} * PageBytes(meta.records));
    seen[page] = true;
    if (++read % 256 == 0) progress->Pages(read, meta.pages);
  }
  if (!it->status().ok()) {
    AddProblem(check, "reading the pages: " + it->status().ToString(), max);
    return false;
  }
  return ReportMissing(seen, max, check) == 0;
}

// Reports the first five distances at which the histogram `stored` in the
// metadata and the one `counted` in the records differ.
void CompareHistograms(const std::vector<uint64_t>& stored,
                       const std::vector<uint64_t>& counted, int max,
                       TableCheck* check) {
  if (counted == stored) return;
  std::string what =
      "the histogram in the metadata does not match the "
      "records:";
  const size_t n = std::max(counted.size(), stored.size());
  int shown = 0;
  for (size_t d = 0; d < n && shown < 5; ++d) {
    const uint64_t s = d < stored.size() ? stored[d] : 0;
    const uint64_t c = d < counted.size() ? counted[d] : 0;
    if (s == c) continue;
    what += std::string(shown++ ? "," : "") + " distance " + std::to_string(d) +
            ": " + std::to_string(s) + " stored, " + std::to_string(c) +
            " counted";
  }
  AddProblem(check, what, max);
}

// Checks one table whose metadata is `json`, reading its pages from `db`.
void CheckTable(rocksdb::DB* db, const std::string& id, const std::string& json,
                const CheckOptions& options, TableCheck* check) {
  const int max = options.max_listed;
  TableMeta meta;
  if (!ReadTableMeta(id, json, max, check, &meta)) return;
  TableProgress progress(options, id);
  std::vector<uint8_t> records;
  if (!ReadPages(db, id, meta, max, check, &records, &progress)) return;
  if (meta.two_bit()) {
    CheckTwoBit(meta, records, options, check, &progress);
    return;
  }
  std::vector<uint64_t> histogram;
  CheckRecords(meta.board, meta.goal_blank, meta.metric, records,
               options.threads, max, check, &histogram,
               progress.States(meta.states));
  CompareHistograms(meta.histogram, histogram, max, check);
}

// Reports files of successor words or cross tables (docs/FORMAT.md) that
// no pattern database's metadata names.
void ReportStrayPdbFiles(const std::string& dir,
                         const std::map<std::string, PdbMeta>& pdbs,
                         CheckReport* report) {
  std::set<std::string> named;
  for (const auto& [id, pm] : pdbs) {
    if (pm.has_words()) named.insert(pm.WordFileName());
    if (pm.has_cross()) named.insert(pm.CrossFileName());
  }
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (named.count(name) > 0) continue;
    if (name.ends_with(kPdbWordFileSuffix)) {
      report->problems.push_back("stray file " + name +
                                 ", the successor words of no pattern "
                                 "database");
    } else if (name.ends_with(kPdbCrossFileSuffix)) {
      report->problems.push_back("stray file " + name +
                                 ", the cross table of no pattern database");
    }
  }
}

// Opens the database at `dir` read-only for the check.
Status OpenForCheck(const std::string& dir, std::unique_ptr<rocksdb::DB>* db) {
  // Its own files without CURRENT: a problem found (Corruption).
  if (Status s = LocateDatabase(dir); !s.ok()) return s;
  if (Status s = RoomForRocksDb(kRocksDbReadRoom); !s.ok()) return s;
  rocksdb::Options db_options;
  db_options.create_if_missing = false;
  db_options.max_open_files = -1;
  rocksdb::DB* raw = nullptr;
  rocksdb::Status rs = rocksdb::DB::OpenForReadOnly(db_options, dir, &raw);
  if (rs.IsCorruption() || rs.IsPathNotFound()) {
    // Its own files damaged or missing: a problem found, not a database
    // that cannot be read (permissions, a folder of other files).
    return Status::Corruption("its files are damaged or missing (" +
                              rs.ToString() + ")");
  }
  if (!rs.ok()) {
    return Status::IOError("cannot open database " + dir + ": " +
                           rs.ToString());
  }
  db->reset(raw);
  return Status::OK();
}

// Reports a format key that is missing or names a format this slidedb does
// not read, and blocks whose checksums fail.
void CheckFormatAndChecksums(rocksdb::DB* db, CheckReport* report) {
  std::string version;
  rocksdb::Status rs = db->Get(rocksdb::ReadOptions(), kFormatKey, &version);
  if (rs.IsNotFound()) {
    report->problems.push_back(std::string("no ") + kFormatKey +
                               " key: the database is incomplete");
  } else if (!rs.ok()) {
    report->problems.push_back(std::string("reading ") + kFormatKey + ": " +
                               rs.ToString());
  } else if (version.size() != 1 || !ReadableFormat(version[0] - '0')) {
    report->problems.push_back("format " + version +
                               ", but this slidedb "
                               "reads formats " +
                               std::to_string(kOldestReadableFormat) + " to " +
                               std::to_string(kFormatVersion));
  }
  rs = db->VerifyChecksum();
  if (!rs.ok()) {
    report->problems.push_back("block checksums: " + rs.ToString());
  }
}

// Why a check selected nothing: what was asked for, and what there is.
std::string NoneSelected(const std::string& dir, const CheckOptions& options,
                         const KeyCensus& census) {
  std::string m = "no table";
  if (options.board) m += " of board " + options.board->Name();
  if (!options.goal_blanks.empty()) {
    m += options.goal_blanks.size() == 1 ? " with the goal blank on cell"
                                         : " with the goal blank on cells";
    for (const int b : options.goal_blanks) {
      m += ' ';
      m += std::to_string(b);
    }
  }
  m += " in " + dir;
  std::set<std::string> held;
  for (const auto& [id, json] : census.metas) held.insert(id);
  for (const auto& [id, pm] : census.pdbs) held.insert("pdb " + pm.TableId());
  if (held.empty()) return m + "; it holds none";
  m += "; it holds";
  constexpr size_t kNamed = 10;
  size_t named = 0;
  for (const std::string& id : held) {
    if (named++ == kNamed) {
      m += " and " + std::to_string(held.size() - kNamed) + " more";
      break;
    }
    m += named == 1 ? " " : ", ";
    m += id;
  }
  return m;
}

}  // namespace

Status CheckDatabase(const std::string& dir, const CheckOptions& options,
                     CheckReport* report) {
  *report = CheckReport();
  std::unique_ptr<rocksdb::DB> db;
  Status s = OpenForCheck(dir, &db);
  if (s.IsCorruption()) {
    // RocksDB's own words (a table file cut short) say nothing of a mend.
    report->problems.push_back(s.message().find("(rm -r ") == std::string::npos
                                   ? s.message() + "; " + RemoveAdvice(dir)
                                   : s.message());
    return Status::OK();
  }
  if (!s.ok()) return s;
  CheckFormatAndChecksums(db.get(), report);
  KeyCensus census;
  TakeCensus(db.get(), &census, report);
  ReportPageCounts(census, report);
  ReportStrayPdbFiles(dir, census.pdbs, report);
  std::vector<PdbMeta> pdbs;
  for (const auto& [id, pm] : census.pdbs) {
    if (SelectedId(options, id)) pdbs.push_back(pm);
  }
  CheckPdbs(dir, pdbs, options, &report->tables);
  for (const auto& [id, json] : census.metas) {
    if (!SelectedId(options, id)) continue;
    const auto t0 = std::chrono::steady_clock::now();
    if (options.progress) options.progress({.table = id});
    TableCheck check;
    check.table = id;
    CheckTable(db.get(), id, json, options, &check);
    check.seconds = std::chrono::duration<double>(
                        std::chrono::steady_clock::now() - t0)
                        .count();
    report->tables.push_back(std::move(check));
  }
  if (report->tables.empty() && (options.board || !options.goal_blanks.empty())) {
    return Status::NotFound(NoneSelected(dir, options, census));
  }
  return Status::OK();
}

}  // namespace slidedb
