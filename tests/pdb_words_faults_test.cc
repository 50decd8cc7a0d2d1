// The files of successor words (docs/FORMAT.md) under the faults of the
// Env (tests/fault_env.h): a disk that fills while one is written leaves
// the database in place as it was; what Commit reported done survives a
// power cut, and so do the words carried into a later build's copy.
#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "lib/search/pdb_build.h"
#include "lib/search/pdb_values.h"
#include "lib/search/pdb_words.h"
#include "lib/storage/database.h"
#include "lib/storage/database_writer.h"
#include "tests/fault_env.h"
#include "tests/pdb_test_util.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

namespace fs = std::filesystem;
using testing::FaultInjectionEnv;
using testing::TempDir;

// 3x3's group of tiles 1, 2, 3 by blank region: its metadata, entries and
// words, as slidedb-build makes them.
struct SmallPdb {
  PdbMeta meta;
  std::vector<uint8_t> entries;
  std::vector<uint32_t> words;
};

SmallPdb MakeSmallPdb() {
  SmallPdb p;
  const Board board(3, 3);
  PdbResult r;
  EXPECT_TRUE(BuildPatternDb(board, 8, {1, 2, 3}, PdbIndexKind::kBlankRegion,
                             1, nullptr, &r)
                  .ok());
  EXPECT_TRUE(ComputePdbWords(board, 3, r.values, 1, &p.words).ok());
  PdbMeta& m = p.meta;
  m = testing::SmallPdbMeta(PdbIndexKind::kBlankRegion, r);
  m.words = true;
  m.SetPages();
  p.entries = std::move(r.values);
  return p;
}

// Writes `pdb` (one group; enough for the storage) into the database at
// `dir` through `env`. Returns Commit's status, or the first error.
Status AddSmallPdb(const std::string& dir, Env* env, const SmallPdb& pdb) {
  std::unique_ptr<DatabaseWriter> w;
  Status s = DatabaseWriter::Begin(dir, &w, /*fresh=*/false, env);
  if (s.ok()) s = w->RemovePdbs(pdb.meta.TableId());
  if (s.ok()) s = w->PutPdbWords(pdb.meta, pdb.words);
  if (s.ok()) s = w->PutPdb(pdb.meta, pdb.entries);
  return s.ok() ? w->Commit() : s;
}

// The words stored at `dir`, mapped as a search maps them; none when the
// database or its words cannot be read.
std::vector<uint32_t> StoredWords(const std::string& dir) {
  std::unique_ptr<Database> db;
  if (!Database::Open(dir, &db).ok() || db->pdbs().empty()) return {};
  const PdbMeta& m = db->pdbs()[0];
  PdbValues mapped;
  if (!m.has_words() ||
      !PdbValues::MapFile(db->PdbWordPath(m), m.entries, &mapped).ok()) {
    return {};
  }
  std::vector<uint32_t> out(m.entries);
  for (uint64_t i = 0; i < m.entries; ++i) out[i] = mapped.Word(i);
  return out;
}

TEST(PdbWordsFaultsTest, AFullDiskLeavesTheDatabaseAsItWas) {
  const SmallPdb pdb = MakeSmallPdb();
  const std::string dir = TempDir("words-full") + "/db";
  ASSERT_TRUE(AddSmallPdb(dir, Env::Default(), pdb).ok());
  const auto before = testing::FileSnapshot(dir);
  SmallPdb changed = pdb;
  for (uint32_t& w : changed.words) w ^= 1;  // not words, but other bytes
  int failed = 0;
  for (int n = 1;; ++n) {
    FaultInjectionEnv env;
    env.FailWrite(n);
    const Status s = AddSmallPdb(dir, &env, changed);
    if (s.ok()) break;
    ++failed;
    EXPECT_TRUE(s.IsIOError()) << s.ToString();
    EXPECT_TRUE(testing::FileSnapshot(dir) == before) << "write " << n;
    EXPECT_EQ(StoredWords(dir), pdb.words) << "write " << n;
  }
  EXPECT_GE(failed, 1);
  EXPECT_EQ(StoredWords(dir), changed.words);
}

TEST(PdbWordsFaultsTest, CommittedWordsSurviveAPowerCut) {
  const SmallPdb pdb = MakeSmallPdb();
  const std::string dir = TempDir("words-power") + "/db";
  FaultInjectionEnv env;
  ASSERT_TRUE(AddSmallPdb(dir, &env, pdb).ok());
  ASSERT_TRUE(env.PowerCut().ok());
  EXPECT_EQ(StoredWords(dir), pdb.words);
  // A later build's copy links the file: after its commit and a power cut
  // the words are there, and the file is still the one written first.
  std::unique_ptr<DatabaseWriter> w;
  ASSERT_TRUE(DatabaseWriter::Begin(dir, &w, /*fresh=*/false, &env).ok());
  const auto [meta, records] = testing::SmallTable(Board(2, 2), 3);
  ASSERT_TRUE(w->PutTable(meta, records).ok());
  ASSERT_TRUE(w->Commit().ok());
  w.reset();
  ASSERT_TRUE(env.PowerCut().ok());
  EXPECT_EQ(StoredWords(dir), pdb.words);
  EXPECT_TRUE(fs::exists(dir + "/" + pdb.meta.WordFileName()));
}

}  // namespace
}  // namespace slidedb
