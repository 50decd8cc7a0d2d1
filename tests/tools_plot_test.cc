// scripts/plot.sh renders the distance histogram and the heuristic-error
// chart as real PNG and SVG images. Skipped only when gnuplot is absent.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "tests/test_util.h"

namespace fs = std::filesystem;

namespace slidedb {
namespace {

const fs::path kScript =
    fs::path(__FILE__).parent_path().parent_path() / "scripts" / "plot.sh";

bool HaveGnuplot() {
  return std::system("command -v gnuplot >/dev/null 2>&1") == 0;
}

std::string ReadFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void WriteFile(const fs::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary);
  out << text;
}

std::string Quote(const std::string& s) { return "'" + s + "'"; }

// A PNG: the 8-byte signature, then an IHDR chunk with a non-zero size.
void ExpectPng(const fs::path& p) {
  const std::string data = ReadFile(p);
  ASSERT_GT(data.size(), 100u) << p;
  EXPECT_EQ(data.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8)) << p;
  EXPECT_EQ(data.substr(12, 4), "IHDR") << p;
  auto be32 = [&](size_t at) {
    return static_cast<uint32_t>(static_cast<unsigned char>(data[at])) << 24 |
           static_cast<uint32_t>(static_cast<unsigned char>(data[at + 1]))
               << 16 |
           static_cast<uint32_t>(static_cast<unsigned char>(data[at + 2]))
               << 8 |
           static_cast<uint32_t>(static_cast<unsigned char>(data[at + 3]));
  };
  EXPECT_GT(be32(16), 0u);  // width
  EXPECT_GT(be32(20), 0u);  // height
  EXPECT_NE(data.find("IEND"), std::string::npos) << p;
}

// An SVG: after the XML declaration, comments and white space, the root
// element is <svg ...> and the document ends with </svg>.
void ExpectSvg(const fs::path& p, const std::string& must_mention) {
  const std::string data = ReadFile(p);
  size_t at = 0;
  while (true) {
    at = data.find_first_not_of(" \t\r\n", at);
    ASSERT_NE(at, std::string::npos) << p;
    if (data.compare(at, 5, "<?xml") == 0) {
      at = data.find("?>", at) + 2;
    } else if (data.compare(at, 4, "<!--") == 0) {
      at = data.find("-->", at) + 3;
    } else if (data.compare(at, 9, "<!DOCTYPE") == 0) {
      at = data.find('>', at) + 1;
    } else {
      break;
    }
  }
  EXPECT_EQ(data.compare(at, 4, "<svg"), 0) << p << ": " << data.substr(at, 40);
  EXPECT_TRUE(std::isspace(static_cast<unsigned char>(data[at + 4]))) << p;
  const size_t end = data.find_last_not_of(" \t\r\n");
  EXPECT_EQ(data.substr(end - 5, 6), "</svg>") << p;
  EXPECT_NE(data.find("xmlns=\"http://www.w3.org/2000/svg\""),
            std::string::npos);
  EXPECT_NE(data.find(must_mention), std::string::npos) << p;
}

void ExpectAllFour(const fs::path& out) {
  ExpectPng(out / "histogram.png");
  ExpectPng(out / "heuristics.png");
  ExpectSvg(out / "histogram.svg", "distance");
  ExpectSvg(out / "heuristics.svg", "linear_conflict");
}

TEST(ToolsPlotTest, RendersFromCsvFiles) {
  if (!HaveGnuplot()) GTEST_SKIP() << "gnuplot is not installed";
  ASSERT_TRUE(fs::exists(kScript)) << kScript;
  const fs::path dir = testing::TempDir("plot-csv");
  auto h = testing::RunQueryCli({"--db", testing::TestDatabase(), "--board",
                                 "2x4", "--histogram", "--format", "csv"});
  auto e = testing::RunQueryCli({"--db", testing::TestDatabase(), "--board",
                                 "2x4", "--heuristics", "--format", "csv"});
  ASSERT_EQ(h.status, 0) << h.err;
  ASSERT_EQ(e.status, 0) << e.err;
  WriteFile(dir / "h.csv", h.out);
  WriteFile(dir / "e.csv", e.out);
  const std::string cmd = "bash " + Quote(kScript.string()) + " --out " +
                          Quote((dir / "out").string()) + " --histogram-csv " +
                          Quote((dir / "h.csv").string()) +
                          " --heuristics-csv " +
                          Quote((dir / "e.csv").string()) + " >/dev/null";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  ExpectAllFour(dir / "out");
}

// The whole pipeline, the script running slidedb-query itself (found beside
// this test binary, where CMake puts every program).
TEST(ToolsPlotTest, RendersThroughSlidedbQuery) {
  if (!HaveGnuplot()) GTEST_SKIP() << "gnuplot is not installed";
  const fs::path query =
      fs::read_symlink("/proc/self/exe").parent_path() / "slidedb-query";
  if (!fs::exists(query)) GTEST_SKIP() << "no " << query;
  const fs::path dir = testing::TempDir("plot-query");
  const std::string cmd =
      "bash " + Quote(kScript.string()) + " --out " + Quote(dir.string()) +
      " --query " + Quote(query.string()) + " -- --db " +
      Quote(testing::TestDatabase()) + " --goal 123/8_4/765 >/dev/null";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  ExpectAllFour(dir);
}

TEST(ToolsPlotTest, BadArgumentExits64) {
  const std::string cmd =
      "bash " + Quote(kScript.string()) + " --bogus >/dev/null 2>&1";
  const int rc = std::system(cmd.c_str());
  ASSERT_TRUE(WIFEXITED(rc));
  EXPECT_EQ(WEXITSTATUS(rc), 64);
}

}  // namespace
}  // namespace slidedb
