#include <gtest/gtest.h>

#include "tests/test_util.h"

namespace slidedb {
namespace {

TEST(SmokeTest, HardestStartTakes31Moves) {
  auto r = testing::RunQueryCli(
      {"--db", testing::TestDatabase(), "--format", "json", "867254301"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"distance\":31"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace slidedb
