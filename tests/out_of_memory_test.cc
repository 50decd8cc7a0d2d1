// ExitIfOutOfMemory (cli/out_of_memory.h): a tool that runs out of memory
// where no Status can say so (inside RocksDB, at a thread's start) says so
// and exits 69, rather than aborting; StatusIfOutOfMemory
// (lib/base/out_of_memory.h), the same for a thread's work as a Status.
#include "cli/out_of_memory.h"

#include <gtest/gtest.h>

#include <sstream>
#include <stdexcept>

namespace slidedb {
namespace {

TEST(OutOfMemoryTest, RunningOutIsExit69WithAMessage) {
  std::ostringstream err;
  EXPECT_EQ(ExitIfOutOfMemory("slidedb-query", err,
                              []() -> int { throw std::bad_alloc(); }),
            kExitUnavailable);
  EXPECT_EQ(err.str().rfind("slidedb-query: out of memory", 0), 0u)
      << err.str();

  std::ostringstream thread_err;
  EXPECT_EQ(ExitIfOutOfMemory("slidedb-build", thread_err,
                              []() -> int {
                                throw std::system_error(std::make_error_code(
                                    std::errc::resource_unavailable_try_again));
                              }),
            kExitUnavailable);
  EXPECT_EQ(
      thread_err.str().rfind("slidedb-build: out of memory for a thread", 0),
      0u)
      << thread_err.str();
}

TEST(OutOfMemoryTest, EverythingElsePassesThrough) {
  std::ostringstream err;
  EXPECT_EQ(ExitIfOutOfMemory("slidedb-query", err, [] { return 65; }), 65);
  EXPECT_THROW(ExitIfOutOfMemory("slidedb-query", err,
                                 []() -> int {
                                   throw std::system_error(std::make_error_code(
                                       std::errc::permission_denied));
                                 }),
               std::system_error);
  EXPECT_THROW(
      ExitIfOutOfMemory("slidedb-query", err,
                        []() -> int { throw std::logic_error("bug"); }),
      std::logic_error);
  EXPECT_EQ(err.str(), "");
}

// A thread's work that runs out of memory fails with ResourceExhausted and
// the tools' words (an exception leaving a thread ends the process).
TEST(OutOfMemoryTest, AThreadsWorkRunningOutIsResourceExhausted) {
  Status s = StatusIfOutOfMemory([]() -> Status { throw std::bad_alloc(); });
  EXPECT_TRUE(s.IsResourceExhausted()) << s.ToString();
  EXPECT_EQ(s.message().rfind("out of memory (a limit such as ulimit -v", 0),
            0u)
      << s.message();
  s = StatusIfOutOfMemory([]() -> Status {
    throw std::system_error(std::make_error_code(std::errc::not_enough_memory));
  });
  EXPECT_TRUE(s.IsResourceExhausted()) << s.ToString();
  EXPECT_TRUE(
      StatusIfOutOfMemory([] { return Status::NotFound("x"); }).IsNotFound());
  EXPECT_THROW(
      StatusIfOutOfMemory([]() -> Status { throw std::logic_error("bug"); }),
      std::logic_error);
}

}  // namespace
}  // namespace slidedb
