/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The C API's URI Templates (urix/c.h; RFC 6570) from C11. */
#include <stdio.h>
#include <string.h>

#include "c_check.h"
#include "urix/c.h"

static void expands(const char* tmpl, const char* json, const char* want) {
  urix_template* t = NULL;
  urix_error e = urix_template_parse(tmpl, strlen(tmpl), &t);
  EXPECT(e.code == URIX_OK && t != NULL);
  char out[256];
  size_t n = 0;
  /* Ask for the size first, with no buffer. */
  e = urix_template_expand(t, json, strlen(json), NULL, &n);
  EXPECT(e.code == (strlen(want) == 0 ? URIX_OK : URIX_E_NO_SPACE));
  EXPECT(n == strlen(want));
  n = sizeof out;
  e = urix_template_expand(t, json, strlen(json), out, &n);
  EXPECT(e.code == URIX_OK);
  EXPECT(n == strlen(want) && memcmp(out, want, n) == 0);
  if (e.code != URIX_OK || n != strlen(want) || memcmp(out, want, n) != 0)
    fprintf(stderr, "  %s with %s gave %.*s\n", tmpl, json, (int)n, out);
  urix_template_free(t);
}

int main(void) {
  /* RFC 6570 1.2, Level 4, and the realistic API template. */
  expands("{/list*}{?keys*}", "{\"list\": [\"red\", \"green\"], \"keys\": {\"a\": \"1\", \"b\": \"x y\"}}",
          "/red/green?a=1&b=x%20y");
  expands("https://api.example.com/repos/{owner}/{repo}/issues{?state,labels*,per_page}",
          "{\"owner\": \"urix\", \"repo\": \"urix\", \"labels\": [\"bug\"], \"per_page\": 50}",
          "https://api.example.com/repos/urix/urix/issues?labels=bug&per_page=50");
  expands("{var:3}{+path}", "{\"var\": \"value\", \"path\": \"/foo/bar\", \"u\": null}", "val/foo/bar");
  expands("{undef}", "{}", "");

  /* Errors carry their code and offset. */
  urix_template* t = (urix_template*)&failures; /* set to NULL on failure */
  urix_error e = urix_template_parse("/a{b", 4, &t);
  EXPECT(e.code == URIX_E_UNCLOSED_EXPRESSION && e.offset == 2 && t == NULL);
  e = urix_template_parse("{=a}", 4, &t);
  EXPECT(e.code == URIX_E_BAD_OPERATOR && e.offset == 1);
  e = urix_template_parse("{a:0}", 5, &t);
  EXPECT(e.code == URIX_E_BAD_PREFIX && e.offset == 3);
  EXPECT(strcmp(urix_errc_name(URIX_E_BAD_VARNAME), "bad_varname") == 0);
  EXPECT(strcmp(urix_errc_name(URIX_E_BAD_JSON), "bad_json") == 0);

  e = urix_template_parse("{a}", 3, &t);
  EXPECT(e.code == URIX_OK);
  char out[16];
  size_t n = sizeof out;
  e = urix_template_expand(t, "{\"a\": [[]]}", 11, out, &n);
  EXPECT(e.code == URIX_E_BAD_JSON && e.offset == 7);
  n = sizeof out;
  e = urix_template_expand(NULL, "{}", 2, out, &n);
  EXPECT(e.code == URIX_E_INVALID_ARGUMENT);
  e = urix_template_expand(t, "{}", 2, out, NULL);
  EXPECT(e.code == URIX_E_INVALID_ARGUMENT);
  EXPECT(urix_template_parse("{a}", 3, NULL).code == URIX_E_INVALID_ARGUMENT);
  urix_template_free(t);
  urix_template_free(NULL);

  if (failures != 0) fprintf(stderr, "%d checks failed\n", failures);
  return failures == 0 ? 0 : 1;
}
