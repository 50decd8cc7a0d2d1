// An independent model of the puzzle for the tools' tests: states are
// strings of one-character labels ('0' the blank) in the user's labels, and
// a plain breadth-first search from the user's goal over a hash map finds
// every distance and counts the shortest paths. It shares no code with the
// library.
#ifndef SLIDEDB_TESTS_TOOLS_REFERENCE_H_
#define SLIDEDB_TESTS_TOOLS_REFERENCE_H_

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace slidedb::tools_test {

struct RefInfo {
  int distance;
  unsigned __int128 paths;  // shortest paths to the goal
};

class RefPuzzle {
 public:
  // goal: rows*cols characters, '0' the blank.
  RefPuzzle(int rows, int cols, std::string goal, char blank = '0')
      : rows_(rows), cols_(cols), goal_(std::move(goal)), blank_(blank) {
    // States are packed 4 bits a cell: the position of the cell's label
    // in the goal string.
    for (size_t c = 0; c < goal_.size(); ++c) {
      code_[static_cast<unsigned char>(goal_[c])] = static_cast<uint8_t>(c);
    }
    const uint64_t g = Pack(goal_);
    size_t expect = 1;
    for (int k = 3; k <= rows * cols; ++k) expect *= k;
    info_.reserve(expect);
    info_[g] = {0, 1};
    std::vector<uint64_t> level{g}, next;
    for (int d = 0; !level.empty(); ++d) {
      next.clear();
      for (uint64_t s : level) {
        const unsigned __int128 paths = info_[s].paths;
        ForEachNeighbour(s, [&](char, uint64_t t) {
          auto [it, fresh] = info_.try_emplace(t, RefInfo{d + 1, 0});
          if (fresh) next.push_back(t);
          if (it->second.distance == d + 1) it->second.paths += paths;
        });
      }
      if (!next.empty()) max_distance_ = d + 1;
      level.swap(next);
    }
  }

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  const std::string& goal() const { return goal_; }
  int max_distance() const { return max_distance_; }
  size_t size() const { return info_.size(); }
  bool Has(const std::string& s) const { return info_.count(Pack(s)) > 0; }
  int Distance(const std::string& s) const {
    return info_.at(Pack(s)).distance;
  }
  unsigned __int128 Paths(const std::string& s) const {
    return info_.at(Pack(s)).paths;
  }
  // Calls f(state, distance) for every state.
  template <typename F>
  void ForEach(F f) const {
    for (const auto& [k, i] : info_) f(Unpack(k), i.distance);
  }

  // The same without building strings: f(key, distance) for every state,
  // and f(letter, key) for each neighbour of a key; UnpackInto() turns a
  // key into its string.
  template <typename F>
  void ForEachKey(F f) const {
    for (const auto& [k, i] : info_) f(k, i.distance);
  }
  template <typename F>
  void ForEachNeighbourKey(uint64_t k, F f) const {
    ForEachNeighbour(k, f);
  }
  void UnpackInto(uint64_t k, std::string* s) const {
    s->resize(goal_.size());
    for (size_t c = 0; c < s->size(); ++c) (*s)[c] = goal_[(k >> (4 * c)) & 15];
  }

  // (letter of the blank's move, resulting state) for each legal move, in
  // the order U D L R.
  std::vector<std::pair<char, std::string>> Neighbours(
      const std::string& s) const {
    std::vector<std::pair<char, std::string>> out;
    ForEachNeighbour(
        Pack(s), [&](char l, uint64_t t) { out.emplace_back(l, Unpack(t)); });
    return out;
  }

  // Plays blank moves; false at the first that leaves the board.
  bool Play(const std::string& moves, std::string* s) const {
    for (char letter : moves) {
      bool moved = false;
      for (const auto& [l, t] : Neighbours(*s)) {
        if (l == letter) {
          *s = t;
          moved = true;
        }
      }
      if (!moved) return false;
    }
    return true;
  }

  // Every shortest move sequence from s, sorted with U < D < L < R.
  void AllShortest(const std::string& s, std::string* prefix,
                   std::vector<std::string>* out) const {
    const int d = Distance(s);
    if (d == 0) {
      out->push_back(*prefix);
      return;
    }
    for (const auto& [l, t] : Neighbours(s)) {
      if (Distance(t) != d - 1) continue;
      prefix->push_back(l);
      AllShortest(t, prefix, out);
      prefix->pop_back();
    }
  }

 private:
  uint64_t Pack(const std::string& s) const {
    uint64_t k = 0;
    for (size_t c = 0; c < s.size(); ++c) {
      k |= static_cast<uint64_t>(code_[static_cast<unsigned char>(s[c])])
           << (4 * c);
    }
    return k;
  }
  std::string Unpack(uint64_t k) const {
    std::string s(goal_.size(), ' ');
    for (size_t c = 0; c < s.size(); ++c) s[c] = goal_[(k >> (4 * c)) & 15];
    return s;
  }
  template <typename F>
  void ForEachNeighbour(uint64_t s, F f) const {
    const uint64_t blank_code = code_[static_cast<unsigned char>(blank_)];
    int b = 0;
    while (((s >> (4 * b)) & 15) != blank_code) ++b;
    const int r = b / cols_, c = b % cols_;
    const struct {
      char letter;
      int dr, dc;
    } kMoves[] = {{'U', -1, 0}, {'D', 1, 0}, {'L', 0, -1}, {'R', 0, 1}};
    for (const auto& m : kMoves) {
      const int nr = r + m.dr, nc = c + m.dc;
      if (nr < 0 || nr >= rows_ || nc < 0 || nc >= cols_) continue;
      const int to = nr * cols_ + nc;
      const uint64_t tile = (s >> (4 * to)) & 15;
      uint64_t t = s & ~(uint64_t{15} << (4 * to)) & ~(uint64_t{15} << (4 * b));
      t |= tile << (4 * b) | blank_code << (4 * to);
      f(m.letter, t);
    }
  }

  int rows_, cols_;
  std::string goal_;
  char blank_;
  uint8_t code_[256] = {};  // the 4-bit code of each label
  int max_distance_ = 0;
  std::unordered_map<uint64_t, RefInfo> info_;
};

inline std::string ToDecimal(unsigned __int128 n) {
  std::string s;
  do {
    s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(n % 10)));
    n /= 10;
  } while (n > 0);
  return s;
}

// The state as the tool writes it: with commas between labels on boards of
// more than 9 cells.
inline std::string AsWritten(const std::string& s) {
  if (s.size() <= 9) return s;
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (i > 0) out += ',';
    out += s[i];
  }
  return out;
}

// The canonical goal of a board with the blank on `blank`: 1, 2, ... in
// reading order around it (labels 1-9 and then A, B for 10 and 11 are never
// needed: the test boards have at most 10 cells).
inline std::string CanonicalGoalText(int cells, int blank) {
  std::string s;
  char next = '1';
  for (int c = 0; c < cells; ++c) s += c == blank ? '0' : next++;
  return s;
}

// The lines of text output.
inline std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> out;
  size_t at = 0;
  while (at < text.size()) {
    size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    out.push_back(text.substr(at, end - at));
    at = end + 1;
  }
  return out;
}

// Every board of the test database with the blank cells it has tables for.
struct TestTable {
  int rows, cols, blank;
  std::string board() const {
    return std::to_string(rows) + "x" + std::to_string(cols);
  }
};
inline std::vector<TestTable> AllTestTables() {
  std::vector<TestTable> out;
  for (auto [r, c] :
       {std::pair{3, 3}, {2, 2}, {2, 3}, {3, 2}, {2, 4}, {4, 2}}) {
    for (int b = 0; b < r * c; ++b) out.push_back({r, c, b});
  }
  out.push_back({2, 5, 9});
  return out;
}

// Up to `n` states of the puzzle spread over its distances: the farthest
// ones, then every k-th in the reference's (fixed) iteration order.
inline std::vector<std::string> SomeStates(const RefPuzzle& ref, size_t n) {
  std::vector<std::string> out;
  ref.ForEach([&](const std::string& s, int d) {
    if (d == ref.max_distance() && out.size() < n / 2) out.push_back(s);
  });
  const size_t step = std::max<size_t>(1, ref.size() / (n - out.size()));
  size_t k = 0;
  ref.ForEach([&](const std::string& s, int d) {
    if (k++ % step == 0 && out.size() < n && d != ref.max_distance()) {
      out.push_back(s);
    }
  });
  return out;
}

}  // namespace slidedb::tools_test

#endif  // SLIDEDB_TESTS_TOOLS_REFERENCE_H_
