// PdbMeta: what the database says about one pattern database, the keys it is
// stored under, and its metadata as JSON (docs/FORMAT.md, "Pattern
// databases"). A goal's table id (lib/storage/format.h) holds either a full
// table or one partition's pattern databases, one per group, or both; their
// keys are in lib/storage/format.h, 4096 one-byte entries a page.
//
// Entry i is the value of the placement of GroupIndexer index i
// (lib/puzzle/region_pattern.h): by placement, or by placement and the
// blank's region; kPdbUnreached (255) marks a placement that cannot occur.
#ifndef SLIDEDB_LIB_STORAGE_PDB_META_H_
#define SLIDEDB_LIB_STORAGE_PDB_META_H_

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "lib/base/status.h"
#include "lib/puzzle/board.h"
#include "lib/puzzle/pattern.h"
#include "lib/puzzle/region_pattern.h"
#include "lib/storage/format.h"  // the keys

namespace slidedb {


struct PdbMeta {
  Board board;
  int goal_blank = 0;
  std::string goal;  // the canonical goal, written as FormatArrangement does
  Partition partition;
  int group = 0;           // which group of the partition, from 0
  std::vector<int> tiles;  // the group's canonical tiles
  PdbIndexKind index = PdbIndexKind::kPlacement;  // "index" in the JSON
  uint64_t entries = 0;  // GroupIndexer(board, tiles, index).size()
  // 8: an entry a byte; 4: two a byte, (entry - md) / 2 (format 4 on;
  // lib/search/pdb_encoding.h).
  int entry_bits = 8;
  int max_value = 0;
  std::vector<uint64_t> histogram;  // histogram[v]: entries of value v
  uint64_t search_states = 0;       // abstract states the BFS visited
  uint32_t page_records = 0;  // entries a page: kPageBytes * 8 / entry_bits
  uint32_t pages = 0;
  // Whether its successor words (lib/search/pdb_words.h: 32 bits an entry,
  // little-endian) are stored: by blank region only, in the file
  // WordFileName() of the database's directory.
  bool words = false;
  // The tiles of its group in the goal's cross partition (CrossPartition,
  // lib/puzzle/pattern.h), whose direct table (lib/search/pdb_cross.h:
  // cells^tiles bytes) is the file CrossFileName(); empty when none.
  std::vector<int> cross_tiles;
  std::string built_by;
  std::string built_at;
  double build_seconds = 0;
  int threads = 1;

  std::string TableId() const;  // TableId(board, goal_blank)
  // The bytes the entries take, all pages together.
  uint64_t stored_bytes() const { return (entries * entry_bits + 7) / 8; }
  // The bytes of page `page` (kPageBytes, the last shorter; 0 past it).
  uint64_t page_bytes(uint32_t page) const {
    const uint64_t begin = uint64_t{page} * kPageBytes;
    return begin < stored_bytes()
               ? std::min<uint64_t>(kPageBytes, stored_bytes() - begin)
               : 0;
  }
  // Sets page_records and pages from entries and entry_bits.
  void SetPages();

  bool has_words() const { return words; }
  uint64_t word_bytes() const { return entries * 4; }
  std::string WordFileName() const { return PdbWordFileName(TableId(), group); }
  bool has_cross() const { return !cross_tiles.empty(); }
  uint64_t cross_bytes() const;  // board.cells() ^ cross_tiles.size()
  std::string CrossFileName() const {
    return PdbCrossFileName(TableId(), group);
  }
  std::string ToJson() const;
  static Status FromJson(std::string_view json, PdbMeta* out);
};

// Whether every group of a goal's set (Database::FindPdbs) has successor
// words: a search reads them only then.
inline bool AllHaveWords(const std::vector<const PdbMeta*>& metas) {
  return std::all_of(metas.begin(), metas.end(),
                     [](const PdbMeta* m) { return m->has_words(); });
}

// Whether every group of a goal's set has its cross group's table.
inline bool AllHaveCross(const std::vector<const PdbMeta*>& metas) {
  return !metas.empty() &&
         std::all_of(metas.begin(), metas.end(),
                     [](const PdbMeta* m) { return m->has_cross(); });
}

// Whether the cross groups of a goal's set are as a search needs them:
// none, or one for every group, together a partition of every tile (a
// tile in no group or in two would be looked up in the wrong table).
// Corruption saying which, else OK. REQUIRES: metas is one goal's set.
Status CrossSetOk(const std::vector<const PdbMeta*>& metas);

// Whether a goal's set is one a search can load: every group of one
// partition and one numbering, each once, and its cross groups as
// CrossSetOk asks. Corruption saying what is wrong, else OK. The loader
// (lib/solve/pdb_load.h) and slidedb-build --verify both ask it.
// REQUIRES: metas is one goal's set, not empty.
Status PdbSetOk(const std::vector<const PdbMeta*>& metas);

// Whether slidedb-build --pdb strong builds successor words unless told:
// where they were measured faster, 5x5, not 4x4 (BENCHMARKS.md).
inline bool StrongPdbHasWordsByDefault(const Board& board) {
  return board.cells() > 16;
}

// The options of slidedb-build (" --pdb ...", with a space before each)
// that build pattern databases like `meta`'s set for another goal of its
// board: its groups (by size, or by tile when not consecutive) unless they
// are its goal's default, by blank region or not, and its successor words
// when not as --pdb strong has them by default; "" for the default set.
std::string PdbBuildOptions(const PdbMeta& meta);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_STORAGE_PDB_META_H_
