#include "tour/tour_grid.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace slidedb::tour {
namespace {

Grid Figure3() {
  std::ifstream in(std::string(SLIDEDB_TOUR_TESTDATA) +
                   "/xiao1994_figure3.txt");
  Grid grid;
  EXPECT_TRUE(ReadGrid(in, &grid).ok());
  return grid;
}

std::string Joined(const std::vector<std::string>& lines) {
  std::string s;
  for (const auto& l : lines) s += l + "\n";
  return s;
}

// GridProblems with room for all of them (20 here).
std::vector<std::string> Problems(const Grid& grid, bool closed) {
  size_t more = 1;
  auto p = GridProblems(grid, closed, 20, &more);
  EXPECT_EQ(more, 0u);
  return p;
}

TEST(TourGrid, PaperFigure3IsAnOpenTourFromRow4Column12) {
  const Grid grid = Figure3();
  ASSERT_EQ(grid.size, 19);
  EXPECT_EQ(grid.cells[3][11], 1);
  EXPECT_TRUE(Problems(grid, false).empty());
  // The paper's tour does not close: 361 is not a knight move from 1.
  const auto closed = Problems(grid, true);
  ASSERT_EQ(closed.size(), 1u);
  EXPECT_NE(closed[0].find("not closed"), std::string::npos);
}

TEST(TourGrid, NamesADuplicateAndTheMissingNumber) {
  Grid grid = Figure3();
  grid.cells[0][0] = 186;  // 81 becomes a second 186
  const std::string p = Joined(Problems(grid, false));
  EXPECT_NE(p.find("number 81 is missing"), std::string::npos) << p;
  EXPECT_NE(
      p.find("number 186 appears 2 times: row 1, column 1; row 1, column 2"),
      std::string::npos)
      << p;
}

TEST(TourGrid, NamesAStepThatIsNotAKnightMove) {
  Grid grid = Figure3();
  std::swap(grid.cells[0][0], grid.cells[0][1]);  // 81 and 186 trade places
  const std::string p = Joined(Problems(grid, false));
  EXPECT_NE(p.find("step 80 to 81 is not a knight move: row 2, column 3 to "
                   "row 1, column 2"),
            std::string::npos)
      << p;
}

TEST(TourGrid, OutOfRangeNumbersAndTheLimit) {
  Grid grid = Figure3();
  for (auto& row : grid.cells) row[0] = 0;
  size_t more = 0;
  const auto p = GridProblems(grid, false, 5, &more);
  ASSERT_EQ(p.size(), 5u);
  EXPECT_NE(p[0].find("holds 0, outside 1..361"), std::string::npos);
  // Those past the limit are counted, not listed.
  size_t none = 1;
  const auto all = GridProblems(grid, false, 1000, &none);
  EXPECT_EQ(none, 0u);
  EXPECT_GT(more, 0u);
  EXPECT_EQ(p.size() + more, all.size());
}

TEST(TourGrid, ReadGridRejectsWhatIsNotASquareGridOfNumbers) {
  Grid grid;
  std::istringstream ragged("1 2\n3\n");
  Status s = ReadGrid(ragged, &grid);
  EXPECT_TRUE(s.IsInvalidArgument());
  EXPECT_NE(s.message().find("line 2 has 1 number, the first row 2"),
            std::string::npos);
  std::istringstream word("1 x\n3 4\n");
  s = ReadGrid(word, &grid);
  EXPECT_NE(s.message().find("'x' is not a whole number"), std::string::npos);
  std::istringstream oblong("1 2 3\n4 5 6\n");
  EXPECT_NE(ReadGrid(oblong, &grid).message().find("not square"),
            std::string::npos);
  std::istringstream empty("# nothing\n\n");
  EXPECT_TRUE(ReadGrid(empty, &grid).IsInvalidArgument());
}

TEST(TourGrid, WrittenGridReadsBackAsTheSameTour) {
  const Grid figure = Figure3();
  Tour paper(361);
  for (int r = 0; r < 19; ++r) {
    for (int c = 0; c < 19; ++c) paper[figure.cells[r][c] - 1] = {r, c};
  }
  ASSERT_TRUE(VerifyTour(19, paper, false).ok());
  std::ostringstream out;
  WriteGrid(19, paper, out);
  std::istringstream in(out.str());
  Grid back;
  ASSERT_TRUE(ReadGrid(in, &back).ok());
  EXPECT_EQ(back.cells, figure.cells);
  std::swap(paper[1], paper[2]);
  const Status s = VerifyTour(19, paper, false);
  EXPECT_NE(
      s.message().find("step 1 to 2 (row 4, column 12 to row 1, column 15)"),
      std::string::npos)
      << s.message();
  EXPECT_TRUE(VerifyTour(18, paper, false).IsCorruption());
}

TEST(TourGrid, VerifyTourNamesTheRepeatedSquare) {
  Tour tour = {{0, 0}, {1, 2}, {0, 0}};
  tour.resize(9, {2, 2});
  const Status s = VerifyTour(3, tour, false);
  EXPECT_NE(
      s.message().find("row 1, column 1 is visited twice, at steps 1 and 3"),
      std::string::npos)
      << s.message();
}

}  // namespace
}  // namespace slidedb::tour
