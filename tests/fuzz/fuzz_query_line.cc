// Fuzz target: the query line handler. slidedb-query reading standard input
// is kept running (one session per configuration, each a coroutine, as
// RunQuery runs for a user), and each input is one line fed to it; the
// answer is read back before the next. Byte 0 picks the session; the rest,
// up to the first newline, is the line. Every JSON answer must be a JSON
// object whose distance matches its moves.
//
// The database is $SLIDEDB_FUZZ_DB (it needs the 3x3 and 2x4 tables), else
// one built on first use in a temporary directory (fuzz_database.h).
#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <istream>
#include <ostream>
#include <sstream>
#include <streambuf>
#include <string>
#include <ucontext.h>
#include <unistd.h>
#include <vector>

#include "builder/build_cli.h"
#include "query/query_cli.h"
#include "tests/fuzz/fuzz_database.h"

namespace {

void Require(bool ok, const std::string& why = "") {
  slidedb_fuzz::Require(ok, why, "fuzz_query_line");
}

class Session;

// Standard input of a session: the line the fuzzer gives it. When the line
// is used up, the session hands control back to the fuzzer (Session::Wait)
// and reads on with the next line. Nothing is ever buffered beyond a line,
// so RunQuery flushes each answer before it asks for more.
class LineFeed : public std::streambuf {
 public:
  explicit LineFeed(Session* session) : session_(session) {}
  void Set(std::string text) { pending_ = std::move(text); }

 protected:
  int_type underflow() override;
  std::streamsize showmanyc() override { return 0; }

 private:
  Session* session_;
  std::string pending_, current_;
};

// Standard output or error of a session, collected.
class Collector : public std::streambuf {
 public:
  std::string text;

 protected:
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    text.append(s, static_cast<size_t>(n));
    return n;
  }
  int_type overflow(int_type c) override {
    if (c != traits_type::eof()) text.push_back(traits_type::to_char_type(c));
    return traits_type::not_eof(c);
  }
};

// One slidedb-query reading standard input, run as a coroutine on its own
// stack (ucontext) in the fuzzer's thread: the fuzzer switches to it with a
// line, and it switches back when it wants the next one. No second thread,
// so no scheduler between a line and its answer.
class Session {
 public:
  Session(std::vector<std::string> args, bool json)
      : args_(std::move(args)), json_(json), feed_(this), stack_(8 << 20) {
    getcontext(&session_);
    session_.uc_stack.ss_sp = stack_.data();
    session_.uc_stack.ss_size = stack_.size();
    session_.uc_link = nullptr;
    const auto p = reinterpret_cast<uintptr_t>(this);
    makecontext(&session_, reinterpret_cast<void (*)()>(&Session::Entry), 2,
                static_cast<unsigned>(p >> 32),
                static_cast<unsigned>(p & 0xffffffffu));
  }

  // Feeds one line and returns what came out for it on standard output.
  std::string Answer(const std::string& line) {
    out_buf_.text.clear();
    err_buf_.text.clear();
    feed_.Set(line + "\n");
    SwitchTo(&fuzzer_, &session_);
    Require(!ended_, "the session ended with status " +
                         std::to_string(status_) + ": " + err_buf_.text);
    return out_buf_.text;
  }

  // Called by the feed when the line is used up: back to the fuzzer until
  // it has another.
  void Wait() { SwitchTo(&session_, &fuzzer_); }

  bool json() const { return json_; }

 private:
  static void Entry(unsigned hi, unsigned lo) {
    auto* self = reinterpret_cast<Session*>(uintptr_t{hi} << 32 | lo);
    std::istream in(&self->feed_);
    std::ostream out(&self->out_buf_), err(&self->err_buf_);
    self->status_ = slidedb::RunQuery(self->args_, in, out, err);
    self->ended_ = true;
    while (true) self->Wait();
  }

  static void SwitchTo(ucontext_t* from, ucontext_t* to) {
    swapcontext(from, to);
  }

  const std::vector<std::string> args_;
  const bool json_;
  LineFeed feed_;
  Collector out_buf_, err_buf_;
  std::vector<char> stack_;
  ucontext_t fuzzer_, session_;
  bool ended_ = false;
  int status_ = 0;
};

LineFeed::int_type LineFeed::underflow() {
  while (pending_.empty()) session_->Wait();
  current_.swap(pending_);
  pending_.clear();
  setg(current_.data(), current_.data(), current_.data() + current_.size());
  return traits_type::to_int_type(current_[0]);
}

std::vector<Session*>& Sessions() {
  static std::vector<Session*>* sessions = [] {
    const std::string db =
        slidedb_fuzz::FuzzDatabase("fuzz_query_line", {"3x3", "2x4"});
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

// libFuzzer calls this once before the first input: the database is built
// and the sessions started here, outside the time limit of an input (ctest's
// replay driver does it on the first input instead).
extern "C" int LLVMFuzzerInitialize(int* /*argc*/, char*** /*argv*/) {
  Sessions();
  return 0;
}

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
