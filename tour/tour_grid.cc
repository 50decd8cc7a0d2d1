#include "tour/tour_grid.h"

#include <cctype>
#include <istream>
#include <ostream>
#include <sstream>

namespace slidedb::tour {

namespace {

// "1 number", "3 numbers".
std::string Numbers(size_t n) {
  return std::to_string(n) + (n == 1 ? " number" : " numbers");
}

}  // namespace

bool IsClosed(const Tour& tour) {
  return tour.size() > 1 && IsKnightMove(tour.back(), tour.front());
}

Status VerifyTour(int n, const Tour& tour, bool closed) {
  const size_t total = static_cast<size_t>(n) * n;
  if (tour.size() != total) {
    return Status::Corruption("the tour has " + std::to_string(tour.size()) +
                              " squares, the board " + std::to_string(total));
  }
  std::vector<int> step(total, 0);
  for (size_t k = 0; k < tour.size(); ++k) {
    const Square s = tour[k];
    if (s.row < 0 || s.row >= n || s.col < 0 || s.col >= n) {
      return Status::Corruption("step " + std::to_string(k + 1) +
                                " is off the board");
    }
    int& seen = step[static_cast<size_t>(s.row) * n + s.col];
    if (seen != 0) {
      return Status::Corruption(DescribeSquare(s) +
                                " is visited twice, at "
                                "steps " +
                                std::to_string(seen) + " and " +
                                std::to_string(k + 1));
    }
    seen = static_cast<int>(k + 1);
    if (k > 0 && !IsKnightMove(tour[k - 1], s)) {
      return Status::Corruption("step " + std::to_string(k) + " to " +
                                std::to_string(k + 1) + " (" +
                                DescribeSquare(tour[k - 1]) + " to " +
                                DescribeSquare(s) + ") is not a knight move");
    }
  }
  if (closed && !IsClosed(tour)) {
    return Status::Corruption("the tour is not closed: its last square, " +
                              DescribeSquare(tour.back()) +
                              ", is not a knight move from its first, " +
                              DescribeSquare(tour.front()));
  }
  return Status::OK();
}

void WriteGrid(int n, const Tour& tour, std::ostream& out) {
  std::vector<int> step(static_cast<size_t>(n) * n, 0);
  for (size_t k = 0; k < tour.size(); ++k) {
    step[static_cast<size_t>(tour[k].row) * n + tour[k].col] =
        static_cast<int>(k + 1);
  }
  const int width = static_cast<int>(std::to_string(n * n).size()) + 1;
  std::string line;
  for (int r = 0; r < n; ++r) {
    line.clear();
    for (int c = 0; c < n; ++c) {
      const std::string v =
          std::to_string(step[static_cast<size_t>(r) * n + c]);
      line.append(width - v.size(), ' ');
      line += v;
    }
    line += '\n';
    out << line;
  }
}

bool ParseWholeNumber(const std::string& text, long long* value) {
  if (text.empty() ||
      !(std::isdigit(static_cast<unsigned char>(text[0])) || text[0] == '-')) {
    return false;
  }
  size_t used = 0;
  try {
    *value = std::stoll(text, &used);
  } catch (...) {
    return false;
  }
  return used == text.size();
}

Status ReadGrid(std::istream& in, Grid* grid) {
  grid->cells.clear();
  std::string line;
  int line_number = 0;
  size_t width = 0;
  while (std::getline(in, line)) {
    ++line_number;
    const size_t first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#') continue;
    std::istringstream words(line);
    std::vector<long long> row;
    std::string word;
    while (words >> word) {
      long long v = 0;
      if (!ParseWholeNumber(word, &v)) {
        return Status::InvalidArgument("line " + std::to_string(line_number) +
                                       ": '" + word +
                                       "' is not a whole number");
      }
      row.push_back(v);
    }
    if (grid->cells.empty()) width = row.size();
    if (row.size() != width) {
      return Status::InvalidArgument(
          "line " + std::to_string(line_number) + " has " +
          Numbers(row.size()) + ", the first row " + std::to_string(width) +
          ": every row needs the same count");
    }
    grid->cells.push_back(std::move(row));
  }
  if (grid->cells.empty())
    return Status::InvalidArgument("no grid: the input has no numbers");
  if (grid->cells.size() != width) {
    return Status::InvalidArgument(
        "the grid is not square: " + std::to_string(grid->cells.size()) +
        (grid->cells.size() == 1 ? " row of " : " rows of ") + Numbers(width));
  }
  grid->size = static_cast<int>(width);
  return Status::OK();
}

std::vector<std::string> GridProblems(const Grid& grid, bool closed, int limit,
                                      size_t* more) {
  std::vector<std::string> problems;
  *more = 0;
  auto add = [&](std::string p) {
    if (static_cast<int>(problems.size()) < limit) {
      problems.push_back(std::move(p));
    } else {
      ++*more;
    }
  };
  const int n = grid.size;
  const long long total = static_cast<long long>(n) * n;
  // where[k - 1]: the squares that hold k.
  std::vector<std::vector<Square>> where(total);
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const long long v = grid.cells[r][c];
      if (v < 1 || v > total) {
        add(DescribeSquare({r, c}) + " holds " + std::to_string(v) +
            ", outside 1.." + std::to_string(total));
      } else {
        where[v - 1].push_back({r, c});
      }
    }
  }
  for (long long k = 0; k < total; ++k) {
    if (where[k].empty()) {
      add("number " + std::to_string(k + 1) + " is missing");
    } else if (where[k].size() > 1) {
      std::string p = "number " + std::to_string(k + 1) + " appears " +
                      std::to_string(where[k].size()) + " times:";
      for (size_t i = 0; i < where[k].size(); ++i) {
        p += (i ? "; " : " ") + DescribeSquare(where[k][i]);
      }
      add(p);
    }
  }
  for (long long k = 0; k + 1 < total; ++k) {
    if (where[k].size() != 1 || where[k + 1].size() != 1) continue;
    if (!IsKnightMove(where[k][0], where[k + 1][0])) {
      add("step " + std::to_string(k + 1) + " to " + std::to_string(k + 2) +
          " is not a knight move: " + DescribeSquare(where[k][0]) + " to " +
          DescribeSquare(where[k + 1][0]));
    }
  }
  if (closed && total > 1 && where[0].size() == 1 &&
      where[total - 1].size() == 1 &&
      !IsKnightMove(where[total - 1][0], where[0][0])) {
    add("not closed: " + std::to_string(total) + " at " +
        DescribeSquare(where[total - 1][0]) +
        " is not a knight move from 1 at " + DescribeSquare(where[0][0]));
  }
  return problems;
}

}  // namespace slidedb::tour
