#include "lib/search/mtm_search_fsm.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "lib/search/mtm_prepared.h"

namespace slidedb {

namespace {

// The grid the sequences are played on: the blank starts in its middle and
// never goes more than 14 cells away (a sequence that fits a board of at
// most 8 lines, then one more move).
constexpr int kSide = 29;
constexpr int kOrigin = 14;
// Shared() stops lengthening the sequences once a length has this many
// that are not skipped.
constexpr size_t kLevelBudget = 100000;
constexpr int kLongest = 10;

struct Rect {
  int8_t r0, r1, c0, c1;
  bool Within(const Rect& o) const {
    return r0 >= o.r0 && r1 <= o.r1 && c0 >= o.c0 && c1 <= o.c1;
  }
};

// A sequence of symbols, packed base 32 (each symbol + 1), so that
// sequences of different lengths differ too.
using Code = uint64_t;

// Plays symbols on the grid: the state each reaches, as a key, and the
// rectangle the blank stays in.
class Player {
 public:
  explicit Player(int max_cells) : max_cells_(max_cells) {
    for (int i = 0; i < kSide * kSide; ++i) grid_[i] = static_cast<uint16_t>(i);
  }

  // The key of the state after `symbols`; *rect its rectangle.
  std::string Play(const std::vector<uint8_t>& symbols, Rect* rect) {
    static constexpr int kDr[4] = {-1, 1, 0, 0}, kDc[4] = {0, 0, -1, 1};
    int r = kOrigin, c = kOrigin;
    *rect = {kOrigin, kOrigin, kOrigin, kOrigin};
    touched_.clear();
    touched_.push_back(r * kSide + c);
    for (uint8_t s : symbols) {
      const int dir = s / max_cells_, cells = s % max_cells_ + 1;
      for (int i = 0; i < cells; ++i) {
        const int from = r * kSide + c;
        r += kDr[dir];
        c += kDc[dir];
        const int to = r * kSide + c;
        std::swap(grid_[from], grid_[to]);
        touched_.push_back(to);
      }
      rect->r0 = static_cast<int8_t>(std::min<int>(rect->r0, r));
      rect->r1 = static_cast<int8_t>(std::max<int>(rect->r1, r));
      rect->c0 = static_cast<int8_t>(std::min<int>(rect->c0, c));
      rect->c1 = static_cast<int8_t>(std::max<int>(rect->c1, c));
    }
    std::string key;
    for (int row = rect->r0; row <= rect->r1; ++row) {
      for (int col = rect->c0; col <= rect->c1; ++col) {
        const int cell = row * kSide + col;
        if (grid_[cell] != cell) {
          for (int v : {cell, static_cast<int>(grid_[cell])}) {
            key += static_cast<char>(v & 0xFF);
            key += static_cast<char>(v >> 8);
          }
        }
      }
    }
    for (int cell : touched_) grid_[cell] = static_cast<uint16_t>(cell);
    return key;
  }

 private:
  int max_cells_;
  uint16_t grid_[kSide * kSide];
  std::vector<int> touched_;
};

}  // namespace

MtmMoveFsm::MtmMoveFsm(const Board& board, int max_length)
    : MtmMoveFsm(board, [&board, max_length] {
        Sequences found{max_length, {}};
        Find(board, nullptr, &found);
        return found;
      }()) {}

MtmMoveFsm::MtmMoveFsm(const Board& board, Sequences found)
    : SkipAutomaton(4 * MaxCells(board), found.skipped),
      max_length_(found.max_length),
      max_cells_(MaxCells(board)),
      skipped_(std::move(found.skipped)) {}

MtmMoveFsm::MtmMoveFsm(const Board& board, int max_length,
                       const int32_t* next, size_t size)
    : SkipAutomaton(4 * MaxCells(board), next, size),
      max_length_(max_length),
      max_cells_(MaxCells(board)) {}

std::shared_ptr<const MtmMoveFsm> MtmMoveFsm::Make(
    const Board& board, const std::function<bool()>& stop) {
  Sequences found{0, {}};
  if (!Find(board, stop, &found)) return nullptr;
  return std::shared_ptr<const MtmMoveFsm>(
      new MtmMoveFsm(board, std::move(found)));
}

std::shared_ptr<const MtmMoveFsm> MtmMoveFsm::Shared(
    const Board& board, const std::function<bool()>& stop) {
  static std::mutex mu;
  static std::map<std::pair<int, int>, std::shared_ptr<const MtmMoveFsm>> made;
  std::lock_guard<std::mutex> lock(mu);
  auto& fsm = made[{board.rows(), board.cols()}];
  int max_length;
  const int32_t* next;
  size_t size;
  if (fsm == nullptr &&
      PreparedMtmMoveFsm(board.rows(), board.cols(), &max_length, &next,
                         &size)) {
    fsm.reset(new MtmMoveFsm(board, max_length, next, size));
  }
  if (fsm == nullptr) fsm = Make(board, stop);  // null when stopped
  return fsm;
}

bool MtmMoveFsm::Find(const Board& board, const std::function<bool()>& stop,
                      Sequences* found) {
  const int longest = found->max_length > 0 ? found->max_length : kLongest;
  const int max_cells = MaxCells(board);
  const int symbols = 4 * max_cells;
  Player player(max_cells);
  // For each state reached, the rectangles of the sequences not skipped
  // that reach it, in order.
  std::unordered_map<std::string, std::vector<Rect>> reached;
  Rect rect;
  reached[player.Play({}, &rect)].push_back(rect);
  std::unordered_set<Code> clean;  // the sequences not skipped, nor holding
  std::vector<std::vector<uint8_t>> level = {{}};
  int length = 0;
  while (length < longest && !level.empty()) {
    ++length;
    std::vector<std::vector<uint8_t>> next;
    for (size_t k = 0; k < level.size(); ++k) {
      if (stop != nullptr && k % 1024 == 0 && stop()) return false;
      const auto& x = level[k];
      const int last_axis = x.empty() ? -1 : x.back() / max_cells / 2;
      for (int s = 0; s < symbols; ++s) {
        if (s / max_cells / 2 == last_axis) continue;
        std::vector<uint8_t> y = x;
        y.push_back(static_cast<uint8_t>(s));
        // Each proper suffix must be clean, or y holds a skipped one.
        bool holds = false;
        for (size_t from = 1; from < y.size() && !holds; ++from) {
          Code code = 0;
          for (size_t i = from; i < y.size(); ++i) code = code * 32 + y[i] + 1;
          holds = clean.count(code) == 0;
        }
        if (holds) continue;
        const std::string key = player.Play(y, &rect);
        if (rect.r1 - rect.r0 >= board.rows() ||
            rect.c1 - rect.c0 >= board.cols()) {
          continue;  // never on the board
        }
        std::vector<Rect>& rects = reached[key];
        bool skipped = false;
        for (const Rect& r : rects) skipped = skipped || r.Within(rect);
        if (skipped) {
          found->skipped.push_back(y);
          continue;
        }
        rects.push_back(rect);
        Code code = 0;
        for (uint8_t v : y) code = code * 32 + v + 1;
        clean.insert(code);
        next.push_back(std::move(y));
      }
    }
    level = std::move(next);
    if (found->max_length == 0 && level.size() > kLevelBudget) break;
  }
  found->max_length = length;
  return true;
}

}  // namespace slidedb
