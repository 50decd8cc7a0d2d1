// Env::Default()'s lock file (lib/base/env_posix.cc): one holder at a
// time, in this process or another, and no file left once it is released.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "lib/base/env.h"
#include "tests/test_util.h"

namespace slidedb {
namespace {

namespace fs = std::filesystem;
using testing::TempDir;

TEST(EnvPosixTest, ALockIsHeldOnceAndItsFileGoesWithIt) {
  const std::string path = TempDir("env-lock") + "/db.lock";
  Env* env = Env::Default();
  std::unique_ptr<FileLock> first, second;
  ASSERT_TRUE(env->LockFile(path, &first).ok());
  EXPECT_TRUE(fs::exists(path));
  EXPECT_TRUE(env->LockFile(path, &second).IsBusy());
  first.reset();
  EXPECT_FALSE(fs::exists(path)) << "the lock file left behind";
  ASSERT_TRUE(env->LockFile(path, &second).ok());
  second.reset();
  EXPECT_FALSE(fs::exists(path));
}

// A file left by a holder that died (nothing holds its lock) is taken, and
// removed at the end like one of its own.
TEST(EnvPosixTest, AFileLeftUnlockedIsTakenAndRemoved) {
  const std::string path = TempDir("env-lock-left") + "/db.lock";
  std::ofstream(path) << "";
  std::unique_ptr<FileLock> lock;
  ASSERT_TRUE(Env::Default()->LockFile(path, &lock).ok());
  lock.reset();
  EXPECT_FALSE(fs::exists(path));
}

// Lockers that take and release the lock as fast as they can: never two
// holders at once, though each release removes the file another may have
// just opened.
TEST(EnvPosixTest, NeverTwoHoldersWhileTheFileComesAndGoes) {
  const std::string path = TempDir("env-lock-race") + "/db.lock";
  std::atomic<int> holders{0}, most{0}, taken{0};
  std::vector<std::thread> lockers;
  for (int t = 0; t < 4; ++t) {
    lockers.emplace_back([&] {
      for (int i = 0; i < 1000; ++i) {
        std::unique_ptr<FileLock> lock;
        if (!Env::Default()->LockFile(path, &lock).ok()) continue;
        const int now = ++holders;
        int seen = most.load();
        while (now > seen && !most.compare_exchange_weak(seen, now)) {
        }
        ++taken;
        // Held a moment: a second holder, were there one, would overlap.
        std::this_thread::sleep_for(std::chrono::microseconds(20));
        --holders;
      }
    });
  }
  for (std::thread& t : lockers) t.join();
  EXPECT_EQ(most.load(), 1);
  EXPECT_GT(taken.load(), 0);
  EXPECT_FALSE(fs::exists(path));
}

}  // namespace
}  // namespace slidedb
