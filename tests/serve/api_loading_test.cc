// How slidedb-serve's API opens what answers a goal (issue 38, item 5; issue
// 34): a request that needs a table or pattern databases being opened
// waits for them, and only such a request; with ApiOptions::preload the
// pattern databases are read whole before the database serves.
#include <gtest/gtest.h>
#include <rocksdb/db.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <future>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "cli/exit_codes.h"
#include "lib/storage/format.h"
#include "serve/api.h"
#include "tests/serve/api_test_util.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

using json = nlohmann::json;
using testing::Get;
using testing::RunBuildCli;
using testing::TempDir;

// A database with the 3x3 table and the 15-puzzle's 4-4-4-3 pattern
// databases (a second to build), made once.
const std::string& MixedDb() {
  static const std::string dir = [] {
    const std::string d = TempDir("api-loading") + "/db";
    EXPECT_EQ(RunBuildCli({"--db", d, "--board", "3x3", "--quiet"}).status,
              kExitOk);
    EXPECT_EQ(RunBuildCli({"--db", d, "--board", "4x4", "--pdb", "4-4-4-3",
                           "--quiet"})
                  .status,
              kExitOk);
    return d;
  }();
  return dir;
}

// 3 moves from the 15-puzzle's goal.
constexpr char k4x4[] = "1,2,3,4,5,6,7,8,9,10,11,12,0,13,14,15";

ApiRequest Solve4x4(const std::string& start = k4x4) {
  return Get("/api/solve", {{"board", "4x4"}, {"start", start}});
}

// Holds every opening of the 15-puzzle's pattern databases until released,
// and counts them.
class HeldOpening {
 public:
  Solver::OpenHook Hook() {
    return [this](const std::string& what) {
      if (what.rfind("pdb 4x4/", 0) != 0) return;
      std::unique_lock<std::mutex> lock(mutex_);
      if (++opened_ == 1) entered_.set_value();
      released_cv_.wait(lock, [this] { return released_; });
    };
  }
  void WaitEntered() { entered_.get_future().wait(); }
  void Release() {
    std::lock_guard<std::mutex> lock(mutex_);
    released_ = true;
    released_cv_.notify_all();
  }
  int opened() {
    std::lock_guard<std::mutex> lock(mutex_);
    return opened_;
  }

 private:
  std::mutex mutex_;
  std::condition_variable released_cv_;
  std::promise<void> entered_;
  bool released_ = false;
  int opened_ = 0;
};

// While a 4x4 request opens its pattern databases, a 3x3 request is
// answered (before, one lock of the Solver was held while they were read,
// and every request on every connection waited); a second 4x4 request
// waits for the same opening, which happens once.
TEST(ApiLoadingTest, OneOpeningStallsOnlyTheRequestsThatNeedIt) {
  HeldOpening held;
  ApiOptions options;
  options.open_hook = held.Hook();
  Api api(MixedDb(), nullptr, options);
  ASSERT_TRUE(api.Open().ok());
  auto first = std::async(std::launch::async,
                          [&] { return api.Handle(Solve4x4()); });
  held.WaitEntered();
  auto second = std::async(std::launch::async,
                           [&] { return api.Handle(Solve4x4()); });
  auto small = std::async(std::launch::async, [&] {
    return api.Handle(Get("/api/solve", {{"start", "867254301"}}));
  });
  // Not a measure of time: a guard, so that a 3x3 request stuck behind the
  // held opening fails the test instead of hanging it.
  const bool answered =
      small.wait_for(std::chrono::seconds(60)) == std::future_status::ready;
  const bool second_waited = second.wait_for(std::chrono::seconds(0)) !=
                             std::future_status::ready;
  held.Release();
  ASSERT_TRUE(answered) << "the 3x3 request waited for the 4x4 opening";
  const ApiResponse r3 = small.get();
  EXPECT_EQ(r3.status, 200) << r3.body;
  EXPECT_EQ(json::parse(r3.body)["distance"], 31);
  EXPECT_TRUE(second_waited);
  for (auto* f : {&first, &second}) {
    const ApiResponse r = f->get();
    ASSERT_EQ(r.status, 200) << r.body;
    EXPECT_EQ(json::parse(r.body)["distance"], 3);
  }
  EXPECT_EQ(held.opened(), 1);
}

// Deletes page `page` of group `group` of the pattern databases `table`.
void DeletePdbPage(const std::string& dir, const std::string& table,
                   int group, uint32_t page) {
  rocksdb::DB* raw = nullptr;
  ASSERT_TRUE(rocksdb::DB::Open(rocksdb::Options(), dir, &raw).ok());
  std::unique_ptr<rocksdb::DB> db(raw);
  ASSERT_TRUE(
      db->Delete(rocksdb::WriteOptions(), PdbPageKey(table, group, page)).ok());
  ASSERT_TRUE(db->Close().ok());
}

// Preloading reads every page before the database serves: a missing one
// fails Open (and a reopen keeps the old database), where by default
// nothing of the pattern databases is read until a search needs it.
TEST(ApiLoadingTest, PreloadReadsEveryPageBeforeServing) {
  ApiOptions preload;
  preload.preload = true;
  {
    Api whole(MixedDb(), nullptr, preload);
    ASSERT_TRUE(whole.Open().ok());
    Api on_demand(MixedDb(), nullptr);
    ASSERT_TRUE(on_demand.Open().ok());
    for (const char* start :
         {k4x4, "0,1,2,3,5,6,7,4,9,10,11,8,13,14,15,12"}) {
      const ApiResponse a = whole.Handle(Solve4x4(start));
      const ApiResponse b = on_demand.Handle(Solve4x4(start));
      EXPECT_EQ(a.status, 200) << a.body;
      EXPECT_EQ(a.body, b.body);
    }
  }
  // Pages past a memory limit of four pages (the 4-4-4-3 databases hold
  // 43) are given back and read again as needed: the same answers, one at
  // a time and as a batch.
  ApiOptions small;
  small.memory_limit = 4 * 4096;
  {
    Api limited(MixedDb(), nullptr, small);
    ASSERT_TRUE(limited.Open().ok());
    Api on_demand(MixedDb(), nullptr);
    ASSERT_TRUE(on_demand.Open().ok());
    const std::vector<std::string> starts = {
        "5,1,2,3,9,6,7,4,13,10,11,8,0,14,15,12",
        "1,2,3,0,5,6,7,4,9,10,11,8,13,14,15,12",
        "4,1,2,3,8,5,6,7,12,9,10,11,13,0,14,15"};
    std::string batch;
    for (const std::string& start : starts) {
      const ApiResponse a = limited.Handle(Solve4x4(start));
      const ApiResponse b = on_demand.Handle(Solve4x4(start));
      EXPECT_EQ(a.status, 200) << a.body;
      EXPECT_EQ(a.body, b.body);
      batch += start + "\n";
    }
    ApiRequest post = Solve4x4();
    post.method = "POST";
    post.params.erase("start");
    post.content_type = "text/plain";
    post.body = batch;
    const ApiResponse a = limited.Handle(post);
    EXPECT_EQ(a.status, 200) << a.body;
    EXPECT_EQ(a.body, on_demand.Handle(post).body);
  }
  const std::string damaged = TempDir("api-loading-damaged") + "/db";
  std::filesystem::copy(MixedDb(), damaged);
  DeletePdbPage(damaged, "4x4/b15", 0, 3);
  Api on_demand(damaged, nullptr);
  EXPECT_TRUE(on_demand.Open().ok());
  Api whole(damaged, nullptr, preload);
  const Status s = whole.Open();
  EXPECT_TRUE(s.IsCorruption()) << s.ToString();
  EXPECT_NE(s.message().find("4x4/b15/0"), std::string::npos) << s.message();
}

// A reopening stopped while it reads (slidedb-serve's SIGTERM while a
// SIGHUP's preload reads) ends between pages as stopped, naming what it
// was reading, and the databases open before it serve on; one stopped
// before it begins opens nothing; one not stopped swaps the new ones in.
TEST(ApiLoadingTest, AReopeningStoppedWhileItReadsKeepsTheOldDatabases) {
  std::atomic<bool> stop{false}, stop_at_opening{false};
  ApiOptions options;
  options.preload = true;
  int openings = 0;
  // Called as a reopening opens the 15-puzzle's pattern databases, before
  // their first page is read.
  options.open_hook = [&](const std::string& what) {
    if (what.rfind("pdb 4x4/", 0) != 0) return;
    ++openings;
    if (stop_at_opening) stop = true;
  };
  Api api(MixedDb(), nullptr, options);
  ASSERT_TRUE(api.Open().ok());
  const ApiResponse before = api.Handle(Solve4x4());
  ASSERT_EQ(before.status, 200) << before.body;
  stop_at_opening = true;
  Status s = api.Reload(nullptr, &stop);
  EXPECT_TRUE(s.IsDeadlineExceeded()) << s.ToString();
  EXPECT_NE(s.message().find("4x4/b15"), std::string::npos) << s.message();
  EXPECT_EQ(api.Handle(Solve4x4()).body, before.body);
  EXPECT_EQ(openings, 2);
  s = api.Reload(nullptr, &stop);  // still set
  EXPECT_TRUE(s.IsDeadlineExceeded()) << s.ToString();
  EXPECT_EQ(openings, 2) << "a stopped reopening opened a database";
  stop_at_opening = false;
  stop = false;
  s = api.Reload(nullptr, &stop);
  EXPECT_TRUE(s.ok()) << s.ToString();
  EXPECT_EQ(openings, 3);
  EXPECT_EQ(api.Handle(Solve4x4()).body, before.body);
}

// A multi-tile search's walking-distance tables count against the memory
// limit, reserved before they are made (issue 38): a 4x5 search, whose
// tables need some 600 MB, is refused at once with a message that names
// the limit, 501 without Retry-After (the limit can never hold them:
// asking again cannot help; a 503 says a limit held by others), and the
// server goes on answering, a 4x4 multi-tile search included: it reads
// only the ordered tables, which the process shares and the limit does
// not count, and reserves nothing.
TEST(ApiLoadingTest, AMultiTileSearchPastTheMemoryLimitIsRefused) {
  ApiOptions options;
  options.memory_limit = uint64_t{1} << 20;
  Api api(MixedDb(), nullptr, options);
  ASSERT_TRUE(api.Open().ok());
  // One move from 4x5's goal.
  const ApiResponse refused = api.Handle(
      Get("/api/solve", {{"board", "4x5"},
                         {"metric", "mtm"},
                         {"start", "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,"
                                   "17,18,0,19"}}));
  EXPECT_EQ(refused.status, 501) << refused.body;  // no Retry-After
  EXPECT_EQ(json::parse(refused.body).value("code", ""), "NotSupported");
  const std::string error = json::parse(refused.body).value("error", "");
  EXPECT_NE(error.find("more than the memory limit allows in all"),
            std::string::npos)
      << error;
  EXPECT_NE(error.find("4x5"), std::string::npos) << error;
  const ApiResponse small =
      api.Handle(Get("/api/solve", {{"start", "123405786"}}));
  EXPECT_EQ(small.status, 200) << small.body;
  EXPECT_EQ(json::parse(small.body).value("distance", -1), 2);
  const ApiResponse fits = api.Handle(
      Get("/api/solve", {{"board", "4x4"},
                         {"metric", "mtm"},
                         {"start", "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15"}}));
  EXPECT_EQ(fits.status, 200) << fits.body;
  EXPECT_EQ(json::parse(fits.body).value("distance", -1), 1);
}

// A request's own max_seconds that runs out where no path can be given (a
// multi-tile search answers optimally or not at all) is the request's
// doing: a 503 without Retry-After that names max_seconds. Past the
// server's time it is a 503 to retry, as before.
TEST(ApiLoadingTest, ARequestsOwnBudgetRunOutIsNotRetried) {
  Api api(MixedDb(), nullptr, ApiOptions());
  ASSERT_TRUE(api.Open().ok());
  const ApiRequest far =
      Get("/api/solve", {{"board", "4x4"},
                         {"metric", "mtm"},
                         {"max_seconds", "0.01"},
                         {"goal", "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15"},
                         // 37 moves: 39 million states, seconds.
                         {"start", "7,10,4,0,9,1,3,12,14,11,8,15,2,6,13,5"}});
  const ApiResponse own = api.Handle(far);
  EXPECT_EQ(own.status, 503) << own.body;
  EXPECT_FALSE(own.retry);
  const std::string error = json::parse(own.body).value("error", "");
  EXPECT_NE(error.find("max_seconds=0.01"), std::string::npos) << error;
  ApiRequest late = far;  // the single-tile metric, no budget of its own
  late.params.erase("metric");
  late.params.erase("max_seconds");
  late.limits.deadline = std::chrono::steady_clock::now();
  ApiResponse server = api.Handle(late);
  EXPECT_EQ(server.status, 503) << server.body;
  EXPECT_TRUE(server.retry);
  // A budget longer than the server's time: the server's cut came first.
  ApiRequest longer = far;
  longer.params.find("max_seconds")->second = "30";
  longer.limits.deadline =
      std::chrono::steady_clock::now() + std::chrono::milliseconds(100);
  server = api.Handle(longer);
  EXPECT_EQ(server.status, 503) << server.body;
  EXPECT_TRUE(server.retry) << server.body;
  // A stopping server's: to be asked again later, not with more time.
  std::atomic<bool> stop{true};
  ApiRequest stopped = far;
  stopped.limits.cancel = &stop;
  server = api.Handle(stopped);
  EXPECT_EQ(server.status, 503) << server.body;
  EXPECT_TRUE(server.retry) << server.body;
}

}  // namespace
}  // namespace slidedb
