// slidedb-query's arguments as ParseQueryArgs reads them: what decides how
// the answers read the database.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "query/query_options.h"

namespace slidedb {
namespace {

QueryArgs Parsed(const std::vector<std::string>& argv) {
  QueryArgs args;
  std::ostringstream out, err;
  EXPECT_FALSE(ParseQueryArgs(argv, &args, out, err).has_value()) << err.str();
  return args;
}

// STATEs named on the command line and --analyse's solve are few answers,
// which read only the pages they touch (a 4x4 analysis once read the
// pattern databases whole, 300 MB, before its budget began); a batch from
// the input and the table tools are not.
TEST(QueryArgsTest, FewAnswersReadOnlyThePagesTheyTouch) {
  EXPECT_TRUE(Parsed({"867254301"}).FewAnswers());
  EXPECT_TRUE(Parsed({"--moves", "867254301"}).FewAnswers());
  EXPECT_TRUE(Parsed({"--analyse", "--start", "867254301", "--moves", "U"})
                  .FewAnswers());
  EXPECT_FALSE(Parsed({}).FewAnswers());
  EXPECT_FALSE(Parsed({"--histogram"}).FewAnswers());
  EXPECT_FALSE(Parsed({"--sample", "3"}).FewAnswers());
}

// --moves=M reads as --moves M: the solve's moves with --analyse, a STATE
// without it.
TEST(QueryArgsTest, MovesTakeTheirWordAfterAnEqualsSign) {
  const QueryArgs analyse =
      Parsed({"--analyse", "--start", "867254301", "--moves=ULDR"});
  EXPECT_EQ(analyse.mode, QueryMode::kAnalyse);
  EXPECT_EQ(analyse.analyse_moves, "ULDR");
  EXPECT_TRUE(analyse.states.empty());
  EXPECT_EQ(
      Parsed({"--analyse", "--start", "867254301", "--mov=UL"}).analyse_moves,
      "UL");
  const QueryArgs moves = Parsed({"--moves=867254301"});
  EXPECT_EQ(moves.mode, QueryMode::kMoves);
  EXPECT_EQ(moves.states, std::vector<std::string>{"867254301"});
}

}  // namespace
}  // namespace slidedb
