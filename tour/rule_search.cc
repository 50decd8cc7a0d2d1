#include "tour/rule_search.h"

#include <algorithm>
#include <vector>

namespace slidedb::tour {

const char* RuleName(Rule rule) {
  return rule == Rule::kWarnsdorff ? "warnsdorff" : "xiao";
}

namespace {

constexpr int kPad = 2;  // a knight never jumps further than 2 off the board

struct Frame {
  int square;         // padded index
  uint8_t moves[8];   // candidate move numbers, best first
  uint8_t count = 0;  // candidates
  uint8_t next = 0;   // the next candidate to try
};

class Searcher {
 public:
  Searcher(int rows, int cols, Rule rule, const MoveOrder& order)
      : rows_(rows), cols_(cols), width_(cols + 2 * kPad), rule_(rule) {
    const int cells = (rows + 2 * kPad) * width_;
    blocked_.assign(cells, 1);
    exits_.assign(cells, 0);
    for (int m = 0; m < 8; ++m) {
      offset_[m] = order[m][0] * width_ + order[m][1];
    }
    for (int r = 0; r < rows; ++r) {
      for (int c = 0; c < cols; ++c) blocked_[Index(r, c)] = 0;
    }
    room_.assign(cells, 0);
    for (int r = 0; r < rows; ++r) {
      for (int c = 0; c < cols; ++c) {
        const int i = Index(r, c);
        for (int m = 0; m < 8; ++m) exits_[i] += !blocked_[i + offset_[m]];
        // Nothing visited yet: the block's rows on the board times its columns.
        const int block_rows =
            std::min(r + 2, rows - 1) - std::max(r - 2, 0) + 1;
        const int block_cols =
            std::min(c + 2, cols - 1) - std::max(c - 2, 0) + 1;
        room_[i] = static_cast<int8_t>(block_rows * block_cols);
      }
    }
  }

  int Index(int r, int c) const { return (r + kPad) * width_ + c + kPad; }

  void Enter(int i) {
    blocked_[i] = 1;
    for (int m = 0; m < 8; ++m) --exits_[i + offset_[m]];
    if (rule_ == Rule::kXiao) {
      for (int dr = -2; dr <= 2; ++dr) {
        int8_t* row = &room_[i + dr * width_ - 2];
        for (int dc = 0; dc < 5; ++dc) --row[dc];
      }
    }
  }
  void Leave(int i) {
    blocked_[i] = 0;
    for (int m = 0; m < 8; ++m) ++exits_[i + offset_[m]];
    if (rule_ == Rule::kXiao) {
      for (int dr = -2; dr <= 2; ++dr) {
        int8_t* row = &room_[i + dr * width_ - 2];
        for (int dc = 0; dc < 5; ++dc) ++row[dc];
      }
    }
  }

  // Unvisited squares of the board in the 5x5 block centred on i.
  int BlockRoom(int i) const { return room_[i]; }

  // Fills f.moves with the unvisited neighbours of f.square, best first.
  void Order(Frame& f, int depth) const {
    int key[8];
    int deg[8];
    f.count = 0;
    f.next = 0;
    for (int m = 0; m < 8; ++m) {
      const int to = f.square + offset_[m];
      if (blocked_[to]) continue;
      deg[f.count] = exits_[to];
      f.moves[f.count++] = static_cast<uint8_t>(m);
    }
    for (int k = 0; k < f.count; ++k) {
      key[k] = deg[k] * 32;
      if (rule_ == Rule::kXiao)
        key[k] += 25 - BlockRoom(f.square + offset_[f.moves[k]]);
      // A closed tour must come back: keep the start's neighbours for last.
      if (home_ >= 0 && depth + 2 < total_ &&
          near_home_[f.square + offset_[f.moves[k]]]) {
        key[k] += 32 * 16;
      }
    }
    // Insertion sort: stable, so equal keys keep the move order.
    for (int k = 1; k < f.count; ++k) {
      const int kk = key[k];
      const uint8_t mk = f.moves[k];
      int j = k - 1;
      while (j >= 0 && key[j] > kk) {
        key[j + 1] = key[j];
        f.moves[j + 1] = f.moves[j];
        --j;
      }
      key[j + 1] = kk;
      f.moves[j + 1] = mk;
    }
  }

  SearchResult Run(Square start, bool closed, const std::vector<bool>* ends,
                   int64_t max_backtracks) {
    SearchResult result;
    const int total = rows_ * cols_;
    std::vector<Frame> path(total);
    const int first = Index(start.row, start.col);
    total_ = total;
    if (closed) {
      home_ = first;
      near_home_.assign(blocked_.size(), 0);
      for (int m = 0; m < 8; ++m) near_home_[first + offset_[m]] = 1;
    }
    int depth = 0;
    path[0].square = first;
    Enter(first);
    Order(path[0], 0);
    while (true) {
      Frame& f = path[depth];
      if (depth == total - 1) {
        bool back_home = false;
        for (int m = 0; m < 8; ++m)
          back_home |= (f.square + offset_[m] == first);
        const int r = f.square / width_ - kPad, c = f.square % width_ - kPad;
        const bool end_ok =
            !ends || (*ends)[static_cast<size_t>(r) * cols_ + c];
        if ((!closed || back_home) && end_ok) {
          result.found = true;
          break;
        }
        f.next = f.count;  // a dead end: take it back below
      }
      if (f.next < f.count) {
        const int to = f.square + offset_[f.moves[f.next++]];
        Frame& g = path[++depth];
        g.square = to;
        Enter(to);
        Order(g, depth);
        continue;
      }
      if (depth == 0) break;  // every sequence tried: none
      Leave(f.square);
      --depth;
      ++result.backtracks;
      if (max_backtracks >= 0 && result.backtracks > max_backtracks) {
        result.gave_up = true;
        break;
      }
    }
    if (result.found) {
      result.tour.reserve(total);
      for (int d = 0; d < total; ++d) {
        result.tour.push_back(Square{path[d].square / width_ - kPad,
                                     path[d].square % width_ - kPad});
      }
    }
    return result;
  }

 private:
  int rows_;
  int cols_;
  int width_;
  Rule rule_;
  int offset_[8];
  std::vector<uint8_t> blocked_;    // off the board or visited
  std::vector<int8_t> exits_;       // unvisited squares a move away
  std::vector<int8_t> room_;        // unvisited squares in the 5x5 block
  int total_ = 0;                   // squares on the board
  int home_ = -1;                   // the start, when the tour must close
  std::vector<uint8_t> near_home_;  // a knight move from home_
};

}  // namespace

SearchResult RuleSearch(int n, Square start, Rule rule, bool closed,
                        int64_t max_backtracks, const MoveOrder& order) {
  Searcher searcher(n, n, rule, order);
  return searcher.Run(start, closed, nullptr, max_backtracks);
}

SearchResult RectangleSearch(int rows, int cols, Square start, Rule rule,
                             bool closed, const std::vector<bool>* ends,
                             int64_t max_backtracks) {
  Searcher searcher(rows, cols, rule, kKnightMoves);
  return searcher.Run(start, closed, ends, max_backtracks);
}

}  // namespace slidedb::tour
