/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* tests/c/c_check.h: the C API tests' harness (C11): EXPECT counts what fails, and the two
 * comparisons every test makes, with what was got printed beside what was expected. */
#ifndef URIX_TESTS_C_CHECK_H
#define URIX_TESTS_C_CHECK_H

#include <stdio.h>
#include <string.h>

#include "urix/c.h"

static int failures = 0;

#define EXPECT(cond)                                                    \
  do {                                                                  \
    if (!(cond)) {                                                      \
      fprintf(stderr, "%s:%d: FAILED: %s\n", __FILE__, __LINE__, #cond); \
      ++failures;                                                       \
    }                                                                   \
  } while (0)

/* Is e {code, offset}? */
static inline int is_error(urix_error e, int code, size_t offset) {
  if (e.code == code && e.offset == offset) return 1;
  fprintf(stderr, "  got {%s, %zu}, expected {%s, %zu}\n", urix_errc_name(e.code), e.offset,
          urix_errc_name(code), offset);
  return 0;
}

/* Are out[0, n) the bytes of the string `want`? */
static inline int is_text(const char* out, size_t n, const char* want) {
  if (n == strlen(want) && memcmp(out, want, n) == 0) return 1;
  fprintf(stderr, "  got \"%.*s\", expected \"%s\"\n", (int)n, out, want);
  return 0;
}

#endif
