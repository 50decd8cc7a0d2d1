#include "tests/test_util.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "builder/build_cli.h"
#include "cli/exit_codes.h"
#include "lib/puzzle/index.h"
#include "lib/search/bfs.h"
#include "lib/storage/format.h"
#include "query/query_cli.h"

namespace fs = std::filesystem;

namespace slidedb::testing {

namespace {

struct TempRoot {
  fs::path root;
  TempRoot() {
    root = fs::temp_directory_path() /
           ("slidedb-test-" + std::to_string(getpid()));
    fs::remove_all(root);
    fs::create_directories(root);
  }
  ~TempRoot() {
    std::error_code ec;
    fs::remove_all(root, ec);
  }
};

TempRoot& Root() {
  static TempRoot root;
  return root;
}

}  // namespace

BfsResult MtmTable(const Indexer& indexer) {
  BfsOptions options;
  options.metric = Metric::kMtm;
  BfsResult r;
  const Status s = RunBfs(indexer, options, nullptr, &r);
  EXPECT_TRUE(s.ok()) << s.ToString();
  return r;
}

std::string TempDir(const std::string& name) {
  const fs::path p = Root().root / name;
  fs::remove_all(p);
  fs::create_directories(p);
  return p.string();
}

std::vector<KorfInstance> KorfInstances() {
  std::ifstream in(std::string(SLIDEDB_SOURCE_DIR) + "/bench/korf100.txt");
  std::vector<KorfInstance> out;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    int number;
    KorfInstance i;
    fields >> number >> i.length >> i.state;
    out.push_back(i);
  }
  return out;
}

const std::string& Pdb44Database() {
  static const std::string dir = [] {
    const std::string d = TempDir("pdb-4x4") + "/db";
    const CliResult r =
        RunBuildCli({"--db", d, "--board", "4x4", "--pdb", "5-5-5"});
    EXPECT_EQ(r.status, kExitOk) << r.err;
    EXPECT_NE(r.err.find("depth"), std::string::npos) << "no progress";
    EXPECT_NE(r.out.find("pattern database"), std::string::npos) << r.out;
    return d;
  }();
  return dir;
}

std::map<std::string, std::string> FileSnapshot(const std::string& dir) {
  std::map<std::string, std::string> files;
  for (const auto& e : fs::directory_iterator(dir)) {
    std::ifstream in(e.path(), std::ios::binary);
    files[e.path().filename().string()] =
        std::string(std::istreambuf_iterator<char>(in), {});
  }
  return files;
}

CliResult RunQueryCli(const std::vector<std::string>& args,
                      const std::string& input) {
  std::istringstream in(input);
  std::ostringstream out, err;
  const int status = RunQuery(args, in, out, err);
  return {status, out.str(), err.str()};
}

CliResult RunBuildCli(const std::vector<std::string>& args) {
  std::istringstream in;
  std::ostringstream out, err;
  const int status = RunBuild(args, in, out, err);
  return {status, out.str(), err.str()};
}

CliResult Query(std::vector<std::string> args, const std::string& input) {
  args.insert(args.begin(), {"--db", TestDatabase()});
  return RunQueryCli(args, input);
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

void ExpectPathSolves(const Board& board, int goal_blank, const State& start,
                      const Path& path) {
  State s = start;
  ASSERT_EQ(path.moves.size(), path.tiles.size());
  for (size_t k = 0; k < path.moves.size(); ++k) {
    uint8_t tile;
    ASSERT_TRUE(ApplyMove(board, path.moves[k], &s, &tile));
    ASSERT_EQ(tile, path.tiles[k]);
  }
  EXPECT_EQ(s, CanonicalGoal(board, goal_blank));
}

std::vector<nlohmann::json> JsonLines(const std::string& text) {
  std::vector<nlohmann::json> out;
  for (const std::string& line : Lines(text)) {
    nlohmann::json j =
        nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    EXPECT_FALSE(j.is_discarded()) << "not JSON: " << line;
    EXPECT_TRUE(j.is_object()) << line;
    out.push_back(std::move(j));
  }
  return out;
}

Arrangement ParseOrFail(const std::string& text, const Board& board,
                        const std::string& blank) {
  Arrangement a;
  Status s = ParseArrangement(text, board, NotationOptions{blank}, &a);
  EXPECT_TRUE(s.ok()) << text << ": " << s.ToString();
  return a;
}

uint64_t PackState(const Board& board, const State& s) {
  uint64_t p = 0;
  for (int c = 0; c < board.cells(); ++c) {
    p |= static_cast<uint64_t>(s.tile[c]) << (4 * c);
  }
  return p;
}

const std::string& TestDatabase() {
  static const std::string path = [] {
    const char* env = std::getenv("SLIDEDB_TEST_DB");
    if (env != nullptr && fs::exists(fs::path(env) / "CURRENT")) {
      return std::string(env);
    }
    const std::string db = (Root().root / "db").string();
    // As tests/make_test_db.cmake builds it.
    for (const char* board : {"3x3", "2x2", "2x3", "3x2", "2x4", "4x2", "2x5",
                              "3x3/mtm", "2x3/mtm"}) {
      const std::string b(board);
      std::vector<std::string> args = {"--db", db, "--board", b.substr(0, 3),
                                       "--quiet"};
      if (b.size() > 3) args.insert(args.end(), {"--metric", "mtm"});
      CliResult r = RunBuildCli(args);
      if (r.status != 0) {
        throw std::runtime_error("building the test database: " + r.err);
      }
    }
    return db;
  }();
  return path;
}

std::pair<TableMeta, std::vector<uint8_t>> SmallTable(const Board& board,
                                                      int goal_blank) {
  BfsResult r;
  EXPECT_TRUE(RunBfs(Indexer(board, goal_blank), 1, nullptr, &r).ok());
  TableMeta m;
  m.board = board;
  m.goal_blank = goal_blank;
  m.goal = "g";
  m.states = r.records.size();
  m.histogram = r.histogram;
  m.max_distance = static_cast<int>(r.histogram.size()) - 1;
  m.page_records = kPageRecords;
  m.pages = static_cast<uint32_t>((m.states + kPageRecords - 1) / kPageRecords);
  return {m, r.records};
}

}  // namespace slidedb::testing
