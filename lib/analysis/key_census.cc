#include "lib/analysis/key_census.h"

#include <rocksdb/db.h>

#include <memory>

#include "lib/base/ascii.h"
#include "lib/storage/format.h"

namespace slidedb {

namespace {

// The metadata of pattern database `id` (lib/storage/pdb_meta.h:
// "<table>/<group>"), stored under `key`, parsed into the census if it
// describes that database.
void AddPdbMeta(const std::string& key, const std::string& id,
                const rocksdb::Slice& value, KeyCensus* census,
                CheckReport* report) {
  PdbMeta pm;
  if (Status ps = PdbMeta::FromJson(value.ToStringView(), &pm); !ps.ok()) {
    report->problems.push_back(key + ": " + ps.message());
  } else if (id != pm.TableId() + "/" + std::to_string(pm.group)) {
    report->problems.push_back(key + " describes pattern database " +
                               pm.TableId() + "/" + std::to_string(pm.group));
  } else {
    census->pdbs[id] = pm;
  }
}

// Counts page `p` of pattern database `id`, checking its size.
void AddPdbPage(const std::string& id, uint32_t p, size_t size,
                KeyCensus* census, CheckReport* report) {
  auto meta = census->pdbs.find(id);  // "pdbmeta/" sorts before "pdbpage/"
  if (meta == census->pdbs.end()) {
    ++census->orphan_pages["pattern database " + id];
    return;
  }
  const PdbMeta& pm = meta->second;
  const uint64_t want = pm.page_bytes(p);
  if (p >= pm.pages || size != want) {
    report->problems.push_back(
        "page " + std::to_string(p) + " of pattern database " + id + " holds " +
        std::to_string(size) + " bytes, not " + std::to_string(want));
  }
  ++census->pdb_pages[id];
}

}  // namespace

void TakeCensus(rocksdb::DB* db, KeyCensus* census, CheckReport* report) {
  std::unique_ptr<rocksdb::Iterator> it(db->NewIterator({}));
  for (it->SeekToFirst(); it->Valid(); it->Next()) {
    const std::string key = it->key().ToString();
    uint32_t page;
    if (key == kFormatKey) continue;
    std::string id;
    if (ParseMetaKey(key, &id)) {
      census->metas[id] = it->value().ToString();
    } else if (ParsePdbMetaKey(key, &id)) {
      AddPdbMeta(key, id, it->value(), census, report);
    } else if (uint32_t p; ParsePdbPageKey(key, &id, &p)) {
      AddPdbPage(id, p, it->value().size(), census, report);
    } else if (std::string id = PageTable(key, &page); !id.empty()) {
      // "meta/" sorts first
      if (!census->metas.count(id)) ++census->orphan_pages[id];
    } else {
      report->problems.push_back("stray key " +
                                 PrintableKey(it->key().ToStringView()));
    }
  }
  if (!it->status().ok()) {
    census->complete = false;
    report->problems.push_back("reading the keys: " + it->status().ToString());
  }
}

void ReportPageCounts(const KeyCensus& census, CheckReport* report) {
  for (const auto& [id, pm] : census.pdbs) {
    const auto seen = census.pdb_pages.find(id);
    const uint32_t pages = seen == census.pdb_pages.end() ? 0 : seen->second;
    if (pages > pm.pages || (pages < pm.pages && census.complete)) {
      report->problems.push_back(
          "pattern database " + id + " has " + std::to_string(pages) +
          " pages, its metadata says " + std::to_string(pm.pages));
    }
  }
  for (const auto& [id, count] : census.orphan_pages) {
    report->problems.push_back(std::to_string(count) + " pages of table " + id +
                               ", which has no metadata");
  }
}

std::string PageTable(const std::string& key, uint32_t* page) {
  std::string id;
  return ParsePageKey(key, &id, page) ? id : "";
}

std::string PrintableKey(std::string_view key) {
  return Escaped(key, [](unsigned char byte) {
    return byte < 0x20 || byte >= 0x7f || byte == '\\';
  });
}

}  // namespace slidedb
