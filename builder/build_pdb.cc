#include "builder/build_pdb.h"

#include <algorithm>
#include <chrono>
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

}  // namespace

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
        (!g.stored || g.pdb_index != PdbIndexName(index) ||
         (words && !g.pdb_words) ||
         g.partition != PartitionName(asked->empty() ? DefaultPartition(
                                                           board, g.goal_blank)
                                                     : *asked))) {
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

std::string PdbRoomRefusal(const Board& board, const Partition& partition,
                           PdbIndexKind index, bool words,
                           const MachineRoom& room) {
  uint64_t needs = 0;
  for (const auto& group : partition) {
    const int tiles = static_cast<int>(group.size());
    needs = std::max(needs, PatternDbBuildBytes(board, tiles, index));
    // The words are made from the entries, a byte each: 5 bytes an entry.
    if (words) {
      needs = std::max(needs, GroupIndexer(board, tiles, index).size() * 5);
    }
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
          "for its largest group",
      /*disk=*/0, room);
}

Status BuildPdbs(const Board& board, int goal_blank, const Partition& partition,
                 PdbIndexKind index, bool words, int threads, bool quiet,
                 DatabaseWriter* writer, uint64_t* bytes, std::ostream& out,
                 std::ostream& err) {
  const std::string goal_text = GoalText(board, goal_blank);
  Status s = writer->RemovePdbs(TableId(board, goal_blank));
  const Partition& groups = partition;
  for (size_t g = 0; s.ok() && g < groups.size(); ++g) {
    std::string tag = board.Name() + " goal " + goal_text + " tiles";
    for (size_t i = 0; i < groups[g].size(); ++i) {
      tag += i == 0 ? ' ' : ',';
      tag += std::to_string(groups[g][i]);
    }
    PdbResult result;
    s = BuildPatternDb(
        board, goal_blank, groups[g], index, threads,
        [&](const PdbLevel& l) {
          if (quiet) return;
          err << tag << "  depth " << std::setw(2) << l.depth << "  states "
              << std::setw(13) << WithCommas(l.states) << "  total "
              << std::setw(13) << WithCommas(l.total) << "  entries "
              << std::setw(11) << WithCommas(l.entries) << "  " << std::fixed
              << std::setprecision(3) << l.seconds << " s" << std::endl;
        },
        &result);
    if (!s.ok()) {
      // Memory refused stays what it is (exit 69).
      const std::string m = tag + ": " + s.message();
      return s.IsResourceExhausted() ? Status::ResourceExhausted(m)
                                     : Status::InvalidArgument(m);
    }
    PdbMeta meta;
    meta.board = board;
    meta.goal_blank = goal_blank;
    meta.goal = goal_text;
    meta.partition = partition;
    meta.group = static_cast<int>(g);
    meta.tiles = groups[g];
    meta.index = index;
    meta.entries = result.values.size();
    meta.max_value = static_cast<int>(result.histogram.size()) - 1;
    meta.histogram = result.histogram;
    meta.search_states = result.states;
    double word_seconds = 0;
    if (words) {
      s = PutWords(result.values, threads, &meta, writer, &word_seconds);
      if (!s.ok()) return s;
    }
    // Four bits an entry when they hold it (lib/search/pdb_encoding.h).
    std::vector<uint8_t> packed;
    const bool nibbles = PackPdbEntries(board, goal_blank, groups[g], index,
                                        result.values, threads, &packed);
    if (nibbles) {
      std::vector<uint8_t>().swap(result.values);
      meta.entry_bits = kPdbNibbleEntries;
    }
    meta.SetPages();
    meta.built_by = std::string("slidedb-build ") + kVersion;
    meta.built_at = Now();
    meta.build_seconds = result.seconds;
    meta.threads = threads;
    s = writer->PutPdb(meta, nibbles ? packed : result.values);
    if (s.ok()) {
      *bytes += meta.stored_bytes();
      out << tag << ": pattern database of " << WithCommas(meta.entries)
          << " entries, max " << meta.max_value << ", "
          << WithCommas(result.states) << " abstract states, search "
          << std::fixed << std::setprecision(3) << result.seconds << " s";
      if (words) out << ", successor words " << word_seconds << " s";
      out << std::endl;
    }
  }
  return s;
}

}  // namespace slidedb
