// The JSON fields every stored metadata object shares, a table's
// (lib/storage/table_meta.h) and a pattern database's (lib/storage/pdb_meta.h): the format,
// the board and goal at the head, the provenance at the tail
// (docs/FORMAT.md). For those two .cc files only; nlohmann::json is not part
// of the library's headers elsewhere.
#ifndef SLIDEDB_LIB_STORAGE_META_JSON_H_
#define SLIDEDB_LIB_STORAGE_META_JSON_H_

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "lib/base/status.h"
#include "lib/puzzle/board.h"

namespace slidedb::meta_json {

// Where ReadProvenance puts who built the data, when, how long it took and
// on how many threads.
struct Provenance {
  std::string* built_by;
  std::string* built_at;
  double* build_seconds;
  int* threads;
};

// "format", then "kind" when kind != nullptr, "board", "goal_blank", "goal".
void WriteHead(nlohmann::ordered_json* j, const char* kind,
               const Board& board, int goal_blank, const std::string& goal);
// "built_by", "built_at", "build_seconds", "threads".
void WriteProvenance(nlohmann::ordered_json* j, const std::string& built_by,
                     const std::string& built_at, double build_seconds,
                     int threads);

// Parses `json` as an object and reads its head: Corruption, naming `what`
// ("table", "pattern database"), when it is no object, another format or
// board, or a field is missing. May throw nlohmann::json::exception.
Status ReadHead(std::string_view json, const char* what, nlohmann::json* j,
                Board* board, int* goal_blank, std::string* goal);
// Each field is optional: "" , 0 and 1 when absent.
void ReadProvenance(const nlohmann::json& j, const Provenance& p);

}  // namespace slidedb::meta_json

#endif  // SLIDEDB_LIB_STORAGE_META_JSON_H_
