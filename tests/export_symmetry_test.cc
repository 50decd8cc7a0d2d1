// slidedb-query --export from two-bit tables, for every goal blank (most
// served by symmetry), is the byte tables' export byte for byte; and
// --notation tile writes its moves the tiles' way.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "tests/test_util.h"

namespace slidedb {
namespace {

using testing::CliResult;
using testing::RunBuildCli;
using testing::RunQueryCli;

struct ExportBoard {
  const char* name;
  int rows, cols;
};
constexpr ExportBoard kExportBoards[] = {
    {"2x3", 2, 3}, {"2x4", 2, 4}, {"3x3", 3, 3}};

struct ExportTwins {
  std::string byte_db, two_bit_db;
};

// A database of byte tables and one of two-bit tables of kExportBoards,
// built once per test binary.
const ExportTwins& ExportTwinDatabases() {
  static const ExportTwins twins = [] {
    const std::string root = testing::TempDir("export-symmetry");
    ExportTwins t{root + "/byte", root + "/two-bit"};
    for (const ExportBoard& b : kExportBoards) {
      for (const bool two_bit : {false, true}) {
        std::vector<std::string> args = {"--db",
                                         two_bit ? t.two_bit_db : t.byte_db,
                                         "--board", b.name, "--quiet"};
        if (two_bit) args.insert(args.end(), {"--records", "two-bit"});
        const CliResult r = RunBuildCli(args);
        EXPECT_EQ(r.status, 0) << r.err;
      }
    }
    return t;
  }();
  return twins;
}

// The canonical goal of a board of `cells` cells with the blank on `blank`,
// as digits: "120345678" for 3x3's cell 2.
std::string GoalDigits(int cells, int blank) {
  std::string goal;
  for (int c = 0, tile = 1; c < cells; ++c) {
    goal += c == blank ? '0' : static_cast<char>('0' + tile++);
  }
  return goal;
}

// The state after the blank of `state` (digits, "0" the blank) goes the way
// `letter` names on a board of `cols` columns; empty when it leaves the
// board.
std::string BlankGoes(const std::string& state, int cols, char letter) {
  const int at = static_cast<int>(state.find('0'));
  const int cells = static_cast<int>(state.size());
  int to = -1;
  if (letter == 'U' && at >= cols) to = at - cols;
  if (letter == 'D' && at + cols < cells) to = at + cols;
  if (letter == 'L' && at % cols > 0) to = at - 1;
  if (letter == 'R' && at % cols < cols - 1) to = at + 1;
  if (to < 0) return "";
  std::string after = state;
  std::swap(after[at], after[to]);
  return after;
}

// The rows of a CSV export: state, distance and move, in order.
struct ExportRow {
  std::string state;
  int distance;
  std::string move;
};
std::vector<ExportRow> ExportRows(const std::string& csv) {
  std::vector<ExportRow> rows;
  const std::vector<std::string> lines = testing::Lines(csv);
  for (size_t k = 1; k < lines.size(); ++k) {
    const std::string& l = lines[k];
    const size_t a = l.find(','), b = l.find(',', a + 1);
    rows.push_back({l.substr(0, a), std::stoi(l.substr(a + 1, b - a - 1)),
                    l.substr(b + 1)});
  }
  return rows;
}

// Each row's move, the blank's way (`tile`: the tiles' way, the blank going
// the other), leads to a state one nearer the goal.
void ExpectMovesLeadNearer(const std::vector<ExportRow>& rows, int cols,
                           bool tile) {
  std::map<std::string, int> distance;
  for (const ExportRow& r : rows) distance[r.state] = r.distance;
  const std::map<std::string, char> opposite = {
      {"U", 'D'}, {"D", 'U'}, {"L", 'R'}, {"R", 'L'}};
  for (const ExportRow& r : rows) {
    if (r.distance == 0) {
      EXPECT_EQ(r.move, "") << r.state;
      continue;
    }
    ASSERT_EQ(opposite.count(r.move), 1u) << r.state << " " << r.move;
    const char blank_way = tile ? opposite.at(r.move) : r.move[0];
    const std::string next = BlankGoes(r.state, cols, blank_way);
    ASSERT_EQ(distance.count(next), 1u) << r.state << " " << r.move;
    ASSERT_EQ(distance[next], r.distance - 1) << r.state << " " << r.move;
  }
}

TEST(ExportSymmetryTest, TwoBitExportIsTheByteTablesForEveryGoal) {
  const ExportTwins& db = ExportTwinDatabases();
  for (const ExportBoard& b : kExportBoards) {
    for (int blank = 0; blank < b.rows * b.cols; ++blank) {
      const std::string goal = GoalDigits(b.rows * b.cols, blank);
      for (const char* format : {"csv", "json"}) {
        SCOPED_TRACE(std::string(b.name) + " " + goal + " " + format);
        const std::vector<std::string> q = {"--board", b.name,     "--goal",
                                            goal,      "--export", format};
        std::vector<std::string> qb = {"--db", db.byte_db};
        std::vector<std::string> qt = {"--db", db.two_bit_db};
        qb.insert(qb.end(), q.begin(), q.end());
        qt.insert(qt.end(), q.begin(), q.end());
        const CliResult rb = RunQueryCli(qb), rt = RunQueryCli(qt);
        ASSERT_EQ(rb.status, 0) << rb.err;
        ASSERT_EQ(rt.status, 0) << rt.err;
        if (rt.out != rb.out) {
          // The first line that differs, not megabytes of both.
          const std::vector<std::string> lb = testing::Lines(rb.out);
          const std::vector<std::string> lt = testing::Lines(rt.out);
          size_t k = 0;
          while (k < lb.size() && k < lt.size() && lb[k] == lt[k]) ++k;
          FAIL() << "line " << k + 1 << ": byte table's "
                 << (k < lb.size() ? lb[k] : "(none)") << ", two-bit's "
                 << (k < lt.size() ? lt[k] : "(none)");
        }
        if (std::string(format) == "csv") {
          ExpectMovesLeadNearer(ExportRows(rt.out), b.cols, false);
        }
      }
    }
  }
}

// --notation tile: each move the opposite letter of the blank's, the JSON
// saying "notation":"tile"; --notation blank, the default, is not said.
TEST(ExportNotationTest, TileNotationWritesTheTilesWay) {
  const ExportTwins& db = ExportTwinDatabases();
  for (const std::string& dir : {db.byte_db, db.two_bit_db}) {
    for (const char* goal : {"123456780", "012345678"}) {
      SCOPED_TRACE(dir + " " + goal);
      const auto run = [&](const char* format, const char* notation) {
        std::vector<std::string> args = {"--db", dir,        "--goal",
                                         goal,   "--export", format};
        if (notation != nullptr)
          args.insert(args.end(), {"--notation", notation});
        const CliResult r = RunQueryCli(args);
        EXPECT_EQ(r.status, 0) << r.err;
        return r.out;
      };
      const std::string blank_csv = run("csv", nullptr);
      EXPECT_EQ(run("csv", "blank"), blank_csv);
      const std::string tile_csv = run("csv", "tile");
      const std::vector<ExportRow> blank_rows = ExportRows(blank_csv);
      const std::vector<ExportRow> tile_rows = ExportRows(tile_csv);
      ASSERT_EQ(tile_rows.size(), 181440u);
      ASSERT_EQ(tile_csv.substr(0, tile_csv.find('\n')), "state,distance,move");
      const std::map<std::string, std::string> opposite = {
          {"", ""}, {"U", "D"}, {"D", "U"}, {"L", "R"}, {"R", "L"}};
      for (size_t k = 0; k < tile_rows.size(); ++k) {
        ASSERT_EQ(tile_rows[k].state, blank_rows[k].state);
        ASSERT_EQ(tile_rows[k].distance, blank_rows[k].distance);
        ASSERT_EQ(tile_rows[k].move, opposite.at(blank_rows[k].move))
            << tile_rows[k].state;
      }
      ExpectMovesLeadNearer(tile_rows, 3, true);

      const auto blank_json = testing::JsonLines(run("json", nullptr));
      const auto tile_json = testing::JsonLines(run("json", "tile"));
      ASSERT_EQ(tile_json.size(), tile_rows.size());
      ASSERT_EQ(blank_json.size(), tile_rows.size());
      for (size_t k = 0; k < tile_json.size(); ++k) {
        ASSERT_FALSE(blank_json[k].contains("notation"));  // the default
        ASSERT_EQ(tile_json[k]["notation"], "tile");
        ASSERT_EQ(tile_json[k]["state"], tile_rows[k].state);
        const std::string move = tile_json[k]["move"].is_null()
                                     ? std::string()
                                     : tile_json[k]["move"].get<std::string>();
        ASSERT_EQ(move, tile_rows[k].move) << tile_rows[k].state;
      }
    }
  }
}

}  // namespace
}  // namespace slidedb
