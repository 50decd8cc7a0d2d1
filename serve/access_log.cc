#include "serve/access_log.h"

#include <cerrno>
#include <cstring>
#include <ctime>

namespace slidedb {

namespace {

// `s` with '"', '\' and bytes outside printable ASCII as \xHH: a line
// stays one line with its fields apart.
void AppendEscaped(std::string_view s, std::string* out) {
  static const char kHex[] = "0123456789abcdef";
  for (const char ch : s) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x21 || c > 0x7e || c == '"' || c == '\\') {
      *out += "\\x";
      *out += kHex[c >> 4];
      *out += kHex[c & 15];
    } else {
      *out += ch;
    }
  }
}

}  // namespace

std::string AccessLine(const AccessRecord& r,
                       std::chrono::system_clock::time_point now) {
  const std::time_t t = std::chrono::system_clock::to_time_t(now);
  std::tm tm;
  gmtime_r(&t, &tm);
  char when[40];
  std::strftime(when, sizeof when, "[%d/%b/%Y:%H:%M:%S +0000]", &tm);
  std::string line = r.client.empty() ? "-" : r.client;
  line += " - - ";
  line += when;
  line += " \"";
  if (r.method.empty()) {
    line += '-';
  } else {
    AppendEscaped(r.method, &line);
    line += ' ';
    AppendEscaped(r.target, &line);
    line += " HTTP/" + std::to_string(r.version / 10) + "." +
            std::to_string(r.version % 10);
  }
  line += "\" " + std::to_string(r.status) + " " + std::to_string(r.bytes);
  const double ms =
      std::chrono::duration<double, std::milli>(r.took).count();
  char took[32];
  std::snprintf(took, sizeof took, " %.3f ", ms);
  line += took;
  line += r.searched >= 0 ? "searched=" + std::to_string(r.searched) : "-";
  return line;
}

int64_t SearchedStates(std::string_view body) {
  // One JSON object (not JSON Lines): its "nodes" field, written by the
  // Answerer as "nodes":N.
  if (body.empty() || body.front() != '{' ||
      body.find('\n') + 1 != body.size()) {
    return -1;
  }
  const size_t at = body.find("\"nodes\":");
  if (at == std::string_view::npos) return -1;
  int64_t n = 0;
  size_t i = at + 8;
  if (i >= body.size() || body[i] < '0' || body[i] > '9') return -1;
  for (; i < body.size() && body[i] >= '0' && body[i] <= '9'; ++i) {
    if (n > (INT64_MAX - 9) / 10) return -1;
    n = n * 10 + (body[i] - '0');
  }
  return n;
}

Status AccessLog::Open(const std::string& path) {
  if (path == "-") {
    file_ = stdout;
    return Status::OK();
  }
  file_ = std::fopen(path.c_str(), "a");
  if (file_ == nullptr) {
    return Status::IOError("cannot open the access log " + path + ": " +
                           std::strerror(errno));
  }
  own_ = true;
  return Status::OK();
}

AccessLog::~AccessLog() {
  if (own_) std::fclose(file_);
}

void AccessLog::Write(const AccessRecord& r) {
  std::string line = AccessLine(r, std::chrono::system_clock::now());
  line += '\n';
  std::lock_guard<std::mutex> lock(mutex_);
  if (file_ == nullptr) return;
  std::fwrite(line.data(), 1, line.size(), file_);
  std::fflush(file_);  // a line is whole on disk once its answer is sent
}

}  // namespace slidedb
