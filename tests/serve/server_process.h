// slidedb-serve as a process for the tests: started on --port 0 on
// 127.0.0.1, stopped by the test with a signal.
#ifndef SLIDEDB_TESTS_SERVE_SERVER_PROCESS_H_
#define SLIDEDB_TESTS_SERVE_SERVER_PROCESS_H_

#include <httplib.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace slidedb {

inline std::string ServeBinary() {
  // $SLIDEDB_SERVE, else the one built beside this test.
  const char* env = std::getenv("SLIDEDB_SERVE");
  return env != nullptr ? env : SLIDEDB_SERVE_BINARY;
}

// One slidedb-serve process, killed (if still running) when destroyed.
class ServerProcess {
 public:
  explicit ServerProcess(std::vector<std::string> args) {
    args.insert(args.begin(), ServeBinary());
    args.insert(args.end(), {"--port", "0", "--bind", "127.0.0.1"});
    int out[2];
    if (pipe(out) != 0) return;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    posix_spawn_file_actions_addclose(&actions, out[0]);
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    if (posix_spawn(&pid_, argv[0], &actions, nullptr, argv.data(),
                    environ) != 0) {
      pid_ = -1;
    }
    posix_spawn_file_actions_destroy(&actions);
    close(out[1]);
    out_ = out[0];
    // The first line says where it listens. A hang guard, not a timing
    // assertion: a server that says nothing for two minutes fails the
    // test (port 0) rather than hanging the suite.
    if (pid_ > 0) first_line_ = ReadLine(std::chrono::seconds(120));
    const size_t colon = first_line_.rfind(':');
    if (colon != std::string::npos) port_ = std::atoi(&first_line_[colon + 1]);
  }
  ~ServerProcess() {
    if (pid_ > 0 && !waited_) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    if (out_ >= 0) close(out_);
  }

  int port() const { return port_; }
  pid_t pid() const { return pid_; }
  const std::string& first_line() const { return first_line_; }

  httplib::Client Client() const {
    httplib::Client c("127.0.0.1", port_);
    // A hang guard, not a timing assertion: a request that hangs fails.
    c.set_read_timeout(20);
    c.set_connection_timeout(20);
    return c;
  }

  // Sends `sig` and returns the exit status; kHung (the server then
  // killed) when it has not exited a minute later, a hang guard as above
  // (it stops within about 3 s whatever its clients do).
  // With `again`, `sig` is sent on and on until the server has exited.
  static constexpr int kHung = -1;
  int Stop(int sig, bool again = false) {
    if (pid_ <= 0) return kHung;  // never started: kill(-1) would reach all
    kill(pid_, sig);
    int status = 0;
    const auto give_up =
        std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (waitpid(pid_, &status, WNOHANG) == 0) {
      if (std::chrono::steady_clock::now() > give_up) {
        kill(pid_, SIGKILL);
        waitpid(pid_, nullptr, 0);
        waited_ = true;
        return kHung;
      }
      if (again) {
        kill(pid_, sig);  // not reaped yet: still the server's pid
      } else {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      }
    }
    waited_ = true;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }

 private:
  // The server's output up to its first newline, or what came before it
  // ended, closed its output or `patience` ran out.
  std::string ReadLine(std::chrono::seconds patience) {
    std::string line;
    const auto give_up = std::chrono::steady_clock::now() + patience;
    char c = 0;
    while (c != '\n') {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          give_up - std::chrono::steady_clock::now());
      pollfd p = {out_, POLLIN, 0};
      if (left.count() <= 0 ||
          poll(&p, 1, static_cast<int>(left.count())) <= 0 ||
          read(out_, &c, 1) != 1) {
        break;
      }
      line += c;
    }
    return line;
  }

  pid_t pid_ = -1;
  int out_ = -1;
  std::string first_line_;
  int port_ = 0;
  bool waited_ = false;
};

}  // namespace slidedb

#endif  // SLIDEDB_TESTS_SERVE_SERVER_PROCESS_H_
