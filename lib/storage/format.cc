#include "lib/storage/format.h"

namespace slidedb {

std::string TableId(const Board& board, int goal_blank) {
  return board.Name() + "/b" + std::to_string(goal_blank);
}

std::string MetaKey(const std::string& table_id) { return "meta/" + table_id; }

std::string PagePrefix(const std::string& table_id) {
  return "page/" + table_id + "/";
}

std::string PageKey(const std::string& table_id, uint32_t page) {
  std::string key = PagePrefix(table_id);
  for (int shift = 24; shift >= 0; shift -= 8) {
    key.push_back(static_cast<char>((page >> shift) & 0xff));
  }
  return key;
}

}  // namespace slidedb
