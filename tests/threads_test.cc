// lib/base/threads.h: how many threads a process starts when none are
// named (--threads 0, the server's work threads, a batch's groups).
#include "lib/base/threads.h"

#include <gtest/gtest.h>
#include <sched.h>

#include <thread>

namespace slidedb {
namespace {

// A thread kept to one CPU (as taskset -c, or mpirun binding a rank to a
// core, keeps a process) counts one, whatever the machine has.
TEST(ThreadsTest, CoresCountsTheCpusThisThreadMayRunOn) {
  cpu_set_t mine;
  CPU_ZERO(&mine);
  ASSERT_EQ(sched_getaffinity(0, sizeof(mine), &mine), 0);
  EXPECT_EQ(Cores(), CPU_COUNT(&mine));
  int first = 0;
  while (!CPU_ISSET(first, &mine)) ++first;
  int kept = -1;
  std::thread([&] {
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(first, &one);
    if (sched_setaffinity(0, sizeof(one), &one) == 0) kept = Cores();
  }).join();
  ASSERT_NE(kept, -1) << "sched_setaffinity refused one CPU of our own";
  EXPECT_EQ(kept, 1);
  EXPECT_EQ(Cores(), CPU_COUNT(&mine));  // the caller's own stays as it was
}

}  // namespace
}  // namespace slidedb
