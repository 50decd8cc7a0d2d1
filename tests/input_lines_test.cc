// NextInputLine (lib/answer/input_lines.h): the lines of a batch as
// slidedb-query reads standard input; a line is kept to kMaxLineBytes, so
// that one with no end cannot take all memory.
#include "lib/answer/input_lines.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

namespace slidedb {
namespace {

std::vector<std::string> AllLines(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> lines;
  std::string line;
  while (NextInputLine(in, &line)) lines.push_back(line);
  EXPECT_EQ(InputError(in), "");
  return lines;
}

TEST(InputLinesTest, SkipsCommentsAndBlankLinesAndDropsReturns) {
  EXPECT_EQ(AllLines("\xEF\xBB\xBF"
                     "867254301\r\n\n  \t\n# a comment\n  # another\n"
                     "1 2 3 4 5 6 7 8 0"),
            (std::vector<std::string>{"867254301", "1 2 3 4 5 6 7 8 0"}));
  EXPECT_EQ(AllLines(""), std::vector<std::string>{});
  EXPECT_EQ(AllLines("\n\n"), std::vector<std::string>{});
}

// A line longer than kMaxLineBytes keeps its first kMaxLineBytes, and the
// line after it is read whole; a line of exactly that many is kept whole,
// with or without its '\n'.
TEST(InputLinesTest, KeepsAtMostTheLimitOfALine) {
  const size_t limit = static_cast<size_t>(kMaxLineBytes);
  const std::string huge(3 * limit + 7, '1');
  std::vector<std::string> lines = AllLines(huge + "\n867254301\n");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], huge.substr(0, limit));
  EXPECT_EQ(lines[1], "867254301");
  const std::string exact(limit, '2');
  EXPECT_EQ(AllLines(exact + "\n3\n"), (std::vector<std::string>{exact, "3"}));
  EXPECT_EQ(AllLines("3\n" + exact), (std::vector<std::string>{"3", exact}));
  EXPECT_EQ(AllLines(huge), std::vector<std::string>{huge.substr(0, limit)});
}

// A line with no end in sight (/dev/zero) stops the input with a reason,
// the lines before it kept; reading it once skipped forever.
TEST(InputLinesTest, ALineWithNoEndStopsTheInput) {
  std::istringstream in("867254301\n" + std::string(80 << 20, '\0'));
  std::string line;
  ASSERT_TRUE(NextInputLine(in, &line));
  EXPECT_EQ(line, "867254301");
  EXPECT_FALSE(NextInputLine(in, &line));
  EXPECT_EQ(InputError(in),
            "cannot read the input: a line runs past 64 MiB without an end "
            "(not one state a line)");
}

}  // namespace
}  // namespace slidedb
