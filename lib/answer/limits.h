// The numbers a user may give slidedb, checked in one place for every face:
// each with its range and the one message a number out of it gets
// (docs/ERRORS.md, "Limits"). A face names the number in its own syntax
// (`name`: "--limit", "parameter 'limit'", "limit") and reads it through
// its profile: the command line, the C++ API and Python take the library's
// ranges; slidedb-serve takes a tighter profile of the same table, where
// one request's answer is held in memory.
#ifndef SLIDEDB_LIB_ANSWER_LIMITS_H_
#define SLIDEDB_LIB_ANSWER_LIMITS_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "lib/base/status.h"

namespace slidedb {

enum class UserNumber {
  kLimit,     // the most solutions --all lists (--limit, limit=)
  kSample,    // states a sample draws (--sample N, n=, Db::Sample's n)
  kDistance,  // a number of moves (--at-distance, --distance, distance=)
  kSeed,      // a sample's seed (--seed, seed=)
  kBatch,     // states one batch answers (POST /api/solve's body)
  kMoves,     // moves of a proposed solution (--verify, --analyse)
};

// The most a face takes of each number; the least is the table's (1, or
// 0 for a distance and a seed), and a distance (at most 1000) and a seed
// (any 64-bit number) are the same everywhere.
struct LimitProfile {
  uint64_t limit;
  uint64_t sample;
  uint64_t batch;
  uint64_t moves;
  // Why a number past this profile's cap, but not the library's, is
  // refused; null for the library's own profile.
  const char* why = nullptr;
};

// The command line, the C++ API and Python.
inline constexpr LimitProfile kLibraryLimits = {
    1000000000, UINT32_MAX, UINT64_MAX, 1000000, nullptr};
// slidedb-serve: every solution all=1 lists, every sampled state and every
// answer of a batch is held in memory until the answer is written.
inline constexpr LimitProfile kServerLimits = {
    10000, 10000, 10000, 10000,
    "the server holds a request's whole answer in memory"};

// The most of `which` that `profile` takes.
uint64_t MaxOf(UserNumber which, const LimitProfile& profile);

// Reads `text` as `which` (`name`: how the face calls it): a whole decimal
// number, no sign or space, within its range under `profile`.
// InvalidArgument with the one message every face shows:
// "NAME must be a whole number [of moves] from MIN to MAX, not 'TEXT'".
Status ReadNumber(UserNumber which, const std::string& name,
                  std::string_view text, const LimitProfile& profile,
                  uint64_t* value);
// Reads `text` as a whole decimal number from `min` to `max` (a face's
// own settings, such as --threads), with ReadNumber's message.
Status ReadWholeNumber(const std::string& name, std::string_view text,
                       uint64_t min, uint64_t max, uint64_t* value);
// The same check of a number given as one (the C++ API, Python).
Status CheckNumber(UserNumber which, const std::string& name, int64_t value,
                   const LimitProfile& profile);
// How many of `which` a request holds (`what`: "a batch", "the
// solution"), checked against `profile`: InvalidArgument "WHAT holds at
// most MAX states|moves" past it.
Status CheckCount(UserNumber which, const std::string& what, uint64_t count,
                  const LimitProfile& profile);

// Parses a plain decimal number: digits with at most one '.', at least one
// digit ("2", "0.5", ".5", "5."); no sign, space, exponent, hex, "inf" or
// "nan". False for anything else, and for a number too large for a double.
bool ParseDecimal(std::string_view text, double* value);

// Reads a budget as every face takes it (`name`: how the face calls it):
// a number of seconds (ParseDecimal), more than 0 and at most a day.
// InvalidArgument with the message every face shows.
Status ParseMaxSeconds(const std::string& name, const std::string& text,
                       double* seconds);
// The same check of a number given as one.
Status CheckMaxSeconds(const std::string& name, double seconds);

}  // namespace slidedb

#endif  // SLIDEDB_LIB_ANSWER_LIMITS_H_
