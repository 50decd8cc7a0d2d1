// Successor words from a cold page cache (PdbSearch::ReadWordsInBackground):
// how much of a mapped file is in memory, reading it in, and searches that
// read the entries until the words are in, with the same answers.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "cli/exit_codes.h"
#include "lib/puzzle/index.h"
#include "lib/puzzle/pattern.h"
#include "lib/search/ida_search.h"
#include "lib/search/page_budget.h"
#include "lib/search/pdb_build.h"
#include "lib/search/pdb_words.h"
#include "lib/solve/solver.h"
#include "lib/storage/database.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

// The share of the words' file `path` in the page cache (-1 when it
// cannot be mapped).
double Resident(const std::string& path) {
  PdbValues words;
  std::ifstream f(path, std::ios::binary | std::ios::ate);
  const uint64_t entries = static_cast<uint64_t>(f.tellg()) / 4;
  return PdbValues::MapFile(path, entries, &words).ok()
             ? words.ResidentShare(64)
             : -1;
}

// Drops `path` from the system's page cache (no process may map it);
// false where the file system keeps it (tmpfs).
bool DropFromCache(const std::string& path) {
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  fsync(fd);
  posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
  close(fd);
  const double share = Resident(path);
  return share >= 0 && share < 0.5;
}

// A file of `entries` 32-bit words, each its own index.
std::string WriteWords(const std::string& dir, uint64_t entries) {
  std::vector<uint32_t> words(entries);
  for (uint64_t i = 0; i < entries; ++i) words[i] = static_cast<uint32_t>(i);
  const std::string path = dir + "/w.words";
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(words.data()),
             static_cast<std::streamsize>(entries * 4));
  return path;
}

// ResidentShare sees a file dropped from the cache and read back in by
// ReadIn, part by part.
TEST(PdbWordsColdTest, ReadInBringsAMappedFileIntoMemory) {
  const uint64_t entries = uint64_t{4} << 20;  // 16 MB
  const std::string path = WriteWords(testing::TempDir("words-cold"), entries);
  if (!DropFromCache(path)) GTEST_SKIP() << "the page cache keeps " << path;
  PdbValues words;
  ASSERT_TRUE(PdbValues::MapFile(path, entries, &words).ok());
  EXPECT_EQ(words.bytes(), entries * 4);
  EXPECT_LT(words.ResidentShare(64), 0.5);
  words.ReadIn(0, words.bytes() / 2);
  EXPECT_GE(words.ResidentShare(64), 0.45);               // more, read ahead
  words.ReadIn(words.bytes() / 2, words.bytes() + 4096);  // past the end
  EXPECT_EQ(words.ResidentShare(64), 1.0);
  for (uint64_t i = 0; i < entries; i += 65537) ASSERT_EQ(words.Word(i), i);
  EXPECT_EQ(PdbValues().ResidentShare(64), 1.0);
}

// Until the words are read in, the searches read the entries: with words
// that are all wrong, the answers (path and states) are still the entries'
// search's.
TEST(PdbWordsColdTest, UntilTheWordsAreInTheSearchesReadTheEntries) {
  const Board board(3, 3);
  const Partition p = ConsecutiveGroups({4, 4});
  std::vector<std::vector<uint8_t>> values;
  std::vector<std::vector<uint32_t>> wrong;
  for (const auto& tiles : p) {
    PdbResult r;
    ASSERT_TRUE(BuildPatternDb(board, 8, tiles, PdbIndexKind::kBlankRegion, 1,
                               nullptr, &r)
                    .ok());
    wrong.emplace_back(r.values.size(), 0u);
    values.push_back(std::move(r.values));
  }
  const PdbSearch entries(board, 8, p, PdbIndexKind::kBlankRegion, values);
  PdbSearch cold(board, 8, p, PdbIndexKind::kBlankRegion, values, wrong);
  ASSERT_TRUE(cold.has_words());
  cold.SetWordsReadyForTesting(false);
  EXPECT_FALSE(cold.words_ready());
  const Indexer indexer(board, 8);
  // Words all wrong, read, would lead a search astray: bounded.
  SearchLimits one, two;
  one.max_nodes = two.max_nodes = 1000000;
  two.threads = 2;
  for (Index i = 0; i < indexer.size(); i += 7919) {
    Path a, b, c;
    ASSERT_TRUE(entries.Solve(indexer.StateAt(i), &a).ok());
    ASSERT_TRUE(cold.Solve(indexer.StateAt(i), &b, one).ok()) << i;
    ASSERT_TRUE(cold.Solve(indexer.StateAt(i), &c, two).ok()) << i;
    ASSERT_EQ(a.moves, b.moves) << i;
    ASSERT_EQ(a.nodes, b.nodes) << i;
    ASSERT_EQ(a.moves, c.moves) << i;
    bool within;
    ASSERT_TRUE(
        cold.Within(indexer.StateAt(i), a.distance(), &within, one).ok());
    EXPECT_TRUE(within) << i;
  }
  cold.SetWordsReadyForTesting(true);
  EXPECT_TRUE(cold.words_ready());
  // Without words there is nothing to read in.
  PdbSearch none(board, 8, p, PdbIndexKind::kBlankRegion, values);
  none.ReadWordsInBackground();
  EXPECT_FALSE(none.words_ready());
}

// The 3x4 search of the database in `dir` (goal blank 11) through a fresh
// solver, under `budget` when given.
struct Opened {
  std::unique_ptr<Database> db;
  std::unique_ptr<Solver> solver;
  std::shared_ptr<const PdbSearch> search;
};
void Open(const std::string& dir, std::shared_ptr<PageBudget> budget,
          Opened* out) {
  ASSERT_TRUE(Database::Open(dir, &out->db).ok());
  out->solver = std::make_unique<Solver>(out->db.get());
  if (budget != nullptr) out->solver->set_page_budget(std::move(budget));
  int symmetry = 0;
  ASSERT_TRUE(
      out->solver->GetPdbSearch(Board(3, 4), 11, &out->search, &symmetry).ok());
  ASSERT_TRUE(out->search->has_words());
}

// The solver, opening databases whose words the system has dropped, reads
// the entries whole and the words in on a thread of its own, and answers
// as from a warm cache, holding the entries' bytes in its memory budget;
// with the words in memory, or a budget without room, it reads the
// entries a page at a time as before.
TEST(PdbWordsColdTest, TheSolverReadsColdWordsInBehindTheSearches) {
  const std::string db = testing::TempDir("words-cold-db") + "/db";
  const testing::CliResult r = testing::RunBuildCli(
      {"--db", db, "--board", "3x4", "--pdb", "strong", "--words", "--quiet"});
  ASSERT_EQ(r.status, kExitOk) << r.err;
  std::vector<std::string> files;
  for (int g = 0; g < 2; ++g) {
    files.push_back(db + "/3x4-b11-" + std::to_string(g) + ".words");
  }
  const Indexer indexer(Board(3, 4), 11);
  std::vector<Path> warm;
  {
    Opened o;
    ASSERT_NO_FATAL_FAILURE(Open(db, nullptr, &o));
    const auto& search = o.search;
    ASSERT_TRUE(search->words_ready());
    for (Index i = 1; i < indexer.size(); i += indexer.size() / 5) {
      warm.emplace_back();
      ASSERT_TRUE(search->Solve(indexer.StateAt(i), &warm.back()).ok());
    }
    EXPECT_GT(search->pages_read(), 0u);  // a page at a time
  }
  for (const std::string& f : files) {
    if (!DropFromCache(f)) GTEST_SKIP() << "the page cache keeps " << f;
  }
  {
    // Under a memory budget without room for the entries whole, as when
    // warm: no words read in, the entries a page at a time.
    Opened o;
    ASSERT_NO_FATAL_FAILURE(
        Open(db, std::make_shared<PageBudget>(uint64_t{64} << 10), &o));
    const auto& search = o.search;
    EXPECT_TRUE(search->words_ready());
    Path p;
    ASSERT_TRUE(search->Solve(indexer.StateAt(1), &p).ok());
    EXPECT_EQ(p.moves, warm[0].moves);
    EXPECT_GT(search->pages_read(), 0u);
  }
  for (const std::string& f : files) {
    if (!DropFromCache(f)) GTEST_SKIP() << "the page cache keeps " << f;
  }
  // With room in the budget: the entries whole, reserved.
  auto budget = std::make_shared<PageBudget>(uint64_t{1} << 30);
  Opened o;
  ASSERT_NO_FATAL_FAILURE(Open(db, budget, &o));
  const auto& search = o.search;
  std::unique_ptr<PageBudget::Reservation> all;
  EXPECT_TRUE(PageBudget::Reserve(budget, budget->bytes(), "all of it", &all)
                  .IsResourceExhausted());
  // Read in with no search asking for them.
  const auto until = std::chrono::steady_clock::now() + std::chrono::minutes(1);
  while (!search->words_ready() && std::chrono::steady_clock::now() < until) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ASSERT_TRUE(search->words_ready());
  for (const std::string& f : files) EXPECT_EQ(Resident(f), 1.0) << f;
  size_t k = 0;
  for (Index i = 1; i < indexer.size(); i += indexer.size() / 5, ++k) {
    Path p;
    ASSERT_TRUE(search->Solve(indexer.StateAt(i), &p).ok());
    EXPECT_EQ(p.moves, warm[k].moves) << i;
    EXPECT_EQ(p.nodes, warm[k].nodes) << i;
  }
  EXPECT_EQ(search->pages_read(), 0u);  // whole
}

// A search dropped while its words are being read in stops the reading
// (and asking twice reads them once).
TEST(PdbWordsColdTest, DroppingTheSearchStopsTheReading) {
  const Board board(3, 3);
  const Partition p = ConsecutiveGroups({8});
  const uint64_t entries =
      GroupIndexer(board, 8, PdbIndexKind::kBlankRegion).size();
  const std::string path = WriteWords(testing::TempDir("words-stop"), entries);
  for (int round = 0; round < 3; ++round) {
    DropFromCache(path);
    std::vector<PdbValues> values, words(1);
    values.emplace_back(std::vector<uint8_t>(entries, 0));
    ASSERT_TRUE(PdbValues::MapFile(path, entries, &words[0]).ok());
    auto search =
        std::make_unique<PdbSearch>(board, 8, p, PdbIndexKind::kBlankRegion,
                                    std::move(values), std::move(words));
    search->ReadWordsInBackground();
    search->ReadWordsInBackground();
    search.reset();  // joins the reader
  }
}

}  // namespace
}  // namespace slidedb
