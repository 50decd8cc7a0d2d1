// Pattern databases stored four bits an entry (lib/search/pdb_encoding.h):
// the packing is exact, and a search over packed entries, in memory (read
// without the pages' flags) or read page by page, is the search over bytes:
// the same heuristic everywhere, so the same paths and the same node counts.
#include "lib/search/pdb_encoding.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "lib/puzzle/index.h"
#include "lib/puzzle/pattern.h"
#include "lib/search/ida_search.h"
#include "lib/search/pdb_build.h"
#include "lib/search/pdb_values.h"

namespace slidedb {
namespace {

struct EncodingCase {
  Board board;
  int goal_blank;
  Partition partition;
};

// The goal blank on the diagonal of a square board (the search adds the
// reflection's entries too), in a middle cell, and on a board that is not
// square.
std::vector<EncodingCase> Cases() {
  return {{Board(3, 3), 8, ConsecutiveGroups({4, 4})},
          {Board(3, 3), 4, ConsecutiveGroups({4, 4})},
          {Board(3, 4), 0, ConsecutiveGroups({5, 6})}};
}

std::vector<std::vector<uint8_t>> Build(const EncodingCase& c) {
  std::vector<std::vector<uint8_t>> all;
  for (const auto& tiles : c.partition) {
    PdbResult r;
    EXPECT_TRUE(BuildPatternDb(c.board, c.goal_blank, tiles,
                               PdbIndexKind::kPlacement, 2, nullptr, &r)
                    .ok());
    all.push_back(std::move(r.values));
  }
  return all;
}

// Packed entries read `page_entries` at a time, as a database's pages.
PdbValues PagedNibbles(const std::vector<uint8_t>& packed, uint64_t entries,
                       uint32_t page_entries) {
  auto bytes = std::make_shared<std::vector<uint8_t>>(packed);
  return PdbValues(entries, kPdbNibbleEntries, page_entries,
                   [bytes, page_entries](uint32_t page, std::string* out) {
                     const size_t begin = size_t{page} * page_entries / 2;
                     const size_t end =
                         std::min(bytes->size(), begin + page_entries / 2);
                     out->assign(bytes->begin() + begin, bytes->begin() + end);
                     return Status::OK();
                   });
}

TEST(PdbEncodingTest, PackingIsExactAndHalvesTheBytes) {
  for (const EncodingCase& c : Cases()) {
    SCOPED_TRACE(c.board.Name() + " b" + std::to_string(c.goal_blank));
    const auto all = Build(c);
    for (size_t g = 0; g < all.size(); ++g) {
      std::vector<uint8_t> packed;
      ASSERT_TRUE(PackPdbEntries(c.board, c.goal_blank, c.partition[g],
                                 PdbIndexKind::kPlacement, all[g], 2, &packed));
      EXPECT_EQ(packed.size(), (all[g].size() + 1) / 2);
      EXPECT_EQ(
          UnpackPdbEntries(c.board, c.goal_blank, c.partition[g],
                           PdbIndexKind::kPlacement, all[g].size(), packed),
          all[g]);
    }
  }
}

TEST(PdbEncodingTest, EntriesThatDoNotFitStayBytes) {
  const Board board(3, 3);
  const std::vector<int> tiles = {1, 2, 3, 4};
  PdbResult r;
  ASSERT_TRUE(
      BuildPatternDb(board, 8, tiles, PdbIndexKind::kPlacement, 1, nullptr, &r)
          .ok());
  std::vector<uint8_t> packed;
  std::vector<uint8_t> odd = r.values;
  odd[odd.size() / 2] += 1;  // not of its md's parity
  EXPECT_FALSE(PackPdbEntries(board, 8, tiles, PdbIndexKind::kPlacement, odd, 1,
                              &packed));
  EXPECT_TRUE(packed.empty());
  std::vector<uint8_t> far = r.values;
  far[0] = static_cast<uint8_t>(far[0] + 32);  // more than 30 over its md
  EXPECT_FALSE(PackPdbEntries(board, 8, tiles, PdbIndexKind::kPlacement, far, 1,
                              &packed));
  std::vector<uint8_t> unreached = r.values;
  unreached[1] = kPdbUnreached;
  EXPECT_FALSE(PackPdbEntries(board, 8, tiles, PdbIndexKind::kPlacement,
                              unreached, 1, &packed));
}

TEST(PdbEncodingTest, SearchesOverNibblesAreTheSearchesOverBytes) {
  for (const EncodingCase& c : Cases()) {
    SCOPED_TRACE(c.board.Name() + " b" + std::to_string(c.goal_blank));
    const auto all = Build(c);
    std::vector<PdbValues> in_memory, paged;
    for (size_t g = 0; g < all.size(); ++g) {
      std::vector<uint8_t> packed;
      ASSERT_TRUE(PackPdbEntries(c.board, c.goal_blank, c.partition[g],
                                 PdbIndexKind::kPlacement, all[g], 1, &packed));
      PdbValues whole;
      ASSERT_TRUE(PdbValues::InMemory(
                      all[g].size(), kPdbNibbleEntries,
                      [&packed](const PdbValues::Put& put) {
                        put(0, std::string_view(
                                   reinterpret_cast<const char*>(packed.data()),
                                   packed.size()));
                        return Status::OK();
                      },
                      &whole)
                      .ok());
      // Read whole: the search reads them without the pages' flags.
      ASSERT_TRUE(whole.whole());
      for (uint64_t i = 0; i < all[g].size(); i += 97) {
        ASSERT_EQ(whole.Whole(i), whole[i]) << i;
      }
      in_memory.push_back(std::move(whole));
      paged.push_back(PagedNibbles(packed, all[g].size(), 2048));
      EXPECT_FALSE(paged.back().whole());
    }
    const PdbSearch bytes(c.board, c.goal_blank, c.partition,
                          PdbIndexKind::kPlacement,
                          std::vector<std::vector<uint8_t>>(all));
    const PdbSearch nibbles(c.board, c.goal_blank, c.partition,
                            PdbIndexKind::kPlacement, std::move(in_memory));
    const PdbSearch nibble_pages(c.board, c.goal_blank, c.partition,
                                 PdbIndexKind::kPlacement, std::move(paged));
    const Indexer indexer(c.board, c.goal_blank);
    std::mt19937_64 rng(c.goal_blank);
    std::uniform_int_distribution<Index> any(0, indexer.size() - 1);
    for (int k = 0; k < 300; ++k) {
      const State s = indexer.StateAt(any(rng));
      ASSERT_EQ(nibbles.Heuristic(s), bytes.Heuristic(s));
      if (k % 10 != 0) continue;
      Path a, b, p;
      ASSERT_TRUE(bytes.Solve(s, &a).ok());
      ASSERT_TRUE(nibbles.Solve(s, &b).ok());
      ASSERT_TRUE(nibble_pages.Solve(s, &p).ok());
      EXPECT_EQ(b.moves, a.moves);
      EXPECT_EQ(b.nodes, a.nodes);
      EXPECT_EQ(p.moves, a.moves);
      EXPECT_EQ(p.nodes, a.nodes);
    }
  }
}

}  // namespace
}  // namespace slidedb
