#include "lib/search/walking_distance_ordered.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <tuple>

namespace slidedb {

namespace {

constexpr uint8_t kUnseen = 0xFF;
constexpr uint8_t kGap = 0xFF;
constexpr int kPow5[5] = {1, 5, 25, 125, 625};

}  // namespace

OrderedWalkingDistance::OrderedWalkingDistance(const Board& board,
                                               int goal_blank, bool columns)
    : lines_(columns ? board.cols() : board.rows()),
      per_line_(columns ? board.rows() : board.cols()),
      cells_(board.cells()),
      line_of_(board.cells()),
      goal_line_(board.cells()) {
  for (int l = 0; l < lines_; ++l) {
    for (int j = 0; j < per_line_; ++j) {
      order_.push_back(static_cast<uint8_t>(columns ? j * board.cols() + l
                                                    : l * board.cols() + j));
      line_of_[order_.back()] = static_cast<uint8_t>(l);
    }
  }
  const State goal = CanonicalGoal(board, goal_blank);
  int counts[kMaxLines] = {};
  for (int c = 0; c < cells_; ++c) {
    const int line = columns ? board.Col(c) : board.Row(c);
    goal_line_[goal.tile[c]] = static_cast<uint8_t>(line);
    if (c != goal_blank) ++counts[line];
  }
  full_counts_ = 0;
  for (int g = 0; g < lines_; ++g) full_counts_ += counts[g] * kPow5[g];
  // multinomial_[packed n]: (sum n)! / prod n_g!, as a product of binomials.
  multinomial_.assign(kPow5[lines_], 0);
  for (int packed = 0; packed < kPow5[lines_]; ++packed) {
    uint64_t m = 1;
    int total = 0;
    for (int g = 0; g < lines_; ++g) {
      const int n = packed / kPow5[g] % kBase;
      for (int i = 1; i <= n; ++i) m = m * (total + i) / i;
      total += n;
    }
    multinomial_[packed] = m;
  }
  arrangements_ = multinomial_[full_counts_];
  // Tables are the same for boards of the same lines with the goal's blank
  // on the same line: made once per process.
  static std::mutex mu;
  static std::map<std::tuple<int, int, int>,
                  std::shared_ptr<const std::vector<uint8_t>>>
      made;
  std::lock_guard<std::mutex> lock(mu);
  auto& table = made[{lines_, per_line_, line_of_[goal_blank]}];
  if (table == nullptr) table = Search(IdOf(goal));
  distance_ = table;
  max_distance_ = 0;
  for (uint8_t d : *distance_) max_distance_ = std::max<int>(max_distance_, d);
}

uint64_t OrderedWalkingDistance::Rank(const uint8_t* classes, int n) const {
  int packed = full_counts_;
  int left[kMaxLines];
  for (int g = 0; g < lines_; ++g) left[g] = packed / kPow5[g] % kBase;
  uint64_t rank = 0;
  for (int i = 0; i < n; ++i) {
    const int x = classes[i];
    for (int y = 0; y < x; ++y) {
      if (left[y] > 0) rank += multinomial_[packed - kPow5[y]];
    }
    --left[x];
    packed -= kPow5[x];
  }
  return rank;
}

void OrderedWalkingDistance::Unrank(uint64_t rank, uint8_t* classes) const {
  int packed = full_counts_;
  int left[kMaxLines];
  for (int g = 0; g < lines_; ++g) left[g] = packed / kPow5[g] % kBase;
  for (int i = 0; i < cells_ - 1; ++i) {
    for (int y = 0; y < lines_; ++y) {
      if (left[y] == 0) continue;
      const uint64_t below = multinomial_[packed - kPow5[y]];
      if (rank < below) {
        classes[i] = static_cast<uint8_t>(y);
        --left[y];
        packed -= kPow5[y];
        break;
      }
      rank -= below;
    }
  }
}

uint64_t OrderedWalkingDistance::IdOf(const State& s) const {
  uint8_t classes[kMaxCells];
  int n = 0;
  for (uint8_t cell : order_) {
    if (cell != s.blank) classes[n++] = goal_line_[s.tile[cell]];
  }
  return line_of_[s.blank] * arrangements_ + Rank(classes, n);
}

std::shared_ptr<const std::vector<uint8_t>> OrderedWalkingDistance::Search(
    uint64_t goal) const {
  auto table = std::make_shared<std::vector<uint8_t>>(
      static_cast<size_t>(lines_) * arrangements_, kUnseen);
  std::vector<uint8_t>& dist = *table;
  dist[goal] = 0;
  uint8_t flat[kMaxCells], moved[kMaxCells], grid[kMaxLines][kMaxLines],
      work[kMaxLines][kMaxLines];
  bool more = true;
  for (int d = 0; more; ++d) {
    more = false;
    for (uint64_t id = 0; id < dist.size(); ++id) {
      if (dist[id] != d) continue;
      more = true;
      const int blank = static_cast<int>(id / arrangements_);
      Unrank(id % arrangements_, flat);
      // The blank at place c of its line, then 1, 2, ... lines either way.
      for (int c = 0; c < per_line_; ++c) {
        int k = 0;
        for (int l = 0; l < lines_; ++l) {
          for (int j = 0; j < per_line_; ++j) {
            grid[l][j] = l == blank && j == c ? kGap : flat[k++];
          }
        }
        for (int dir : {-1, 1}) {
          std::copy(&grid[0][0], &grid[0][0] + sizeof(grid), &work[0][0]);
          for (int at = blank; at + dir >= 0 && at + dir < lines_; at += dir) {
            work[at][c] = work[at + dir][c];
            work[at + dir][c] = kGap;
            int n = 0;
            for (int l = 0; l < lines_; ++l) {
              for (int j = 0; j < per_line_; ++j) {
                if (work[l][j] != kGap) moved[n++] = work[l][j];
              }
            }
            const uint64_t next = (at + dir) * arrangements_ + Rank(moved, n);
            if (dist[next] == kUnseen) dist[next] = static_cast<uint8_t>(d + 1);
          }
        }
      }
    }
  }
  return table;
}

}  // namespace slidedb
