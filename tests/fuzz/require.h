// Require(ok): a fuzz target's check of a property; aborts, naming the
// line, when it fails (libFuzzer then keeps the input as a crash).
#ifndef SLIDEDB_TESTS_FUZZ_REQUIRE_H_
#define SLIDEDB_TESTS_FUZZ_REQUIRE_H_

#include <cstdio>
#include <cstdlib>

#define Require(ok) \
  ((ok) ? (void)0   \
        : (std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, #ok), \
           std::abort()))

#endif  // SLIDEDB_TESTS_FUZZ_REQUIRE_H_
