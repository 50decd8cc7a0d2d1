// The memory a request makes for itself, counted against the budget the
// pattern databases' pages share (lib/search/page_budget.h, slidedb-serve
// --memory-limit): reservations, and the walking-distance tables' sizes
// known before they are made (lib/search/walking_distance.h).
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "lib/puzzle/board.h"
#include "lib/search/page_budget.h"
#include "lib/search/pdb_values.h"
#include "lib/search/walking_distance.h"

namespace slidedb {
namespace {

constexpr uint64_t kKiB = 1024;

// A reservation counts until it is dropped or shrunk; past the budget one
// is refused, saying what and how much, and nothing is counted for it.
TEST(MemoryBudgetTest, AReservationCountsUntilDropped) {
  auto budget = std::make_shared<PageBudget>(1024 * kKiB);
  std::unique_ptr<PageBudget::Reservation> a, b;
  ASSERT_TRUE(PageBudget::Reserve(budget, 600 * kKiB, "tables a", &a).ok());
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(budget->reserved(), 600 * kKiB);
  const Status s = PageBudget::Reserve(budget, 600 * kKiB, "tables b", &b);
  EXPECT_TRUE(s.IsResourceExhausted()) << s.ToString();
  EXPECT_EQ(b, nullptr);
  EXPECT_NE(s.message().find("tables b"), std::string::npos) << s.message();
  EXPECT_NE(s.message().find("memory limit"), std::string::npos)
      << s.message();
  EXPECT_EQ(budget->reserved(), 600 * kKiB);
  a->Shrink(100 * kKiB);
  EXPECT_EQ(budget->reserved(), 100 * kKiB);
  ASSERT_TRUE(PageBudget::Reserve(budget, 600 * kKiB, "tables b", &b).ok());
  EXPECT_EQ(budget->reserved(), 700 * kKiB);
  a.reset();
  b.reset();
  EXPECT_EQ(budget->reserved(), 0u);
  // More than the whole budget (it never fits: not the 503 to ask again
  // of a budget held by others), and no budget at all.
  const Status never = PageBudget::Reserve(budget, 2048 * kKiB, "big", &a);
  EXPECT_TRUE(never.IsNotSupported()) << never.ToString();
  EXPECT_NE(never.message().find("more than the memory limit allows in all"),
            std::string::npos)
      << never.message();
  ASSERT_TRUE(PageBudget::Reserve(nullptr, 2048 * kKiB, "big", &a).ok());
  EXPECT_EQ(a, nullptr);
}

// Pages read on demand are given back to make room for a reservation, and
// while it lives the pages read share what it leaves.
TEST(MemoryBudgetTest, PagesMakeRoomForAReservation) {
  auto budget = std::make_shared<PageBudget>(8 * 4096);
  const uint64_t entries = 32 * 4096;
  PdbValues v(
      entries, 8, 4096,
      [](uint32_t page, std::string* out) {
        *out = std::string(4096, static_cast<char>(1 + page % 200));
        return Status::OK();
      },
      budget);
  for (uint64_t i = 0; i < entries; i += 4096) ASSERT_NE(v[i], 0);
  EXPECT_GE(budget->held(), 6 * 4096u);
  std::unique_ptr<PageBudget::Reservation> r;
  ASSERT_TRUE(PageBudget::Reserve(budget, 5 * 4096, "tables", &r).ok());
  EXPECT_LE(budget->held(), 3 * 4096u);
  for (uint64_t i = 0; i < entries; i += 4096) {
    ASSERT_EQ(v[i], 1 + (i / 4096) % 200);
    ASSERT_LE(budget->held() + budget->reserved(), 8 * 4096u);
  }
}

// The number of table states and the bytes the made tables hold, known
// before they are made, are those of the made tables; 4x5's columns (6
// million states) are counted without making them.
TEST(MemoryBudgetTest, WalkingDistanceSizesAreKnownBeforehand) {
  for (const Board& board : {Board(3, 3), Board(2, 4), Board(4, 2),
                             Board(3, 4), Board(4, 4), Board(2, 6),
                             Board(3, 5)}) {
    // 3x5's columns (350,000 states) for one goal only.
    const bool big = board.cells() > 14;
    for (int goal_blank : {0, board.cells() / 2, board.cells() - 1}) {
      if (big && goal_blank != board.cells() - 1) continue;
      for (bool columns : {false, true}) {
        SCOPED_TRACE(board.Name() + " goal blank " +
                     std::to_string(goal_blank) + (columns ? " columns" : ""));
        const WalkingDistance wd(board, goal_blank, columns);
        EXPECT_EQ(WalkingDistance::States(board, goal_blank, columns),
                  wd.size());
        EXPECT_EQ(WalkingDistance::MadeBytes(board, goal_blank, columns),
                  wd.memory_bytes());
        EXPECT_GE(WalkingDistance::MakingBytes(board, goal_blank, columns),
                  wd.memory_bytes());
      }
    }
  }
  const Board big(4, 5);
  EXPECT_GT(WalkingDistance::States(big, 19, true), 5000000u);
  EXPECT_GT(WalkingDistance::MakingBytes(big, 19, true), uint64_t{400} << 20);
}

}  // namespace
}  // namespace slidedb
