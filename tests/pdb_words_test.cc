// Successor words (lib/search/pdb_words.h) and the search over them
// (lib/search/ida_words.h): each bit against the entries themselves, and
// the search against the one that reads the entries, state for state.
#include "lib/search/pdb_words.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "lib/puzzle/index.h"
#include "lib/puzzle/pattern.h"
#include "lib/puzzle/region_pattern.h"
#include "lib/search/bfs_memory.h"
#include "lib/search/ida_search.h"
#include "lib/search/pdb_build.h"
#include "tests/pdb_test_util.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

using testing::BuildPdbByRegion;
using testing::PdbByRegion;

// For states of the real puzzle, each move of a group's tile: its bit says
// whether the group's entry goes down by one, and else it goes up by one.
TEST(PdbWordsTest, EachBitIsTheChangeOfTheEntryOnRealMoves) {
  const Board board(3, 4);
  const int goal_blank = 11;
  const std::vector<int> tiles = {1, 2, 5, 6, 9};
  const PdbByRegion t = BuildPdbByRegion(board, goal_blank, {tiles});
  const GroupIndexer gix(board, 5, PdbIndexKind::kBlankRegion);
  const Indexer indexer(board, goal_blank);
  std::mt19937_64 rng(7);
  std::uniform_int_distribution<Index> any(0, indexer.size() - 1);
  const auto cells_of = [&](const State& s, uint8_t* cell) {
    for (int c = 0; c < board.cells(); ++c) {
      for (int i = 0; i < 5; ++i) {
        if (s.tile[c] == tiles[i]) cell[i] = static_cast<uint8_t>(c);
      }
    }
  };
  int downs = 0, ups = 0;
  for (int n = 0; n < 3000; ++n) {
    const State s = indexer.StateAt(any(rng));
    uint8_t cell[kMaxPatternTiles];
    cells_of(s, cell);
    const uint64_t i = gix.IndexOf(cell, s.blank);
    for (Move m : kAllMoves) {
      State child = s;
      uint8_t tile;
      if (!ApplyMove(board, m, &child, &tile)) continue;
      const auto slot = std::find(tiles.begin(), tiles.end(), tile);
      if (slot == tiles.end()) continue;
      uint8_t moved[kMaxPatternTiles];
      cells_of(child, moved);
      const int before = t.values[0][i];
      const int after = t.values[0][gix.IndexOf(moved, child.blank)];
      const bool bit =
          t.words[0][i] >>
              PdbWordBit(static_cast<int>(slot - tiles.begin()), Inverse(m)) &
          1u;
      ASSERT_EQ(after, bit ? before - 1 : before + 1) << i;
      (bit ? downs : ups)++;
    }
  }
  EXPECT_GT(downs, 100);
  EXPECT_GT(ups, 100);
}

// An entry off by one from its neighbours is not a table by blank region.
TEST(PdbWordsTest, AnEntryThatIsNotADistanceIsCorruption) {
  const Board board(3, 3);
  PdbResult r;
  ASSERT_TRUE(BuildPatternDb(board, 8, {1, 2, 3}, PdbIndexKind::kBlankRegion, 1,
                             nullptr, &r)
                  .ok());
  std::vector<uint32_t> words;
  ASSERT_TRUE(ComputePdbWords(board, 3, r.values, 1, &words).ok());
  r.values[r.values.size() / 2] += 2;
  const Status s = ComputePdbWords(board, 3, r.values, 2, &words);
  EXPECT_TRUE(s.IsCorruption()) << s.ToString();
}

// The search over words visits the same states as the search over the
// entries and finds the same path: on 3x4 (no reflection) and on 3x3 with
// the reflection, by Solve and by one bounded iteration (Within).
TEST(PdbWordsTest, TheSearchOverWordsIsTheSearchOverEntries) {
  struct Case {
    Board board;
    int goal_blank;
    Partition partition;
    int step;
  };
  const int scale = testing::kSanitized ? 4 : 1;  // fewer under a sanitizer
  for (const Case& c :
       {Case{Board(3, 4), 11, ConsecutiveGroups({5, 6}), 479001 * scale},
        Case{Board(3, 3), 4, ConsecutiveGroups({4, 4}), 211 * scale},
        Case{Board(3, 3), 0, ConsecutiveGroups({4, 4}), 211 * scale}}) {
    SCOPED_TRACE(c.board.Name() + " goal blank " +
                 std::to_string(c.goal_blank));
    PdbByRegion t = BuildPdbByRegion(c.board, c.goal_blank, c.partition);
    const PdbSearch entries(c.board, c.goal_blank, c.partition,
                            PdbIndexKind::kBlankRegion, t.values);
    const PdbSearch words(c.board, c.goal_blank, c.partition,
                          PdbIndexKind::kBlankRegion, t.values, t.words);
    ASSERT_FALSE(entries.has_words());
    ASSERT_TRUE(words.has_words());
    ASSERT_EQ(words.reflects(), c.board.rows() == c.board.cols());
    const Indexer indexer(c.board, c.goal_blank);
    for (Index i = 0; i < indexer.size(); i += c.step) {
      const State s = indexer.StateAt(i);
      Path a, b;
      ASSERT_TRUE(entries.Solve(s, &a).ok());
      ASSERT_TRUE(words.Solve(s, &b).ok());
      ASSERT_EQ(a.moves, b.moves) << i;
      ASSERT_EQ(a.tiles, b.tiles) << i;
      ASSERT_EQ(a.nodes, b.nodes) << i;
      // On two threads (subtrees shared out): the same path from the same
      // states.
      SearchLimits two;
      two.threads = 2;
      Path c;
      ASSERT_TRUE(words.Solve(s, &c, two).ok());
      ASSERT_EQ(c.moves, a.moves) << i;
      ASSERT_EQ(c.nodes, a.nodes) << i;
      bool within_a, within_b;
      const int below = std::max(0, a.distance() - 2);
      ASSERT_TRUE(entries.Within(s, below, &within_a).ok());
      ASSERT_TRUE(words.Within(s, below, &within_b).ok());
      ASSERT_EQ(within_a, within_b) << i;
    }
  }
}

// The flags (/proc/self/smaps VmFlags) of this process's mapping of
// `path`, or "" when it maps no such file.
std::string MappingFlags(const std::string& path) {
  const std::string name = std::filesystem::canonical(path).string();
  std::ifstream smaps("/proc/self/smaps");
  bool in = false;
  for (std::string line; std::getline(smaps, line);) {
    if (line.size() > name.size() &&
        line.compare(line.size() - name.size(), name.size(), name) == 0) {
      in = true;
    } else if (in && line.rfind("VmFlags:", 0) == 0) {
      return line;
    }
  }
  return "";
}

// Words mapped from a file (as the solver reads them) are the words in
// memory, and search alike; a missing file is NotFound, one of the wrong
// size Corruption. The mapping asks for huge pages (VmFlags "hg"): the
// search's reads land anywhere in the file, and from small pages read in
// from the disk each one misses the translation buffer.
TEST(PdbWordsTest, AMappedFileIsTheWordsInMemory) {
  const Board board(3, 3);
  const Partition p = ConsecutiveGroups({4, 4});
  const PdbByRegion t = BuildPdbByRegion(board, 8, p);
  const std::string dir = testing::TempDir("pdb-words-map");
  std::vector<PdbValues> mapped(p.size());
  for (size_t g = 0; g < p.size(); ++g) {
    const std::string path = dir + "/" + std::to_string(g) + ".words";
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(t.words[g].data()),
               static_cast<std::streamsize>(t.words[g].size() * 4));
    ASSERT_TRUE(PdbValues::MapFile(path, t.words[g].size(), &mapped[g]).ok());
    ASSERT_EQ(mapped[g].entry_bits(), 32);
#if defined(__linux__)
    const std::string flags = MappingFlags(path) + " ";
    EXPECT_NE(flags.find(" hg "), std::string::npos) << flags;
#endif
    for (uint64_t i = 0; i < t.words[g].size(); i += 3) {
      ASSERT_EQ(mapped[g].Word(i), t.words[g][i]) << g << " " << i;
    }
  }
  PdbValues none;
  EXPECT_TRUE(
      PdbValues::MapFile(dir + "/absent.words", 10, &none).IsNotFound());
  EXPECT_TRUE(PdbValues::MapFile(dir + "/0.words", t.words[0].size() + 1, &none)
                  .IsCorruption());
  // No room to map it (ulimit -v) is too little memory, not a bad file.
  RefuseMemoryForTesting(1);
  const Status refused =
      PdbValues::MapFile(dir + "/0.words", t.words[0].size(), &none);
  RefuseMemoryForTesting(0);
  EXPECT_TRUE(refused.IsResourceExhausted()) << refused.ToString();
  const PdbSearch eager(board, 8, p, PdbIndexKind::kBlankRegion, t.values,
                        t.words);
  std::vector<PdbValues> values;
  for (const auto& v : t.values) values.emplace_back(v);
  const PdbSearch from_file(board, 8, p, PdbIndexKind::kBlankRegion,
                            std::move(values), std::move(mapped));
  ASSERT_TRUE(from_file.has_words());
  const Indexer indexer(board, 8);
  for (Index i = 0; i < indexer.size(); i += 9973) {
    Path a, b;
    ASSERT_TRUE(eager.Solve(indexer.StateAt(i), &a).ok());
    ASSERT_TRUE(from_file.Solve(indexer.StateAt(i), &b).ok());
    ASSERT_EQ(a.moves, b.moves) << i;
    ASSERT_EQ(a.nodes, b.nodes) << i;
  }
}

}  // namespace
}  // namespace slidedb
