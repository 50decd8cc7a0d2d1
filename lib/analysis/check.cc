#include "lib/analysis/check.h"

#include <rocksdb/db.h>
#include <rocksdb/options.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <thread>

#include "lib/puzzle/index.h"
#include "lib/puzzle/notation.h"
#include "lib/puzzle/problem.h"
#include "lib/puzzle/state.h"
#include "lib/storage/format.h"
#include "lib/storage/pdb_meta.h"
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

// A state in the table's own labels, as the tools write states.
std::string StateText(const Board& board, const State& s) {
  Arrangement a;
  a.blank = s.blank;
  for (int c = 0; c < board.cells(); ++c) {
    a.labels.push_back(std::to_string(s.tile[c]));
  }
  return FormatArrangement(a, "0");
}

// A key as text: printable bytes as they are, the others as \xNN.
std::string Printable(const rocksdb::Slice& key) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (char c : key.ToStringView()) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f && u != '\\') {
      out += c;
    } else {
      out += {'\\', 'x', kHex[u >> 4], kHex[u & 15]};
    }
  }
  return out;
}

// Distances of saturated records resolved by walking their best moves:
// kUnresolved until looked at, kBroken when the walk leaves the board or
// goes round in circles, else the distance the walk found (at most
// kMaxResolved; 63 or more unless the record is wrong).
constexpr uint8_t kUnresolved = 0;
constexpr uint8_t kBroken = 255;
// No board of up to 12 cells is more than 80 moves across.
constexpr int kMaxResolved = 254;

// What one worker found.
struct Findings {
  uint64_t problems = 0;
  std::vector<CheckProblem> listed;
  std::vector<uint64_t> histogram;
};

class RecordChecker {
 public:
  RecordChecker(const Board& board, int goal_blank,
                const std::vector<uint8_t>& records, int max_listed)
      : board_(board),
        ix_(board, goal_blank),
        records_(records),
        max_listed_(max_listed),
        goal_(ix_.IndexOf(CanonicalGoal(board, goal_blank))) {}

  // Walks every saturated record's best moves down to a record below 63.
  void ResolveSaturated(Findings* f) {
    const Index n = ix_.size();
    std::vector<Index> chain;
    for (Index i = 0; i < n; ++i) {
      if (RecordDistance(records_[i]) < kDistanceSaturated) continue;
      if (resolved_.empty()) resolved_.assign(n, kUnresolved);
      if (resolved_[i] != kUnresolved) continue;
      chain.clear();
      Index j = i;
      int base = -1;
      std::string broken;
      while (true) {
        const int d = RecordDistance(records_[j]);
        if (d < kDistanceSaturated) {
          base = d;
          break;
        }
        if (resolved_[j] == kBroken) break;
        if (resolved_[j] != kUnresolved) {
          base = resolved_[j];
          break;
        }
        if (static_cast<int>(chain.size()) >= kMaxResolved) {
          broken = "following best moves from here never reaches a record "
                   "below 63";
          break;
        }
        chain.push_back(j);
        State s = ix_.StateAt(j);
        const Move m = RecordMove(records_[j]);
        if (!ApplyMove(board_, m, &s)) {
          broken = "the best move of the saturated record at index " +
                   std::to_string(j) + " leaves the board";
          break;
        }
        j = ix_.AfterMove(j, m, s);
      }
      if (base < 0) {
        for (Index k : chain) resolved_[k] = kBroken;
        if (!broken.empty()) Report(f, i, broken);
        continue;
      }
      for (size_t k = chain.size(); k-- > 0;) {
        base = std::min(base + 1, kMaxResolved);
        resolved_[chain[k]] = static_cast<uint8_t>(base);
      }
    }
  }

  // Checks the records of ranks [begin, end): indexes begin*cells ...
  void CheckRanks(Index begin, Index end, Findings* f) const {
    const int cells = board_.cells();
    const int cols = board_.cols();
    // Even widths: the two tiles that end a sequence swap with the parity
    // of the blank's row, so keep one tile sequence per row parity.
    const bool two_orders = cols % 2 == 0 && board_.rows() > 1;
    uint8_t seq[2][kMaxCells];
    for (Index r = begin; r < end; ++r) {
      const Index first = r * static_cast<Index>(cells);
      for (int p = 0; p < (two_orders ? 2 : 1); ++p) {
        const State base = ix_.StateAt(first + static_cast<Index>(p * cols));
        int k = 0;
        for (int c = 0; c < cells; ++c) {
          if (base.tile[c] != 0) seq[p][k++] = base.tile[c];
        }
      }
      for (int b = 0; b < cells; ++b) {
        const uint8_t* tiles = seq[two_orders ? board_.Row(b) & 1 : 0];
        State s;
        s.blank = static_cast<uint8_t>(b);
        for (int c = 0, k = 0; c < cells; ++c) {
          s.tile[c] = c == b ? 0 : tiles[k++];
        }
        CheckOne(first + static_cast<Index>(b), s, f);
      }
    }
  }

  Index ranks() const { return ix_.size() / board_.cells(); }

 private:
  // The true distance of index i, or -1 when unknown (a broken saturated
  // walk, reported already).
  int Distance(Index i) const {
    const int d = RecordDistance(records_[i]);
    if (d < kDistanceSaturated) return d;
    const uint8_t r = resolved_[i];
    return r == kBroken ? -1 : r;
  }

  void Report(Findings* f, Index i, const std::string& what) const {
    if (f->listed.size() < static_cast<size_t>(max_listed_)) {
      f->listed.push_back({static_cast<int64_t>(i),
                           StateText(board_, ix_.StateAt(i)), what});
    }
    ++f->problems;
  }

  void CheckOne(Index i, const State& s, Findings* f) const {
    const uint8_t rec = records_[i];
    const int d = Distance(i);
    if (d < 0) return;
    if (static_cast<size_t>(d) >= f->histogram.size()) {
      f->histogram.resize(d + 1);
    }
    ++f->histogram[d];
    if (i == goal_) {
      if (rec != 0) {
        Report(f, i, "the goal's record is " + std::to_string(rec) +
                         ", not 0");
      }
      return;
    }
    if (d == 0) {
      Report(f, i, "distance 0, but it is not the goal");
      return;
    }
    if (RecordDistance(rec) == kDistanceSaturated && d < kDistanceSaturated) {
      Report(f, i, "stored as 63 or more, but its best moves reach the goal "
                   "in " + std::to_string(d));
      return;
    }
    const Move best = RecordMove(rec);
    int nearest = d;  // the nearest neighbour's distance
    Move nearest_move = best;
    for (Move m : kAllMoves) {
      State t = s;
      if (!ApplyMove(board_, m, &t)) {
        if (m == best) {
          Report(f, i, std::string("the best move ") + MoveLetter(m) +
                           " leaves the board");
          return;
        }
        continue;
      }
      const int dn = Distance(ix_.AfterMove(i, m, t));
      if (dn < 0) continue;
      if (m == best && dn != d - 1) {
        Report(f, i, "distance " + std::to_string(d) + ", but the best move " +
                         MoveLetter(m) + " leads to " + StateText(board_, t) +
                         " at distance " + std::to_string(dn) + ", not " +
                         std::to_string(d - 1));
        return;
      }
      if (dn < nearest) {
        nearest = dn;
        nearest_move = m;
      }
    }
    if (nearest < d - 1) {
      State t = s;
      ApplyMove(board_, nearest_move, &t);
      Report(f, i, "distance " + std::to_string(d) + " is not the shortest: " +
                       "move " + MoveLetter(nearest_move) + " leads to " +
                       StateText(board_, t) + " at distance " +
                       std::to_string(nearest));
    }
  }

  const Board board_;
  const Indexer ix_;
  const std::vector<uint8_t>& records_;
  const int max_listed_;
  const Index goal_;
  std::vector<uint8_t> resolved_;  // empty when no record is saturated
};

void Merge(Findings&& from, int max_listed, TableCheck* check,
           std::vector<uint64_t>* histogram) {
  check->problems += from.problems;
  for (auto& p : from.listed) {
    if (check->listed.size() < static_cast<size_t>(max_listed)) {
      check->listed.push_back(std::move(p));
    }
  }
  if (histogram->size() < from.histogram.size()) {
    histogram->resize(from.histogram.size());
  }
  for (size_t d = 0; d < from.histogram.size(); ++d) {
    (*histogram)[d] += from.histogram[d];
  }
}

void AddProblem(TableCheck* check, const std::string& what, int max_listed) {
  if (check->listed.size() < static_cast<size_t>(max_listed)) {
    check->listed.push_back({-1, "", what});
  }
  ++check->problems;
}

// The table id of a page key "page/<table>/<4 bytes>", or "" when `key` is
// not one.
std::string PageTable(const std::string& key, uint32_t* page) {
  std::string id;
  return ParsePageKey(key, &id, page) ? id : "";
}

bool Selected(const CheckOptions& options, const TableMeta& meta) {
  if (options.board && meta.board != *options.board) return false;
  return options.goal_blanks.empty() ||
         std::count(options.goal_blanks.begin(), options.goal_blanks.end(),
                    meta.goal_blank) > 0;
}

// A table id the options select, judged from the id alone (for tables whose
// metadata cannot be read): "3x3/b8".
bool SelectedId(const CheckOptions& options, const std::string& id) {
  const size_t slash = id.find("/b");
  Board board;
  if (slash == std::string::npos ||
      !Board::Parse(id.substr(0, slash), &board).ok()) {
    return !options.board && options.goal_blanks.empty();
  }
  TableMeta meta;
  meta.board = board;
  meta.goal_blank = std::atoi(id.c_str() + slash + 2);
  return Selected(options, meta);
}

// Checks one table whose metadata is `json`, reading its pages from `db`.
void CheckTable(rocksdb::DB* db, const std::string& id, const std::string& json,
                const CheckOptions& options, TableCheck* check) {
  const int max = options.max_listed;
  TableMeta meta;
  Status s = TableMeta::FromJson(json, &meta);
  if (!s.ok()) {
    AddProblem(check, "meta/" + id + ": " + s.message(), max);
    return;
  }
  check->states = meta.states;
  if (meta.Id() != id) {
    AddProblem(check, "meta/" + id + " describes table " + meta.Id(), max);
    return;
  }
  const std::string goal = FormatArrangement(
      CanonicalGoalArrangement(meta.board, meta.goal_blank, "0"), "0");
  if (meta.goal != goal) {
    AddProblem(check, "the metadata's goal is " + meta.goal + ", not " + goal,
               max);
  }
  uint64_t sum = 0;
  for (uint64_t c : meta.histogram) sum += c;
  if (sum != meta.states) {
    AddProblem(check, "the metadata's histogram adds up to " +
                          std::to_string(sum) + " states, not " +
                          std::to_string(meta.states), max);
  }

  // The pages, in order.
  std::vector<uint8_t> records(meta.states);
  std::vector<bool> seen(meta.pages, false);
  const std::string prefix = PagePrefix(id);
  std::unique_ptr<rocksdb::Iterator> it(db->NewIterator({}));
  for (it->Seek(prefix); it->Valid() && it->key().starts_with(prefix);
       it->Next()) {
    uint32_t page;
    if (PageTable(it->key().ToString(), &page) != id) {
      AddProblem(check, "stray key " + Printable(it->key()), max);
      continue;
    }
    if (page >= meta.pages) {
      AddProblem(check, "page " + std::to_string(page) +
                            " is past the table's last page, " +
                            std::to_string(meta.pages - 1), max);
      continue;
    }
    const uint64_t begin = uint64_t{page} * kPageRecords;
    const uint64_t want = std::min<uint64_t>(kPageRecords, meta.states - begin);
    if (it->value().size() != want) {
      AddProblem(check, "page " + std::to_string(page) + " holds " +
                            std::to_string(it->value().size()) +
                            " records, not " + std::to_string(want), max);
      continue;
    }
    std::copy_n(it->value().data(), want, records.begin() + begin);
    seen[page] = true;
  }
  if (!it->status().ok()) {
    AddProblem(check, "reading the pages: " + it->status().ToString(), max);
    return;
  }
  uint32_t missing = 0;
  for (uint32_t p = 0; p < meta.pages; ++p) {
    if (seen[p]) continue;
    if (missing++ == 0) {
      AddProblem(check, "page " + std::to_string(p) + " is missing or unreadable",
                 max);
    }
  }
  if (missing > 1) {
    AddProblem(check, std::to_string(missing) + " pages in all are missing or "
                      "unreadable", max);
  }
  if (missing > 0) return;  // the records cannot be checked against each other

  std::vector<uint64_t> histogram;
  CheckRecords(meta.board, meta.goal_blank, records, options.threads, max,
               check, &histogram);
  if (histogram != meta.histogram) {
    std::string what = "the histogram in the metadata does not match the "
                       "records:";
    const size_t n = std::max(histogram.size(), meta.histogram.size());
    int shown = 0;
    for (size_t d = 0; d < n && shown < 5; ++d) {
      const uint64_t stored = d < meta.histogram.size() ? meta.histogram[d] : 0;
      const uint64_t counted = d < histogram.size() ? histogram[d] : 0;
      if (stored == counted) continue;
      what += std::string(shown++ ? "," : "") + " distance " +
              std::to_string(d) + ": " + std::to_string(stored) +
              " stored, " + std::to_string(counted) + " counted";
    }
    AddProblem(check, what, max);
  }
}

}  // namespace

void CheckRecords(const Board& board, int goal_blank,
                  const std::vector<uint8_t>& records, int threads,
                  int max_listed, TableCheck* check,
                  std::vector<uint64_t>* histogram) {
  RecordChecker checker(board, goal_blank, records, max_listed);
  Findings saturated;
  checker.ResolveSaturated(&saturated);
  Merge(std::move(saturated), max_listed, check, histogram);
  const Index ranks = checker.ranks();
  threads = std::max(1, std::min<int>(threads, static_cast<int>(ranks)));
  std::vector<Findings> found(threads);
  std::vector<std::thread> workers;
  const Index share = (ranks + threads - 1) / threads;
  for (int t = 0; t < threads; ++t) {
    const Index begin = std::min(ranks, share * static_cast<Index>(t));
    const Index end = std::min(ranks, begin + share);
    if (t + 1 == threads) {
      checker.CheckRanks(begin, end, &found[t]);  // this thread works too
    } else {
      workers.emplace_back([&checker, begin, end, f = &found[t]] {
        checker.CheckRanks(begin, end, f);
      });
    }
  }
  for (auto& w : workers) w.join();
  // Workers cover increasing indexes: the first problems listed are the
  // lowest indexes.
  for (auto& f : found) Merge(std::move(f), max_listed, check, histogram);
}

Status CheckDatabase(const std::string& dir, const CheckOptions& options,
                     CheckReport* report) {
  *report = CheckReport();
  std::error_code ec;
  if (!std::filesystem::exists(std::filesystem::path(dir) / "CURRENT", ec)) {
    return Status::NotFound("no database at " + dir);
  }
  rocksdb::Options db_options;
  db_options.create_if_missing = false;
  db_options.max_open_files = -1;
  rocksdb::DB* raw = nullptr;
  rocksdb::Status rs = rocksdb::DB::OpenForReadOnly(db_options, dir, &raw);
  if (!rs.ok()) {
    return Status::IOError("cannot open database " + dir + ": " +
                           rs.ToString());
  }
  std::unique_ptr<rocksdb::DB> db(raw);

  std::string version;
  rs = db->Get(rocksdb::ReadOptions(), kFormatKey, &version);
  if (rs.IsNotFound()) {
    report->problems.push_back(std::string("no ") + kFormatKey +
                               " key: the database is incomplete");
  } else if (!rs.ok()) {
    report->problems.push_back(std::string("reading ") + kFormatKey + ": " +
                               rs.ToString());
  } else if (version != std::to_string(kFormatVersion)) {
    report->problems.push_back("format " + version + ", but this slidedb "
                               "reads format " +
                               std::to_string(kFormatVersion));
  }
  rs = db->VerifyChecksum();
  if (!rs.ok()) {
    report->problems.push_back("block checksums: " + rs.ToString());
  }

  // Every key belongs to the format, a table's metadata or a table's pages.
  std::map<std::string, std::string> metas;  // table id -> JSON
  std::map<std::string, uint64_t> orphan_pages;  // pages of no table
  std::map<std::string, PdbMeta> pdbs;  // "<table>/<group>" -> metadata
  std::map<std::string, uint32_t> pdb_pages;  // pages seen of each
  std::unique_ptr<rocksdb::Iterator> it(db->NewIterator({}));
  for (it->SeekToFirst(); it->Valid(); it->Next()) {
    const std::string key = it->key().ToString();
    uint32_t page;
    if (key == kFormatKey) continue;
    std::string id;
    if (ParseMetaKey(key, &id)) {
      metas[id] = it->value().ToString();
    } else if (ParsePdbMetaKey(key, &id)) {
      // A pattern database (lib/storage/pdb_meta.h): "<table>/<group>".
      PdbMeta pm;
      if (Status ps = PdbMeta::FromJson(it->value().ToStringView(), &pm);
          !ps.ok()) {
        report->problems.push_back(key + ": " + ps.message());
      } else if (id != pm.TableId() + "/" + std::to_string(pm.group)) {
        report->problems.push_back(key + " describes pattern database " +
                                   pm.TableId() + "/" +
                                   std::to_string(pm.group));
      } else {
        pdbs[id] = pm;
      }
    } else if (uint32_t p; ParsePdbPageKey(key, &id, &p)) {
      auto meta = pdbs.find(id);  // "pdbmeta/" sorts before "pdbpage/"
      if (meta == pdbs.end()) {
        ++orphan_pages["pattern database " + id];
      } else {
        const PdbMeta& pm = meta->second;
        const uint64_t begin = static_cast<uint64_t>(p) * kPageRecords;
        const uint64_t want =
            begin < pm.entries ? std::min<uint64_t>(kPageRecords,
                                                    pm.entries - begin)
                               : 0;
        if (p >= pm.pages || it->value().size() != want) {
          report->problems.push_back(
              "page " + std::to_string(p) + " of pattern database " + id +
              " holds " + std::to_string(it->value().size()) +
              " entries, not " + std::to_string(want));
        }
        ++pdb_pages[id];
      }
    } else if (std::string id = PageTable(key, &page); !id.empty()) {
      if (!metas.count(id)) ++orphan_pages[id];  // "meta/" sorts first
    } else {
      report->problems.push_back("stray key " + Printable(it->key()));
    }
  }
  if (!it->status().ok()) {
    report->problems.push_back("reading the keys: " + it->status().ToString());
  }
  it.reset();
  for (const auto& [id, pm] : pdbs) {
    if (pdb_pages[id] != pm.pages) {
      report->problems.push_back(
          "pattern database " + id + " has " + std::to_string(pdb_pages[id]) +
          " pages, its metadata says " + std::to_string(pm.pages));
    }
  }
  for (const auto& [id, count] : orphan_pages) {
    report->problems.push_back(std::to_string(count) + " pages of table " +
                               id + ", which has no metadata");
  }
  for (const auto& [id, json] : metas) {
    if (!SelectedId(options, id)) continue;
    const auto t0 = std::chrono::steady_clock::now();
    TableCheck check;
    check.table = id;
    CheckTable(db.get(), id, json, options, &check);
    check.seconds = std::chrono::duration<double>(
                        std::chrono::steady_clock::now() - t0)
                        .count();
    report->tables.push_back(std::move(check));
  }
  if (report->tables.empty() && (options.board || !options.goal_blanks.empty())) {
    return Status::NotFound("no table in " + dir + " matches");
  }
  return Status::OK();
}

}  // namespace slidedb
