// ExitIfOutOfMemory (cli/out_of_memory.h): a tool that runs out of memory
// where no Status can say so (inside RocksDB, at a thread's start) says so
// and exits 69, rather than aborting.
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

}  // namespace
}  // namespace slidedb
