#include "query/search_progress.h"

#include <cmath>
#include <cstdio>
#include <memory>
#include <mutex>
#include <ostream>

namespace slidedb {

namespace {

// A count of states: whole below a million, else "1.2e9".
std::string Count(uint64_t n) {
  if (n < 1000000) return std::to_string(n);
  int exponent = static_cast<int>(std::floor(std::log10(double(n))));
  double mantissa = double(n) / std::pow(10.0, exponent);
  if (mantissa >= 9.95) {  // rounds up to 10.0
    mantissa /= 10;
    ++exponent;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1fe%d", mantissa, exponent);
  return buf;
}

}  // namespace

std::string FormatSearchProgress(const SearchProgress& p) {
  const double rate = p.seconds > 0 ? double(p.nodes) / p.seconds / 1e6 : 0;
  char tail[64];
  std::snprintf(tail, sizeof tail, " states, %.*f M/s, %.1f s\n",
                rate < 10 ? 1 : 0, rate, p.seconds);
  if (p.counting) {
    return "counting the optimal solutions: distance " +
           std::to_string(p.bound) + ", " + Count(p.nodes) + tail;
  }
  return "searching: bound " + std::to_string(p.bound) + ", " +
         Count(p.nodes) + tail;
}

std::function<void(const SearchProgress&)> SearchProgressPrinter(
    std::ostream* err, double after_seconds) {
  // Told from the search's threads within an iteration: one line at a time.
  auto mu = std::make_shared<std::mutex>();
  return [err, after_seconds, mu](const SearchProgress& p) {
    if (p.seconds < after_seconds) return;
    const std::string line = FormatSearchProgress(p);
    std::lock_guard<std::mutex> lock(*mu);
    *err << line << std::flush;
  };
}

}  // namespace slidedb
