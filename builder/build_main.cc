#include <signal.h>
#include <unistd.h>

#include <iostream>
#include <string>
#include <vector>

#include "builder/build_cli.h"
#include "builder/machine_room.h"
#include "cli/file_size_limit.h"
#include "cli/mpirun.h"
#include "lib/storage/database_writer.h"

namespace {

// A build stopped by a signal (Ctrl-C, kill) says so, then dies by it as
// it would have. What it was writing is a copy beside the database
// (lib/storage/database_writer.h): until the copy is swapped in, the
// database is as it was, and the next build removes the copy.
constexpr char kStoppedUnwritten[] =
    "slidedb-build: stopped by a signal; nothing was written\n";
constexpr char kStopped[] =
    "slidedb-build: stopped by a signal; the database is as it was before "
    "this build (the next build removes what this one left beside it)\n";
constexpr char kStoppedSwapping[] =
    "slidedb-build: stopped by a signal as the new database was swapped "
    "in: the database is the old one or the new one, whole (the next build "
    "removes what this one left beside it)\n";
constexpr char kStoppedSwapped[] =
    "slidedb-build: stopped by a signal after the new database was in "
    "place (the next build removes anything this one left beside it)\n";

template <size_t N>
void Say(const char (&text)[N]) {
  ssize_t written = write(STDERR_FILENO, text, N - 1);
  (void)written;
}

extern "C" void OnStop(int sig) {
  // write(2), an atomic's load and raise(3) only: async-signal-safe.
  switch (slidedb::CurrentCommitStage()) {
    case slidedb::CommitStage::kNone:
      Say(kStoppedUnwritten);
      break;
    case slidedb::CommitStage::kBefore:
      Say(kStopped);
      break;
    case slidedb::CommitStage::kSwapping:
      Say(kStoppedSwapping);
      break;
    case slidedb::CommitStage::kSwapped:
      Say(kStoppedSwapped);
      break;
  }
  signal(sig, SIG_DFL);
  raise(sig);
}

void SayWhenStopped() {
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
    struct sigaction old {};
    sigaction(sig, nullptr, &old);
    // A signal ignored when the build started (nohup, a background job)
    // stays ignored.
    if (old.sa_handler == SIG_IGN) continue;
    struct sigaction on_stop {};
    on_stop.sa_handler = OnStop;
    sigemptyset(&on_stop.sa_mask);
    sigaction(sig, &on_stop, nullptr);
  }
}

}  // namespace

int main(int argc, char** argv) {
  slidedb::WritesFailPastFileSizeLimit();
  slidedb::OneMallocArenaUnderAddressLimit();
  // Under mpirun rank 0 alone writes the database, and alone says what a
  // stop left of it; the other ranks die by the signal unheard.
  if (slidedb::MpirunRank() <= 0) SayWhenStopped();
  return slidedb::RunBuild(std::vector<std::string>(argv + 1, argv + argc),
                           std::cin, std::cout, std::cerr);
}
