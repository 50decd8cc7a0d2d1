#include "lib/storage/meta_json.h"

#include "lib/storage/format.h"

namespace slidedb::meta_json {

void WriteHead(nlohmann::ordered_json* j, const char* kind,
               const Board& board, int goal_blank, const std::string& goal) {
  (*j)["format"] = kFormatVersion;
  if (kind != nullptr) (*j)["kind"] = kind;
  (*j)["board"] = board.Name();
  (*j)["goal_blank"] = goal_blank;
  (*j)["goal"] = goal;
}

void WriteProvenance(nlohmann::ordered_json* j, const std::string& built_by,
                     const std::string& built_at, double build_seconds,
                     int threads) {
  (*j)["built_by"] = built_by;
  (*j)["built_at"] = built_at;
  (*j)["build_seconds"] = build_seconds;
  (*j)["threads"] = threads;
}

Status ReadHead(std::string_view json, const char* what, nlohmann::json* j,
                Board* board, int* goal_blank, std::string* goal) {
  *j = nlohmann::json::parse(json, nullptr, /*allow_exceptions=*/false);
  if (j->is_discarded() || !j->is_object()) {
    return Status::Corruption(std::string(what) +
                              " metadata is not a JSON object");
  }
  const int format = j->at("format").get<int>();
  if (!ReadableFormat(format)) {
    return Status::Corruption(std::string(what) + " format " +
                              std::to_string(format) + " is not " +
                              std::to_string(kOldestReadableFormat) + " to " +
                              std::to_string(kFormatVersion));
  }
  Status s = Board::Parse(j->at("board").get<std::string>(), board);
  if (!s.ok()) return Status::Corruption(s.message());
  *goal_blank = j->at("goal_blank").get<int>();
  *goal = j->at("goal").get<std::string>();
  return Status::OK();
}

void ReadProvenance(const nlohmann::json& j, const Provenance& p) {
  *p.built_by = j.value("built_by", "");
  *p.built_at = j.value("built_at", "");
  *p.build_seconds = j.value("build_seconds", 0.0);
  *p.threads = j.value("threads", 1);
}

}  // namespace slidedb::meta_json
