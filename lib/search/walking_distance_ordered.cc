#include "lib/search/walking_distance_ordered.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <tuple>

#include "lib/search/mtm_prepared.h"
#include "lib/search/walking_distance.h"

namespace slidedb {

namespace {

constexpr uint8_t kUnreached = 0xFF;
constexpr int kPow5[5] = {1, 5, 25, 125, 625};

// A line's goal lines packed two bits a place, place 0 lowest.
inline uint32_t Remove(uint32_t code, int at) {
  const uint32_t low = code & ((1u << (2 * at)) - 1);
  return low | ((code >> (2 * at + 2)) << (2 * at));
}
inline uint32_t Insert(uint32_t code, int at, uint32_t x) {
  const uint32_t low = code & ((1u << (2 * at)) - 1);
  return low | (x << (2 * at)) | ((code >> (2 * at)) << (2 * at + 2));
}

// The tables made (or unpacked) so far, by (lines, per line, blank line),
// and the lock held while one is made.
std::mutex made_mu;
std::map<std::tuple<int, int, int>,
         std::shared_ptr<const bfs::FreshArray<uint8_t>>>&
Made() {
  static auto* made =
      new std::map<std::tuple<int, int, int>,
                   std::shared_ptr<const bfs::FreshArray<uint8_t>>>;
  return *made;
}

}  // namespace

// A line's contribution to the rank, tabled by its length (per_line_ - 1
// for the blank's line, else per_line_), the counts left before it and its
// code: the rank added and the counts left after it (-1: impossible).
class OrderedWalkingDistance::LineRanks {
 public:
  explicit LineRanks(const OrderedWalkingDistance& w)
      : lines_(w.lines_),
        codes_(1 << (2 * w.per_line_)),
        full_counts_(w.full_counts_) {
    const int packs = kPow5[lines_];
    for (int full = 0; full < 2; ++full) {
      const int n = w.per_line_ - 1 + full;
      add_[full].assign(static_cast<size_t>(packs) * codes_, 0);
      after_[full].assign(static_cast<size_t>(packs) * codes_, -1);
      for (int packed = 0; packed < packs; ++packed) {
        for (int code = 0; code < (1 << (2 * n)); ++code) {
          int left[kMaxLines], p = packed;
          for (int g = 0; g < lines_; ++g) left[g] = packed / kPow5[g] % kBase;
          uint64_t r = 0;
          bool ok = true;
          for (int i = 0; i < n && ok; ++i) {
            const int x = (code >> (2 * i)) & 3;
            ok = x < lines_ && left[x] > 0;
            if (!ok) break;
            for (int y = 0; y < x; ++y) {
              if (left[y] > 0) r += w.multinomial_[p - kPow5[y]];
            }
            --left[x];
            p -= kPow5[x];
          }
          if (!ok) continue;
          add_[full][static_cast<size_t>(packed) * codes_ + code] =
              static_cast<uint32_t>(r);
          after_[full][static_cast<size_t>(packed) * codes_ + code] =
              static_cast<int16_t>(p);
        }
      }
    }
  }

  // The rank of the arrangement whose lines hold `code` (two bits a place),
  // the blank on line `blank`.
  uint64_t Rank(const uint32_t* code, int blank) const {
    int p = full_counts_;
    uint64_t r = 0;
    for (int l = 0; l < lines_; ++l) {
      const int full = l != blank;
      const size_t at = static_cast<size_t>(p) * codes_ + code[l];
      r += add_[full][at];
      p = after_[full][at];
    }
    return r;
  }

 private:
  int lines_;
  int codes_;  // codes of a full line
  int full_counts_;
  // Ranks are below 2^32: at most 16 cells, 15!/(4!4!4!3!) arrangements.
  std::vector<uint32_t> add_[2];
  std::vector<int16_t> after_[2];
};

OrderedWalkingDistance::OrderedWalkingDistance(int lines, int per_line,
                                               int blank_line)
    : lines_(lines),
      per_line_(per_line),
      blank_line_(blank_line),
      cells_(lines * per_line) {
  full_counts_ = 0;
  for (int g = 0; g < lines_; ++g) {
    full_counts_ += (g == blank_line ? per_line - 1 : per_line) * kPow5[g];
  }
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
  // Made once per process for each shape, as the tables are.
  static std::mutex ranks_mu;
  static auto* made_ranks =
      new std::map<std::tuple<int, int, int>, std::shared_ptr<const LineRanks>>;
  std::lock_guard<std::mutex> lock(ranks_mu);
  auto& ranks = (*made_ranks)[std::make_tuple(lines, per_line, blank_line)];
  if (ranks == nullptr) ranks = std::make_shared<const LineRanks>(*this);
  ranks_ = ranks;
}

void OrderedWalkingDistance::MapBoard(const Board& board, int goal_blank,
                                      bool columns) {
  // The goal's blank on line r has the table of line L-1-r upside down.
  const int r = columns ? board.Col(goal_blank) : board.Row(goal_blank);
  const bool flip = r != blank_line_;
  line_of_.assign(board.cells(), 0);
  goal_line_.assign(board.cells(), 0);
  order_.clear();
  for (int t = 0; t < lines_; ++t) {
    const int l = flip ? lines_ - 1 - t : t;
    for (int j = 0; j < per_line_; ++j) {
      const int cell = columns ? j * board.cols() + l : l * board.cols() + j;
      order_.push_back(static_cast<uint8_t>(cell));
      line_of_[cell] = static_cast<uint8_t>(t);
    }
  }
  const State goal = CanonicalGoal(board, goal_blank);
  for (int c = 0; c < cells_; ++c) goal_line_[goal.tile[c]] = line_of_[c];
}

OrderedWalkingDistance::OrderedWalkingDistance(const Board& board,
                                               int goal_blank, bool columns)
    : OrderedWalkingDistance(1, 1, 0) {
  std::unique_ptr<OrderedWalkingDistance> made;
  const Status s = Make(board, goal_blank, columns, SearchLimits(), &made);
  (void)s;  // no limits: always OK
  *this = *made;
}

Status OrderedWalkingDistance::Make(
    const Board& board, int goal_blank, bool columns,
    const SearchLimits& limits, std::unique_ptr<OrderedWalkingDistance>* out) {
  const int lines = columns ? board.cols() : board.rows();
  const int per_line = columns ? board.rows() : board.cols();
  const int r = columns ? board.Col(goal_blank) : board.Row(goal_blank);
  const int blank_line = std::min(r, lines - 1 - r);
  std::unique_ptr<OrderedWalkingDistance> w(
      new OrderedWalkingDistance(lines, per_line, blank_line));
  w->MapBoard(board, goal_blank, columns);
  // Made once per process; a thread that waits for another's stops at its
  // own limits.
  const auto key = std::make_tuple(lines, per_line, blank_line);
  std::unique_lock<std::mutex> lock(made_mu, std::defer_lock);
  while (!lock.try_lock()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    if (PastLimits(limits)) {
      return Status::DeadlineExceeded(
          "stopped at its limit while waiting for the multi-tile tables");
    }
  }
  auto& table = Made()[key];
  if (table == nullptr) table = PreparedOrderedTable(lines, per_line, blank_line);
  if (table == nullptr) table = Search(lines, per_line, blank_line, limits);
  if (table == nullptr) {
    Made().erase(key);
    return Status::DeadlineExceeded(
        "stopped at its limit while making the multi-tile walking-distance "
        "tables of " + board.Name());
  }
  w->distance_ = table;
  lock.unlock();
  *out = std::move(w);
  return Status::OK();
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
  // Each line's goal lines two bits a place, the blank's place skipped.
  uint32_t code[kMaxLines] = {};
  int k = 0;
  for (int l = 0; l < lines_; ++l) {
    int place = 0;
    for (int j = 0; j < per_line_; ++j, ++k) {
      const uint8_t cell = order_[k];
      if (cell == s.blank) continue;
      code[l] |= uint32_t{goal_line_[s.tile[cell]]} << (2 * place++);
    }
  }
  const int blank = line_of_[s.blank];
  return blank * arrangements_ + ranks_->Rank(code, blank);
}

std::shared_ptr<const bfs::FreshArray<uint8_t>> OrderedWalkingDistance::Search(
    int lines, int per_line, int blank_line, const SearchLimits& limits) {
  const OrderedWalkingDistance w(lines, per_line, blank_line);
  bfs::FreshArray<uint8_t> bytes;
  if (!w.Fill(&bytes, limits)) return nullptr;
  // Four bits an entry.
  auto table = std::make_shared<bfs::FreshArray<uint8_t>>();
  table->AllocateOrThrow((bytes.size() + 1) / 2, /*threads=*/1, 0);
  for (size_t id = 0; id < bytes.size(); ++id) {
    if (bytes[id] > 0xF) {  // none on any board Supports takes
      throw std::logic_error("an ordered walking distance over 15");
    }
    SetZeroNibble(table->data(), id, bytes[id]);
  }
  return table;
}

bool OrderedWalkingDistance::Fill(bfs::FreshArray<uint8_t>* table,
                                  const SearchLimits& limits) const {
  const LineRanks& ranks = *ranks_;
  bfs::FreshArray<uint8_t>& dist = *table;
  dist.AllocateOrThrow(static_cast<size_t>(lines_) * arrangements_,
                       /*threads=*/1, kUnreached);
  {
    uint32_t goal[kMaxLines] = {};
    for (int l = 0; l < lines_; ++l) {
      const int n = l == blank_line_ ? per_line_ - 1 : per_line_;
      for (int i = 0; i < n; ++i) goal[l] |= static_cast<uint32_t>(l) << (2 * i);
    }
    dist[blank_line_ * arrangements_ + ranks.Rank(goal, blank_line_)] = 0;
  }
  uint8_t flat[kMaxCells];
  uint64_t expanded = 0;
  bool more = true;
  for (int d = 0; more; ++d) {
    more = false;
    for (uint64_t id = 0; id < dist.size(); ++id) {
      if (dist[id] != d) continue;
      if ((++expanded & 0x3FFF) == 0 && PastLimits(limits)) return false;
      const int blank = static_cast<int>(id / arrangements_);
      Unrank(id % arrangements_, flat);
      uint32_t code[kMaxLines];
      for (int l = 0, k = 0; l < lines_; ++l) {
        code[l] = 0;
        const int n = l == blank ? per_line_ - 1 : per_line_;
        for (int i = 0; i < n; ++i) code[l] |= uint32_t{flat[k++]} << (2 * i);
      }
      // The blank at place c of its line, then 1, 2, ... lines either way.
      for (int c = 0; c < per_line_; ++c) {
        for (int dir : {-1, 1}) {
          uint32_t work[kMaxLines];
          std::copy(code, code + lines_, work);
          for (int at = blank; at + dir >= 0 && at + dir < lines_; at += dir) {
            const int to = at + dir;
            const uint32_t x = (work[to] >> (2 * c)) & 3;
            work[to] = Remove(work[to], c);
            work[at] = Insert(work[at], c, x);
            const uint64_t next = to * arrangements_ + ranks.Rank(work, to);
            if (dist[next] == kUnreached) {
              dist[next] = static_cast<uint8_t>(d + 1);
              more = true;
            }
          }
        }
      }
    }
  }
  return true;
}

}  // namespace slidedb
