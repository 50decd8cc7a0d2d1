// Pattern databases in the database: written four bits an entry where they
// fit (format 4), and those an older slidedb wrote, a byte an entry
// (format 3), read as they are with the same answers.
#include <gtest/gtest.h>
#include <rocksdb/db.h>

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "lib/search/pdb_encoding.h"
#include "lib/storage/database.h"
#include "lib/storage/format.h"
#include "lib/storage/pdb_meta.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

using testing::RunBuildCli;
using testing::RunQueryCli;

// Rewrites every pattern database of `dir` as format 3 wrote it: a byte an
// entry, no "entry_bits", metadata and database of format 3.
void MakeFormatThree(const std::string& dir) {
  std::vector<PdbMeta> metas;
  {
    std::unique_ptr<Database> db;
    ASSERT_TRUE(Database::Open(dir, &db).ok());
    metas = db->pdbs();
  }
  rocksdb::DB* raw;
  ASSERT_TRUE(rocksdb::DB::Open(rocksdb::Options(), dir, &raw).ok());
  std::unique_ptr<rocksdb::DB> db(raw);
  for (PdbMeta m : metas) {
    ASSERT_EQ(m.entry_bits, kPdbNibbleEntries);
    std::vector<uint8_t> packed;
    for (uint32_t p = 0; p < m.pages; ++p) {
      std::string page;
      ASSERT_TRUE(db->Get({}, PdbPageKey(m.TableId(), m.group, p), &page).ok());
      packed.insert(packed.end(), page.begin(), page.end());
      ASSERT_TRUE(db->Delete({}, PdbPageKey(m.TableId(), m.group, p)).ok());
    }
    const std::vector<uint8_t> bytes = UnpackPdbEntries(
        m.board, m.goal_blank, m.tiles, m.index, m.entries, packed);
    m.entry_bits = kPdbByteEntries;
    m.SetPages();
    for (uint32_t p = 0; p < m.pages; ++p) {
      const auto begin = bytes.begin() + uint64_t{p} * kPageBytes;
      ASSERT_TRUE(db->Put({}, PdbPageKey(m.TableId(), m.group, p),
                          std::string(begin, begin + m.page_bytes(p)))
                      .ok());
    }
    nlohmann::ordered_json j = nlohmann::ordered_json::parse(m.ToJson());
    j["format"] = 3;
    j.erase("entry_bits");
    ASSERT_TRUE(
        db->Put({}, PdbMetaKey(m.TableId(), m.group), j.dump()).ok());
  }
  ASSERT_TRUE(db->Put({}, kFormatKey, "3").ok());
  ASSERT_TRUE(db->Close().ok());
}

TEST(PdbFormatTest, FormatThreeByteEntriesAnswerAsFourBitOnes) {
  const std::string dir = testing::TempDir("pdb-format") + "/db";
  ASSERT_EQ(RunBuildCli({"--db", dir, "--board", "2x8", "--pdb", "4-4-4-3",
                         "--quiet"})
                .status,
            0);
  // Four bits an entry: half the bytes of the entries.
  {
    std::unique_ptr<Database> db;
    ASSERT_TRUE(Database::Open(dir, &db).ok());
    ASSERT_EQ(db->pdbs().size(), 4u);
    for (const PdbMeta& m : db->pdbs()) {
      EXPECT_EQ(m.entry_bits, kPdbNibbleEntries);
      EXPECT_EQ(m.stored_bytes(), (m.entries + 1) / 2);
    }
  }
  const std::vector<std::string> ask = {
      "--db", dir, "--board", "2x8", "--format", "json",
      "9,1,15,3,4,5,6,7,2,10,11,12,13,14,8,0",
      "1,2,3,4,5,6,7,0,9,10,11,12,13,14,15,8",
      "2,1,4,3,5,6,7,8,9,10,11,12,13,14,15,0"};
  const testing::CliResult nibbles = RunQueryCli(ask);
  ASSERT_EQ(nibbles.status, 0) << nibbles.err;
  MakeFormatThree(dir);
  {
    std::unique_ptr<Database> db;
    ASSERT_TRUE(Database::Open(dir, &db).ok());
    for (const PdbMeta& m : db->pdbs()) {
      EXPECT_EQ(m.entry_bits, kPdbByteEntries);
    }
  }
  // The same answers, node counts too: the same heuristic.
  const testing::CliResult bytes = RunQueryCli(ask);
  EXPECT_EQ(bytes.status, 0) << bytes.err;
  EXPECT_EQ(bytes.out, nibbles.out);
  const testing::CliResult verify = RunBuildCli({"--verify", "--db", dir});
  EXPECT_EQ(verify.status, 0) << verify.out << verify.err;
}

}  // namespace
}  // namespace slidedb
