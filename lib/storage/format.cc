#include "lib/storage/format.h"

#include <algorithm>

#include "lib/base/coding.h"

namespace slidedb {

const char* RecordKindName(RecordKind kind) {
  return kind == RecordKind::kTwoBit ? "two-bit" : "byte";
}

bool ParseRecordKind(std::string_view name, RecordKind* kind) {
  if (name == "byte") {
    *kind = RecordKind::kByte;
  } else if (name == "two-bit") {
    *kind = RecordKind::kTwoBit;
  } else {
    return false;
  }
  return true;
}

std::string TableId(const Board& board, int goal_blank, Metric metric) {
  const std::string id = board.Name() + "/b" + std::to_string(goal_blank);
  return metric == Metric::kStm ? id : MetricName(metric) + ("/" + id);
}

std::string MetaKey(const std::string& table_id) {
  return kMetaPrefix + table_id;
}

std::string PagePrefix(const std::string& table_id) {
  return kPagePrefix + table_id + "/";
}

std::string PageKey(const std::string& table_id, uint32_t page) {
  std::string key = PagePrefix(table_id);
  PutFixed32BigEndian(&key, page);
  return key;
}

std::string PdbMetaPrefix(const std::string& table_id) {
  return kPdbMetaPrefix + table_id + "/";
}

std::string PdbPagePrefix(const std::string& table_id) {
  return kPdbPagePrefix + table_id + "/";
}

std::string PdbMetaKey(const std::string& table_id, int group) {
  return PdbMetaPrefix(table_id) + std::to_string(group);
}

std::string PdbPageKey(const std::string& table_id, int group,
                       uint32_t page) {
  std::string key = PdbPagePrefix(table_id) + std::to_string(group) + "/";
  PutFixed32BigEndian(&key, page);
  return key;
}

namespace {

std::string PdbFileName(const std::string& table_id, int group,
                        const char* suffix) {
  std::string name = table_id;
  std::replace(name.begin(), name.end(), '/', '-');
  return name + "-" + std::to_string(group) + suffix;
}

}  // namespace

std::string PdbWordFileName(const std::string& table_id, int group) {
  return PdbFileName(table_id, group, kPdbWordFileSuffix);
}

std::string PdbCrossFileName(const std::string& table_id, int group) {
  return PdbFileName(table_id, group, kPdbCrossFileSuffix);
}

namespace {

// `key` without `prefix`, when it starts so and has more after it.
bool Strip(std::string_view key, std::string_view prefix,
           std::string_view* rest) {
  if (key.size() <= prefix.size() || key.substr(0, prefix.size()) != prefix) {
    return false;
  }
  *rest = key.substr(prefix.size());
  return true;
}

// "<id>/<4 bytes>" after a prefix.
bool SplitPage(std::string_view rest, std::string* id, uint32_t* page) {
  if (rest.size() < 6 || rest[rest.size() - 5] != '/') return false;
  *id = std::string(rest.substr(0, rest.size() - 5));
  *page = DecodeFixed32BigEndian(rest.substr(rest.size() - 4));
  return true;
}

// "<prefix><id>": the id.
bool ParseId(std::string_view key, std::string_view prefix, std::string* id) {
  std::string_view rest;
  if (!Strip(key, prefix, &rest)) return false;
  *id = std::string(rest);
  return true;
}

}  // namespace

bool ParseMetaKey(std::string_view key, std::string* id) {
  return ParseId(key, kMetaPrefix, id);
}

bool ParsePageKey(std::string_view key, std::string* id, uint32_t* page) {
  std::string_view rest;
  return Strip(key, kPagePrefix, &rest) && SplitPage(rest, id, page);
}

bool ParsePdbMetaKey(std::string_view key, std::string* id) {
  return ParseId(key, kPdbMetaPrefix, id);
}

bool ParsePdbPageKey(std::string_view key, std::string* id, uint32_t* page) {
  std::string_view rest;
  return Strip(key, kPdbPagePrefix, &rest) && SplitPage(rest, id, page);
}

}  // namespace slidedb
