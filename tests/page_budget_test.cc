// PageBudget over PdbValues read on demand: past the budget pages are
// given back and read again, every entry still reads as stored, and a
// database that goes away leaves the budget working.
#include "lib/search/page_budget.h"

#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "lib/search/pdb_values.h"

namespace slidedb {
namespace {

// An entry's value: never 0, so that a page given back and read as zeros
// would show.
uint8_t Entry(uint64_t i) { return static_cast<uint8_t>(1 + (i * 37) % 200); }

// The entries of page `page`, as the database would give them.
std::string PageOf(uint64_t entries, uint32_t page_entries, uint32_t page) {
  const uint64_t begin = uint64_t{page} * page_entries;
  const uint64_t end = std::min(entries, begin + page_entries);
  std::string out;
  for (uint64_t i = begin; i < end; ++i) {
    out.push_back(static_cast<char>(Entry(i)));
  }
  return out;
}

PdbValues Paged(uint64_t entries, uint32_t page_entries,
                std::shared_ptr<PageBudget> budget,
                std::shared_ptr<int> reads) {
  return PdbValues(
      entries, 8, page_entries,
      [entries, page_entries, reads](uint32_t page, std::string* out) {
        ++*reads;
        *out = PageOf(entries, page_entries, page);
        return Status::OK();
      },
      std::move(budget));
}

// Pages of a system page's size (given back with madvise) and smaller ones
// (cleared), sharing one budget of three system pages.
TEST(PageBudgetTest, PagesPastTheBudgetAreGivenBackAndReadAgain) {
  const uint64_t budget_bytes = 3 * 4096;
  auto budget = std::make_shared<PageBudget>(budget_bytes);
  auto reads = std::make_shared<int>(0);
  const uint64_t big = 40 * 4096 + 100, small = 20 * 1024 + 7;
  PdbValues a = Paged(big, 4096, budget, reads);
  PdbValues b = Paged(small, 1024, budget, reads);
  std::mt19937_64 rng(7);
  for (int k = 0; k < 20000; ++k) {
    const bool in_a = rng() % 2 == 0;
    const uint64_t i = rng() % (in_a ? big : small);
    ASSERT_EQ(in_a ? a[i] : b[i], Entry(i)) << k;
    ASSERT_LE(budget->held(), budget_bytes) << k;
  }
  EXPECT_GT(budget->given_back(), 0u);
  // Read again after being given back: more reads than pages.
  EXPECT_GT(a.pages_read() + b.pages_read(), 41u + 21u);
  EXPECT_EQ(static_cast<uint64_t>(*reads), a.pages_read() + b.pages_read());
}

// A page used again since the budget last looked at it stays (the clock's
// second chance): with cold pages read in turn around it, a page used on
// every other step is read once or a few times, not once a round.
TEST(PageBudgetTest, APageInUseStays) {
  auto budget = std::make_shared<PageBudget>(16 * 1024);
  const uint64_t entries = 64 * 1024;
  std::vector<int> reads(64);
  PdbValues v(
      entries, 8, 1024,
      [&reads, entries](uint32_t page, std::string* out) {
        ++reads[page];
        *out = PageOf(entries, 1024, page);
        return Status::OK();
      },
      budget);
  for (uint64_t k = 0; k < 2000; ++k) {
    ASSERT_EQ(v[5], Entry(5));  // page 0, used all along
    const uint64_t i = 1024 + (k * 1024) % (entries - 1024);
    ASSERT_EQ(v[i], Entry(i));  // every other page, in turn
  }
  EXPECT_GT(budget->given_back(), 1000u);
  EXPECT_GE(reads[1], 30);  // the cold pages, each round
  EXPECT_LE(reads[0], 3);
}

// Threads reading at once while pages come and go: an entry reads as
// stored, or as 0 while its page goes (a lower bound still); never as
// anything else.
TEST(PageBudgetTest, ThreadsReadAtOnce) {
  auto budget = std::make_shared<PageBudget>(8 * 4096);
  auto reads = std::make_shared<int>(0);
  const uint64_t entries = 64 * 4096;
  std::mutex mu;  // guards reads (the reader may run on any thread)
  PdbValues v(
      entries, 8, 4096,
      [&](uint32_t page, std::string* out) {
        {
          std::lock_guard<std::mutex> lock(mu);
          ++*reads;
        }
        *out = PageOf(entries, 4096, page);
        return Status::OK();
      },
      budget);
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      std::mt19937_64 rng(t);
      for (int k = 0; k < 20000; ++k) {
        const uint64_t i = rng() % entries;
        const uint8_t e = v[i];
        if (e != Entry(i) && e != 0) ++wrong;
      }
    });
  }
  for (std::thread& t : threads) t.join();
  EXPECT_EQ(wrong.load(), 0);
  EXPECT_GT(budget->given_back(), 0u);
  for (uint64_t i = 0; i < entries; i += 4093) ASSERT_EQ(v[i], Entry(i));
}

// Pages of a database that went away count until they leave the budget's
// line; the budget goes on for the others.
TEST(PageBudgetTest, ADatabaseGoneLeavesTheBudgetWorking) {
  auto budget = std::make_shared<PageBudget>(4 * 1024);
  auto reads = std::make_shared<int>(0);
  {
    PdbValues gone = Paged(16 * 1024, 1024, budget, reads);
    for (uint64_t i = 0; i < 16 * 1024; i += 1024) ASSERT_EQ(gone[i], Entry(i));
  }
  PdbValues kept = Paged(16 * 1024, 1024, budget, reads);
  for (int round = 0; round < 3; ++round) {
    for (uint64_t i = 0; i < 16 * 1024; i += 512) {
      ASSERT_EQ(kept[i], Entry(i));
      ASSERT_LE(budget->held(), 4u * 1024);
    }
  }
}

}  // namespace
}  // namespace slidedb
