// cli/mpirun.h: which messaging layer slidedb's tools ask Open MPI for
// before MPI_Init, from what the launcher and the caller set.
#include "cli/mpirun.h"

#include <gtest/gtest.h>

#include <string>

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

}  // namespace
}  // namespace slidedb
