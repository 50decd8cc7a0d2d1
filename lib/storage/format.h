// The on-disk format, frozen here and described in docs/FORMAT.md. Anything
// that changes a byte of a key or a record changes kFormatVersion.
#ifndef SLIDEDB_LIB_STORAGE_FORMAT_H_
#define SLIDEDB_LIB_STORAGE_FORMAT_H_

#include <cstdint>
#include <string>

#include "lib/puzzle/board.h"
#include "lib/puzzle/metric.h"
#include "lib/puzzle/record.h"  // the one-byte record, part of the format

namespace slidedb {

// 2: a table serves every goal a symmetry of the board relates to its own
// (lib/puzzle/symmetry.h); only one goal blank of each class is stored.
inline constexpr int kFormatVersion = 2;

// Key holding kFormatVersion as decimal text.
inline constexpr char kFormatKey[] = "slidedb/format";

// Records per page. A page is one RocksDB value: the records of indexes
// [page * kPageRecords, (page + 1) * kPageRecords), one byte each; the last
// page of a table may be shorter.
inline constexpr uint32_t kPageRecords = 4096;
inline constexpr int kPageShift = 12;
static_assert(kPageRecords == 1u << kPageShift);

// The table of the canonical goal of `board` with the blank on `goal_blank`
// in `metric`: "3x3/b8" is the goal 123456780 in the single-tile metric,
// "mtm/3x3/b8" the same goal in the multi-tile one. (No id is another's
// prefix followed by "/", so that one table's page range never holds
// another's pages.)
std::string TableId(const Board& board, int goal_blank,
                    Metric metric = Metric::kStm);
// "meta/" + table id: the table's metadata as a JSON object.
std::string MetaKey(const std::string& table_id);
// "page/" + table id + "/": every page key of the table starts so.
std::string PagePrefix(const std::string& table_id);
// PagePrefix() followed by the page number as 4 bytes, big-endian, so that
// pages sort in order.
std::string PageKey(const std::string& table_id, uint32_t page);

// The keys of pattern databases (lib/storage/pdb_meta.h):
//   pdbmeta/<table>/<group>          the group's metadata, a JSON object
//   pdbpage/<table>/<group>/<page>   its entries, the page number as 4
//                                    bytes, big-endian
inline constexpr char kMetaPrefix[] = "meta/";
inline constexpr char kPagePrefix[] = "page/";
inline constexpr char kPdbMetaPrefix[] = "pdbmeta/";
inline constexpr char kPdbPagePrefix[] = "pdbpage/";
std::string PdbMetaPrefix(const std::string& table_id);  // "pdbmeta/3x3/b8/"
std::string PdbPagePrefix(const std::string& table_id);  // "pdbpage/3x3/b8/"
std::string PdbMetaKey(const std::string& table_id, int group);
std::string PdbPageKey(const std::string& table_id, int group, uint32_t page);

// Parsing keys, the inverse of the above: each returns false, setting
// nothing, when `key` is not of its kind. *id is the table id for a table
// ("3x3/b8"), "<table>/<group>" for a pattern database ("4x4/b15/0").
bool ParseMetaKey(std::string_view key, std::string* id);
bool ParsePageKey(std::string_view key, std::string* id, uint32_t* page);
bool ParsePdbMetaKey(std::string_view key, std::string* id);
bool ParsePdbPageKey(std::string_view key, std::string* id, uint32_t* page);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_STORAGE_FORMAT_H_
