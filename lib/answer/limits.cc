#include "lib/answer/limits.h"

#include <charconv>
#include <cstdio>

#include "lib/base/ascii.h"

namespace slidedb {

namespace {

// What every face takes of a number whatever its profile.
struct Range {
  uint64_t min;
  uint64_t max;       // UINT64_MAX for a number the profile caps
  const char* unit;   // after "a whole number"
  const char* thing;  // what a count holds
};

Range RangeOf(UserNumber which) {
  switch (which) {
    case UserNumber::kLimit:
      return {1, UINT64_MAX, "", "solutions"};
    case UserNumber::kSample:
      return {1, UINT64_MAX, "", "states"};
    case UserNumber::kDistance:
      return {0, 1000, " of moves", "moves"};
    case UserNumber::kSeed:
      return {0, UINT64_MAX, "", ""};
    case UserNumber::kBatch:
      return {1, UINT64_MAX, "", "states"};
    case UserNumber::kMoves:
      break;
  }
  return {0, UINT64_MAX, "", "moves"};
}

// Why `value`, past `profile`'s cap, is refused: ": <why>" when the
// library would take it, else "".
std::string Why(UserNumber which, uint64_t value, const LimitProfile& profile) {
  if (profile.why == nullptr || value <= MaxOf(which, profile) ||
      value > MaxOf(which, kLibraryLimits)) {
    return "";
  }
  return std::string(": ") + profile.why;
}

std::string RangeMessage(const std::string& name, const char* unit,
                         uint64_t min, uint64_t max, const std::string& text) {
  return name + " must be a whole number" + unit + " from " +
         std::to_string(min) + " to " + std::to_string(max) + ", not '" +
         ShownInput(text) + "'";
}

std::string NumberMessage(UserNumber which, const std::string& name,
                          const std::string& text,
                          const LimitProfile& profile) {
  const Range r = RangeOf(which);
  return RangeMessage(name, r.unit, r.min, MaxOf(which, profile), text);
}

// Whether `text` is a whole decimal number, no sign or space: into *value.
bool ParseWhole(std::string_view text, uint64_t* value) {
  const char* end = text.data() + text.size();
  const auto r = std::from_chars(text.data(), end, *value);
  return !text.empty() && r.ec == std::errc() && r.ptr == end;
}

constexpr char kSecondsWanted[] =
    "': expected a number of seconds (digits, with a decimal point or not: "
    "2, 0.5), more than 0 and at most 86400";

}  // namespace

uint64_t MaxOf(UserNumber which, const LimitProfile& profile) {
  switch (which) {
    case UserNumber::kLimit:
      return profile.limit;
    case UserNumber::kSample:
      return profile.sample;
    case UserNumber::kBatch:
      return profile.batch;
    case UserNumber::kMoves:
      return profile.moves;
    case UserNumber::kDistance:
    case UserNumber::kSeed:
      break;
  }
  return RangeOf(which).max;
}

Status ReadNumber(UserNumber which, const std::string& name,
                  std::string_view text, const LimitProfile& profile,
                  uint64_t* value) {
  uint64_t v = 0;
  const bool number = ParseWhole(text, &v);
  if (number && v >= RangeOf(which).min && v <= MaxOf(which, profile)) {
    *value = v;
    return Status::OK();
  }
  return Status::InvalidArgument(
      NumberMessage(which, name, std::string(text), profile) +
      (number ? Why(which, v, profile) : ""));
}

Status ReadWholeNumber(const std::string& name, std::string_view text,
                       uint64_t min, uint64_t max, uint64_t* value) {
  uint64_t v = 0;
  if (ParseWhole(text, &v) && v >= min && v <= max) {
    *value = v;
    return Status::OK();
  }
  return Status::InvalidArgument(
      RangeMessage(name, "", min, max, std::string(text)));
}

Status CheckNumber(UserNumber which, const std::string& name, int64_t value,
                   const LimitProfile& profile) {
  const auto v = static_cast<uint64_t>(value);
  if (value >= 0 && v >= RangeOf(which).min && v <= MaxOf(which, profile)) {
    return Status::OK();
  }
  return Status::InvalidArgument(
      NumberMessage(which, name, std::to_string(value), profile) +
      (value >= 0 ? Why(which, v, profile) : ""));
}

Status CheckCount(UserNumber which, const std::string& what, uint64_t count,
                  const LimitProfile& profile) {
  const uint64_t max = MaxOf(which, profile);
  if (count <= max) return Status::OK();
  return Status::InvalidArgument(what + " holds at most " +
                                 std::to_string(max) + " " +
                                 RangeOf(which).thing +
                                 Why(which, count, profile));
}

bool ParseDecimal(std::string_view text, double* value) {
  size_t digits = 0, points = 0;
  for (char c : text) {
    if (c >= '0' && c <= '9') {
      ++digits;
    } else if (c == '.') {
      ++points;
    } else {
      return false;  // a sign, a space, an exponent, hex, "inf", "nan"
    }
  }
  if (digits == 0 || points > 1) return false;
  const auto r = std::from_chars(text.data(), text.data() + text.size(),
                                 *value, std::chars_format::fixed);
  return r.ec == std::errc() && r.ptr == text.data() + text.size();
}

Status ParseMaxSeconds(const std::string& name, const std::string& text,
                       double* seconds) {
  double v = 0;
  if (!ParseDecimal(text, &v) || !(v > 0) || v > 86400) {
    return Status::InvalidArgument(name + " '" + ShownInput(text) +
                                   kSecondsWanted);
  }
  *seconds = v;
  return Status::OK();
}

Status CheckMaxSeconds(const std::string& name, double seconds) {
  if (!(seconds > 0) || seconds > 86400) {
    char text[32];
    std::snprintf(text, sizeof(text), "%g", seconds);
    return Status::InvalidArgument(name + " '" + text + kSecondsWanted);
  }
  return Status::OK();
}

}  // namespace slidedb
