// SkipAutomaton: the automaton a depth-first search steps through, move by
// move, to learn when its path ends with a sequence it may skip (Aho-Corasick
// over those sequences, the minimal ones: none holds another). The single-tile
// (lib/search/move_fsm.h) and multi-tile (lib/search/mtm_search_fsm.h)
// searches find their own sequences; this is what they share. A move is a
// symbol below symbols(); the table is made here or at build time.
#ifndef SLIDEDB_LIB_SEARCH_SKIP_AUTOMATON_H_
#define SLIDEDB_LIB_SEARCH_SKIP_AUTOMATON_H_

#include <cstddef>
#include <cstdint>
#include <vector>

namespace slidedb {

class SkipAutomaton {
 public:
  static constexpr int32_t kSkip = -1;
  static constexpr int32_t kStart = 0;

  // The automaton of `sequences` (each symbol below `symbols`).
  SkipAutomaton(int symbols, const std::vector<std::vector<uint8_t>>& sequences);
  // One made at build time: `size` entries of `table`, which outlives it.
  SkipAutomaton(int symbols, const int32_t* table, size_t size)
      : symbols_(symbols), table_(table), size_(size) {}
  SkipAutomaton(const SkipAutomaton&) = delete;
  SkipAutomaton& operator=(const SkipAutomaton&) = delete;

  // The state after `symbol` from `state`, or kSkip when the path now ends
  // with a skipped sequence.
  int32_t Next(int32_t state, int symbol) const {
    return table_[static_cast<size_t>(state) * symbols_ + symbol];
  }
  int symbols() const { return symbols_; }
  size_t states() const { return size_ / symbols_; }
  // Next() of every state and symbol: table()[state * symbols() + symbol].
  const int32_t* table() const { return table_; }
  std::vector<int32_t> Transitions() const {
    return std::vector<int32_t>(table_, table_ + size_);
  }

 private:
  int symbols_;
  std::vector<int32_t> owned_;  // the table, when made here
  const int32_t* table_;
  size_t size_;
};

}  // namespace slidedb

#endif  // SLIDEDB_LIB_SEARCH_SKIP_AUTOMATON_H_
