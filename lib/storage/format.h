// The on-disk format, frozen here and described in docs/FORMAT.md. Anything
// that changes a byte of a key or a record changes kFormatVersion.
#ifndef SLIDEDB_LIB_STORAGE_FORMAT_H_
#define SLIDEDB_LIB_STORAGE_FORMAT_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "lib/puzzle/board.h"
#include "lib/puzzle/metric.h"
#include "lib/puzzle/record.h"  // the one-byte record, part of the format

namespace slidedb {

// 2: a table serves every goal a symmetry of the board relates to its own
// (lib/puzzle/symmetry.h); only one goal blank of each class is stored.
// 3: a table's records are one byte a state or two bits (RecordKind, below;
// "records" in its metadata). A format-2 database is a format-3 one with
// byte tables only: this version reads both, and writes 3, which an older
// slidedb refuses with the command that rebuilds the database.
// 4: a pattern database's entries may take four bits each ("entry_bits" in
// its metadata, lib/search/pdb_encoding.h); formats 2 and 3 are read as
// they are (a byte an entry).
inline constexpr int kFormatVersion = 4;
// The oldest format this version reads as it is.
inline constexpr int kOldestReadableFormat = 2;
// Whether a database or metadata object of format `version` is read.
inline bool ReadableFormat(int version) {
  return version >= kOldestReadableFormat && version <= kFormatVersion;
}

// Key holding kFormatVersion as decimal text.
inline constexpr char kFormatKey[] = "slidedb/format";

// How a table stores a state. kByte: the one-byte record of
// lib/puzzle/record.h (distance and best move). kTwoBit: two bits, the
// distance modulo 3 (never kTwoBitUnreached, 3, in a stored table): the
// neighbours one step nearer the goal are those of residue one less, and a
// walk along them gives the distance and a path (docs/FORMAT.md).
enum class RecordKind : uint8_t { kByte, kTwoBit };
// "byte" or "two-bit", as the metadata's "records" and slidedb-build's
// --records write it.
const char* RecordKindName(RecordKind kind);
// The inverse of RecordKindName; false, setting nothing, for another name.
bool ParseRecordKind(std::string_view name, RecordKind* kind);

// Every page is one RocksDB value (the last page of a table may be
// shorter): a byte table's page, kPageBytes bytes, holds the records of
// indexes [page * kPageRecords, (page + 1) * kPageRecords), one byte each; a
// two-bit table's, kTwoBitPageBytes, the residues of
// [page * kTwoBitPageStates, ...), four a byte, state i in bits
// 2*(i%4)+1..2*(i%4) of byte (i % kTwoBitPageStates)/4 (the bits past the
// last state of the last byte are 3). Two-bit pages are 64 KB: RocksDB
// reads a file's whole index (an entry a page) when the database opens,
// which for 2x7 at 4 KB pages (2.7 M of them) took longer than a one-shot
// query may.
inline constexpr uint32_t kPageBytes = 4096;
inline constexpr uint32_t kPageRecords = 4096;
inline constexpr int kPageShift = 12;
static_assert(kPageRecords == 1u << kPageShift);
static_assert(kPageRecords == kPageBytes);
inline constexpr uint32_t kTwoBitPageBytes = 65536;
inline constexpr uint32_t kTwoBitPageStates = 262144;
inline constexpr int kTwoBitPageShift = 18;
static_assert(kTwoBitPageStates == 1u << kTwoBitPageShift);
static_assert(kTwoBitPageStates / 4 == kTwoBitPageBytes);

// The states of one page of a table of `kind`: kPageRecords or
// kTwoBitPageStates.
inline uint32_t PageStates(RecordKind kind) {
  return kind == RecordKind::kTwoBit ? kTwoBitPageStates : kPageRecords;
}
// The bytes of one (full) page of a table of `kind`.
inline uint32_t PageBytes(RecordKind kind) {
  return kind == RecordKind::kTwoBit ? kTwoBitPageBytes : kPageBytes;
}
// The pages of a table of `states` states.
inline uint64_t PageCount(RecordKind kind, uint64_t states) {
  return (states + PageStates(kind) - 1) / PageStates(kind);
}
// The bytes the records of `states` states take, all pages together: a
// byte each, or a quarter of a byte each (rounded up).
inline uint64_t RecordBytes(RecordKind kind, uint64_t states) {
  return kind == RecordKind::kTwoBit ? (states + 3) / 4 : states;
}

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
// Its successor words (lib/search/pdb_words.h), if built, are a file in the
// database's directory, beside RocksDB's: "5x5-b24-0.words".
inline constexpr char kPdbWordFileSuffix[] = ".words";
std::string PdbWordFileName(const std::string& table_id, int group);
// Its cross group's direct table (lib/search/pdb_cross.h), if built, is a
// file there too: "5x5-b24-0.cross".
inline constexpr char kPdbCrossFileSuffix[] = ".cross";
std::string PdbCrossFileName(const std::string& table_id, int group);

// Parsing keys, the inverse of the above: each returns false, setting
// nothing, when `key` is not of its kind. *id is the table id for a table
// ("3x3/b8"), "<table>/<group>" for a pattern database ("4x4/b15/0").
bool ParseMetaKey(std::string_view key, std::string* id);
bool ParsePageKey(std::string_view key, std::string* id, uint32_t* page);
bool ParsePdbMetaKey(std::string_view key, std::string* id);
bool ParsePdbPageKey(std::string_view key, std::string* id, uint32_t* page);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_STORAGE_FORMAT_H_
