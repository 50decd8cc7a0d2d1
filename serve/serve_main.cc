#include <signal.h>

#include <iostream>
#include <string>
#include <vector>

#include "cli/file_size_limit.h"
#include "serve/serve_cli.h"

int main(int argc, char** argv) {
  slidedb::WritesFailPastFileSizeLimit();
  // Blocked for the whole process: RunServe takes them from the start (its
  // ServeSignals), and when it gives them back the process is ending, so a
  // stop that comes then stays pending rather than ending the process by
  // its default action, with 143 for the exit status the server chose.
  sigset_t stops;
  sigemptyset(&stops);
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&stops, sig);
  pthread_sigmask(SIG_BLOCK, &stops, nullptr);
  return slidedb::RunServe(std::vector<std::string>(argv + 1, argv + argc),
                           std::cin, std::cout, std::cerr);
}
