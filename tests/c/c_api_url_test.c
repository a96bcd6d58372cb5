// SPDX-License-Identifier: Apache-2.0 OR MIT
/* The C API's WHATWG URLs (urix/c.h: urix_url_parse, urix_url_get, urix_url_set,
 * urix_url_free) from C11: attributes, base URLs, failures with their offsets, the no-space
 * protocol, setters that reject, and a build without IDNA saying not_supported. */
#include "urix/c.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c_check.h"

/* Is attribute `a` of `u` the string `want`? */
static int has(const urix_url* u, int a, const char* want) {
  char out[256];
  size_t n = sizeof out;
  urix_error e = urix_url_get(u, a, out, &n);
  if (e.code == URIX_OK && n == strlen(want) && memcmp(out, want, n) == 0) return 1;
  fprintf(stderr, "  attribute %d: got {%s} \"%.*s\", expected \"%s\"\n", a,
          urix_errc_name(e.code), (int)n, out, want);
  return 0;
}

int main(void) {
  urix_url* u = NULL;
  const char* s = "HTTPS://user:pw@EXAMPLE.com:8443/a/./b/../c d?x=1#f";
  urix_error e = urix_url_parse(s, strlen(s), NULL, 0, &u);
  if (e.code == URIX_E_NOT_SUPPORTED) {
    printf("c_api_url_test: urix without IDNA: the URL calls say not_supported\n");
    EXPECT(u == NULL);
    return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
  }
  EXPECT(is_error(e, URIX_OK, 0));
  EXPECT(has(u, URIX_URL_HREF, "https://user:pw@example.com:8443/a/c%20d?x=1#f"));
  EXPECT(has(u, URIX_URL_ORIGIN, "https://example.com:8443"));
  EXPECT(has(u, URIX_URL_PROTOCOL, "https:"));
  EXPECT(has(u, URIX_URL_USERNAME, "user"));
  EXPECT(has(u, URIX_URL_PASSWORD, "pw"));
  EXPECT(has(u, URIX_URL_HOST, "example.com:8443"));
  EXPECT(has(u, URIX_URL_HOSTNAME, "example.com"));
  EXPECT(has(u, URIX_URL_PORT, "8443"));
  EXPECT(has(u, URIX_URL_PATHNAME, "/a/c%20d"));
  EXPECT(has(u, URIX_URL_SEARCH, "?x=1"));
  EXPECT(has(u, URIX_URL_HASH, "#f"));

  /* Too small a buffer: the size it needs, nothing truncated. */
  char small[4];
  size_t n = sizeof small;
  EXPECT(is_error(urix_url_get(u, URIX_URL_HREF, small, &n), URIX_E_NO_SPACE, 0));
  EXPECT(n == strlen("https://user:pw@example.com:8443/a/c%20d?x=1#f"));

  /* A reference against the URL as its base. */
  urix_url* r = NULL;
  EXPECT(is_error(urix_url_parse("../z", 4, u, 0, &r), URIX_OK, 0));
  EXPECT(r != NULL && has(r, URIX_URL_HREF, "https://user:pw@example.com:8443/z"));
  urix_url_free(r);

  /* Setters: applied, or rejected with the URL unchanged. */
  EXPECT(is_error(urix_url_set(u, URIX_URL_PORT, "99999", 5), URIX_E_INVALID_URL, 0));
  EXPECT(has(u, URIX_URL_PORT, "8443"));
  EXPECT(is_error(urix_url_set(u, URIX_URL_PORT, "443", 3), URIX_OK, 0));
  EXPECT(has(u, URIX_URL_HOST, "example.com"));
  EXPECT(is_error(urix_url_set(u, URIX_URL_SEARCH, "", 0), URIX_OK, 0));
  EXPECT(has(u, URIX_URL_HREF, "https://user:pw@example.com/a/c%20d#f"));
  EXPECT(is_error(urix_url_set(u, URIX_URL_ORIGIN, "x", 1), URIX_E_INVALID_ARGUMENT, 0));
  urix_url_free(u);

  /* Failures: URIX_E_INVALID_URL at the offset of the error that failed the parse. */
  u = (urix_url*)&failures; /* overwritten with NULL */
  EXPECT(is_error(urix_url_parse("http://[::1", 11, NULL, 0, &u), URIX_E_INVALID_URL, 7));
  EXPECT(u == NULL);
  EXPECT(is_error(urix_url_parse("/relative", 9, NULL, 0, &u), URIX_E_INVALID_URL, 0));
  EXPECT(is_error(urix_url_parse("http://a:99999/", 15, NULL, 0, &u), URIX_E_INVALID_URL, 9));
  EXPECT(strcmp(urix_errc_name(URIX_E_INVALID_URL), "invalid_url") == 0);

  /* Arguments. */
  EXPECT(is_error(urix_url_parse("a", 1, NULL, 1, &u), URIX_E_INVALID_ARGUMENT, 0));
  EXPECT(is_error(urix_url_parse("a", 1, NULL, 0, NULL), URIX_E_INVALID_ARGUMENT, 0));
  EXPECT(is_error(urix_url_parse(NULL, 3, NULL, 0, &u), URIX_E_INVALID_ARGUMENT, 0));
  n = 0;
  EXPECT(is_error(urix_url_get(NULL, URIX_URL_HREF, NULL, &n), URIX_E_INVALID_ARGUMENT, 0));
  urix_url_free(NULL);

  if (failures != 0) {
    fprintf(stderr, "c_api_url_test: %d failed\n", failures);
    return EXIT_FAILURE;
  }
  printf("c_api_url_test: all passed\n");
  return EXIT_SUCCESS;
}
