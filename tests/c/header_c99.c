// SPDX-License-Identifier: Apache-2.0 OR MIT
/* urix/c.h is C99: this file, which names every type, constant and function of the header,
 * compiles with -std=c99 -Wall -Wextra -pedantic -Werror (ctest c_header_gcc, c_header_clang;
 * syntax only, nothing is linked). */
#include "urix/c.h"

int c99_uses_everything(void);

int c99_uses_everything(void) {
  char out[16];
  size_t n = sizeof out;
  urix_components c;
  const urix_set* set = urix_find_set("query");
  unsigned flags = URIX_PLUS | URIX_LOWER | URIX_KEEP_ESCAPES | URIX_LENIENT | URIX_IRI |
                   URIX_UNICODE_HOSTS_ALL;
  urix_error e = urix_encode("a", 1, set, flags, out, &n);
  urix_range r;
  enum urix_host_type h = URIX_HOST_IPVFUTURE;
  n += urix_encoded_size("a", 1, set, 0);
  e = urix_decode("a", 1, 0, out, &n);
  e = urix_check("a", 1, set, 0);
  e = urix_parse("a", 1, 0, &c);
  r = c.path;
  e = urix_normalize("a", 1, 0, out, &n);
  e = urix_resolve("a:", 2, "b", 1, 0, out, &n);
  e = urix_to_uri("a", 1, 0, out, &n);
  e = urix_to_iri("a", 1, 0, out, &n);
  return e.code == URIX_E_NO_SPACE && r.length == 1 && h == URIX_HOST_IPVFUTURE &&
         urix_errc_name(URIX_OK)[0] == 'o' && urix_errc_message(URIX_E_NOT_SUPPORTED) != 0;
}
