// KeyCensus: every key of a database sorted by what it belongs to, as
// slidedb-build --verify (lib/analysis/check.h) reads them before it checks
// each table: the format key, each table's metadata and pages, each
// pattern database's metadata and pages; a key of nothing is a problem.
#ifndef SLIDEDB_LIB_ANALYSIS_KEY_CENSUS_H_
#define SLIDEDB_LIB_ANALYSIS_KEY_CENSUS_H_

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "lib/analysis/check.h"
#include "lib/storage/pdb_meta.h"

namespace rocksdb {
class DB;
}

namespace slidedb {

// The database's keys by what they belong to: the format, a table's
// metadata or a table's pages.
struct KeyCensus {
  std::map<std::string, std::string> metas;      // table id -> JSON
  std::map<std::string, uint64_t> orphan_pages;  // pages of no table
  std::map<std::string, PdbMeta> pdbs;        // "<table>/<group>" -> metadata
  std::map<std::string, uint32_t> pdb_pages;  // pages seen of each
  // Whether every key was read: a damaged block ends the scan, and the
  // pages past it are not counted.
  bool complete = true;
};

// Every key of `db` sorted into the census; a key that belongs to nothing
// is a problem of `report`.
void TakeCensus(rocksdb::DB* db, KeyCensus* census, CheckReport* report);

// Reports pattern databases with fewer or more pages than their metadata
// says (fewer only when every key was read: past a damaged block, already
// reported, the pages are not missing but unread), and pages of tables
// that have no metadata.
void ReportPageCounts(const KeyCensus& census, CheckReport* report);

// The table id of a page key "page/<table>/<4 bytes>", or "" when `key` is
// not one.
std::string PageTable(const std::string& key, uint32_t* page);

// A key as text: printable bytes as they are, the others (a backslash
// too) as \xNN.
std::string PrintableKey(std::string_view key);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_ANALYSIS_KEY_CENSUS_H_
