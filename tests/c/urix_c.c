// SPDX-License-Identifier: Apache-2.0 OR MIT
/* urix_c: a few verbs of the urix CLI, written in C on the C API alone (urix/c.h), every call
 * of which it uses. compare_cli.py runs it and the CLI on the same inputs and expects the same
 * results and the same error codes and offsets. Buffers are sized by asking: a call with no
 * room says URIX_E_NO_SPACE and how much it needs.
 *
 * Usage: urix_c encode [--set NAME] [--plus] [--lower] [--keep-escapes] STRING
 *        urix_c decode [--plus] [--lenient] STRING
 *        urix_c check [--set NAME] STRING
 *        urix_c parse STRING            (JSON: the components and host_type, as `urix parse`)
 *        urix_c normalize STRING
 *        urix_c resolve BASE REF
 *        urix_c to-uri [--lenient] STRING
 *        urix_c to-iri [--unicode-hosts=all] STRING
 * Prints the result and exits 0, or prints "error NAME OFFSET" (and the message on stderr)
 * and exits 1; exit 2 for a wrong command line. */
#include "urix/c.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef urix_error (*output_call)(const char* const* args, unsigned flags, const urix_set* set,
                                  char* out, size_t* out_len);

static urix_error call_encode(const char* const* a, unsigned f, const urix_set* s, char* o, size_t* n) {
  return urix_encode(a[0], strlen(a[0]), s, f, o, n);
}
static urix_error call_decode(const char* const* a, unsigned f, const urix_set* s, char* o, size_t* n) {
  (void)s;
  return urix_decode(a[0], strlen(a[0]), f, o, n);
}
static urix_error call_normalize(const char* const* a, unsigned f, const urix_set* s, char* o, size_t* n) {
  (void)s;
  return urix_normalize(a[0], strlen(a[0]), f, o, n);
}
static urix_error call_resolve(const char* const* a, unsigned f, const urix_set* s, char* o, size_t* n) {
  (void)s;
  return urix_resolve(a[0], strlen(a[0]), a[1], strlen(a[1]), f, o, n);
}
static urix_error call_to_uri(const char* const* a, unsigned f, const urix_set* s, char* o, size_t* n) {
  (void)s;
  return urix_to_uri(a[0], strlen(a[0]), f, o, n);
}
static urix_error call_to_iri(const char* const* a, unsigned f, const urix_set* s, char* o, size_t* n) {
  (void)s;
  return urix_to_iri(a[0], strlen(a[0]), f, o, n);
}

static int fail(urix_error e) {
  printf("error %s %zu\n", urix_errc_name(e.code), e.offset);
  fprintf(stderr, "urix_c: %s at byte %zu\n", urix_errc_message(e.code), e.offset);
  return 1;
}

/* Runs `call` with no room first, then with exactly the room it asked for. */
static int run_output(output_call call, const char* const* args, unsigned flags,
                      const urix_set* set) {
  size_t n = 0;
  urix_error e = call(args, flags, set, NULL, &n);
  char* out;
  if (e.code == URIX_OK) { /* empty output */
    putchar('\n');
    return 0;
  }
  if (e.code != URIX_E_NO_SPACE) return fail(e);
  out = malloc(n);
  if (out == NULL) return 2;
  e = call(args, flags, set, out, &n);
  if (e.code != URIX_OK) {
    free(out);
    return fail(e);
  }
  fwrite(out, 1, n, stdout);
  putchar('\n');
  free(out);
  return 0;
}

static void print_component(const char* key, const char* in, urix_range r) {
  if (r.offset < 0)
    printf("\"%s\":null", key);
  else
    printf("\"%s\":\"%.*s\"", key, (int)r.length, in + r.offset);
}

static int run_parse(const char* in) {
  static const char* const host_types[] = {NULL, "reg-name", "ipv4", "ipv6", "ipvfuture"};
  urix_components c;
  const urix_error e = urix_parse(in, strlen(in), 0, &c);
  if (e.code != URIX_OK) return fail(e);
  /* URI components hold no '"' or '\\': they need no JSON escaping. */
  putchar('{');
  print_component("scheme", in, c.scheme);
  putchar(',');
  print_component("userinfo", in, c.userinfo);
  putchar(',');
  print_component("host", in, c.host);
  if (c.host_type == URIX_HOST_NONE)
    printf(",\"host_type\":null,");
  else
    printf(",\"host_type\":\"%s\",", host_types[c.host_type]);
  print_component("port", in, c.port);
  putchar(',');
  print_component("path", in, c.path);
  putchar(',');
  print_component("query", in, c.query);
  putchar(',');
  print_component("fragment", in, c.fragment);
  printf("}\n");
  return 0;
}

static int usage(void) {
  fprintf(stderr, "usage: urix_c VERB [OPTIONS] STRING (see tests/c/urix_c.c)\n");
  return 2;
}

int main(int argc, char** argv) {
  const char* verb;
  const urix_set* set = NULL;
  unsigned flags = 0;
  int i = 2;
  if (argc < 3) return usage();
  verb = argv[1];
  for (; i < argc && strncmp(argv[i], "--", 2) == 0; ++i) {
    if (strcmp(argv[i], "--set") == 0 && i + 1 < argc) {
      set = urix_find_set(argv[++i]);
      if (set == NULL) return usage();
    } else if (strcmp(argv[i], "--plus") == 0) {
      flags |= URIX_PLUS;
    } else if (strcmp(argv[i], "--lower") == 0) {
      flags |= URIX_LOWER;
    } else if (strcmp(argv[i], "--keep-escapes") == 0) {
      flags |= URIX_KEEP_ESCAPES;
    } else if (strcmp(argv[i], "--lenient") == 0) {
      flags |= URIX_LENIENT;
    } else if (strcmp(argv[i], "--unicode-hosts=all") == 0) {
      flags |= URIX_UNICODE_HOSTS_ALL;
    } else {
      return usage();
    }
  }
  if (i >= argc) return usage();
  if (strcmp(verb, "encode") == 0) {
    /* urix_encoded_size and what urix_encode asks for agree. */
    size_t n = 0;
    const urix_error e = urix_encode(argv[i], strlen(argv[i]), set, flags, NULL, &n);
    if ((e.code == URIX_OK ? 0 : n) != urix_encoded_size(argv[i], strlen(argv[i]), set, flags)) {
      fprintf(stderr, "urix_c: urix_encoded_size disagrees with urix_encode\n");
      return 2;
    }
    return run_output(call_encode, (const char* const*)argv + i, flags, set);
  }
  if (strcmp(verb, "decode") == 0) return run_output(call_decode, (const char* const*)argv + i, flags, set);
  if (strcmp(verb, "check") == 0) {
    const urix_error e = urix_check(argv[i], strlen(argv[i]), set, flags);
    return e.code == URIX_OK ? 0 : fail(e);
  }
  if (strcmp(verb, "parse") == 0) return run_parse(argv[i]);
  if (strcmp(verb, "normalize") == 0) return run_output(call_normalize, (const char* const*)argv + i, flags, set);
  if (strcmp(verb, "resolve") == 0 && i + 1 < argc)
    return run_output(call_resolve, (const char* const*)argv + i, flags, set);
  if (strcmp(verb, "to-uri") == 0) return run_output(call_to_uri, (const char* const*)argv + i, flags, set);
  if (strcmp(verb, "to-iri") == 0) return run_output(call_to_iri, (const char* const*)argv + i, flags, set);
  return usage();
}
