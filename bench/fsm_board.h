// The automaton of skipped move sequences found on the board itself, from
// each cell the blank may start on, for bench/fsm_paths.cc (--on-board):
// a sequence is skipped when an earlier one from the same cell (shorter,
// or as long and first in move order) leads to the same position, wherever
// on the board it goes. lib/search/move_fsm.h's, which the searches use,
// is the same for every board and asks the earlier sequence to stay within
// the skipped one's rectangle. Measured against it in BENCHMARKS.md ("the
// twenty-third session"): it prunes no more on 5x5, as much on 4x4 in a
// quarter of the states.
#ifndef SLIDEDB_BENCH_FSM_BOARD_H_
#define SLIDEDB_BENCH_FSM_BOARD_H_

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "lib/puzzle/board.h"
#include "lib/search/skip_automaton.h"

namespace slidedb {

namespace board_fsm {

// A position of up to 25 cells exactly: the label of each cell's tile (the
// cell it started on) in five bits at 5 * cell.
using Key = unsigned __int128;

inline Key Field(int cell, int label) {
  return static_cast<Key>(static_cast<unsigned>(label)) << (5 * cell);
}

// A sequence one move longer than a kept one: the position it leads to and
// its moves (base 4, the first the most significant).
struct Candidate {
  Key key;
  uint64_t code;
};

// skipped[c]: the minimal sequences skipped when the blank starts on c.
using Skipped = std::vector<std::vector<std::vector<Move>>>;

// The automaton of `skipped` (skipped[c]: the sequences skipped when the
// blank starts on c): Aho-Corasick with a root for each cell, each state on
// the cell its moves lead to. The states that end a sequence are left out
// (a move into one is kSkip), and so are the board's illegal moves.
// Next() of each state and move in `first`, each cell's start in `second`.
inline std::pair<std::vector<int32_t>, std::vector<int32_t>> BoardTable(
    const Board& board, const Skipped& skipped) {
  const int cells = board.cells();
  // The trie: nodes 0 .. cells - 1 are the roots.
  std::vector<std::array<int32_t, 4>> child(cells, {-1, -1, -1, -1});
  std::vector<uint8_t> cell_of(cells);
  std::vector<bool> ends(cells, false);
  for (int c = 0; c < cells; ++c) cell_of[c] = static_cast<uint8_t>(c);
  for (int c = 0; c < cells; ++c) {
    for (const auto& seq : skipped[c]) {
      int32_t node = c;
      int at = c;
      for (Move m : seq) {
        at = board.Neighbor(at, m);
        if (child[node][static_cast<int>(m)] < 0) {
          child[node][static_cast<int>(m)] = static_cast<int32_t>(child.size());
          child.push_back({-1, -1, -1, -1});
          cell_of.push_back(static_cast<uint8_t>(at));
          ends.push_back(false);
        }
        node = child[node][static_cast<int>(m)];
      }
      ends[node] = true;
    }
  }
  const size_t nodes = child.size();
  std::vector<std::array<int32_t, 4>> go(nodes, {-1, -1, -1, -1});
  std::vector<int32_t> fail(nodes, 0), queue;
  for (int c = 0; c < cells; ++c) {
    for (Move m : kAllMoves) {
      const int to = board.Neighbor(c, m);
      if (to < 0) continue;
      const int32_t k = child[c][static_cast<int>(m)];
      if (k >= 0) {
        fail[k] = to;
        queue.push_back(k);
      }
      go[c][static_cast<int>(m)] = k >= 0 ? k : to;
    }
  }
  for (size_t q = 0; q < queue.size(); ++q) {
    const int32_t node = queue[q];
    ends[node] = ends[node] || ends[fail[node]];
    for (Move m : kAllMoves) {
      if (board.Neighbor(cell_of[node], m) < 0) continue;
      const int32_t via_fail = go[fail[node]][static_cast<int>(m)];
      const int32_t k = child[node][static_cast<int>(m)];
      if (k >= 0) {
        fail[k] = via_fail;
        queue.push_back(k);
      }
      go[node][static_cast<int>(m)] = k >= 0 ? k : via_fail;
    }
  }
  // Number the states that end no sequence, roots first.
  std::vector<int32_t> number(nodes, SkipAutomaton::kSkip);
  int32_t states = 0;
  for (size_t n = 0; n < nodes; ++n) {
    if (!ends[n]) number[n] = states++;
  }
  std::vector<int32_t> table;
  table.reserve(static_cast<size_t>(states) * 4);
  for (size_t n = 0; n < nodes; ++n) {
    if (ends[n]) continue;
    for (int m = 0; m < 4; ++m) {
      table.push_back(go[n][m] < 0 ? SkipAutomaton::kSkip : number[go[n][m]]);
    }
  }
  std::vector<int32_t> starts(cells);
  for (int c = 0; c < cells; ++c) starts[c] = number[c];
  return {std::move(table), std::move(starts)};
}

// The minimal sequences of up to `max_length` moves skipped from each
// cell, length by length and cell by cell as MoveFsm::Find: extending only
// the sequences kept, each position's first sequence. REQUIRES:
// board.cells() <= 25.
inline Skipped Find(const Board& board, int max_length) {
  const int cells = board.cells();
  Skipped skipped(cells);
  Key home = 0;
  for (int c = 0; c < cells; ++c) home |= Field(c, c);
  std::vector<std::vector<Key>> earlier(cells, {home});
  std::vector<std::vector<uint64_t>> level(cells, {0});
  std::vector<Candidate> next;
  std::vector<int> label(cells);
  for (int length = 0; length < max_length; ++length) {
    auto table = BoardTable(board, skipped);
    const auto skips = [&table](int32_t state, int m) {
      return table
          .first[static_cast<size_t>(state) * 4 + static_cast<size_t>(m)];
    };
    const bool last_length = length + 1 == max_length;
    for (int s = 0; s < cells; ++s) {
      next.clear();
      for (uint64_t code : level[s]) {
        for (int c = 0; c < cells; ++c) label[c] = c;
        Key key = home;
        int at = s, prev = -1;
        int32_t state = table.second[s];
        for (int i = 0; i < length; ++i) {
          const int m = static_cast<int>(code >> (2 * (length - 1 - i))) & 3;
          const int to = board.Neighbor(at, static_cast<Move>(m));
          key ^= Field(at, label[at]) ^ Field(to, label[to]) ^
                 Field(at, label[to]) ^ Field(to, label[at]);
          std::swap(label[at], label[to]);
          at = to;
          prev = m;
          state = skips(state, m);
        }
        for (int m = 0; m < 4; ++m) {
          const int to = board.Neighbor(at, static_cast<Move>(m));
          if (to < 0 || m == (prev ^ 1) ||
              skips(state, m) == SkipAutomaton::kSkip) {
            continue;
          }
          next.push_back({key ^ Field(at, label[at]) ^ Field(to, label[to]) ^
                              Field(at, label[to]) ^ Field(to, label[at]),
                          code * 4 + static_cast<uint64_t>(m)});
        }
      }
      std::sort(next.begin(), next.end(),
                [](const Candidate& a, const Candidate& b) {
                  return a.key != b.key ? a.key < b.key : a.code < b.code;
                });
      std::vector<uint64_t> skipped_now;
      std::vector<Key> kept_now;
      level[s].clear();
      for (size_t i = 0; i < next.size(); ++i) {
        const bool dup = (i > 0 && next[i - 1].key == next[i].key) ||
                         std::binary_search(earlier[s].begin(),
                                            earlier[s].end(), next[i].key);
        if (dup) {
          skipped_now.push_back(next[i].code);
        } else if (!last_length) {
          level[s].push_back(next[i].code);
          kept_now.push_back(next[i].key);
        }
      }
      std::sort(skipped_now.begin(), skipped_now.end());
      for (uint64_t code : skipped_now) {
        std::vector<Move> moves(length + 1);
        for (int i = 0; i <= length; ++i) {
          moves[i] = static_cast<Move>((code >> (2 * (length - i))) & 3);
        }
        skipped[s].push_back(std::move(moves));
      }
      std::sort(level[s].begin(), level[s].end());
      const size_t old = earlier[s].size();
      earlier[s].insert(earlier[s].end(), kept_now.begin(), kept_now.end());
      std::inplace_merge(earlier[s].begin(), earlier[s].begin() + old,
                         earlier[s].end());
    }
  }
  return skipped;
}

}  // namespace board_fsm

// The automaton on `board` of the sequences of up to `max_length` moves.
class BoardFsm {
 public:
  BoardFsm(const Board& board, int max_length) {
    auto table =
        board_fsm::BoardTable(board, board_fsm::Find(board, max_length));
    table_ = std::move(table.first);
    starts_ = std::move(table.second);
  }
  int32_t Start(int cell) const { return starts_[static_cast<size_t>(cell)]; }
  // The state after move `m` from `state`, or SkipAutomaton::kSkip.
  int32_t Next(int32_t state, Move m) const {
    return table_[static_cast<size_t>(state) * 4 + static_cast<size_t>(m)];
  }
  size_t states() const { return table_.size() / 4; }

 private:
  std::vector<int32_t> table_;
  std::vector<int32_t> starts_;
};

}  // namespace slidedb

#endif  // SLIDEDB_BENCH_FSM_BOARD_H_
