#include "lib/pdb_meta.h"

#include <nlohmann/json.hpp>

#include "lib/format.h"

namespace slidedb {

std::string PdbMetaPrefix(const std::string& table_id) {
  return "pdbmeta/" + table_id + "/";
}

std::string PdbPagePrefix(const std::string& table_id) {
  return "pdbpage/" + table_id + "/";
}

std::string PdbMetaKey(const std::string& table_id, int group) {
  return PdbMetaPrefix(table_id) + std::to_string(group);
}

std::string PdbPageKey(const std::string& table_id, int group,
                       uint32_t page) {
  std::string key = PdbPagePrefix(table_id) + std::to_string(group) + "/";
  for (int shift = 24; shift >= 0; shift -= 8) {
    key.push_back(static_cast<char>((page >> shift) & 0xff));
  }
  return key;
}

std::string PdbMeta::TableId() const {
  return slidedb::TableId(board, goal_blank);
}

std::string PdbMeta::ToJson() const {
  nlohmann::ordered_json j;
  j["format"] = kFormatVersion;
  j["kind"] = "pattern database";
  j["board"] = board.Name();
  j["goal_blank"] = goal_blank;
  j["goal"] = goal;
  j["partition"] = PartitionName(partition);
  j["group"] = group;
  j["tiles"] = tiles;
  j["entries"] = entries;
  j["max_value"] = max_value;
  j["histogram"] = histogram;
  j["search_states"] = search_states;
  j["page_records"] = page_records;
  j["pages"] = pages;
  j["record"] =
      "u8: fewest moves of the group's tiles to their goal cells, blank "
      "moves free; 255 unreachable";
  j["built_by"] = built_by;
  j["built_at"] = built_at;
  j["build_seconds"] = build_seconds;
  j["threads"] = threads;
  return j.dump();
}

Status PdbMeta::FromJson(std::string_view json, PdbMeta* out) {
  const auto j =
      nlohmann::json::parse(json, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object()) {
    return Status::Corruption("pattern database metadata is not a JSON object");
  }
  try {
    PdbMeta m;
    if (j.at("format").get<int>() != kFormatVersion) {
      return Status::Corruption("pattern database format " +
                                std::to_string(j.at("format").get<int>()) +
                                " is not " + std::to_string(kFormatVersion));
    }
    Status s = Board::Parse(j.at("board").get<std::string>(), &m.board);
    if (!s.ok()) return Status::Corruption(s.message());
    m.goal_blank = j.at("goal_blank").get<int>();
    m.goal = j.at("goal").get<std::string>();
    s = ParsePartition(j.at("partition").get<std::string>(), m.board,
                       &m.partition);
    if (!s.ok()) return Status::Corruption(s.message());
    m.group = j.at("group").get<int>();
    m.tiles = j.at("tiles").get<std::vector<int>>();
    m.entries = j.at("entries").get<uint64_t>();
    m.max_value = j.at("max_value").get<int>();
    m.histogram = j.at("histogram").get<std::vector<uint64_t>>();
    m.search_states = j.value("search_states", uint64_t{0});
    m.page_records = j.at("page_records").get<uint32_t>();
    m.pages = j.at("pages").get<uint32_t>();
    m.built_by = j.value("built_by", "");
    m.built_at = j.value("built_at", "");
    m.build_seconds = j.value("build_seconds", 0.0);
    m.threads = j.value("threads", 1);
    const bool group_ok =
        m.group >= 0 && m.group < static_cast<int>(m.partition.size()) &&
        m.tiles == PartitionGroups(m.partition)[m.group];
    if (!group_ok || m.goal_blank < 0 || m.goal_blank >= m.board.cells() ||
        m.entries !=
            PatternIndexer(m.board.cells(), static_cast<int>(m.tiles.size()))
                .size() ||
        m.page_records != kPageRecords ||
        m.pages != (m.entries + kPageRecords - 1) / kPageRecords ||
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

}  // namespace slidedb
