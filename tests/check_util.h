// What the tests of slidedb-build --verify share (tests/check_test.cc, the
// database's keys, pages and metadata; tests/check_records_test.cc, its
// records): a small database to plant corruption in, a way to plant it, and
// the reports of --verify.
#ifndef SLIDEDB_TESTS_CHECK_UTIL_H_
#define SLIDEDB_TESTS_CHECK_UTIL_H_

#include <gtest/gtest.h>
#include <rocksdb/db.h>

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "cli/exit_codes.h"
#include "lib/puzzle/index.h"
#include "lib/storage/format.h"
#include "tests/test_util.h"

namespace slidedb {
namespace testing {

// A fresh database of every 2x3 table (360 states each) at a new directory.
inline std::string SmallDatabase(const std::string& name) {
  const std::string dir = TempDir(name) + "/db";
  // Two tables each (lib/puzzle/symmetry.h): 2x3/b4, 2x3/b5, 3x2/b3, 3x2/b5.
  for (const char* board : {"2x3", "3x2"}) {
    const auto r = RunBuildCli({"--db", dir, "--board", board, "--quiet"});
    EXPECT_EQ(r.status, kExitOk) << r.err;
  }
  return dir;
}

// Changes the database at `dir` through RocksDB, as any client could.
class Rewriter {
 public:
  explicit Rewriter(const std::string& dir) {
    rocksdb::Options options;
    rocksdb::DB* raw = nullptr;
    const auto s = rocksdb::DB::Open(options, dir, &raw);
    EXPECT_TRUE(s.ok()) << s.ToString();
    db_.reset(raw);
  }
  ~Rewriter() { EXPECT_TRUE(db_->Close().ok()); }

  std::string Get(const std::string& key) {
    std::string v;
    EXPECT_TRUE(db_->Get(rocksdb::ReadOptions(), key, &v).ok()) << key;
    return v;
  }
  void Put(const std::string& key, const std::string& value) {
    ASSERT_TRUE(db_->Put(rocksdb::WriteOptions(), key, value).ok());
  }
  void Delete(const std::string& key) {
    ASSERT_TRUE(db_->Delete(rocksdb::WriteOptions(), key).ok());
  }
  // Sets the record of index i of table `id` (in page 0 of a 2x3 table).
  void SetRecord(const std::string& id, Index i, uint8_t record) {
    std::string page = Get(PageKey(id, 0));
    ASSERT_LT(i, page.size());
    page[i] = static_cast<char>(record);
    Put(PageKey(id, 0), page);
  }
  uint8_t Record(const std::string& id, Index i) {
    return static_cast<uint8_t>(Get(PageKey(id, 0)).at(i));
  }

 private:
  std::unique_ptr<rocksdb::DB> db_;
};

// The table the tests plant their corruption in.
inline constexpr char kTable[] = "2x3/b5";

// The report of --verify on `dir` as JSON, with its exit status.
inline nlohmann::json VerifyJson(const std::string& dir, int* status) {
  const auto r = RunBuildCli({"--verify", "--db", dir, "--format", "json"});
  *status = r.status;
  return nlohmann::json::parse(r.out);
}

// Runs --verify on `dir`, expects it to fail, and returns the text report.
inline std::string VerifyFails(const std::string& dir) {
  const auto r = RunBuildCli({"--verify", "--db", dir});
  EXPECT_EQ(r.status, kExitFailure) << r.out << r.err;
  EXPECT_NE(r.out.find("FAILED"), std::string::npos) << r.out;
  return r.out;
}

}  // namespace testing
}  // namespace slidedb

#endif  // SLIDEDB_TESTS_CHECK_UTIL_H_
