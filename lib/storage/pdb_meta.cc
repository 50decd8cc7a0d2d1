#include "lib/storage/pdb_meta.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "lib/storage/format.h"
#include "lib/storage/meta_json.h"

namespace slidedb {

std::string PdbMeta::TableId() const {
  return slidedb::TableId(board, goal_blank);
}

namespace {

// A cross group of 1 to kMaxCrossTiles distinct tiles of the board.
bool CrossTilesOk(const Board& board, const std::vector<int>& tiles) {
  if (tiles.empty() || tiles.size() > kMaxCrossTiles) return false;
  std::vector<bool> seen(board.cells());
  for (int t : tiles) {
    if (t < 1 || t >= board.cells() || seen[t]) return false;
    seen[t] = true;
  }
  return true;
}

}  // namespace

Status CrossSetOk(const std::vector<const PdbMeta*>& metas) {
  if (std::none_of(metas.begin(), metas.end(),
                   [](const PdbMeta* m) { return m->has_cross(); })) {
    return Status::OK();
  }
  const std::string id = metas[0]->TableId();
  if (!AllHaveCross(metas)) {
    return Status::Corruption("the pattern databases of " + id +
                              " have cross tables for some groups only");
  }
  const Board& board = metas[0]->board;
  std::vector<int> seen(board.cells());
  for (const PdbMeta* m : metas) {
    for (int t : m->cross_tiles) ++seen[t];  // 1 <= t < cells: FromJson
  }
  if (std::count(seen.begin() + 1, seen.end(), 1) != board.cells() - 1) {
    return Status::Corruption("the cross tables of " + id +
                              " are not a partition of every tile");
  }
  return Status::OK();
}

Status PdbSetOk(const std::vector<const PdbMeta*>& metas) {
  const PdbMeta& first = *metas[0];
  const std::string set = "the pattern databases of " + first.TableId();
  std::vector<bool> seen(first.partition.size());
  for (const PdbMeta* m : metas) {
    if (m->partition != first.partition) {
      return Status::Corruption(set + " mix partitions (" +
                                PartitionName(first.partition) + " and " +
                                PartitionName(m->partition) + ")");
    }
    if (m->index != first.index) {
      return Status::Corruption(
          set + " mix numberings (" + std::string(PdbIndexName(first.index)) +
          " and " + std::string(PdbIndexName(m->index)) + ")");
    }
    if (seen[m->group]) {  // m->group < partition.size(): FromJson
      return Status::Corruption(set + " hold group " +
                                std::to_string(m->group) + " twice");
    }
    seen[m->group] = true;
  }
  const auto missing = std::find(seen.begin(), seen.end(), false);
  if (missing != seen.end()) {
    return Status::Corruption(
        set + " lack group " + std::to_string(missing - seen.begin()) +
        " of partition " + PartitionName(first.partition));
  }
  return CrossSetOk(metas);
}

uint64_t PdbMeta::cross_bytes() const {
  return CrossTableBytes(board, static_cast<int>(cross_tiles.size()));
}

void PdbMeta::SetPages() {
  page_records = kPageBytes * 8 / static_cast<uint32_t>(entry_bits);
  pages = static_cast<uint32_t>((stored_bytes() + kPageBytes - 1) / kPageBytes);
}

std::string PdbMeta::ToJson() const {
  nlohmann::ordered_json j;
  meta_json::WriteHead(&j, "pattern database", board, goal_blank, goal);
  j["partition"] = PartitionName(partition);
  j["group"] = group;
  j["tiles"] = tiles;
  // Only when not by placement: the databases of before stay as they were.
  if (index != PdbIndexKind::kPlacement) j["index"] = PdbIndexName(index);
  j["entries"] = entries;
  j["entry_bits"] = entry_bits;
  j["max_value"] = max_value;
  j["histogram"] = histogram;
  j["search_states"] = search_states;
  j["page_records"] = page_records;
  j["pages"] = pages;
  if (has_words()) {
    j["word_bits"] = 32;
    j["word_file"] = WordFileName();
    j["word_bytes"] = word_bytes();
    j["word_record"] =
        "u32, little-endian: bit 4 * slot + d set when moving the group's "
        "tile `slot` in direction d (0 up, 1 down, 2 left, 3 right) lowers "
        "the entry by one (it raises it by one otherwise)";
  }
  if (has_cross()) {
    j["cross_tiles"] = cross_tiles;
    j["cross_file"] = CrossFileName();
    j["cross_bytes"] = cross_bytes();
    j["cross_record"] =
        "u8 at the sum of cell(tile i) * cells^i over the cross group's "
        "tiles in order: fewest moves of those tiles to their goal cells, "
        "blank moves free; 0 where two tiles share a cell";
  }
  j["record"] =
      entry_bits == 8
          ? "u8: fewest moves of the group's tiles to their goal cells, "
            "blank moves free; 255 unreachable"
          : "u4, two a byte, the even entry low: (fewest moves of the group's "
            "tiles to their goal cells, blank moves free, less their "
            "Manhattan distance) / 2";
  if (index == PdbIndexKind::kBlankRegion) {
    j["record"] =
        j["record"].get<std::string>() +
        "; an entry for each region of free cells the blank may be in";
  }
  meta_json::WriteProvenance(&j, built_by, built_at, build_seconds, threads);
  return j.dump();
}

Status PdbMeta::FromJson(std::string_view json, PdbMeta* out) {
  try {
    PdbMeta m;
    nlohmann::json j;
    Status s = meta_json::ReadHead(json, "pattern database", &j, &m.board, &m.goal_blank,
                                   &m.goal);
    if (!s.ok()) return s;
    s = ParsePartition(j.at("partition").get<std::string>(), m.board,
                       &m.partition);
    if (!s.ok()) return Status::Corruption(s.message());
    m.group = j.at("group").get<int>();
    m.tiles = j.at("tiles").get<std::vector<int>>();
    if (j.contains("index") &&
        !ParsePdbIndexName(j.at("index").get<std::string>(), &m.index)) {
      return Status::Corruption("pattern database metadata: index \"" +
                                j.at("index").get<std::string>() +
                                "\" is not one this slidedb knows");
    }
    m.entries = j.at("entries").get<uint64_t>();
    m.entry_bits = j.value("entry_bits", 8);  // absent before format 4
    m.max_value = j.at("max_value").get<int>();
    m.histogram = j.at("histogram").get<std::vector<uint64_t>>();
    m.search_states = j.value("search_states", uint64_t{0});
    m.page_records = j.at("page_records").get<uint32_t>();
    m.pages = j.at("pages").get<uint32_t>();
    m.words = j.contains("word_file");
    const bool words_ok =
        !m.words || (m.index == PdbIndexKind::kBlankRegion &&
                     j.value("word_bits", 0) == 32 &&
                     j.at("word_file").get<std::string>() == m.WordFileName() &&
                     j.value("word_bytes", uint64_t{0}) == m.word_bytes());
    if (j.contains("cross_tiles")) {
      m.cross_tiles = j.at("cross_tiles").get<std::vector<int>>();
    }
    const bool cross_ok =
        !m.has_cross() ||
        (CrossTilesOk(m.board, m.cross_tiles) &&
         j.value("cross_file", std::string()) == m.CrossFileName() &&
         j.value("cross_bytes", uint64_t{0}) == m.cross_bytes());
    meta_json::ReadProvenance(
        j, {&m.built_by, &m.built_at, &m.build_seconds, &m.threads});
    PdbMeta paged = m;
    if (m.entry_bits == 8 || m.entry_bits == 4) paged.SetPages();
    const bool group_ok =
        m.group >= 0 && m.group < static_cast<int>(m.partition.size()) &&
        m.tiles == m.partition[m.group];
    if (!group_ok || !words_ok || !cross_ok || m.goal_blank < 0 ||
        m.goal_blank >= m.board.cells() ||
        m.entries !=
            GroupIndexer(m.board, static_cast<int>(m.tiles.size()), m.index)
                .size() ||
        (m.entry_bits != 8 && m.entry_bits != 4) ||
        m.page_records != paged.page_records || m.pages != paged.pages ||
        m.histogram.size() != static_cast<size_t>(m.max_value) + 1) {
      return Status::Corruption("pattern database metadata is inconsistent");
    }
    *out = std::move(m);
  } catch (const nlohmann::json::exception& e) {
    return Status::Corruption(std::string("pattern database metadata: ") +
                              e.what());
  }
  return Status::OK();
}

std::string PdbBuildOptions(const PdbMeta& meta) {
  const bool by_region = meta.index == PdbIndexKind::kBlankRegion;
  const std::string groups =
      meta.partition == DefaultPartition(meta.board, meta.goal_blank)
          ? std::string()
          : PartitionName(meta.partition);
  std::string options;
  if (by_region) {
    options = " --pdb strong" + (groups.empty() ? "" : ":" + groups);
    if (meta.words != StrongPdbHasWordsByDefault(meta.board)) {
      options += meta.words ? " --words" : " --no-words";
    }
  } else if (!groups.empty()) {
    options = " --pdb " + groups;
  }
  return options;
}

}  // namespace slidedb
