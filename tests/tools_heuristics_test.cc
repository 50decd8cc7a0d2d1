// slidedb-query --heuristics against heuristics computed here, in the
// user's labels, over a plain BFS (tests/tools_reference.h). The linear
// conflict is found by trying every subset of each line's tiles, not by the
// library's longest increasing subsequence.
#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "tests/test_util.h"
#include "tests/tools_reference.h"

namespace slidedb {
namespace {

using testing::JsonLines;
using tools_test::RefPuzzle;

// A short list of goal rows or columns, without allocating.
class Line {
 public:
  void push_back(int x) { v_[n_++] = x; }
  size_t size() const { return n_; }
  const int* begin() const { return v_; }
  const int* end() const { return v_ + n_; }

 private:
  int v_[12];
  size_t n_ = 0;
};

class RefHeuristics {
 public:
  RefHeuristics(int rows, int cols, const std::string& goal, char blank)
      : rows_(rows), cols_(cols), goal_(goal), blank_(blank) {
    for (size_t c = 0; c < goal.size(); ++c) {
      home_[static_cast<unsigned char>(goal[c])] = static_cast<int>(c);
    }
  }

  int Misplaced(const std::string& s) const {
    int h = 0;
    for (size_t c = 0; c < s.size(); ++c) {
      h += s[c] != blank_ && s[c] != goal_[c];
    }
    return h;
  }
  int Manhattan(const std::string& s) const {
    int h = 0;
    for (size_t c = 0; c < s.size(); ++c) {
      if (s[c] == blank_) continue;
      const int g = Home(s[c]);
      h += std::abs(g / cols_ - static_cast<int>(c) / cols_) +
           std::abs(g % cols_ - static_cast<int>(c) % cols_);
    }
    return h;
  }
  int LinearConflict(const std::string& s) const {
    int h = Manhattan(s);
    for (int r = 0; r < rows_; ++r) {
      Line goal_cols;  // of the tiles at home in row r
      for (int c = 0; c < cols_; ++c) {
        const char t = s[r * cols_ + c];
        if (t == blank_) continue;
        const int g = Home(t);
        if (g / cols_ == r) goal_cols.push_back(g % cols_);
      }
      h += 2 * FewestToRemove(goal_cols);
    }
    for (int c = 0; c < cols_; ++c) {
      Line goal_rows;
      for (int r = 0; r < rows_; ++r) {
        const char t = s[r * cols_ + c];
        if (t == blank_) continue;
        const int g = Home(t);
        if (g % cols_ == c) goal_rows.push_back(g / cols_);
      }
      h += 2 * FewestToRemove(goal_rows);
    }
    return h;
  }
  int Value(int kind, const std::string& s) const {
    return kind == 0   ? Misplaced(s)
           : kind == 1 ? Manhattan(s)
                       : LinearConflict(s);
  }

 private:
  // The fewest entries whose removal leaves no pair out of order, by trying
  // every subset to keep; remembered per line content (3 bits an entry).
  int FewestToRemove(const Line& v) const {
    uint32_t key = static_cast<uint32_t>(v.size());
    for (int x : v) key = key << 3 | static_cast<uint32_t>(x);
    if (memo_.size() <= key) memo_.resize(key + 1, -1);
    if (memo_[key] < 0) {
      memo_[key] = static_cast<int8_t>(
          TryEverySubset(std::vector<int>(v.begin(), v.end())));
    }
    return memo_[key];
  }
  static int TryEverySubset(const std::vector<int>& v) {
    const int n = static_cast<int>(v.size());
    int best = n;
    for (unsigned keep = 0; keep < (1u << n); ++keep) {
      bool ordered = true;
      for (int a = 0; a < n && ordered; ++a) {
        for (int b = a + 1; b < n && ordered; ++b) {
          if ((keep >> a & 1) && (keep >> b & 1) && v[a] > v[b]) {
            ordered = false;
          }
        }
      }
      if (ordered) best = std::min(best, n - __builtin_popcount(keep));
    }
    return best;
  }

  int Home(char t) const { return home_[static_cast<unsigned char>(t)]; }

  int rows_, cols_;
  int home_[256] = {};  // the goal cell of each label
  std::string goal_;
  char blank_;
  mutable std::vector<int8_t> memo_;
};

void CheckReport(int rows, int cols, const std::string& goal, char blank,
                 const std::vector<std::string>& args) {
  const RefPuzzle ref(rows, cols, goal, blank);
  const RefHeuristics heur(rows, cols, goal, blank);
  std::vector<std::string> full = {"--db", testing::TestDatabase(),
                                   "--heuristics", "--format", "json"};
  full.insert(full.end(), args.begin(), args.end());
  auto r = testing::RunQueryCli(full);
  ASSERT_EQ(r.status, 0) << r.err;
  const auto j = JsonLines(r.out).at(0);
  EXPECT_EQ(j["states"], ref.size());
  const char* names[] = {"misplaced", "manhattan", "linear_conflict"};
  struct Stats {
    bool admissible = true, consistent = true;
    double ratio_sum = 0;
    uint64_t exact = 0;
    std::map<int, uint64_t> errors;
  } stats[3];
  uint64_t non_goal = 0;
  // One pass over every state, each edge seen from both ends.
  std::string s, t;
  ref.ForEachKey([&](uint64_t key, int d) {
    int h[3], ht[3][4];
    int degree = 0;
    ref.UnpackInto(key, &s);
    for (int kind = 0; kind < 3; ++kind) h[kind] = heur.Value(kind, s);
    ref.ForEachNeighbourKey(key, [&](char, uint64_t next) {
      ref.UnpackInto(next, &t);
      for (int kind = 0; kind < 3; ++kind)
        ht[kind][degree] = heur.Value(kind, t);
      ++degree;
    });
    if (d > 0) ++non_goal;
    for (int kind = 0; kind < 3; ++kind) {
      Stats& st = stats[kind];
      st.admissible = st.admissible && h[kind] <= d;
      st.exact += h[kind] == d;
      ++st.errors[d - h[kind]];
      if (d > 0) {
        st.ratio_sum += static_cast<double>(h[kind]) / d;
      } else {
        st.consistent = st.consistent && h[kind] == 0;
      }
      for (int k = 0; k < degree; ++k) {
        st.consistent = st.consistent && h[kind] <= ht[kind][k] + 1;
      }
    }
  });
  for (int kind = 0; kind < 3; ++kind) {
    const Stats& st = stats[kind];
    const auto& got = j.at(names[kind]);
    const std::string what = std::string(names[kind]) + " " + goal;
    EXPECT_EQ(got["admissible"], st.admissible) << what;
    EXPECT_EQ(got["consistent"], st.consistent) << what;
    EXPECT_EQ(got["exact"], st.exact) << what;
    EXPECT_NEAR(got["mean_ratio"].get<double>(), st.ratio_sum / non_goal, 1e-6)
        << what;
    std::map<int, uint64_t> got_errors;
    for (const auto& [e, n] : got["error_counts"].items()) {
      got_errors[std::stoi(e)] = n;
    }
    EXPECT_EQ(got_errors, st.errors) << what;
  }
}

TEST(ToolsHeuristicsTest, EightPuzzle) {
  CheckReport(3, 3, "123456780", '0', {});
}

// The user's goal, in the user's labels: the heuristics are measured
// against it, and relabelling must not change them.
TEST(ToolsHeuristicsTest, RelabelledGoals) {
  CheckReport(3, 3, "123804765", '0', {"--goal", "123/8_4/765"});
  CheckReport(3, 3, "HGFJEDCBA", 'J',
              {"--goal", "HGF/JED/CBA", "--blank", "J"});
}

TEST(ToolsHeuristicsTest, SmallBoardsEveryGoal) {
  for (const auto& t : tools_test::AllTestTables()) {
    const int cells = t.rows * t.cols;
    if (cells > 8 || (cells == 8 && t.blank % 3 != 0)) continue;
    const std::string goal = tools_test::CanonicalGoalText(cells, t.blank);
    CheckReport(t.rows, t.cols, goal, '0',
                {"--board", t.board(), "--goal", goal});
  }
}

TEST(ToolsHeuristicsTest, TenCells) {
  CheckReport(2, 5, "1234567890", '0', {"--board", "2x5"});
}

TEST(ToolsHeuristicsTest, TextAndCsv) {
  auto r =
      testing::RunQueryCli({"--db", testing::TestDatabase(), "--heuristics"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("181440 states"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("manhattan        yes        yes        0.642000"),
            std::string::npos)
      << r.out;
  r = testing::RunQueryCli(
      {"--db", testing::TestDatabase(), "--heuristics", "--format", "csv"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto lines = tools_test::Lines(r.out);
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines[0], "heuristic,error,count");
  // The counts of each heuristic add up to every state.
  std::map<std::string, uint64_t> total;
  for (size_t k = 1; k < lines.size(); ++k) {
    const size_t a = lines[k].find(','), b = lines[k].rfind(',');
    total[lines[k].substr(0, a)] += std::stoull(lines[k].substr(b + 1));
  }
  EXPECT_EQ(total, (std::map<std::string, uint64_t>{{"linear_conflict", 181440},
                                                    {"manhattan", 181440},
                                                    {"misplaced", 181440}}));
}

}  // namespace
}  // namespace slidedb
