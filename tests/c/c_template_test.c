/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The C API's URI Templates (urix/c.h; RFC 6570) from C11: parse, expand, match, free. */
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

/* The variable called `name` in m, or NULL. */
static const urix_template_var* var(const urix_template_vars* m, const char* name) {
  for (size_t i = 0; i < m->count; ++i)
    if (strcmp(m->vars[i].name.data, name) == 0) return &m->vars[i];
  return NULL;
}

/* Does variable `name` of m have this kind and these strings (NULL-terminated)? */
static int has(const urix_template_vars* m, const char* name, int kind, const char* const* want) {
  const urix_template_var* v = var(m, name);
  if (v == NULL || v->kind != kind) {
    fprintf(stderr, "  %s: missing, or of kind %d, not %d\n", name, v ? v->kind : 0, kind);
    return 0;
  }
  size_t n = 0;
  while (want[n] != NULL) ++n;
  if (v->count != n) {
    fprintf(stderr, "  %s: %zu strings, expected %zu\n", name, v->count, n);
    return 0;
  }
  for (size_t i = 0; i < n; ++i) {
    if (!is_text(v->values[i].data, v->values[i].size, want[i])) return 0;
    if (v->values[i].data[v->values[i].size] != '\0') return 0;
  }
  return 1;
}

/* urix_template_match: RFC 6570 read backwards. */
static void match(void) {
  urix_template* t = NULL;
  const char* api = "https://api.example.com/repos/{owner}/{repo}/issues{?state,labels*,per_page}";
  EXPECT(urix_template_parse(api, strlen(api), &t).code == URIX_OK);
  const char* uri = "https://api.example.com/repos/urix/urix/issues?labels=bug&labels=good%20first%20issue";
  urix_template_vars* m = NULL;
  EXPECT(is_error(urix_template_match(t, uri, strlen(uri), &m), URIX_OK, 0));
  EXPECT(m != NULL && m->count == 3);
  if (m != NULL) {
    /* In the order of the names' bytes; values decoded. */
    EXPECT(strcmp(m->vars[0].name.data, "labels") == 0 && m->vars[0].name.size == 6);
    EXPECT(strcmp(m->vars[2].name.data, "repo") == 0);
    EXPECT(has(m, "owner", URIX_TEMPLATE_STRING, (const char* const[]){"urix", NULL}));
    EXPECT(has(m, "labels", URIX_TEMPLATE_LIST, (const char* const[]){"bug", "good first issue", NULL}));
    EXPECT(var(m, "state") == NULL); /* undefined: absent */
  }
  urix_template_vars_free(m);

  /* Not an expansion of it: where the URI stops being one, and nothing allocated. */
  const char* other = "https://api.example.com/repo/a/c";
  m = (urix_template_vars*)&failures;
  EXPECT(is_error(urix_template_match(t, other, strlen(other), &m), URIX_E_NO_MATCH, 28));
  EXPECT(m == NULL);
  urix_template_free(t);

  /* An associative array, as key, value, key, value; a decoded NUL inside a string. */
  EXPECT(urix_template_parse("{/list*}{?keys*}", 16, &t).code == URIX_OK);
  EXPECT(is_error(urix_template_match(t, "/red/a%00b?a=1&b=x%20y", 22, &m), URIX_OK, 0));
  if (m != NULL) {
    EXPECT(has(m, "keys", URIX_TEMPLATE_PAIRS, (const char* const[]){"a", "1", "b", "x y", NULL}));
    const urix_template_var* list = var(m, "list");
    EXPECT(list != NULL && list->kind == URIX_TEMPLATE_LIST && list->count == 2);
    if (list != NULL && list->count == 2)
      EXPECT(list->values[1].size == 3 && memcmp(list->values[1].data, "a\0b", 4) == 0);
  }
  urix_template_vars_free(m);
  /* No variables defined: an empty list, not an error. */
  EXPECT(is_error(urix_template_match(t, "", 0, &m), URIX_OK, 0));
  EXPECT(m != NULL && m->count == 0);
  urix_template_vars_free(m);
  urix_template_free(t);

  /* An ambiguous template: where does {a} end? At the expression, in the template. */
  EXPECT(urix_template_parse("/x/{a}{b}", 9, &t).code == URIX_OK);
  EXPECT(is_error(urix_template_match(t, "/x/12", 5, &m), URIX_E_NOT_MATCHABLE, 3));
  EXPECT(m == NULL);
  urix_template_free(t);
  /* A matchable template whose URI reads two ways: x="1024" or y="1024"? */
  EXPECT(urix_template_parse("map?{x,y}", 9, &t).code == URIX_OK);
  EXPECT(is_error(urix_template_match(t, "map?1024", 8, &m), URIX_E_AMBIGUOUS_MATCH, 4));
  EXPECT(m == NULL);

  EXPECT(urix_template_match(NULL, "a", 1, &m).code == URIX_E_INVALID_ARGUMENT);
  EXPECT(urix_template_match(t, NULL, 1, &m).code == URIX_E_INVALID_ARGUMENT);
  EXPECT(urix_template_match(t, "a", 1, NULL).code == URIX_E_INVALID_ARGUMENT);
  urix_template_free(t);
  urix_template_vars_free(NULL);
}

int main(void) {
  match();

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
