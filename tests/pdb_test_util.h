// Pattern databases made for tests as slidedb-build makes them: a set by
// blank region with its successor words, and the metadata of 3x3's group
// of tiles 1, 2, 3; and what slidedb-build --verify says of them.
#ifndef SLIDEDB_TESTS_PDB_TEST_UTIL_H_
#define SLIDEDB_TESTS_PDB_TEST_UTIL_H_

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "lib/analysis/check.h"
#include "lib/puzzle/board.h"
#include "lib/puzzle/pattern.h"
#include "lib/search/pdb_build.h"
#include "lib/search/pdb_words.h"
#include "lib/storage/pdb_meta.h"

namespace slidedb {
namespace testing {

// Each group of `p` by blank region: its entries and successor words.
struct PdbByRegion {
  std::vector<std::vector<uint8_t>> values;
  std::vector<std::vector<uint32_t>> words;
};

inline PdbByRegion BuildPdbByRegion(const Board& board, int goal_blank,
                                    const Partition& p) {
  PdbByRegion out;
  for (const auto& tiles : p) {
    PdbResult r;
    EXPECT_TRUE(BuildPatternDb(board, goal_blank, tiles,
                               PdbIndexKind::kBlankRegion, 2, nullptr, &r)
                    .ok());
    std::vector<uint32_t> words;
    EXPECT_TRUE(ComputePdbWords(board, static_cast<int>(tiles.size()), r.values,
                                2, &words)
                    .ok());
    out.values.push_back(std::move(r.values));
    out.words.push_back(std::move(words));
  }
  return out;
}

// The metadata of 3x3's group of tiles 1, 2, 3 (of 1,2,3/4,5,6,7,8, the
// blank last), numbered by `index`, whose search gave `r`.
inline PdbMeta SmallPdbMeta(PdbIndexKind index, const PdbResult& r) {
  PdbMeta m;
  m.board = Board(3, 3);
  m.goal_blank = 8;
  m.goal = "1,2,3,4,5,6,7,8,0";
  m.partition = {{1, 2, 3}, {4, 5, 6, 7, 8}};
  m.tiles = {1, 2, 3};
  m.index = index;
  m.entries = r.values.size();
  m.max_value = static_cast<int>(r.histogram.size()) - 1;
  m.histogram = r.histogram;
  m.search_states = r.states;
  return m;
}

// The problems slidedb-build --verify lists for the pattern databases of
// `board` in `dir` (the only ones) and the database's own, joined; ""
// when all is well.
inline std::string PdbCheckProblems(const std::string& dir,
                                    const Board& board) {
  CheckReport report;
  CheckOptions options;
  options.board = board;
  const Status s = CheckDatabase(dir, options, &report);
  if (!s.ok()) return "the check failed: " + s.ToString();
  std::string problems;
  for (const std::string& p : report.problems) problems += p + "\n";
  for (const TableCheck& t : report.tables) {
    for (const CheckProblem& p : t.listed) problems += p.what + "\n";
    if (t.problems > t.listed.size()) problems += "...\n";
  }
  EXPECT_EQ(report.ok(), problems.empty()) << problems;
  return problems;
}

}  // namespace testing
}  // namespace slidedb

#endif  // SLIDEDB_TESTS_PDB_TEST_UTIL_H_
