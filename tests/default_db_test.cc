// An empty $SLIDEDB_DB (`export SLIDEDB_DB=$DIR` with DIR unset) is, as an
// empty --db, never the default database: every tool that takes --db
// refuses it (exit 64, naming SLIDEDB_DB) unless given --db.
#include "cli/default_db.h"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <boost/program_options.hpp>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "cli/exit_codes.h"
#include "cli/option_error.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

namespace fs = std::filesystem;
namespace po = boost::program_options;
using testing::CliResult;
using testing::RunBuildCli;
using testing::RunQueryCli;
using testing::TempDir;

// Sets $SLIDEDB_DB (nullopt: unsets it) and works in a folder of its own,
// where the default data/slidedb would be written; puts both back.
class DatabaseVariableScope {
 public:
  DatabaseVariableScope(const std::optional<std::string>& value,
                        const std::string& dir)
      : old_cwd_(fs::current_path()) {
    const char* old = getenv("SLIDEDB_DB");
    if (old != nullptr) old_ = old;
    if (value) {
      setenv("SLIDEDB_DB", value->c_str(), 1);
    } else {
      unsetenv("SLIDEDB_DB");
    }
    fs::current_path(dir);
  }
  ~DatabaseVariableScope() {
    fs::current_path(old_cwd_);
    if (old_) {
      setenv("SLIDEDB_DB", old_->c_str(), 1);
    } else {
      unsetenv("SLIDEDB_DB");
    }
  }

 private:
  fs::path old_cwd_;
  std::optional<std::string> old_;
};

constexpr char kVariableNamed[] = "SLIDEDB_DB is empty";

TEST(DefaultDbTest, EmptyVariableIsRefusedByBuild) {
  const std::string dir = TempDir("default-db-build");
  DatabaseVariableScope scope("", dir);
  CliResult r = RunBuildCli({"--board", "2x2", "--quiet"});
  EXPECT_EQ(r.status, kExitUsage) << r.err;
  EXPECT_NE(r.err.find("slidedb-build: " + std::string(kVariableNamed)),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(dir + "/data/slidedb")) << "built the default";
  r = RunBuildCli({"--verify", "--board", "2x2"});
  EXPECT_EQ(r.status, kExitUsage) << r.err;
  // --db names the database: the variable is not used.
  r = RunBuildCli({"--db", dir + "/named", "--board", "2x2", "--quiet"});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  // --help and --version do not read it.
  EXPECT_EQ(RunBuildCli({"--help"}).status, kExitOk);
  EXPECT_EQ(RunBuildCli({"--version"}).status, kExitOk);
}

TEST(DefaultDbTest, EmptyVariableIsRefusedByQuery) {
  const std::string db = testing::TestDatabase();
  DatabaseVariableScope scope("", TempDir("default-db-query"));
  CliResult r = RunQueryCli({"123456780"});
  EXPECT_EQ(r.status, kExitUsage) << r.err;
  EXPECT_NE(r.err.find("slidedb-query: " + std::string(kVariableNamed)),
            std::string::npos)
      << r.err;
  r = RunQueryCli({"--db", db, "123456780"});
  EXPECT_EQ(r.status, kExitOk) << r.err;
  EXPECT_EQ(RunQueryCli({"--help"}).status, kExitOk);
}

// slidedb-serve's and slidedb-tour's parse (ParseOptionsOnly, then
// RefuseEmptyValues): --db DIR repeatable, no default in the description;
// slidedb-tour has no --db.
TEST(DefaultDbTest, EmptyVariableIsRefusedWhereDbIsAnOption) {
  std::vector<std::string> dirs;
  po::options_description serve("Options");
  serve.add_options()("help,h", "")("db", po::value(&dirs), "")(
      "port", po::value<int>(), "");
  po::options_description tour("Options");
  tour.add_options()("help,h", "")("size", po::value<int>(), "");
  const auto refused = [](const std::vector<std::string>& args,
                          const po::options_description& desc) {
    try {
      RefuseEmptyValues(ParseOptionsOnly(args, desc));
    } catch (const po::error& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  DatabaseVariableScope scope("", TempDir("default-db-serve"));
  EXPECT_NE(refused({"--port", "0"}, serve).find(kVariableNamed),
            std::string::npos);
  EXPECT_EQ(refused({}, serve).substr(0, 19), kVariableNamed);
  EXPECT_EQ(refused({"--db", "x"}, serve), "");
  EXPECT_EQ(refused({"--help"}, serve), "");
  EXPECT_EQ(refused({"--size", "5"}, tour), "");
  setenv("SLIDEDB_DB", "somewhere", 1);
  EXPECT_EQ(refused({}, serve), "");
  unsetenv("SLIDEDB_DB");
  EXPECT_EQ(refused({}, serve), "");
}

TEST(DefaultDbTest, SetOrUnsetVariableIsTheDefault) {
  {
    DatabaseVariableScope scope(testing::TestDatabase(),
                                TempDir("default-db-set"));
    EXPECT_EQ(DatabaseVariableError(), "");
    EXPECT_EQ(RunQueryCli({"123456780"}).status, kExitOk);
  }
  DatabaseVariableScope scope(std::nullopt, TempDir("default-db-unset"));
  EXPECT_EQ(DatabaseVariableError(), "");
  EXPECT_EQ(DefaultDatabasePath(), "data/slidedb");
  const CliResult r = RunQueryCli({"123456780"});
  EXPECT_EQ(r.status, kExitNoInput) << r.err;
  EXPECT_NE(r.err.find("data/slidedb"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace slidedb
