/* A build shim for clausecker/24puzzle on glibc (bench/suites/24.sh): its
   structures ask for 32-byte alignment (alignas(32)) but are allocated by
   malloc, which glibc aligns to 16 bytes only, and its AVX stores into
   them fault. Linked into its programs with -Wl,--wrap=malloc
   -Wl,--wrap=calloc, it hands out 64-byte-aligned memory instead. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void *__wrap_malloc(size_t n) {
  void *p;
  return posix_memalign(&p, 64, n ? n : 1) == 0 ? p : NULL;
}

void *__wrap_calloc(size_t k, size_t n) {
  if (n != 0 && k > SIZE_MAX / n) return NULL;
  void *p = __wrap_malloc(k * n);
  if (p != NULL) memset(p, 0, k * n);
  return p;
}
