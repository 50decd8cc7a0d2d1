#include "lib/search/move_fsm.h"

#include <algorithm>
#include <array>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>

namespace slidedb {

namespace {

// The sequences as moves or as the automaton's symbols (the same numbers).
template <typename To, typename From>
std::vector<std::vector<To>> Convert(
    const std::vector<std::vector<From>>& sequences) {
  std::vector<std::vector<To>> out;
  out.reserve(sequences.size());
  for (const auto& sequence : sequences) {
    out.emplace_back();
    for (From x : sequence) out.back().push_back(static_cast<To>(x));
  }
  return out;
}

uint64_t Mix(uint64_t x) {  // splitmix64's finaliser
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

constexpr int kRowStep[4] = {-1, 1, 0, 0};  // kUp, kDown, kLeft, kRight
constexpr int kColStep[4] = {0, 0, -1, 1};

// The rectangle the blank stays in, relative to where it started: the
// least and greatest row, then column, each biased by 32 into a byte.
using Box = uint32_t;
Box MakeBox(int r0, int r1, int c0, int c1) {
  return uint32_t(r0 + 32) << 24 | uint32_t(r1 + 32) << 16 |
         uint32_t(c0 + 32) << 8 | uint32_t(c1 + 32);
}
bool Inside(Box a, Box b) {  // a's rectangle within b's
  return (a >> 24) >= (b >> 24) && ((a >> 16) & 255) <= ((b >> 16) & 255) &&
         ((a >> 8) & 255) >= ((b >> 8) & 255) && (a & 255) <= (b & 255);
}

// A sequence found earlier, kept (it ends no skipped sequence): the state
// it leads to (a 64-bit and a 32-bit hash: that two of the 77 million
// sequences kept up to 16 moves share both by chance has odds of about
// 10^-13) and its rectangle.
struct Kept {
  uint64_t h1;
  uint32_t h2;
  Box box;
};
bool operator<(const Kept& a, const Kept& b) {
  return a.h1 != b.h1 ? a.h1 < b.h1 : a.h2 < b.h2;
}

// A sequence one move longer than a kept one: as Kept, and its moves
// (base 4, the first the most significant).
struct Candidate {
  uint64_t h1;
  uint32_t h2;
  Box box;
  uint64_t code;
};

// The hashes of the state `code`'s `length` moves lead to on a grid wide
// enough never to be left, from the blank in its middle, and more: the
// blank's cell and rectangle, replayed on `label` (label[cell]: the cell
// its tile started on), which is left as it was.
class Replay {
 public:
  explicit Replay(int max_length)
      : half_(max_length), side_(2 * max_length + 1), label_(side_ * side_) {
    for (int c = 0; c < side_ * side_; ++c) label_[c] = c;
  }

  // Calls visit(candidate) for each move after `code` but its undo and
  // those that end a sequence `skips` skips.
  template <typename Visit>
  void Extend(uint64_t code, int length, const SkipAutomaton& skips,
              Visit&& visit) {
    int r = half_, c = half_, prev = -1;
    int32_t state = SkipAutomaton::kStart;
    int r0 = 0, r1 = 0, c0 = 0, c1 = 0;
    touched_.clear();
    for (int i = 0; i < length; ++i) {
      const int m = static_cast<int>(code >> (2 * (length - 1 - i))) & 3;
      const int from = Cell(r, c);
      r += kRowStep[m];
      c += kColStep[m];
      std::swap(label_[from], label_[Cell(r, c)]);
      touched_.push_back(from);
      touched_.push_back(Cell(r, c));
      r0 = std::min(r0, r - half_);
      r1 = std::max(r1, r - half_);
      c0 = std::min(c0, c - half_);
      c1 = std::max(c1, c - half_);
      prev = m;
      state = skips.Next(state, m);
    }
    std::sort(touched_.begin(), touched_.end());
    touched_.erase(std::unique(touched_.begin(), touched_.end()),
                   touched_.end());
    uint64_t h1 = 0, h2 = 0;
    for (int t : touched_) {
      h1 ^= Term(t, label_[t], 1);
      h2 ^= Term(t, label_[t], 2);
    }
    const int from = Cell(r, c), blank = label_[from];
    for (int m = 0; m < 4; ++m) {
      if (m == (prev ^ 1) || skips.Next(state, m) == SkipAutomaton::kSkip) {
        continue;
      }
      const int nr = r + kRowStep[m], nc = c + kColStep[m];
      const int to = Cell(nr, nc), tile = label_[to];
      // The blank moves from `from` to `to`, the tile the other way.
      const uint64_t n1 = h1 ^ Term(from, blank, 1) ^ Term(to, tile, 1) ^
                          Term(from, tile, 1) ^ Term(to, blank, 1);
      const uint64_t n2 = h2 ^ Term(from, blank, 2) ^ Term(to, tile, 2) ^
                          Term(from, tile, 2) ^ Term(to, blank, 2);
      visit(
          Candidate{n1, static_cast<uint32_t>(n2),
                    MakeBox(std::min(r0, nr - half_), std::max(r1, nr - half_),
                            std::min(c0, nc - half_), std::max(c1, nc - half_)),
                    code * 4 + static_cast<uint64_t>(m)});
    }
    for (int t : touched_) label_[t] = t;
  }

 private:
  int Cell(int r, int c) const { return r * side_ + c; }
  // The hashes' term for `label` on cell `c` (none when it is its own).
  static uint64_t Term(int c, int label, uint64_t seed) {
    return label == c ? 0 : Mix(seed ^ (uint64_t(c) << 20) ^ uint64_t(label));
  }

  int half_, side_;
  std::vector<int> label_;
  std::vector<int> touched_;
};

}  // namespace

// Length by length, each sequence one move longer than a kept one: it is
// not kept when it ends with a skipped sequence (a shorter one, as its
// prefix is kept), and it is skipped, a minimal one, when an earlier
// sequence (shorter, or as long and first in move order) leads to the same
// state within its rectangle. Earlier sequences that were not kept need no
// looking at: each has a kept one as early, within its rectangle. The same
// sequences as enumerating all of them (tests/move_fsm_test.cc), which
// would hold about 86 million at 16 moves (5 GB): here 2.2 GB and about
// 20 s.
std::vector<std::vector<Move>> MoveFsm::Find(int max_length) {
  std::vector<Kept> earlier = {{0, 0, MakeBox(0, 0, 0, 0)}};
  std::vector<uint64_t> level = {0};  // the kept of `length` moves, in order
  std::vector<std::vector<uint8_t>> minimal;
  Replay replay(std::max(max_length, 1));
  std::vector<Candidate> next;
  for (int length = 0; length < max_length; ++length) {
    next.clear();
    next.reserve(level.size() * 3);
    const SkipAutomaton skips(4, minimal);
    for (uint64_t code : level) {
      replay.Extend(code, length, skips,
                    [&](const Candidate& c) { next.push_back(c); });
    }
    const bool last_length = length + 1 == max_length;
    // Same state together, then in move order.
    std::sort(next.begin(), next.end(),
              [](const Candidate& a, const Candidate& b) {
                if (a.h1 != b.h1) return a.h1 < b.h1;
                if (a.h2 != b.h2) return a.h2 < b.h2;
                return a.code < b.code;
              });
    std::vector<uint64_t> skipped_now;
    std::vector<Kept> kept_now;
    level.clear();
    auto seen = earlier.cbegin();  // both in order of state: a merge
    for (size_t begin = 0; begin < next.size();) {
      size_t end = begin + 1;
      while (end < next.size() && next[end].h1 == next[begin].h1 &&
             next[end].h2 == next[begin].h2) {
        ++end;
      }
      const Kept key{next[begin].h1, next[begin].h2, 0};
      while (seen != earlier.end() && *seen < key) ++seen;
      const auto first = seen;
      auto last = first;
      while (last != earlier.end() && !(key < *last)) ++last;
      for (size_t i = begin; i < end; ++i) {
        bool skip = std::any_of(first, last, [&](const Kept& e) {
          return Inside(e.box, next[i].box);
        });
        for (size_t j = begin; j < i && !skip; ++j) {
          skip = Inside(next[j].box, next[i].box);
        }
        if (skip) {
          skipped_now.push_back(next[i].code);
        } else if (!last_length) {
          level.push_back(next[i].code);
          kept_now.push_back({next[i].h1, next[i].h2, next[i].box});
        }
      }
      begin = end;
    }
    std::sort(skipped_now.begin(), skipped_now.end());
    for (uint64_t code : skipped_now) {
      std::vector<uint8_t> moves(length + 1);
      for (int i = 0; i <= length; ++i) {
        moves[i] = static_cast<uint8_t>((code >> (2 * (length - i))) & 3);
      }
      minimal.push_back(std::move(moves));
    }
    if (last_length) break;
    std::sort(level.begin(), level.end());
    // kept_now is in order of state already: merge it into `earlier`.
    const size_t old = earlier.size();
    earlier.insert(earlier.end(), kept_now.begin(), kept_now.end());
    std::inplace_merge(earlier.begin(), earlier.begin() + old, earlier.end());
  }
  return Convert<Move>(minimal);
}

MoveFsm::MoveFsm(int max_length) : MoveFsm(max_length, Find(max_length)) {}

MoveFsm::MoveFsm(int max_length, std::vector<std::vector<Move>> skipped)
    : SkipAutomaton(4, Convert<uint8_t>(skipped)),
      max_length_(max_length),
      skipped_(std::move(skipped)) {}

MoveFsm::MoveFsm(int max_length, const int32_t* table, size_t states)
    : SkipAutomaton(4, table, states * 4), max_length_(max_length) {}

namespace {

void CountFrom(const Board& board, const MoveFsm* fsm, int cell, int depth,
               int prev, int32_t state, std::vector<int64_t>* paths) {
  ++(*paths)[depth];
  if (depth + 1 == static_cast<int>(paths->size())) return;
  for (Move m : kAllMoves) {
    if (static_cast<int>(m) == (prev ^ 1)) continue;
    const int to = board.Neighbor(cell, m);
    if (to < 0) continue;
    const int32_t next = fsm == nullptr ? state : fsm->Next(state, m);
    if (next == MoveFsm::kSkip) continue;
    CountFrom(board, fsm, to, depth + 1, static_cast<int>(m), next, paths);
  }
}

}  // namespace

std::vector<int64_t> CountPaths(const Board& board, int cell, int max_length,
                                const MoveFsm* fsm) {
  std::vector<int64_t> paths(static_cast<size_t>(max_length) + 1);
  CountFrom(board, fsm, cell, 0, -1, MoveFsm::kStart, &paths);
  return paths;
}

#ifndef SLIDEDB_MOVE_FSM_GENERATOR
namespace {

#include "move_fsm.inc"

// The automaton made when slidedb was built (lib/search/move_fsm_gen.cc),
// compiled in as it is (its hash in the .inc, so that a compiler cache
// sees when it changes: kMoveFsmHash).
asm(".pushsection .rodata\n"
    ".balign 64\n"
    ".globl slidedb_move_fsm_blob\n"
    ".hidden slidedb_move_fsm_blob\n"
    "slidedb_move_fsm_blob:\n"
    ".incbin \"" SLIDEDB_MOVE_FSM_BLOB
    "\"\n"
    ".popsection\n");

}  // namespace

extern "C" const int32_t slidedb_move_fsm_blob[];

const MoveFsm& MoveFsm::Shared(int max_length) {
  static_assert(kMoveFsmLength == kBuiltLength && kMoveFsmHash != 0);
  // Never destroyed: a search on a thread still running at exit (a Python
  // daemon thread's) reads its automaton.
  static auto* mutex = new std::mutex;
  static auto* built = new std::map<int, std::unique_ptr<MoveFsm>>;
  std::lock_guard<std::mutex> lock(*mutex);
  auto& fsm = (*built)[max_length];
  if (fsm == nullptr && max_length == kBuiltLength) {
    fsm.reset(new MoveFsm(max_length, slidedb_move_fsm_blob, kMoveFsmStates));
  }
  if (fsm == nullptr) fsm = std::make_unique<MoveFsm>(max_length);
  return *fsm;
}
#endif

}  // namespace slidedb
