#include "lib/search/move_fsm.h"

#include <algorithm>
#include <array>
#include <iterator>
#include <map>
#include <memory>
#include <mutex>
#include <unordered_set>

namespace slidedb {

namespace {

// One sequence of the enumeration: its length, its moves (base 4, the
// first the most significant), the state it leads to (two independent
// 64-bit hashes: that two of the 9.6 million sequences of up to 14 moves
// share both by chance has odds of about 10^-25), and the rectangle the
// blank stays in, relative to where it started.
struct Sequence {
  uint64_t h1, h2;
  uint32_t code;
  uint8_t length;
  int8_t min_row, max_row, min_col, max_col;
};

uint64_t Mix(uint64_t x) {  // splitmix64's finaliser
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

constexpr int kRowStep[4] = {-1, 1, 0, 0};  // kUp, kDown, kLeft, kRight
constexpr int kColStep[4] = {0, 0, -1, 1};

// Enumerates every sequence of up to `max_length` moves without an undo on
// a grid wide enough never to be left, from the blank in its middle.
class Enumeration {
 public:
  explicit Enumeration(int max_length)
      : max_length_(max_length),
        side_(2 * max_length + 1),
        label_(side_ * side_) {
    for (int c = 0; c < side_ * side_; ++c) label_[c] = c;
    blank_label_ = Cell(max_length, max_length);
  }

  std::vector<Sequence> Run() {
    Visit(max_length_, max_length_, 0, 0, -1, 0, 0, {0, 0, 0, 0});
    return std::move(out_);
  }

 private:
  int Cell(int r, int c) const { return r * side_ + c; }
  // The hashes' term for `label` on cell `c` (none when it is its own).
  static uint64_t Term(int c, int label, uint64_t seed) {
    return label == c ? 0 : Mix(seed ^ (uint64_t(c) << 20) ^ uint64_t(label));
  }

  // box: the least and greatest row, then column, relative to the start.
  void Visit(int r, int c, uint32_t code, int length, int prev, uint64_t h1,
             uint64_t h2, std::array<int8_t, 4> box) {
    if (length > 0) {
      out_.push_back({h1, h2, code, static_cast<uint8_t>(length), box[0],
                      box[1], box[2], box[3]});
    }
    if (length == max_length_) return;
    const int from = Cell(r, c);
    for (int m = 0; m < 4; ++m) {
      if (m == (prev ^ 1)) continue;
      const int nr = r + kRowStep[m], nc = c + kColStep[m];
      const int to = Cell(nr, nc);
      const int tile = label_[to];
      // The blank moves from `from` to `to`, the tile the other way.
      const uint64_t n1 = h1 ^ Term(from, blank_label_, 1) ^ Term(to, tile, 1) ^
                          Term(from, tile, 1) ^ Term(to, blank_label_, 1);
      const uint64_t n2 = h2 ^ Term(from, blank_label_, 2) ^ Term(to, tile, 2) ^
                          Term(from, tile, 2) ^ Term(to, blank_label_, 2);
      label_[from] = tile;
      label_[to] = blank_label_;
      const int dr = nr - max_length_, dc = nc - max_length_;
      const std::array<int8_t, 4> b = {
          static_cast<int8_t>(std::min<int>(box[0], dr)),
          static_cast<int8_t>(std::max<int>(box[1], dr)),
          static_cast<int8_t>(std::min<int>(box[2], dc)),
          static_cast<int8_t>(std::max<int>(box[3], dc))};
      Visit(nr, nc, code * 4 + static_cast<uint32_t>(m), length + 1, m, n1, n2,
            b);
      label_[to] = tile;
      label_[from] = blank_label_;
    }
  }

  int max_length_;
  int side_;
  std::vector<int> label_;  // label_[cell]: the cell its tile started on
  int blank_label_;
  std::vector<Sequence> out_;
};

bool Inside(const Sequence& a, const Sequence& b) {  // a's box within b's
  return a.min_row >= b.min_row && a.max_row <= b.max_row &&
         a.min_col >= b.min_col && a.max_col <= b.max_col;
}

uint64_t Key(uint32_t code, int length) {
  return (uint64_t(length) << 32) | code;
}

}  // namespace

std::vector<std::vector<Move>> MoveFsm::Find(int max_length) {
  std::vector<Sequence> all;
  if (max_length >= 2) all = Enumeration(max_length).Run();
  // Same state together, then shortest first, then in move order.
  std::sort(all.begin(), all.end(), [](const Sequence& a, const Sequence& b) {
    if (a.h1 != b.h1) return a.h1 < b.h1;
    if (a.h2 != b.h2) return a.h2 < b.h2;
    if (a.length != b.length) return a.length < b.length;
    return a.code < b.code;
  });
  // A sequence is skipped when an earlier one of the same state keeps the
  // blank within its rectangle.
  std::vector<Sequence> skipped;
  for (size_t begin = 0; begin < all.size();) {
    size_t end = begin + 1;
    while (end < all.size() && all[end].h1 == all[begin].h1 &&
           all[end].h2 == all[begin].h2) {
      ++end;
    }
    for (size_t i = begin + 1; i < end; ++i) {
      for (size_t j = begin; j < i; ++j) {
        if (Inside(all[j], all[i])) {
          skipped.push_back(all[i]);
          break;
        }
      }
    }
    begin = end;
  }
  all.clear();
  all.shrink_to_fit();
  // The minimal ones: shortest first, each kept unless it holds a kept one.
  std::sort(
      skipped.begin(), skipped.end(), [](const Sequence& a, const Sequence& b) {
        return a.length != b.length ? a.length < b.length : a.code < b.code;
      });
  std::vector<std::vector<Move>> minimal;
  std::unordered_set<uint64_t> kept;
  for (const Sequence& s : skipped) {
    bool holds = false;
    for (int from = 0; from < s.length && !holds; ++from) {
      for (int len = 2; from + len <= s.length && !holds; ++len) {
        if (len == s.length) continue;
        const uint32_t sub =
            (s.code >> (2 * (s.length - from - len))) & ((1u << (2 * len)) - 1);
        holds = kept.count(Key(sub, len)) != 0;
      }
    }
    if (holds) continue;
    kept.insert(Key(s.code, s.length));
    std::vector<Move> moves(s.length);
    for (int i = 0; i < s.length; ++i) {
      moves[i] = static_cast<Move>((s.code >> (2 * (s.length - 1 - i))) & 3);
    }
    minimal.push_back(std::move(moves));
  }
  return minimal;
}

MoveFsm::MoveFsm(int max_length) : MoveFsm(max_length, Find(max_length)) {}

namespace {

std::vector<std::vector<uint8_t>> Symbols(
    const std::vector<std::vector<Move>>& sequences) {
  std::vector<std::vector<uint8_t>> out;
  out.reserve(sequences.size());
  for (const auto& moves : sequences) {
    out.emplace_back();
    for (Move m : moves) out.back().push_back(static_cast<uint8_t>(m));
  }
  return out;
}

}  // namespace

MoveFsm::MoveFsm(int max_length, std::vector<std::vector<Move>> skipped)
    : SkipAutomaton(4, Symbols(skipped)),
      max_length_(max_length),
      skipped_(std::move(skipped)) {}

MoveFsm::MoveFsm(int max_length, const int32_t* table, size_t states)
    : SkipAutomaton(4, table, states * 4), max_length_(max_length) {}

#ifndef SLIDEDB_MOVE_FSM_GENERATOR
const MoveFsm& MoveFsm::Shared(int max_length) {
  static std::mutex mutex;
  static std::map<int, std::unique_ptr<MoveFsm>> built;
  std::lock_guard<std::mutex> lock(mutex);
  auto& fsm = built[max_length];
  if (fsm == nullptr && max_length == kBuiltLength) {
    // Made when slidedb was built (lib/search/move_fsm_gen.cc).
    static constexpr int32_t kTable[] = {
#include "move_fsm_table.inc"
    };
    fsm.reset(new MoveFsm(max_length, kTable, std::size(kTable) / 4));
  }
  if (fsm == nullptr) fsm = std::make_unique<MoveFsm>(max_length);
  return *fsm;
}
#endif

}  // namespace slidedb
