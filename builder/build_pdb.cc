#include "builder/build_pdb.h"

#include <algorithm>
#include <chrono>
#include <functional>
#include <iomanip>
#include <memory>
#include <vector>

#include "builder/build_text.h"
#include "cli/version.h"
#include "lib/answer/tables.h"
#include "lib/puzzle/notation.h"
#include "lib/puzzle/problem.h"
#include "lib/puzzle/symmetry.h"
#include "lib/search/pdb_build.h"
#include "lib/search/pdb_cross.h"
#include "lib/search/pdb_encoding.h"
#include "lib/search/pdb_words.h"
#include "lib/storage/database.h"
#include "lib/storage/format.h"
#include "lib/storage/pdb_meta.h"

namespace slidedb {

namespace {

std::string GoalText(const Board& board, int goal_blank) {
  return FormatArrangement(CanonicalGoalArrangement(board, goal_blank, "0"),
                           "0");
}

// "<head> tiles 1,2,3" ("5x5 goal ... cross group tiles 1,6,11,..."): what
// a group's lines begin with.
std::string GroupTag(const std::string& head, const char* what,
                     const std::vector<int>& tiles) {
  std::string tag = head + " " + what;
  for (size_t i = 0; i < tiles.size(); ++i) {
    tag += i == 0 ? ' ' : ',';
    tag += std::to_string(tiles[i]);
  }
  return tag;
}

// A progress line on `err` at each depth of the search of the group
// `tag`, unless `quiet`.
std::function<void(const PdbLevel&)> DepthLines(const std::string& tag,
                                                bool quiet, std::ostream& err) {
  if (quiet) return nullptr;
  return [&tag, &err](const PdbLevel& l) {
    err << tag << "  depth " << std::setw(2) << l.depth << "  states "
        << std::setw(13) << WithCommas(l.states) << "  total " << std::setw(13)
        << WithCommas(l.total) << "  entries " << std::setw(11)
        << WithCommas(l.entries) << "  " << std::fixed << std::setprecision(3)
        << l.seconds << " s" << std::endl;
  };
}

// The failure `s` of the search of the group `tag`: memory refused stays
// what it is (exit 69), any other is InvalidArgument.
Status SearchFailed(const std::string& tag, const Status& s) {
  const std::string m = tag + ": " + s.message();
  return s.IsResourceExhausted() ? Status::ResourceExhausted(m)
                                 : Status::InvalidArgument(m);
}

// Computes and writes the successor words of the group of `meta`, whose
// entries are `values`, setting meta->words; their time in *seconds.
Status PutWords(const std::vector<uint8_t>& values, int threads, PdbMeta* meta,
                DatabaseWriter* writer, double* seconds) {
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<uint32_t> words;
  Status s = ComputePdbWords(meta->board, static_cast<int>(meta->tiles.size()),
                             values, threads, &words);
  if (!s.ok()) return s;
  meta->words = true;
  s = writer->PutPdbWords(*meta, words);
  *seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
          .count();
  return s;
}

// Builds and writes the direct table of the cross group meta->cross_tiles
// (lib/search/pdb_cross.h), with its lines as a group's.
Status PutCross(int threads, bool quiet, const std::string& head,
                DatabaseWriter* writer, PdbMeta* meta, std::ostream& out,
                std::ostream& err) {
  const std::string tag =
      GroupTag(head, "cross group tiles", meta->cross_tiles);
  const auto t0 = std::chrono::steady_clock::now();
  std::vector<uint8_t> table;
  Status s = BuildCrossTable(meta->board, meta->goal_blank, meta->cross_tiles,
                             threads, DepthLines(tag, quiet, err), &table);
  if (!s.ok()) return SearchFailed(tag, s);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0)
          .count();
  s = writer->PutPdbCross(*meta, table);
  if (s.ok()) {
    out << tag << ": cross table of " << WithCommas(table.size())
        << " bytes, by placement, search " << std::fixed << std::setprecision(3)
        << seconds << " s" << std::endl;
  }
  return s;
}

// Builds and writes the pattern database of the group meta->tiles, whose
// other fields but the search's are set, and its successor words with
// `words`; sets the rest of *meta.
Status PutGroup(bool words, int threads, bool quiet, const std::string& head,
                DatabaseWriter* writer, PdbMeta* meta, std::ostream& out,
                std::ostream& err) {
  const Board& board = meta->board;
  const std::string tag = GroupTag(head, "tiles", meta->tiles);
  PdbResult result;
  Status s = BuildPatternDb(board, meta->goal_blank, meta->tiles, meta->index,
                            threads, DepthLines(tag, quiet, err), &result);
  if (!s.ok()) return SearchFailed(tag, s);
  meta->entries = result.values.size();
  meta->max_value = static_cast<int>(result.histogram.size()) - 1;
  meta->histogram = result.histogram;
  meta->search_states = result.states;
  double word_seconds = 0;
  if (words) {
    s = PutWords(result.values, threads, meta, writer, &word_seconds);
    if (!s.ok()) return s;
  }
  // Four bits an entry when they hold it (lib/search/pdb_encoding.h).
  std::vector<uint8_t> packed;
  const bool nibbles =
      PackPdbEntries(board, meta->goal_blank, meta->tiles, meta->index,
                     result.values, threads, &packed);
  if (nibbles) {
    std::vector<uint8_t>().swap(result.values);
    meta->entry_bits = kPdbNibbleEntries;
  }
  meta->SetPages();
  meta->built_by = std::string("slidedb-build ") + kVersion;
  meta->built_at = Now();
  meta->build_seconds = result.seconds;
  meta->threads = threads;
  s = writer->PutPdb(*meta, nibbles ? packed : result.values);
  if (s.ok()) {
    out << tag << ": pattern database of " << WithCommas(meta->entries)
        << " entries, max " << meta->max_value << ", "
        << WithCommas(result.states) << " abstract states, search "
        << std::fixed << std::setprecision(3) << result.seconds << " s";
    if (words) out << ", successor words " << word_seconds << " s";
    out << std::endl;
  }
  return s;
}

// Whether the stored set of `g`, in `db`, is one a build of `asked` (empty:
// the goal's default groups) numbered by `index` would make: on its own
// cell, of those groups numbered so, with successor words when `words`
// and with the cross tables such a build carries.
bool IsTheAskedSet(const Database& db, const Board& board, const GoalInfo& g,
                   const Partition& asked, PdbIndexKind index, bool words) {
  const Partition want =
      asked.empty() ? DefaultPartition(board, g.goal_blank) : asked;
  if (!g.stored || g.pdb_index != PdbIndexName(index) ||
      (words && !g.pdb_words) || g.partition != PartitionName(want)) {
    return false;
  }
  return CarriedCrossPartition(board, g.goal_blank, want, index, words)
             .empty() ||
         AllHaveCross(db.FindPdbs(board, g.goal_blank));
}

}  // namespace

Partition CarriedCrossPartition(const Board& board, int goal_blank,
                                const Partition& partition, PdbIndexKind index,
                                bool words) {
  if (!words || index != PdbIndexKind::kBlankRegion ||
      partition != DefaultPartition(board, goal_blank)) {
    return {};
  }
  Partition cross = CrossPartition(board, goal_blank);
  if (cross.size() != partition.size()) return {};
  return cross;
}

void SkipServedGoals(const std::string& db_dir, const Board& board,
                     const Partition* asked, PdbIndexKind index, bool words,
                     std::set<int>* blanks, std::ostream& out) {
  std::unique_ptr<Database> db;
  std::vector<GoalInfo> goals;
  if (!Database::Open(db_dir, &db).ok() || !ListGoals(*db, &goals).ok()) {
    return;
  }
  for (const GoalInfo& g : goals) {
    if (g.kind != "pdb" || g.board != board.Name() ||
        blanks->count(g.goal_blank) == 0) {
      continue;
    }
    if (asked != nullptr &&
        !IsTheAskedSet(*db, board, g, *asked, index, words)) {
      continue;
    }
    out << board.Name() << " goal " << g.goal
        << ": already served by the pattern databases " << g.table << " ("
        << g.partition
        << (g.pdb_index == PdbIndexName(PdbIndexKind::kBlankRegion)
                ? " by blank region"
                : "")
        << (g.stored ? std::string()
                     : std::string(", the goal ") + PdbSymmetryName(g.symmetry))
        << ") in " << db_dir << "; nothing built (--force builds "
        << (g.stored ? "them again" : "its own") << ")\n";
    blanks->erase(g.goal_blank);
  }
}

std::string PdbRoomRefusal(const Board& board, int goal_blank,
                           const Partition& partition, PdbIndexKind index,
                           bool words, const MachineRoom& room) {
  uint64_t needs = 0;
  for (const auto& group : partition) {
    const int tiles = static_cast<int>(group.size());
    needs = std::max(needs, PatternDbBuildBytes(board, tiles, index));
    // The words are made from the entries, a byte each: 5 bytes an entry.
    if (words) {
      needs = std::max(needs, GroupIndexer(board, tiles, index).size() * 5);
    }
  }
  // A cross group's search by placement, then its entries and its direct
  // table (on 5x5 less than a group by blank region: 1.04 GB, 1.09 GB).
  const Partition cross =
      CarriedCrossPartition(board, goal_blank, partition, index, words);
  for (const auto& group : cross) {
    const int tiles = static_cast<int>(group.size());
    constexpr PdbIndexKind kPlacement = PdbIndexKind::kPlacement;
    needs = std::max({needs, PatternDbBuildBytes(board, tiles, kPlacement),
                      GroupIndexer(board, tiles, kPlacement).size() +
                          CrossTableBytes(board, tiles)});
  }
  needs += kBuildMemoryMargin;
  return RoomShortfall(
      "the pattern databases " + PartitionName(partition) +
          (index == PdbIndexKind::kBlankRegion ? " by blank region" : "") +
          " of " + board.Name(),
      needs,
      std::string("an entry a byte and the search's three bits for each "
                  "placement and blank cell, ") +
          (words ? "or the entries and their 4-byte successor words, " : "") +
          "for its largest group" + (cross.empty() ? "" : " or cross group"),
      /*disk=*/0, room);
}

Status BuildPdbs(const Board& board, int goal_blank, const Partition& partition,
                 PdbIndexKind index, bool words, int threads, bool quiet,
                 DatabaseWriter* writer, PdbBytes* bytes, std::ostream& out,
                 std::ostream& err) {
  const std::string goal_text = GoalText(board, goal_blank);
  const std::string head = board.Name() + " goal " + goal_text;
  const Partition cross =
      CarriedCrossPartition(board, goal_blank, partition, index, words);
  Status s = writer->RemovePdbs(TableId(board, goal_blank));
  for (size_t g = 0; s.ok() && g < partition.size(); ++g) {
    PdbMeta meta;
    meta.board = board;
    meta.goal_blank = goal_blank;
    meta.goal = goal_text;
    meta.partition = partition;
    meta.group = static_cast<int>(g);
    meta.tiles = partition[g];
    meta.index = index;
    // Its cross group's table first, written before the metadata that
    // names it, with nothing else held.
    if (!cross.empty()) {
      meta.cross_tiles = cross[g];
      s = PutCross(threads, quiet, head, writer, &meta, out, err);
      if (!s.ok()) return s;
      bytes->cross += meta.cross_bytes();
    }
    s = PutGroup(words, threads, quiet, head, writer, &meta, out, err);
    if (s.ok()) bytes->entries += meta.stored_bytes();
  }
  return s;
}

}  // namespace slidedb
