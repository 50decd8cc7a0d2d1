#include "lib/search/skip_automaton.h"

namespace slidedb {

SkipAutomaton::SkipAutomaton(int symbols,
                             const std::vector<std::vector<uint8_t>>& sequences)
    : symbols_(symbols) {
  const size_t n_symbols = static_cast<size_t>(symbols);
  // The trie of the sequences; node 0 is the root.
  std::vector<int32_t> child(n_symbols, -1);
  std::vector<bool> ends = {false};
  for (const auto& seq : sequences) {
    int32_t node = 0;
    for (uint8_t s : seq) {
      const size_t at = static_cast<size_t>(node) * n_symbols + s;
      if (child[at] < 0) {
        child[at] = static_cast<int32_t>(ends.size());
        ends.push_back(false);
        child.resize(child.size() + n_symbols, -1);
      }
      node = child[at];
    }
    ends[node] = true;
  }
  // Breadth first: a node's missing symbols go where its longest proper
  // suffix in the trie goes; a node ends a sequence if that suffix does.
  const size_t nodes = ends.size();
  owned_.assign(nodes * n_symbols, 0);
  std::vector<int32_t> fail(nodes, 0), queue;
  for (size_t s = 0; s < n_symbols; ++s) {
    if (child[s] >= 0) {
      owned_[s] = child[s];
      queue.push_back(child[s]);
    }
  }
  for (size_t q = 0; q < queue.size(); ++q) {
    const int32_t node = queue[q];
    ends[node] = ends[node] || ends[fail[node]];
    for (size_t s = 0; s < n_symbols; ++s) {
      const size_t at = static_cast<size_t>(node) * n_symbols + s;
      const int32_t via_fail = owned_[static_cast<size_t>(fail[node]) * n_symbols + s];
      if (child[at] >= 0) {
        fail[child[at]] = via_fail;
        owned_[at] = child[at];
        queue.push_back(child[at]);
      } else {
        owned_[at] = via_fail;
      }
    }
  }
  for (int32_t& n : owned_) {
    if (ends[n]) n = kSkip;
  }
  table_ = owned_.data();
  size_ = owned_.size();
}

}  // namespace slidedb
