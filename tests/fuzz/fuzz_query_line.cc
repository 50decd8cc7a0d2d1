// Fuzz target: the query line handler. slidedb-query reading standard input
// is kept running (one session per configuration, each in its own thread,
// as RunQuery runs for a user), and each input is one line fed to it; the
// answer is read back before the next. Byte 0 picks the session; the rest,
// up to the first newline, is the line. Every JSON answer must be a JSON
// object whose distance matches its moves.
//
// The database is $SLIDEDB_FUZZ_DB (it needs the 3x3 and 2x4 tables), else
// one built on first use in a temporary directory.
#include <nlohmann/json.hpp>

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <istream>
#include <mutex>
#include <ostream>
#include <sstream>
#include <streambuf>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

#include "builder/build_cli.h"
#include "query/query_cli.h"

namespace {

void Require(bool ok, const std::string& why = "") {
  if (!ok) {
    fprintf(stderr, "fuzz_query_line: %s\n", why.c_str());
    std::abort();
  }
}

// Standard input of a session: lines pushed by the fuzzer, read as they
// come. It reports nothing buffered once a push is read, so RunQuery
// flushes its answer.
class LineFeed : public std::streambuf {
 public:
  void Push(const std::string& text) {
    std::lock_guard<std::mutex> lock(mu_);
    pending_ += text;
    cv_.notify_all();
  }

 protected:
  int_type underflow() override {
    std::unique_lock<std::mutex> lock(mu_);
    cv_.wait(lock, [this] { return !pending_.empty(); });
    current_.swap(pending_);
    pending_.clear();
    setg(current_.data(), current_.data(), current_.data() + current_.size());
    return traits_type::to_int_type(current_[0]);
  }
  std::streamsize showmanyc() override { return 0; }

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  std::string pending_, current_;
};

// Standard output or error of a session, unbuffered, collected.
class Collector : public std::streambuf {
 public:
  explicit Collector(std::mutex* mu, std::condition_variable* cv)
      : mu_(mu), cv_(cv) {}
  std::string text;  // guarded by *mu_

 protected:
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    std::lock_guard<std::mutex> lock(*mu_);
    text.append(s, static_cast<size_t>(n));
    cv_->notify_all();
    return n;
  }
  int_type overflow(int_type c) override {
    if (c != traits_type::eof()) {
      const char ch = traits_type::to_char_type(c);
      xsputn(&ch, 1);
    }
    return traits_type::not_eof(c);
  }

 private:
  std::mutex* mu_;
  std::condition_variable* cv_;
};

// A malformed line whose answer marks the end of the answer before it.
constexpr char kSync[] = "!sync";

class Session {
 public:
  Session(std::vector<std::string> args, bool json)
      : json_(json), out_buf_(&mu_, &cv_), err_buf_(&mu_, &cv_) {
    std::thread([this, args] {
      std::istream in(&feed_);
      std::ostream out(&out_buf_), err(&err_buf_);
      const int status = slidedb::RunQuery(args, in, out, err);
      std::lock_guard<std::mutex> lock(mu_);
      ended_ = true;
      status_ = status;
      cv_.notify_all();
    }).detach();
  }

  // Feeds one line and returns what came out for it on standard output.
  std::string Answer(const std::string& line) {
    feed_.Push(line + "\n" + kSync + "\n");
    std::unique_lock<std::mutex> lock(mu_);
    // The sync line's error goes to standard output in JSON, else to
    // standard error, after everything the line before it wrote.
    std::string& marked = json_ ? out_buf_.text : err_buf_.text;
    const std::string marker = std::string("'") + kSync + "'";
    const std::string json_marker = std::string("\"input\":\"") + kSync + "\"";
    size_t at;
    cv_.wait(lock, [&] {
      at = marked.find(json_ ? json_marker : marker);
      return ended_ || at != std::string::npos;
    });
    Require(!ended_, "the session ended with status " +
                         std::to_string(status_) + ": " + err_buf_.text);
    std::string answer;
    if (json_) {
      const size_t line_start = marked.rfind('\n', at);
      answer = line_start == std::string::npos ? ""
                                               : marked.substr(0, line_start + 1);
      out_buf_.text.clear();
      err_buf_.text.clear();
    } else {
      answer = out_buf_.text;
      out_buf_.text.clear();
      err_buf_.text.clear();
    }
    return answer;
  }

  bool json() const { return json_; }

 private:
  const bool json_;
  LineFeed feed_;
  std::mutex mu_;
  std::condition_variable cv_;
  Collector out_buf_, err_buf_;
  bool ended_ = false;
  int status_ = 0;
};

std::string Database() {
  if (const char* env = std::getenv("SLIDEDB_FUZZ_DB"); env && *env) {
    return env;
  }
  const std::string dir = (std::filesystem::temp_directory_path() /
                           ("slidedb-fuzz-" + std::to_string(getpid())))
                              .string();
  for (const char* board : {"3x3", "2x4"}) {
    std::istringstream in;
    std::ostringstream out, err;
    Require(slidedb::RunBuild({"--db", dir, "--board", board, "--quiet"}, in,
                              out, err) == 0,
            "building " + dir + ": " + err.str());
  }
  return dir;
}

std::vector<Session*>& Sessions() {
  static std::vector<Session*>* sessions = [] {
    const std::string db = Database();
    auto* s = new std::vector<Session*>;
    s->push_back(new Session({"--db", db, "--format", "json"}, true));
    s->push_back(new Session({"--db", db, "--steps"}, false));
    s->push_back(new Session({"--db", db, "--format", "json", "--count",
                              "--all", "--limit", "3", "--verify", "ULDR"},
                             true));
    s->push_back(new Session({"--db", db, "--board", "2x4", "--format",
                              "json", "--steps", "--goal", "_7654321"},
                             true));
    s->push_back(new Session({"--db", db, "--blank", "9", "--goal",
                              "123/894/765"},
                             false));
    return s;
  }();
  return *sessions;
}

void CheckJson(const std::string& answer) {
  std::istringstream lines(answer);
  std::string line;
  int n = 0;
  while (std::getline(lines, line)) {
    ++n;
    const auto j = nlohmann::json::parse(line, nullptr, false);
    Require(!j.is_discarded() && j.is_object(), "not a JSON object: " + line);
    if (j.contains("distance")) {
      Require(j["distance"].get<size_t>() ==
                  j["moves"].get<std::string>().size(),
              "distance and moves disagree: " + line);
    }
  }
  Require(n <= 1, "more than one answer to one line: " + answer);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  auto& sessions = Sessions();
  Session* session = sessions[data[0] % sessions.size()];
  std::string line(reinterpret_cast<const char*>(data) + 1, size - 1);
  if (const size_t nl = line.find('\n'); nl != std::string::npos) {
    line.resize(nl);
  }
  const std::string answer = session->Answer(line);
  if (session->json()) CheckJson(answer);
  return 0;
}
