// RunShares (lib/analysis/check_progress.h): the work of a table's check
// shared out over threads in order, and its count told as it goes.
#include "lib/analysis/check_progress.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <mutex>
#include <utility>
#include <vector>

namespace slidedb {
namespace {

// Every index once, each share's chunks in order and contiguous, with or
// without a count told; told counts never go back and end at n.
TEST(RunSharesTest, CoversEveryIndexOnceInOrderAndTellsTheEnd) {
  constexpr uint64_t kN = 1000003;  // past 65,536 a chunk times 3 threads
  constexpr int kThreads = 3;
  for (const bool tell : {false, true}) {
    std::mutex mu;
    std::vector<std::vector<std::pair<uint64_t, uint64_t>>> chunks(kThreads);
    std::vector<uint64_t> told;
    ShareProgress progress;
    if (tell) {
      progress.told = [&](uint64_t done) { told.push_back(done); };
      progress.every = std::chrono::milliseconds(0);
    }
    RunShares(kN, kThreads, progress, [&](int t, uint64_t b, uint64_t e) {
      std::lock_guard<std::mutex> lock(mu);
      chunks[t].emplace_back(b, e);
    });
    uint64_t next = 0;
    for (int t = 0; t < kThreads; ++t) {
      ASSERT_FALSE(chunks[t].empty()) << t;
      for (const auto& [b, e] : chunks[t]) {
        EXPECT_EQ(b, next) << "share " << t;
        EXPECT_LE(e - b, uint64_t{1} << 16);
        next = e;
      }
    }
    EXPECT_EQ(next, kN);
    if (!tell) continue;
    ASSERT_GE(told.size(), 2u);
    EXPECT_EQ(told.front(), 0u);
    EXPECT_EQ(told.back(), kN);
    for (size_t k = 1; k < told.size(); ++k) EXPECT_GE(told[k], told[k - 1]);
  }
}

// Nothing told before `every` has passed: a short check says nothing.
TEST(RunSharesTest, AShortCheckTellsNothing) {
  int told = 0;
  ShareProgress progress{.told = [&](uint64_t) { ++told; },
                         .every = std::chrono::hours(1)};
  RunShares(100000, 2, progress, [](int, uint64_t, uint64_t) {});
  EXPECT_EQ(told, 0);
}

}  // namespace
}  // namespace slidedb
