#include "serve/serve_cli.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <boost/program_options.hpp>
#include <cctype>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <optional>
#include <vector>

#include "cli/default_db.h"
#include "cli/exit_codes.h"
#include "cli/option_error.h"
#include "cli/out_of_memory.h"
#include "cli/version.h"
#include "lib/answer/limits.h"
#include "lib/base/threads.h"
#include "lib/storage/database.h"
#include "lib/storage/format.h"
#include "serve/access_log.h"
#include "serve/api.h"
#include "serve/http_fields.h"
#include "serve/http_server.h"
#include "serve/serve_signals.h"
#include "serve/web_files.h"

namespace po = boost::program_options;

namespace slidedb {

namespace {

constexpr char kUsage[] =
    "Usage: slidedb-serve [--db DIR]... [--bind ADDR] [--port N] [--threads "
    "N]\n"
    "                     [--allow-host NAME]... [--cors ORIGIN]\n"
    "                     [--work-timeout SECONDS] [--preload]\n"
    "                     [--memory-limit SIZE] [--web DIR]\n"
    "                     [--access-log FILE|-] [--work-threads N]\n"
    "                     [--work-queue N] [--nagle]\n"
    "\n"
    "Serves the database built by slidedb-build over HTTP: a JSON API with\n"
    "the answers of slidedb-query, and a page to play the puzzle on (GET /).\n"
    "When ready it prints one line, 'listening on http://ADDR:PORT'.\n"
    "SIGINT or SIGTERM finish the requests in flight and exit; SIGHUP\n"
    "reopens the database (after a slidedb-build) without dropping one.\n"
    "With --db given more than once, one page and API answer from all the\n"
    "databases: a question goes to the first (in the order given) that\n"
    "answers its goal, and /api/tables names it in each goal's \"database\".\n"
    "\n"
    "API (docs/SERVE.md has every parameter, field and status). Every\n"
    "question about a table takes board=RxC (3x3), goal=G (tiles in order,\n"
    "blank last), blank=L (0 _ . -), metric=stm|mtm (stm: a tile a move;\n"
    "mtm: a run of tiles of a row or column a move, whose table up to 12\n"
    "cells slidedb-build --metric mtm builds) and notation=blank|tile (move\n"
    "letters name the way the blank goes, or the tiles go; read and written).\n"
    "  GET  /api/solve?start=S[&steps=1][&count=1][&all=1[&limit=N]]\n"
    "       [&verify=MOVES][&max_seconds=T]\n"
    "                      the object slidedb-query --format json prints\n"
    "  POST /api/solve     states in the body: JSON Lines answers. The body\n"
    "                      is text/plain or application/x-www-form-urlencoded\n"
    "                      (one state per line: curl --data-binary @FILE,\n"
    "                      not -d @FILE, which drops the newlines) or\n"
    "                      application/json (an array of strings); at most\n"
    "                      1 MiB and 10000 states, else 413\n"
    "  GET  /api/moves?start=S[&max_seconds=T]   the distance and every\n"
    "                      legal move, with the state and distance it\n"
    "                      leads to\n"
    "  GET  /api/count?start=S   /api/solve with optimal_solutions\n"
    "  GET  /api/verify?start=S&moves=M   /api/solve with verify\n"
    "  GET  /api/analyse?start=S&moves=M[&max_seconds=T]   a solve move by\n"
    "                      move: each move's distance before and after,\n"
    "                      optimal or not, the moves lost (slidedb-query\n"
    "                      --analyse --format json)\n"
    "  GET  /api/histogram       states at each distance from the goal\n"
    "  GET  /api/sample?n=N[&distance=D][&seed=X]   random states (N <= "
    "10000)\n"
    "  GET  /api/tables[?board=RxC]   the boards and goals the database\n"
    "                      holds (of one board)\n"
    "  GET  /api/progress?id=ID  {\"bound\",\"states\",\"seconds\",...} of "
    "the\n"
    "                      running request sent with progress=ID (solve, "
    "moves,\n"
    "                      count, verify, analyse take it; ID: 1-64 of\n"
    "                      A-Z a-z 0-9 _ -, else 400; one a running request\n"
    "                      has is a 409); 404 before it starts and once it "
    "ends\n"
    "  GET  /healthz             200 while serving\n"
    "Every board the database holds is answered, the 15-puzzle's (4x4) by a\n"
    "search over its pattern databases, whose pages are read as searches\n"
    "first need them (the first 4x4 answer in milliseconds; --preload reads\n"
    "them whole at start and on SIGHUP instead); past --memory-limit the\n"
    "pages read longest ago are given back and read again when needed.\n"
    "Errors are {\"error\": \"...\", \"code\": \"...\"} (code: the kind,\n"
    "docs/ERRORS.md)\n"
    "with 400 (malformed input, or a number past its limit: limit and n at\n"
    "most 10000), 403 (a Host that is not the loopback's while listening\n"
    "on it), 404 (no such path, or a table not built: the message names\n"
    "the slidedb-build command), 405, 408 (a head or body that did not\n"
    "arrive in time), 409 (a progress id already in use), 413 (a body over\n"
    "1 MiB or 10000 states), 414 (a URL over 8 KiB), 415 (a body\n"
    "type not taken, or compressed), 431 (a head over 16 KiB or 100 fields), "
    "500 (an\n"
    "unreadable database or an internal error), 501 (a question the goal's\n"
    "tables cannot answer, such as a sample on 4x4, or a multi-tile search\n"
    "whose tables are more than the whole --memory-limit), 503 with\n"
    "Retry-After (no answer within --work-timeout, out of memory, or a\n"
    "multi-tile search whose tables would pass --memory-limit with what\n"
    "the others hold).\n"
    "docs/ERRORS.md has every error and limit.\n"
    "\n"
    "Limits: a request's head must arrive within 5 s of its first byte, its\n"
    "body within 10 s; an idle keep-alive connection is closed after 5 s.\n"
    "Range headers are ignored (every answer is whole).\n"
    "\n";

constexpr char kExitHelp[] =
    "SIGINT or SIGTERM: the requests in flight finish (a search in flight is\n"
    "cut short, 503), every connection closes, and the server exits within\n"
    "about 3 s whatever its clients do, stopping a SIGHUP's reopening under\n"
    "way. Before 'listening on', while the databases open, they end it at\n"
    "once, as any program; SIGHUP is then ignored, as it is while the server\n"
    "closes. A client that closes its connection while its search runs\n"
    "stops it (logged as 499).\n"
    "\n"
    "Exit status: 0 stopped by SIGINT or SIGTERM once listening; 64 bad\n"
    "usage; 66 the database is missing or unreadable, or --web DIR has no\n"
    "index.html; 69 cannot listen on the address, cannot take its signals,\n"
    "or too little memory (--preload, its threads, or no connection taken\n"
    "for 2 s for want of it); 70 an internal error opening the databases;\n"
    "73 the access log cannot be opened.\n"
    "\n"
    "Examples:\n"
    "  slidedb-serve                      # http://127.0.0.1:8080/\n"
    "  slidedb-serve --port 0             # any free port\n"
    "  slidedb-serve --bind 0.0.0.0 --port 8000 --db /srv/slidedb\n"
    "  slidedb-serve --db data/db33 --db data/db44   # 3x3 and 4x4 at once\n"
    "  curl 'http://127.0.0.1:8080/api/solve?start=867254301'\n";

std::string HostForUrl(const std::string& host) {
  return host.find(':') != std::string::npos ? "[" + host + "]" : host;
}

// A size written as bytes or with K, M or G (powers of 1024); at least
// 1 MiB (a smaller budget gives every page back at once).
bool ParseMemorySize(const std::string& text, uint64_t* bytes) {
  size_t digits = 0;
  while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') {
    ++digits;
  }
  if (digits == 0 || digits > 15 || text.size() > digits + 1) return false;
  uint64_t value = std::stoull(text.substr(0, digits));
  if (digits < text.size()) {
    const char unit = static_cast<char>(std::toupper(text[digits]));
    const int shift = unit == 'K'   ? 10
                      : unit == 'M' ? 20
                      : unit == 'G' ? 30
                                    : -1;
    if (shift < 0 || value > (uint64_t{1} << (62 - shift))) return false;
    value <<= shift;
  }
  if (value < (uint64_t{1} << 20)) return false;
  *bytes = value;
  return true;
}

uint64_t HalfTheMachinesMemory() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page <= 0) return 0;  // unknown: no limit
  return static_cast<uint64_t>(pages) * static_cast<uint64_t>(page) / 2;
}

// The Api's options from the command line's: --preload, --memory-limit
// (null: not given, half the machine's memory), and a line on `err` for
// each set of pattern databases opened and each multi-tile search made, the
// work a request may wait for (a small board's table opens in milliseconds
// and says nothing). False when the memory limit is not a size.
bool ReadApiOptions(bool preload, const std::string* memory_limit,
                    std::ostream& err, ApiOptions* options) {
  options->preload = preload;
  options->open_hook = [&err](const std::string& what) {
    if (what.rfind("pdb ", 0) != 0 && what.rfind("mtm ", 0) != 0) return;
    static std::mutex mutex;
    std::lock_guard<std::mutex> lock(mutex);
    err << "slidedb-serve: opening " << what << "\n";
    err.flush();
  };
  options->memory_limit = HalfTheMachinesMemory();
  return memory_limit == nullptr ||
         ParseMemorySize(*memory_limit, &options->memory_limit);
}

// slidedb-serve's options, read and checked.
struct ServeArgs {
  std::vector<std::string> db_dirs;
  std::string web_dir, access_log_path, memory_limit;
  HttpOptions http;
  bool web = false, access_log = false, preload = false;
  bool has_memory_limit = false;
  // The whole numbers as given (ReadWholeNumber reads them).
  std::string port_text, threads_text, work_threads_text, work_queue_text;
};

// The table of options; their values go to *a.
po::options_description Describe(ServeArgs* a, double* work_timeout) {
  std::vector<std::string>& db_dirs = a->db_dirs;
  std::string& web_dir = a->web_dir;
  std::string& access_log_path = a->access_log_path;
  std::string& memory_limit = a->memory_limit;
  HttpOptions& http = a->http;
  po::options_description desc("Options");
  desc.add_options()("help,h", "show this help and exit")(
      "version", "show the version and exit")(
      "db", po::value(&db_dirs)->value_name("DIR"),
      "database directory ($SLIDEDB_DB, else data/slidedb); repeatable: "
      "the union of their tables is served, a goal that two hold by the "
      "first given (said on standard error at start)")(
      "bind", po::value(&http.bind)->default_value("127.0.0.1"),
      "address to listen on (0.0.0.0: every interface)")(
      "port", po::value(&a->port_text)->default_value("8080"),
      "port to listen on; 0 picks a free one")(
      // Two event loops a core: measured faster than one (BENCHMARKS.md),
      // and a long search holds fewer connections.
      "threads",
      po::value(&a->threads_text)->default_value(std::to_string(2 * Cores())),
      "event loops, a thread each, that read, answer and write the "
      "connections (default: two a core); no thread waits on an idle or "
      "slow client")(
      "allow-host", po::value(&http.allowed_hosts)->value_name("NAME"),
      "on a loopback address, also answer requests whose Host is NAME "
      "(repeatable); others than localhost and 127.x.x.x get 403, so that "
      "a web page elsewhere cannot reach the API by DNS rebinding")(
      "cors", po::value(&http.cors_origin)->value_name("ORIGIN"),
      "let pages from ORIGIN (https://example.org, or *) call the API "
      "(CORS headers); none by default")(
      "work-timeout", po::value(work_timeout)->default_value(10),
      "seconds a request's work may take (a 4x4 search, a batch): past "
      "them 503")(
      "preload",
      "read every pattern database whole before serving (at "
      "start and on SIGHUP: about half a second and 300 MB for the 15-puzzle's "
      "8-7; a set with successor words maps its words' files instead); by "
      "default a search reads their pages as it first needs them, "
      "and the server's memory grows with the pages read")(
      "memory-limit", po::value(&memory_limit)->value_name("SIZE"),
      "the most memory the pattern databases' pages read on demand and "
      "the multi-tile searches' walking-distance tables may hold, in bytes "
      "or with K, M or G (MiB etc.): past it the pages read longest ago "
      "are given back, and read again when a search needs them, and a "
      "request whose tables would pass it gets 503 (501 when they are "
      "more than all of it); default half the machine's memory")(
      "nagle",
      "leave Nagle's algorithm on (no TCP_NODELAY): each answer on "
      "a keep-alive connection then waits ~40 ms; for measuring that")(
      "work-threads",
      po::value(&a->work_threads_text)->default_value(std::to_string(Cores())),
      "threads for the answers that may take long (a search, a POST "
      "batch over 2 KiB, count, all, sample; default one a CPU it may run "
      "on)")(
      "work-queue", po::value(&a->work_queue_text)->default_value("64"),
      "most such requests waiting for a work thread; past them 503 with "
      "Retry-After at once (table answers never wait for these threads)")(
      "access-log", po::value(&access_log_path)->value_name("FILE"),
      "append a line for each request to FILE ('-': standard output): "
      "CLIENT - - [TIME] \"REQUEST\" STATUS BYTES MS WORK, the Common Log "
      "Format plus the milliseconds taken and the states a search "
      "generated (searched=N, else -); none by default. Every 503 is "
      "also said on standard error")(
      "web", po::value(&web_dir)->value_name("DIR"),
      "serve the page from DIR instead of the copy built into the program "
      "(for working on web/); refused when DIR has no index.html");
  return desc;
}

// A database named twice among `dirs` (the same folder by another path,
// "db/" or a link, too), which would answer nothing the first does not:
// the message, or "" if none is.
std::string GivenTwice(const std::vector<std::string>& dirs) {
  std::vector<std::filesystem::path> seen;
  for (const std::string& dir : dirs) {
    std::error_code ec;
    std::filesystem::path path = RealDirPath(dir, &ec);
    if (ec) path = std::filesystem::path(dir).lexically_normal();
    for (size_t i = 0; i < seen.size(); ++i) {
      if (seen[i] == path) {
        return "--db " + dir + " is the database given before as --db " +
               dirs[i] + "; give each once";
      }
    }
    seen.push_back(std::move(path));
  }
  return "";
}

// Reads `args` into *a: nullopt to go on, else the exit status (--help,
// --version written on `out`; a usage error said on `err`).
std::optional<int> ParseServeArgs(const std::vector<std::string>& args,
                                  std::ostream& out, std::ostream& err,
                                  ServeArgs* a) {
  HttpOptions& http = a->http;
  double work_timeout = 10;
  const po::options_description desc = Describe(a, &work_timeout);
  po::variables_map vm;
  if (!ReadOptionsOnly("slidedb-serve", args, desc, &vm, err)) {
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
  if (vm.count("cors") && !IsCorsOrigin(http.cors_origin)) {
    // A browser's Origin has no path: "https://example.org/" would never
    // match, and the page would fail with no word why.
    return usage(
        "--cors takes * or an origin, a scheme and a host such as "
        "https://example.org or http://127.0.0.1:8000 (no path), not '" +
        http.cors_origin + "'");
  }
  // Each whole number as every tool reads one (lib/answer/limits.h).
  const struct {
    const char* name;
    const std::string& text;
    uint64_t min, max;
    int* value;
  } numbers[] = {
      {"--port", a->port_text, 0, 65535, &http.port},
      {"--threads", a->threads_text, 1, kMaxThreads, &http.threads},
      {"--work-threads", a->work_threads_text, 1, kMaxThreads,
       &http.work_threads},
      {"--work-queue", a->work_queue_text, 0, 1000000, &http.work_queue},
  };
  for (const auto& n : numbers) {
    uint64_t value = 0;
    const Status s = ReadWholeNumber(n.name, n.text, n.min, n.max, &value);
    if (!s.ok()) return usage(s.message());
    *n.value = static_cast<int>(value);
  }
  if (!(work_timeout > 0 && work_timeout <= 3600)) {
    return usage(
        "--work-timeout must be more than 0 and at most 3600 "
        "seconds");
  }
  http.offload = MayTakeLong;
  http.past_deadline = PastDeadlineInQueue;
  http.nodelay = vm.count("nagle") == 0;
  http.work_timeout =
      std::chrono::milliseconds(static_cast<int64_t>(work_timeout * 1000));
  a->web = vm.count("web") > 0;
  a->access_log = vm.count("access-log") > 0;
  a->preload = vm.count("preload") > 0;
  a->has_memory_limit = vm.count("memory-limit") > 0;
  if (a->db_dirs.empty()) a->db_dirs.push_back(DefaultDatabasePath());
  if (const std::string twice = GivenTwice(a->db_dirs); !twice.empty()) {
    return usage(twice);
  }
  return std::nullopt;
}

// RunServe but for memory that runs out where no Status can say so.
int Serve(const std::vector<std::string>& args, std::ostream& out,
          std::ostream& err) {
  ServeArgs a;
  if (const auto code = ParseServeArgs(args, out, err, &a)) return *code;
  HttpOptions& http = a.http;
  const std::vector<std::string>& db_dirs = a.db_dirs;
  if (a.web && !WebFiles::HoldsPage(a.web_dir)) {
    err << "slidedb-serve: --web " << a.web_dir
        << ": no index.html there (the page's files are in web/)\n";
    return kExitNoInput;
  }
  // Before any thread starts (the databases' and the server's), so that
  // each of them leaves these signals to the one thread that takes them.
  ServeSignals signals(err);
  if (!signals.Start()) return kExitUnavailable;
  const WebFiles web =
      a.web ? WebFiles::FromDirectory(a.web_dir) : WebFiles::Embedded();
  AccessLog access_log;
  if (a.access_log) {
    const Status opened = access_log.Open(a.access_log_path);
    if (!opened.ok()) {
      err << "slidedb-serve: " << opened.message() << "\n";
      return kExitCantCreate;
    }
    http.access_log = [&access_log](const AccessRecord& r) {
      access_log.Write(r);
    };
  }
  ApiOptions api_options;
  if (!ReadApiOptions(a.preload, a.has_memory_limit ? &a.memory_limit : nullptr,
                      err, &api_options)) {
    err << "slidedb-serve: --memory-limit takes a size such as 400M, 2G or a "
           "number of bytes (at least 1M), not '"
        << a.memory_limit << "'\nTry 'slidedb-serve --help'.\n";
    return kExitUsage;
  }
  Api api(db_dirs, &web, api_options);
  std::string failed_dir;
  Status s = api.Open(&failed_dir);
  if (!s.ok()) {
    err << "slidedb-serve: " << s.message();
    if (s.IsNotFound() && !failed_dir.empty()) {
      err << MissingDatabaseHint(failed_dir);
    }
    err << "\n";
    return ExitStatusOf(s);
  }
  for (const std::string& line : api.Shadowed()) {
    err << "slidedb-serve: " << line << "\n";
  }

  // Each connection holds a descriptor: as many as the system lets us.
  rlimit files;
  if (getrlimit(RLIMIT_NOFILE, &files) == 0 &&
      files.rlim_cur < files.rlim_max) {
    files.rlim_cur = files.rlim_max;
    setrlimit(RLIMIT_NOFILE, &files);
  }
  HttpServer server([&api](const ApiRequest& r) { return api.Handle(r); },
                    http);
  server.set_log([&err](const std::string& m) {
    err << "slidedb-serve: " << m << std::endl;
  });
  s = server.Listen();
  if (!s.ok()) {
    err << "slidedb-serve: " << s.message() << "\n";
    return kExitUnavailable;
  }

  const ServeSignals::Watching watching(&signals, &server, &api, db_dirs);
  // Said once the server can answer: every thread of it runs. One write
  // of the whole line: short of memory, standard output may have no
  // buffer, and a reader must never see "listening on " without the URL.
  server.Run([&] {
    out << "listening on http://" + HostForUrl(http.bind) + ":" +
               std::to_string(server.port()) + "\n"
        << std::flush;
  });
  return kExitOk;
}

}  // namespace

int RunServe(const std::vector<std::string>& args, std::istream& /*in*/,
             std::ostream& out, std::ostream& err) {
  // Memory or a thread that runs out where no Status can say so (opening
  // or preloading the databases, starting the server's threads): exit 69
  // with a line that says so, as slidedb-query and slidedb-build do.
  return ExitIfOutOfMemory("slidedb-serve", err,
                           [&] { return Serve(args, out, err); });
}

}  // namespace slidedb
