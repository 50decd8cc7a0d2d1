#include <signal.h>
#include <unistd.h>

#include <iostream>
#include <string>
#include <vector>

#include "builder/build_cli.h"
#include "builder/machine_room.h"

namespace {

// A build stopped by a signal (Ctrl-C, kill) says so, then dies by it as
// it would have. What it was writing is a copy beside the database
// (lib/storage/database_writer.h): the database is as it was, and the next
// build removes the copy.
constexpr char kStopped[] =
    "slidedb-build: stopped by a signal; the database is as it was before "
    "this build (the next build removes what this one left beside it)\n";

extern "C" void OnStop(int sig) {
  // write(2) and raise(3) only: the async-signal-safe calls.
  ssize_t written = write(STDERR_FILENO, kStopped, sizeof kStopped - 1);
  (void)written;
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
  slidedb::OneMallocArenaUnderAddressLimit();
  SayWhenStopped();
  return slidedb::RunBuild(std::vector<std::string>(argv + 1, argv + argc),
                           std::cin, std::cout, std::cerr);
}
