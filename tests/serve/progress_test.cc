#include "serve/progress.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace slidedb {
namespace {

TEST(ProgressTest, IdsAreShortAndPlain) {
  EXPECT_TRUE(ValidProgressId("a"));
  EXPECT_TRUE(ValidProgressId("page-12_AZaz09"));
  EXPECT_TRUE(ValidProgressId(std::string(kMaxProgressIdLength, 'x')));
  for (const std::string& bad :
       {std::string(), std::string(kMaxProgressIdLength + 1, 'x'),
        std::string("a b"), std::string("a/b"), std::string("a\"b"),
        std::string("a\0b", 3), std::string("\xc3\xa9")}) {
    EXPECT_FALSE(ValidProgressId(bad)) << bad;
  }
}

TEST(ProgressTest, AnIdIsTakenWhileItsRequestRuns) {
  ProgressRegistry registry;
  std::shared_ptr<ProgressSlot> slot, other;
  EXPECT_EQ(registry.Find("a"), nullptr);
  ASSERT_EQ(registry.Add("a", &slot), ProgressRegistry::Added::kAdded);
  EXPECT_EQ(registry.Add("a", &other), ProgressRegistry::Added::kTaken);
  ASSERT_NE(registry.Find("a"), nullptr);
  // Before the first iteration: no bound or states yet.
  const std::string before = registry.Find("a")->Json("a");
  EXPECT_EQ(before.rfind("{\"id\":\"a\",\"running\":true,\"bound\":null,"
                         "\"states\":null,\"counting\":false,\"seconds\":",
                         0),
            0u)
      << before;
  slot->Update(SearchProgress{52, 1234, 0.5});
  const std::string during = registry.Find("a")->Json("a");
  EXPECT_NE(during.find("\"bound\":52,\"states\":1234,\"counting\":false,"),
            std::string::npos)
      << during;
  // A count of the optimal solutions of length 52 says so.
  slot->Update(SearchProgress{52, 5678, 0.7, true});
  const std::string counting = registry.Find("a")->Json("a");
  EXPECT_NE(counting.find("\"bound\":52,\"states\":5678,\"counting\":true,"),
            std::string::npos)
      << counting;
  registry.Remove("a");
  EXPECT_EQ(registry.Find("a"), nullptr);
  EXPECT_EQ(registry.Add("a", &other), ProgressRegistry::Added::kAdded);
}

TEST(ProgressTest, TheRegistryIsBounded) {
  ProgressRegistry registry;
  std::shared_ptr<ProgressSlot> slot;
  for (size_t i = 0; i < kMaxProgressEntries; ++i) {
    ASSERT_EQ(registry.Add(std::to_string(i), &slot),
              ProgressRegistry::Added::kAdded);
  }
  EXPECT_EQ(registry.Add("one-more", &slot), ProgressRegistry::Added::kFull);
  registry.Remove("0");
  EXPECT_EQ(registry.Add("one-more", &slot), ProgressRegistry::Added::kAdded);
}

}  // namespace
}  // namespace slidedb
