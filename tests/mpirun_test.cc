// cli/mpirun.h: which messaging layer slidedb's tools ask Open MPI for
// before MPI_Init, from what the launcher and the caller set, and how many
// threads a rank takes when none are named.
#include "cli/mpirun.h"

#include <gtest/gtest.h>
#include <sched.h>

#include <initializer_list>
#include <string>
#include <vector>

namespace slidedb {
namespace {

std::string Pml(const char* world_size, const char* local_size,
                const char* pml) {
  const char* chosen = OneMachinePml(world_size, local_size, pml);
  return chosen == nullptr ? "(Open MPI's choice)" : chosen;
}

TEST(MpirunTest, EveryRankOnThisMachineTakesSharedMemoryMessaging) {
  EXPECT_EQ(Pml("2", "2", nullptr), "ob1");
  EXPECT_EQ(Pml("4", "4", nullptr), "ob1");
}

TEST(MpirunTest, RanksOnOtherMachinesLeaveTheChoiceToOpenMpi) {
  EXPECT_EQ(Pml("8", "2", nullptr), "(Open MPI's choice)");
  EXPECT_EQ(Pml("16", "1", nullptr), "(Open MPI's choice)");
}

TEST(MpirunTest, TheCallersOwnChoiceStands) {
  EXPECT_EQ(Pml("2", "2", "ucx"), "(Open MPI's choice)");
  EXPECT_EQ(Pml("2", "2", ""), "(Open MPI's choice)");
}

TEST(MpirunTest, ALauncherThatDoesNotSayLeavesTheChoiceToOpenMpi) {
  // PMIx launchers (PMIX_RANK alone) and plain runs set neither size.
  EXPECT_EQ(Pml(nullptr, nullptr, nullptr), "(Open MPI's choice)");
  EXPECT_EQ(Pml("2", nullptr, nullptr), "(Open MPI's choice)");
  EXPECT_EQ(Pml(nullptr, "2", nullptr), "(Open MPI's choice)");
}

cpu_set_t Cpus(std::initializer_list<int> cpus) {
  cpu_set_t set;
  CPU_ZERO(&set);
  for (int c : cpus) CPU_SET(c, &set);
  return set;
}

// --threads 0 under mpirun: the CPUs a rank may run on, shared out among
// the ranks of its machine that may run on them too.
TEST(MpirunTest, RanksBoundToCoresOfTheirOwnTakeOneThreadEach) {
  const std::vector<cpu_set_t> local = {Cpus({0}), Cpus({1})};
  EXPECT_EQ(CpuShare(local[0], local.data(), 2), 1);
  EXPECT_EQ(CpuShare(local[1], local.data(), 2), 1);
}

TEST(MpirunTest, RanksBoundToSocketsOfTheirOwnTakeTheirSocket) {
  const std::vector<cpu_set_t> local = {Cpus({0, 1, 2, 3}), Cpus({4, 5, 6, 7})};
  EXPECT_EQ(CpuShare(local[0], local.data(), 2), 4);
  EXPECT_EQ(CpuShare(local[1], local.data(), 2), 4);
}

TEST(MpirunTest, UnboundRanksShareTheMachine) {
  const cpu_set_t all = Cpus({0, 1, 2, 3, 4, 5, 6, 7});
  const std::vector<cpu_set_t> two(2, all), four(4, all), one(1, all);
  EXPECT_EQ(CpuShare(all, one.data(), 1), 8);
  EXPECT_EQ(CpuShare(all, two.data(), 2), 4);
  EXPECT_EQ(CpuShare(all, four.data(), 4), 2);
  // More ranks than CPUs: one thread each, never none.
  const cpu_set_t pair = Cpus({0, 1});
  const std::vector<cpu_set_t> many(4, pair);
  EXPECT_EQ(CpuShare(pair, many.data(), 4), 1);
}

TEST(MpirunTest, AShareOfSomeCpusAndAllOfOthersAddsUp) {
  // Rank 0 may run anywhere on 4 CPUs, rank 1 on CPUs 2 and 3 only:
  // rank 0 has CPUs 0 and 1 to itself and half of 2 and 3.
  const std::vector<cpu_set_t> local = {Cpus({0, 1, 2, 3}), Cpus({2, 3})};
  EXPECT_EQ(CpuShare(local[0], local.data(), 2), 3);
  EXPECT_EQ(CpuShare(local[1], local.data(), 2), 1);
}

}  // namespace
}  // namespace slidedb
