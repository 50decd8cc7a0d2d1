#include "serve/serve_cli.h"

#include <fcntl.h>
#include <httplib.h>
#include <poll.h>
#include <sys/socket.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <boost/program_options.hpp>
#include <chrono>
#include <cerrno>
#include <csignal>
#include <iostream>
#include <thread>

#include "cli/default_db.h"
#include "cli/exit_codes.h"
#include "cli/version.h"
#include "lib/storage/database.h"
#include "lib/storage/format.h"
#include "serve/api.h"
#include "serve/web_files.h"

namespace po = boost::program_options;

namespace slidedb {

namespace {

constexpr char kUsage[] =
    "Usage: slidedb-serve [--db DIR] [--bind ADDR] [--port N] [--threads N]\n"
    "                     [--web DIR]\n"
    "\n"
    "Serves the database built by slidedb-build over HTTP: a JSON API with\n"
    "the answers of slidedb-query, and a page to play the puzzle on (GET /).\n"
    "When ready it prints one line, 'listening on http://ADDR:PORT'.\n"
    "SIGINT or SIGTERM finish the requests in flight and exit; SIGHUP\n"
    "reopens the database (after a slidedb-build) without dropping one.\n"
    "\n"
    "API (docs/SERVE.md has every parameter, field and status):\n"
    "  GET  /api/solve?start=S[&goal=G][&board=RxC][&blank=L][&steps=1]\n"
    "       [&count=1][&all=1[&limit=N]][&verify=MOVES]\n"
    "                      the object slidedb-query --format json prints\n"
    "  POST /api/solve     one state per line in the body: JSON Lines\n"
    "                      (at most 1 MiB and 10000 states, else 413)\n"
    "  GET  /api/moves?start=S   the distance and every legal move, with\n"
    "                      the state and distance it leads to\n"
    "  GET  /api/count?start=S   /api/solve with optimal_solutions\n"
    "  GET  /api/verify?start=S&moves=M   /api/solve with verify\n"
    "  GET  /api/histogram       states at each distance from the goal\n"
    "  GET  /api/sample?n=N[&distance=D][&seed=X]   random states (N <= "
    "10000)\n"
    "  GET  /api/tables          the boards and goals the database holds\n"
    "  GET  /healthz             200 while serving\n"
    "Every board the database holds is answered, the 15-puzzle's (4x4) by a\n"
    "search over its pattern databases. Errors are {\"error\": \"...\"}\n"
    "with 400 (malformed input), 404 (no such path, or a table not built:\n"
    "the message names the slidedb-build command), 405, 413, 422 (a question\n"
    "the goal's tables cannot answer, such as count or sample on 4x4).\n"
    "\n";

constexpr char kExitHelp[] =
    "Exit status: 0 stopped by SIGINT or SIGTERM; 64 bad usage; 66 the\n"
    "database is missing or unreadable; 69 cannot listen on the address.\n"
    "\n"
    "Examples:\n"
    "  slidedb-serve                      # http://127.0.0.1:8080/\n"
    "  slidedb-serve --port 0             # any free port\n"
    "  slidedb-serve --bind 0.0.0.0 --port 8000 --db /srv/slidedb\n"
    "  curl 'http://127.0.0.1:8080/api/solve?start=867254301'\n";

// Signals reach the server through a pipe, read by a thread that acts on
// them outside the handler.
int g_signal_pipe[2] = {-1, -1};

extern "C" void OnSignal(int sig) {
  const int saved = errno;
  const char c = static_cast<char>(sig);
  if (write(g_signal_pipe[1], &c, 1) < 0) {
    // Nothing to do: the pipe is full of signals already.
  }
  errno = saved;
}

// What one request's handler does: the API layer, over httplib's request
// and response.
void Serve(const Api& api, const httplib::Request& req,
           httplib::Response& res) {
  ApiRequest a;
  a.method = req.method;
  a.path = req.path;
  if (req.method == "GET" || req.method == "HEAD") {
    a.params.insert(req.params.begin(), req.params.end());
  } else {
    // httplib adds the fields of a form body to req.params: take the
    // query's alone, from the request line.
    const size_t q = req.target.find('?');
    if (q != std::string::npos) {
      httplib::Params query;
      httplib::detail::parse_query_text(req.target.substr(q + 1), query);
      a.params.insert(query.begin(), query.end());
    }
    a.body = req.body;
  }
  ApiResponse r = api.Handle(a);
  res.status = r.status;
  if (!r.allow.empty()) res.set_header("Allow", r.allow);
  res.set_content(std::move(r.body), r.content_type.data());
}

std::string HostForUrl(const std::string& host) {
  return host.find(':') != std::string::npos ? "[" + host + "]" : host;
}

}  // namespace

int RunServe(const std::vector<std::string>& args, std::istream& /*in*/,
             std::ostream& out, std::ostream& err) {
  std::string db_dir, bind, web_dir;
  int port = 8080;
  int threads = 64;
  po::options_description desc("Options");
  desc.add_options()
      ("help,h", "show this help and exit")
      ("version", "show the version and exit")
      ("db", po::value(&db_dir)->default_value(DefaultDatabasePath()),
       "database directory ($SLIDEDB_DB, else data/slidedb)")
      ("bind", po::value(&bind)->default_value("127.0.0.1"),
       "address to listen on (0.0.0.0: every interface)")
      ("port", po::value(&port)->default_value(8080),
       "port to listen on; 0 picks a free one")
      ("threads", po::value(&threads)->default_value(64),
       "connections served at once: each open connection, idle keep-alive "
       "ones included, holds a thread until it closes (idle ones after 2 "
       "s); more wait")
      ("nagle", "leave Nagle's algorithm on (no TCP_NODELAY): each answer on "
       "a keep-alive connection then waits ~40 ms; for measuring that")
      ("web", po::value(&web_dir)->value_name("DIR"),
       "serve the page from DIR instead of the copy built into the program "
       "(for working on web/)");
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(desc).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    err << "slidedb-serve: " << e.what() << "\n"
        << "Try 'slidedb-serve --help'.\n";
    return kExitUsage;
  }
  if (vm.count("help")) {
    out << kUsage << desc << "\n" << kExitHelp;
    return kExitOk;
  }
  if (vm.count("version")) {
    out << "slidedb-serve " << kVersion << " (database format "
        << kFormatVersion << ")\n";
    return kExitOk;
  }
  auto usage = [&](const std::string& msg) {
    err << "slidedb-serve: " << msg << "\nTry 'slidedb-serve --help'.\n";
    return kExitUsage;
  };
  if (port < 0 || port > 65535) {
    return usage("--port must be from 0 to 65535, not " +
                 std::to_string(port));
  }
  if (threads < 1 || threads > 4096) {
    return usage("--threads must be from 1 to 4096, not " +
                 std::to_string(threads));
  }
  const WebFiles web = vm.count("web") ? WebFiles::FromDirectory(web_dir)
                                       : WebFiles::Embedded();
  Api api(db_dir, &web);
  Status s = api.Open();
  if (!s.ok()) {
    err << "slidedb-serve: " << s.message();
    if (s.IsNotFound()) {
      err << "; build it with: slidedb-build --db " << db_dir;
    }
    err << "\n";
    return kExitNoInput;
  }

  httplib::Server server;
  // Nagle's algorithm would hold each small answer back ~40 ms on a
  // keep-alive connection (BENCHMARKS.md).
  server.set_tcp_nodelay(vm.count("nagle") == 0);
  // One thread per open connection (cpp-httplib's pool): sized so that
  // idle keep-alive connections of browsers do not starve new clients.
  server.new_task_queue = [threads] {
    return new httplib::ThreadPool(static_cast<size_t>(threads));
  };
  // An idle keep-alive connection holds its thread until this timeout, and
  // SIGINT/SIGTERM wait for it too: 2 s keeps both short, and a browser
  // simply reconnects.
  server.set_keep_alive_max_count(100000);
  server.set_keep_alive_timeout(2);
  server.set_read_timeout(5);
  server.set_write_timeout(5);
  server.set_payload_max_length(kMaxBatchBytes);
  // httplib's default sets SO_REUSEPORT too, which lets a second server
  // share a port that is taken instead of failing.
  server.set_socket_options([](socket_t sock) {
    int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  // GET and HEAD go straight to the API, past httplib's regex routes.
  server.set_pre_routing_handler(
      [&api](const httplib::Request& req, httplib::Response& res) {
        if (req.method != "GET" && req.method != "HEAD") {
          return httplib::Server::HandlerResponse::Unhandled;
        }
        Serve(api, req, res);
        return httplib::Server::HandlerResponse::Handled;
      });
  // Other methods read their body first (so that a keep-alive connection
  // stays in step), then go to the API too.
  auto other = [&api](const httplib::Request& req, httplib::Response& res) {
    Serve(api, req, res);
  };
  server.Post(".*", other);
  server.Put(".*", other);
  server.Delete(".*", other);
  server.Patch(".*", other);
  server.Options(".*", other);
  // httplib's own errors (a body over the limit, a malformed request) get a
  // JSON body like ours.
  server.set_error_handler(httplib::Server::HandlerWithResponse(
      [](const httplib::Request&, httplib::Response& res) {
        if (!res.body.empty()) {
          return httplib::Server::HandlerResponse::Unhandled;
        }
        std::string message =
            "the request is malformed (HTTP " + std::to_string(res.status) +
            ")";
        if (res.status == 413) {
          message = "the body is larger than " +
                    std::to_string(kMaxBatchBytes) + " bytes";
        } else if (res.status == 414) {
          message = "the URL is longer than " +
                    std::to_string(CPPHTTPLIB_REQUEST_URI_MAX_LENGTH) +
                    " bytes";
        }
        res.set_content("{\"error\":\"" + message + "\"}\n",
                        "application/json");
        return httplib::Server::HandlerResponse::Handled;
      }));

  int bound = port;
  if (port == 0) {
    bound = server.bind_to_any_port(bind);
    if (bound <= 0) bound = -1;
  } else if (!server.bind_to_port(bind, port)) {
    bound = -1;
  }
  if (bound < 0) {
    err << "slidedb-serve: cannot listen on " << bind << " port " << port
        << "\n";
    return kExitUnavailable;
  }

  // Signals: handled from here on, by a thread that reads the pipe.
  if (pipe2(g_signal_pipe, O_CLOEXEC | O_NONBLOCK) != 0) {
    err << "slidedb-serve: cannot create a pipe\n";
    return kExitUnavailable;
  }
  struct sigaction action = {};
  action.sa_handler = OnSignal;
  sigemptyset(&action.sa_mask);
  struct sigaction old_int, old_term, old_hup, old_pipe;
  sigaction(SIGINT, &action, &old_int);
  sigaction(SIGTERM, &action, &old_term);
  sigaction(SIGHUP, &action, &old_hup);
  struct sigaction ignore = {};
  ignore.sa_handler = SIG_IGN;
  sigaction(SIGPIPE, &ignore, &old_pipe);
  std::atomic<bool> listen_returned{false};
  std::thread watcher([&] {
    while (true) {
      pollfd p = {g_signal_pipe[0], POLLIN, 0};
      if (poll(&p, 1, -1) < 0 && errno != EINTR) return;
      char c;
      while (read(g_signal_pipe[0], &c, 1) == 1) {
        if (c == 0) return;  // the server stopped
        if (c == SIGHUP) {
          const Status r = api.Reload();
          if (r.ok()) {
            err << "slidedb-serve: reopened the database " << db_dir
                << std::endl;
          } else {
            err << "slidedb-serve: cannot reopen the database, still "
                   "serving the old one: "
                << r.message() << std::endl;
          }
        } else {
          // stop() does nothing until listen_after_bind() is running, and
          // a signal may come as soon as "listening on" is printed: wait
          // for the loop to start (or to have ended) before stopping it.
          while (!server.is_running() && !listen_returned.load()) {
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
          }
          server.stop();
        }
      }
    }
  });

  out << "listening on http://" << HostForUrl(bind) << ":" << bound
      << std::endl;
  const bool listened = server.listen_after_bind();
  listen_returned = true;

  const char stop = 0;
  if (write(g_signal_pipe[1], &stop, 1) < 0) {
    // The watcher thread then waits for a signal; detach instead of join.
    watcher.detach();
  } else {
    watcher.join();
  }
  sigaction(SIGINT, &old_int, nullptr);
  sigaction(SIGTERM, &old_term, nullptr);
  sigaction(SIGHUP, &old_hup, nullptr);
  sigaction(SIGPIPE, &old_pipe, nullptr);
  close(g_signal_pipe[0]);
  close(g_signal_pipe[1]);
  g_signal_pipe[0] = g_signal_pipe[1] = -1;
  if (!listened) {
    err << "slidedb-serve: the server stopped on an error\n";
    return kExitUnavailable;
  }
  return kExitOk;
}

}  // namespace slidedb
