#include "query/mpi_query.h"

#include <cstdlib>
#include <string>

#include "cli/mpirun.h"
#include "lib/base/threads.h"

#ifndef SLIDEDB_WITH_MPI
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <vector>
#endif

#ifdef SLIDEDB_WITH_MPI
#include <mpi.h>
#include <sched.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <iomanip>
#include <mutex>
#include <ostream>
#include <vector>
#endif

namespace slidedb {

#ifdef SLIDEDB_WITH_MPI

namespace {

// The counter of an iteration's next subtree and its best subtree so far,
// two words on rank 0, read and changed by every rank with MPI's atomic
// one-sided operations. The calls of one rank's threads go one at a time.
class MpiShare : public IterationShare {
 public:
  explicit MpiShare(int rank) : rank_(rank) {
    MPI_Comm_dup(MPI_COMM_WORLD, &comm_);
    MPI_Win_allocate(rank == 0 ? 2 * sizeof(uint64_t) : 0, sizeof(uint64_t),
                     MPI_INFO_NULL, comm_, &words_, &window_);
    MPI_Win_lock_all(0, window_);
  }
  ~MpiShare() override {
    MPI_Win_unlock_all(window_);
    MPI_Win_free(&window_);
    MPI_Comm_free(&comm_);
  }

  void Begin(size_t /*subtrees*/) override {
    std::lock_guard<std::mutex> lock(mutex_);
    if (rank_ == 0) {
      const uint64_t start[2] = {0, UINT64_MAX};
      MPI_Accumulate(start, 2, MPI_UINT64_T, 0, 0, 2, MPI_UINT64_T, MPI_REPLACE,
                     window_);
      MPI_Win_flush(0, window_);
    }
    MPI_Barrier(comm_);  // nobody takes a subtree before the counter is 0
  }
  size_t Next() override { return Word(kNext, 1, MPI_SUM); }
  size_t Best() override { return Word(kBest, 0, MPI_NO_OP); }
  void Found(size_t subtree) override { Word(kBest, subtree, MPI_MIN); }

  void End(Outcome* o) override {
    std::lock_guard<std::mutex> lock(mutex_);
    uint64_t best = o->best;
    int stopped = (o->stopped ? 1 : 0) | (o->out_of_memory ? 2 : 0);
    MPI_Allreduce(MPI_IN_PLACE, &best, 1, MPI_UINT64_T, MPI_MIN, comm_);
    MPI_Allreduce(MPI_IN_PLACE, &o->next_bound, 1, MPI_INT, MPI_MIN, comm_);
    MPI_Allreduce(MPI_IN_PLACE, &stopped, 1, MPI_INT, MPI_BOR, comm_);
    for (uint64_t n : o->nodes) searched_ += n;
    MPI_Allreduce(MPI_IN_PLACE, o->nodes.data(),
                  static_cast<int>(o->nodes.size()), MPI_UINT64_T, MPI_SUM,
                  comm_);
    o->best = static_cast<size_t>(best);
    o->stopped = (stopped & 1) != 0;
    o->out_of_memory = (stopped & 2) != 0;
  }

  bool ShareAnswer(bool mine, std::string* answer) override {
    std::lock_guard<std::mutex> lock(mutex_);
    int owner = mine ? rank_ : INT_MAX;
    MPI_Allreduce(MPI_IN_PLACE, &owner, 1, MPI_INT, MPI_MIN, comm_);
    if (owner == INT_MAX) return false;
    uint64_t size = answer->size();
    MPI_Bcast(&size, 1, MPI_UINT64_T, owner, comm_);
    answer->resize(size);
    MPI_Bcast(answer->data(), static_cast<int>(size), MPI_BYTE, owner, comm_);
    return true;
  }

  // The states of the subtrees this rank searched, every iteration.
  uint64_t searched() const { return searched_; }
  MPI_Comm comm() const { return comm_; }

 private:
  static constexpr int kNext = 0, kBest = 1;

  // The word's value before `op` with `operand`.
  size_t Word(int word, uint64_t operand, MPI_Op op) {
    std::lock_guard<std::mutex> lock(mutex_);
    uint64_t before = 0;
    MPI_Fetch_and_op(&operand, &before, MPI_UINT64_T, 0, word, op, window_);
    MPI_Win_flush(0, window_);
    return static_cast<size_t>(before);
  }

  const int rank_;
  std::mutex mutex_;
  MPI_Comm comm_;
  MPI_Win window_;
  uint64_t* words_ = nullptr;
  uint64_t searched_ = 0;
};

// Ends MPI once the query's window is freed: a base is destroyed after
// the members of the class derived from it.
struct MpiFinalizer {
  ~MpiFinalizer() {
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (finalized == 0) MPI_Finalize();
  }
};

// CpuShare over the ranks of this rank's machine; every rank calls it.
int LocalCpuShare() {
  const cpu_set_t mine = AllowedCpus();
  MPI_Comm local;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL,
                      &local);
  int n = 1;
  MPI_Comm_size(local, &n);
  std::vector<cpu_set_t> all(n);
  MPI_Allgather(&mine, sizeof(mine), MPI_BYTE, all.data(), sizeof(mine),
                MPI_BYTE, local);
  MPI_Comm_free(&local);
  return CpuShare(mine, all.data(), n);
}

class MpiQueryImpl : private MpiFinalizer, public MpiQuery {
 public:
  MpiQueryImpl(int rank, int ranks, int provided)
      : rank_(rank),
        ranks_(ranks),
        provided_(provided),
        default_threads_(LocalCpuShare()),
        share_(rank) {}

  int rank() const override { return rank_; }
  int ranks() const override { return ranks_; }
  int MaxThreads(int wanted) const override {
    return provided_ >= MPI_THREAD_SERIALIZED ? wanted : 1;
  }
  int DefaultThreads() const override { return default_threads_; }
  IterationShare* share() override { return &share_; }

  void Report(std::ostream& err) override {
    uint64_t mine = share_.searched();
    std::vector<uint64_t> all(rank_ == 0 ? ranks_ : 0);
    MPI_Gather(&mine, 1, MPI_UINT64_T, all.data(), 1, MPI_UINT64_T, 0,
               share_.comm());
    uint64_t total = 0;
    for (uint64_t n : all) total += n;
    if (rank_ != 0 || total == 0) return;
    err << "slidedb-query: " << ranks_ << " ranks searched " << total
        << " states of split iterations:";
    for (int r = 0; r < ranks_; ++r) {
      err << (r == 0 ? " " : ", ") << std::fixed << std::setprecision(1)
          << 100.0 * static_cast<double>(all[r]) / static_cast<double>(total)
          << "% on rank " << r;
    }
    err << "\n";
  }

 private:
  const int rank_, ranks_, provided_, default_threads_;
  MpiShare share_;
};

}  // namespace

Status MpiQuery::Start(std::unique_ptr<MpiQuery>* out) {
  out->reset();
  if (!StartedByMpirun()) return Status::OK();
  int initialized = 0;
  MPI_Initialized(&initialized);
  int provided = MPI_THREAD_SINGLE;
  if (initialized == 0) {
    PreferOneMachinePml();
    MPI_Init_thread(nullptr, nullptr, MPI_THREAD_MULTIPLE, &provided);
  } else {
    MPI_Query_thread(&provided);
  }
  int ranks = 1, rank = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (ranks > 1) {
    *out = std::make_unique<MpiQueryImpl>(rank, ranks, provided);
  } else {
    MpiFinalizer alone;  // a single rank: a plain run
  }
  return Status::OK();
}

#else  // !SLIDEDB_WITH_MPI

namespace {

// Runs slidedb-query-mpi from this program's folder in this process's
// place, with its arguments (from /proc/self/cmdline); returns if it
// cannot.
void RunWithMpi() {
  std::error_code ec;
  const std::filesystem::path self =
      std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return;
  const std::string mpi = (self.parent_path() / "slidedb-query-mpi").string();
  if (access(mpi.c_str(), X_OK) != 0) return;
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::vector<std::string> args;
  for (std::string arg; std::getline(in, arg, '\0');) args.push_back(arg);
  if (args.empty()) return;
  std::vector<char*> argv;
  for (std::string& arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);
  execv(mpi.c_str(), argv.data());
}

}  // namespace

Status MpiQuery::Start(std::unique_ptr<MpiQuery>* out) {
  out->reset();
  const char* size = std::getenv("OMPI_COMM_WORLD_SIZE");
  if (!StartedByMpirun() || (size != nullptr && std::string(size) == "1")) {
    return Status::OK();
  }
  RunWithMpi();
  return Status::NotSupported(
      "started by mpirun, but this slidedb-query was built without MPI "
      "(install libopenmpi-dev and build again); run it without mpirun to "
      "search on this machine alone");
}

#endif  // SLIDEDB_WITH_MPI

}  // namespace slidedb
