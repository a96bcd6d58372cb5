// SPDX-License-Identifier: Apache-2.0 OR MIT
/* The C API (urix/c.h) from C11: each call's results, errors and offsets, the no-space
 * protocol (needed size, never a truncation), argument checks and the error names. */
#include "urix/c.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c_check.h"

static void test_sets(void) {
  EXPECT(urix_find_set("query-param") != NULL);
  EXPECT(urix_find_set("whatwg-form") != NULL);
  EXPECT(urix_find_set("no-such-set") == NULL);
  EXPECT(urix_find_set("") == NULL);
  EXPECT(urix_find_set(NULL) == NULL);
}

static void test_encode(void) {
  const urix_set* qp = urix_find_set("query-param");
  char out[64];
  size_t n = sizeof out;
  EXPECT(is_error(urix_encode("Tom&Jerry", 9, qp, 0, out, &n), URIX_OK, 0));
  EXPECT(is_text(out, n, "Tom%26Jerry"));
  EXPECT(urix_encoded_size("Tom&Jerry", 9, qp, 0) == 11);

  /* One byte short: no_space, the size needed, and the first input byte that did not fit
   * ("Tom%26Jerr" fills 10 bytes; the 'y' at input offset 8 is left out). */
  n = 10;
  EXPECT(is_error(urix_encode("Tom&Jerry", 9, qp, 0, out, &n), URIX_E_NO_SPACE, 8));
  EXPECT(n == 11);
  /* Asking for the size with no buffer at all. */
  n = 0;
  EXPECT(is_error(urix_encode("a b", 3, NULL, 0, NULL, &n), URIX_E_NO_SPACE, 0));
  EXPECT(n == 5);

  /* Flags, and the default set (NULL: unreserved). */
  n = sizeof out;
  EXPECT(is_error(urix_encode("a b+\xC3\xA9", 6, NULL, URIX_PLUS | URIX_LOWER, out, &n), URIX_OK, 0));
  EXPECT(is_text(out, n, "a+b%2b%c3%a9"));
  n = sizeof out;
  EXPECT(is_error(urix_encode("100%25 50%", 10, NULL, URIX_KEEP_ESCAPES, out, &n), URIX_OK, 0));
  EXPECT(is_text(out, n, "100%25%2050%25"));
  /* whatwg-form implies URIX_PLUS, as `urix encode --set whatwg-form` does. */
  n = sizeof out;
  EXPECT(is_error(urix_encode("a b", 3, urix_find_set("whatwg-form"), 0, out, &n), URIX_OK, 0));
  EXPECT(is_text(out, n, "a+b"));
  /* Input may hold NUL; an empty input is fine with NULL pointers. */
  n = sizeof out;
  EXPECT(is_error(urix_encode("a\0b", 3, NULL, 0, out, &n), URIX_OK, 0));
  EXPECT(is_text(out, n, "a%00b"));
  n = 0;
  EXPECT(is_error(urix_encode(NULL, 0, NULL, 0, NULL, &n), URIX_OK, 0));
  EXPECT(n == 0);
}

static void test_decode(void) {
  char out[64];
  size_t n = sizeof out;
  EXPECT(is_error(urix_decode("caf%C3%A9+au+lait", 17, URIX_PLUS, out, &n), URIX_OK, 0));
  EXPECT(is_text(out, n, "caf\xC3\xA9 au lait"));
  /* Malformed escapes, at their '%'. */
  n = sizeof out;
  EXPECT(is_error(urix_decode("%G1", 3, 0, out, &n), URIX_E_BAD_ESCAPE_HEX, 0));
  n = sizeof out;
  EXPECT(is_error(urix_decode("%", 1, 0, out, &n), URIX_E_INCOMPLETE_ESCAPE, 0));
  n = sizeof out;
  EXPECT(is_error(urix_decode("100%", 4, 0, out, &n), URIX_E_INCOMPLETE_ESCAPE, 3));
  n = sizeof out;
  EXPECT(is_error(urix_decode("%G1", 3, URIX_LENIENT, out, &n), URIX_OK, 0));
  EXPECT(is_text(out, n, "%G1"));
  /* One byte short: the needed size. */
  n = 2;
  EXPECT(is_error(urix_decode("a%20b", 5, 0, out, &n), URIX_E_NO_SPACE, 4));
  EXPECT(n == 3);
  /* A short buffer does not hide a malformed escape further on. */
  n = 1;
  EXPECT(is_error(urix_decode("ab%4", 4, 0, out, &n), URIX_E_INCOMPLETE_ESCAPE, 2));
  /* In place. */
  {
    char buf[] = "x%41%42y";
    n = sizeof buf - 1;
    EXPECT(is_error(urix_decode(buf, n, 0, buf, &n), URIX_OK, 0));
    EXPECT(is_text(buf, n, "xABy"));
  }
}

static void test_check(void) {
  EXPECT(is_error(urix_check("abc%41", 6, NULL, 0), URIX_OK, 0));
  EXPECT(is_error(urix_check("a b", 3, urix_find_set("query"), 0), URIX_E_DISALLOWED_CHAR, 1));
  EXPECT(is_error(urix_check("a%4", 3, NULL, 0), URIX_E_INCOMPLETE_ESCAPE, 1));
  /* '+' stands for a space in form-encoded text. */
  EXPECT(is_error(urix_check("a+b", 3, urix_find_set("whatwg-form"), 0), URIX_OK, 0));
  EXPECT(is_error(urix_check("a+b", 3, NULL, 0), URIX_E_DISALLOWED_CHAR, 1));
}

static int is_range(urix_range r, ptrdiff_t offset, ptrdiff_t length) {
  if (r.offset == offset && r.length == length) return 1;
  fprintf(stderr, "  got {%td, %td}, expected {%td, %td}\n", r.offset, r.length, offset, length);
  return 0;
}

static void test_parse(void) {
  const char* s = "http://user@[::1]:8080/a%2Fb?q=1#top";
  urix_components c;
  EXPECT(is_error(urix_parse(s, strlen(s), 0, &c), URIX_OK, 0));
  EXPECT(is_range(c.scheme, 0, 4));
  EXPECT(is_range(c.authority, 7, 15));
  EXPECT(is_range(c.userinfo, 7, 4));
  EXPECT(is_range(c.host, 12, 5));
  EXPECT(is_range(c.port, 18, 4));
  EXPECT(is_range(c.path, 22, 6));
  EXPECT(is_range(c.query, 29, 3));
  EXPECT(is_range(c.fragment, 33, 3));
  EXPECT(c.host_type == URIX_HOST_IPV6);
  /* Absent components are -1; a present empty one has length 0. */
  EXPECT(is_error(urix_parse("a/b?", 4, 0, &c), URIX_OK, 0));
  EXPECT(is_range(c.scheme, -1, -1) && is_range(c.host, -1, -1) && is_range(c.fragment, -1, -1));
  EXPECT(is_range(c.path, 0, 3) && is_range(c.query, 4, 0));
  EXPECT(c.host_type == URIX_HOST_NONE);
  EXPECT(is_error(urix_parse("http://[::1::2]/", 16, 0, &c), URIX_E_BAD_IP_LITERAL, 11));
  /* The IRI grammar takes what the URI grammar rejects. */
  EXPECT(is_error(urix_parse("/\xC3\xA9", 3, 0, &c), URIX_E_DISALLOWED_CHAR, 1));
  EXPECT(is_error(urix_parse("/\xC3\xA9", 3, URIX_IRI, &c), URIX_OK, 0));
}

static void test_uris(void) {
  char out[128];
  size_t n = sizeof out;
  const char* s = "HTTP://Example.COM:80/%7euser/./a/../b";
  EXPECT(is_error(urix_normalize(s, strlen(s), 0, out, &n), URIX_OK, 0));
  EXPECT(is_text(out, n, "http://example.com/~user/b"));
  n = 10;
  EXPECT(is_error(urix_normalize(s, strlen(s), 0, out, &n), URIX_E_NO_SPACE, 0));
  EXPECT(n == strlen("http://example.com/~user/b"));

  n = sizeof out;
  EXPECT(is_error(urix_resolve("http://a/b/c/d;p?q", 18, "../g", 4, 0, out, &n), URIX_OK, 0));
  EXPECT(is_text(out, n, "http://a/b/g"));
  n = sizeof out;
  EXPECT(is_error(urix_resolve("a/b", 3, "c", 1, 0, out, &n), URIX_E_MISSING_SCHEME, 0));
}

/* SPEC 14: relativize, file paths, data: URLs. */
static void test_chores(void) {
  char out[128];
  size_t n = sizeof out;
  EXPECT(is_error(urix_relativize("http://a/b/c/d", 14, "http://a/b/e/f", 14, 0, out, &n), URIX_OK, 0));
  EXPECT(is_text(out, n, "../e/f"));
  n = sizeof out;
  EXPECT(is_error(urix_path_to_uri("/a b", 4, 0, out, &n), URIX_OK, 0));
  EXPECT(is_text(out, n, "file:///a%20b"));
  n = sizeof out;
  EXPECT(is_error(urix_path_to_uri("C:\\x", 4, URIX_WINDOWS, out, &n), URIX_OK, 0));
  EXPECT(is_text(out, n, "file:///C:/x"));
  n = sizeof out;
  EXPECT(is_error(urix_uri_to_path("file:///a%2Fb", 13, 0, out, &n), URIX_E_SLASH_IN_SEGMENT, 9));
  n = sizeof out;
  EXPECT(is_error(urix_uri_to_path("file:///a%00", 12, 0, out, &n), URIX_E_NUL_IN_PATH, 9));
  n = sizeof out;
  EXPECT(is_error(urix_data_url_mime_type("data:,x", 7, 0, out, &n), URIX_OK, 0));
  EXPECT(is_text(out, n, "text/plain;charset=US-ASCII"));
  n = sizeof out;
  EXPECT(is_error(urix_data_url_body("data:;base64,YWJj", 17, 0, out, &n), URIX_OK, 0));
  EXPECT(is_text(out, n, "abc"));
  n = 2;
  EXPECT(is_error(urix_data_url_body("data:;base64,YWJj", 17, 0, out, &n), URIX_E_NO_SPACE, 0));
  EXPECT(n == 3);
  n = sizeof out;
  EXPECT(is_error(urix_data_url_body("data:x", 6, 0, out, &n), URIX_E_MISSING_COMMA, 6));
  n = sizeof out;
  EXPECT(is_error(urix_path_to_uri("/a", 2, 1u << 7, out, &n), URIX_E_INVALID_ARGUMENT, 0));
}

/* Sites by a Public Suffix List of three rules. */
static void test_sites(void) {
  const char* text = "// a small list\ncom\n*.ck\n!www.ck\n";
  urix_psl* psl = NULL;
  char out[64];
  size_t n = sizeof out;
  urix_error e = urix_psl_parse(text, strlen(text), &psl);
  if (e.code == URIX_E_NOT_SUPPORTED) {
    EXPECT(psl == NULL);
    printf("c_api_test: urix without IDNA: urix_psl_parse says not_supported\n");
    return;
  }
  EXPECT(is_error(e, URIX_OK, 0) && psl != NULL);
  EXPECT(is_error(urix_registrable_domain(psl, "a.b.example.com", 15, 0, out, &n), URIX_OK, 0));
  EXPECT(is_text(out, n, "example.com"));
  n = sizeof out;
  EXPECT(is_error(urix_registrable_domain(psl, "a.www.ck", 8, 0, out, &n), URIX_OK, 0));
  EXPECT(is_text(out, n, "www.ck"));
  n = sizeof out;
  EXPECT(is_error(urix_registrable_domain(psl, "b.ck", 4, 0, out, &n), URIX_OK, 0));
  EXPECT(n == 0);
  n = sizeof out;
  EXPECT(is_error(urix_registrable_domain(NULL, "a.com", 5, 0, out, &n), URIX_E_INVALID_ARGUMENT, 0));
  urix_psl_free(psl);
  urix_psl_free(NULL);
  EXPECT(is_error(urix_psl_parse("com\n\xFF", 5, &psl), URIX_E_INVALID_UTF8, 4) && psl == NULL);
}

static void test_iris(void) {
  char out[128];
  size_t n = sizeof out;
  const char* iri = "http://\xE4\xBE\x8B\xE3\x81\x88.jp/\xE5\xBC\x95";
  const char* uri = "http://xn--r8jz45g.jp/%E5%BC%95";
  urix_error e = urix_to_uri(iri, strlen(iri), 0, out, &n);
  if (e.code == URIX_E_NOT_SUPPORTED) {
    printf("c_api_test: urix without IDNA: urix_to_uri, urix_to_iri say not_supported\n");
    n = sizeof out;
    EXPECT(is_error(urix_to_iri(uri, strlen(uri), 0, out, &n), URIX_E_NOT_SUPPORTED, 0));
    return;
  }
  EXPECT(is_error(e, URIX_OK, 0));
  EXPECT(is_text(out, n, uri));
  n = sizeof out;
  EXPECT(is_error(urix_to_iri(uri, strlen(uri), 0, out, &n), URIX_OK, 0));
  EXPECT(is_text(out, n, iri));
  /* U+FF0F FULLWIDTH SOLIDUS maps to '/' under IDNA: refused, at that character. */
  n = sizeof out;
  EXPECT(is_error(urix_to_uri("http://a\xEF\xBC\x8F" "b.com/", 17, 0, out, &n), URIX_E_UNSAFE_HOST, 8));
  /* A space: an error, or encoded with URIX_LENIENT. */
  n = sizeof out;
  EXPECT(is_error(urix_to_uri("http://a/b c", 12, 0, out, &n), URIX_E_DISALLOWED_CHAR, 10));
  n = sizeof out;
  EXPECT(is_error(urix_to_uri("http://a/b c", 12, URIX_LENIENT, out, &n), URIX_OK, 0));
  EXPECT(is_text(out, n, "http://a/b%20c"));
  /* One byte short. */
  n = strlen(uri) - 1;
  EXPECT(is_error(urix_to_uri(iri, strlen(iri), 0, out, &n), URIX_E_NO_SPACE, 0));
  EXPECT(n == strlen(uri));
}

static void test_arguments(void) {
  char out[8];
  size_t n = sizeof out;
  urix_components c;
  EXPECT(is_error(urix_encode("a", 1, NULL, URIX_LENIENT, out, &n), URIX_E_INVALID_ARGUMENT, 0));
  EXPECT(is_error(urix_decode("a", 1, URIX_LOWER, out, &n), URIX_E_INVALID_ARGUMENT, 0));
  EXPECT(is_error(urix_check("a", 1, NULL, URIX_PLUS), URIX_E_INVALID_ARGUMENT, 0));
  EXPECT(is_error(urix_decode(NULL, 1, 0, out, &n), URIX_E_INVALID_ARGUMENT, 0));
  EXPECT(is_error(urix_decode("a", 1, 0, NULL, &n), URIX_E_INVALID_ARGUMENT, 0));
  EXPECT(is_error(urix_decode("a", 1, 0, out, NULL), URIX_E_INVALID_ARGUMENT, 0));
  EXPECT(is_error(urix_parse("a", 1, 0, NULL), URIX_E_INVALID_ARGUMENT, 0));
  EXPECT(is_error(urix_parse("a", 1, URIX_PLUS, &c), URIX_E_INVALID_ARGUMENT, 0));
  EXPECT(is_error(urix_resolve("http://a/", 9, NULL, 1, 0, out, &n), URIX_E_INVALID_ARGUMENT, 0));
}

static void test_names(void) {
  EXPECT(strcmp(urix_errc_name(URIX_OK), "ok") == 0);
  EXPECT(strcmp(urix_errc_name(URIX_E_INCOMPLETE_ESCAPE), "incomplete_escape") == 0);
  EXPECT(strcmp(urix_errc_name(URIX_E_NO_SPACE), "no_space") == 0);
  EXPECT(strcmp(urix_errc_name(URIX_E_UNSAFE_HOST), "unsafe_host") == 0);
  EXPECT(strcmp(urix_errc_name(URIX_E_DISALLOWED_CODE_POINT), "disallowed_code_point") == 0);
  EXPECT(strcmp(urix_errc_name(URIX_E_OUT_OF_MEMORY), "out_of_memory") == 0);
  EXPECT(strcmp(urix_errc_name(URIX_E_INVALID_ARGUMENT), "invalid_argument") == 0);
  EXPECT(strcmp(urix_errc_name(URIX_E_NOT_SUPPORTED), "not_supported") == 0);
  /* Not codes (257 would be 1 if it were cut to a byte). */
  EXPECT(strcmp(urix_errc_name(-1), "unknown") == 0);
  EXPECT(strcmp(urix_errc_name(257), "unknown") == 0);
  EXPECT(strcmp(urix_errc_name(99), "unknown") == 0);
  EXPECT(strcmp(urix_errc_message(URIX_E_INCOMPLETE_ESCAPE),
                "incomplete percent-escape: '%' needs two hex digits") == 0);
  EXPECT(strcmp(urix_errc_message(URIX_E_NO_SPACE), "output buffer too small") == 0);
  EXPECT(strcmp(urix_errc_message(1000), "unknown error") == 0);
}

int main(void) {
  test_sets();
  test_encode();
  test_decode();
  test_check();
  test_parse();
  test_uris();
  test_chores();
  test_sites();
  test_iris();
  test_arguments();
  test_names();
  if (failures != 0) {
    fprintf(stderr, "c_api_test: %d failed\n", failures);
    return EXIT_FAILURE;
  }
  printf("c_api_test: all passed\n");
  return EXIT_SUCCESS;
}
