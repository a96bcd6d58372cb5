// SPDX-License-Identifier: Apache-2.0 OR MIT
/* urix/c.h: the C API, for C99 and later, and for any language that calls C (Go, Rust, Zig,
 * Python's ctypes, ...). The same core as the C++ API, with the same results and errors.
 *
 *   char out[64];
 *   size_t n = sizeof out;
 *   urix_error e = urix_encode("Tom&Jerry", 9, urix_find_set("query-param"), 0, out, &n);
 *   if (e.code == 0) printf("%.*s\n", (int)n, out);            // Tom%26Jerry
 *   e = urix_decode("100%", 4, 0, out, &n);                    // e = {URIX_E_INCOMPLETE_ESCAPE, 3}
 *   if (e.code != 0) printf("%s at byte %zu\n", urix_errc_message(e.code), e.offset);
 *
 * Conventions, the same in every call:
 * - Input is a pointer and a length in bytes (it need not end in NUL, and may hold NUL).
 * - Output goes to the caller's buffer `out`, of *out_len bytes. On success *out_len is set to
 *   the bytes written; no NUL is added. If the buffer is too small the call returns
 *   URIX_E_NO_SPACE and sets *out_len to the size it needs: call again with that much.
 *   Nothing is ever truncated silently. After an error the buffer's contents are unspecified.
 * - Every call returns a urix_error: code 0 (URIX_OK) on success; otherwise the code and the
 *   0-based byte offset in the input of the first offending byte (for URIX_E_NO_SPACE: the
 *   first input byte whose output did not fit, in urix_encode and urix_decode; 0 elsewhere).
 * - `flags` is a bitwise OR of the URIX_* flags that the call lists; any other bit is
 *   URIX_E_INVALID_ARGUMENT.
 * - Nothing allocates except where the C++ core does (URI calls build their result before
 *   copying it out); an allocation failure is URIX_E_OUT_OF_MEMORY. No C++ exception leaves
 *   a call. Every call is thread-safe.
 * - A few calls give an object instead of bytes (urix_psl_parse, urix_url_parse,
 *   urix_template_parse, urix_template_match): `*out` is set to a new one the caller frees
 *   with the matching urix_*_free call (NULL allowed), or to NULL on error.
 * - Names and messages are static NUL-terminated strings.
 */
#ifndef URIX_C_H
#define URIX_C_H

#include <stddef.h>

#include "urix/export.h"

#ifdef __cplusplus
extern "C" {
#endif

/** What went wrong, and where. `code` is a urix_errc value, 0 on success. */
typedef struct urix_error {
  int code;
  size_t offset;
} urix_error;

/** Error codes. 1-16 are the C++ API's urix::errc, with the same values and the same stable
 * names (urix_errc_name); 100 and up exist only in the C API. */
enum urix_errc {
  URIX_OK = 0,
  URIX_E_INCOMPLETE_ESCAPE = 1,   /**< '%' not followed by two more bytes */
  URIX_E_BAD_ESCAPE_HEX = 2,      /**< '%' followed by a byte that is not a hex digit */
  URIX_E_DISALLOWED_CHAR = 3,     /**< a byte the set or the grammar does not allow */
  URIX_E_INVALID_UTF8 = 4,        /**< bytes that are not well-formed UTF-8 */
  URIX_E_NO_SPACE = 5,            /**< the output buffer is too small: *out_len says how big */
  URIX_E_BAD_SCHEME = 6,          /**< not a scheme (RFC 3986 3.1) */
  URIX_E_BAD_PORT = 7,            /**< a port byte that is not a digit */
  URIX_E_BAD_IP_LITERAL = 8,      /**< "[...]" is not an IPv6address or IPvFuture */
  URIX_E_BAD_PATH = 9,            /**< a path form not allowed here */
  URIX_E_MISSING_SCHEME = 10,     /**< an absolute URI is required (a resolution base) */
  URIX_E_IDNA_ERROR = 11,         /**< host rejected by IDNA processing */
  URIX_E_UNSAFE_HOST = 12,        /**< IDNA mapping put a URI delimiter in the host (U+FF0F) */
  URIX_E_LABEL_TOO_LONG = 13,     /**< a domain label longer than 63 bytes */
  URIX_E_DOMAIN_TOO_LONG = 14,    /**< a domain longer than 253 bytes */
  URIX_E_BAD_PUNYCODE = 15,       /**< an "xn--" label that does not decode */
  URIX_E_DISALLOWED_CODE_POINT = 16, /**< a code point UTS #46 disallows in domain names */
  URIX_E_UNMAPPABLE_CHAR = 17,    /**< a character the chosen legacy charset cannot represent */
  URIX_E_INVALID_IN_CHARSET = 18, /**< bytes that are not a valid sequence in that charset */
  URIX_E_WRONG_SCHEME = 19,       /**< a URI of another scheme where data: or file: is required */
  URIX_E_MISSING_COMMA = 20,      /**< a data: URL without the ',' that ends its MIME type */
  URIX_E_BAD_BASE64 = 21,         /**< a ;base64 data: URL body that forgiving-base64 rejects */
  URIX_E_BAD_MIME_TYPE = 22,      /**< text that is not a MIME type (MIME Sniffing) */
  URIX_E_NUL_IN_PATH = 23,        /**< a NUL byte or %00, which no file path can hold */
  URIX_E_SLASH_IN_SEGMENT = 24,   /**< an encoded separator inside a file name */
  URIX_E_RELATIVE_PATH = 25,      /**< a relative path: a file: URI names absolute paths only */
  URIX_E_REMOTE_HOST = 26,        /**< a file: URI host that this kind of path cannot name */
  URIX_E_INVALID_URL = 27,        /**< not a URL by the WHATWG URL Standard (or a setter's value it rejects) */
  URIX_E_UNCLOSED_EXPRESSION = 28, /**< URI Template: '{' without its '}' */
  URIX_E_BAD_OPERATOR = 29,       /**< URI Template: a reserved or unknown operator */
  URIX_E_BAD_VARNAME = 30,        /**< URI Template: not a variable name */
  URIX_E_BAD_PREFIX = 31,         /**< URI Template: prefix outside 1-9999, or with explode */
  URIX_E_NOT_MATCHABLE = 32,      /**< URI Template: the template has no unique inverse */
  URIX_E_NO_MATCH = 33,           /**< URI Template: the URI is not an expansion of it */
  URIX_E_AMBIGUOUS_MATCH = 34,    /**< URI Template: the URI reads back in more than one way */
  URIX_E_BAD_JSON = 35,           /**< URI Template variables: not the JSON urix_template_expand takes */
  URIX_E_UNKNOWN_SET = 36,        /**< no set of that name */
  URIX_E_OUT_OF_MEMORY = 100,     /**< an allocation failed */
  URIX_E_INVALID_ARGUMENT = 101,  /**< a NULL pointer where one is required, or an unknown flag */
  URIX_E_NOT_SUPPORTED = 102      /**< IRIs: this urix was built without IDNA (URIX_IDNA=OFF) */
};

/** Flags; each call says which it takes. */
enum urix_flag {
  URIX_PLUS = 1u << 0,         /**< encode: ' ' as '+', '+' as %2B; decode: '+' as ' ' */
  URIX_LOWER = 1u << 1,        /**< encode: lowercase hex in escapes */
  URIX_KEEP_ESCAPES = 1u << 2, /**< encode: copy a well-formed "%HH" (no double encoding) */
  URIX_LENIENT = 1u << 3,      /**< decode: copy a malformed '%'; to_uri: encode what an IRI may not hold */
  URIX_IRI = 1u << 4,          /**< parse, normalize, resolve: the IRI grammar (RFC 3987) */
  URIX_UNICODE_HOSTS_ALL = 1u << 5, /**< to_iri: every valid IDNA label in Unicode, look-alikes too */
  URIX_WINDOWS = 1u << 6       /**< path_to_uri, uri_to_path: Windows paths (drive letters, UNC) */
};

/** A named character set (SPEC section 2), from urix_find_set. */
typedef struct urix_set urix_set;

/** The set called `name` ("unreserved", "query-param", "whatwg-form", ...; the names of the
 * CLI's --set), or NULL if there is none. Sets are static: never freed. */
URIX_API const urix_set* urix_find_set(const char* name);

/** Exact size of the encoded form of in[0, in_len) (see urix_encode; flags as there). A NULL
 * `set` means "unreserved". Returns 0 for unknown flags. */
URIX_API size_t urix_encoded_size(const char* in, size_t in_len, const urix_set* set,
                                  unsigned flags);

/** Percent-encodes in[0, in_len): each byte in `set` (NULL: "unreserved") and ASCII is copied,
 * every other byte becomes %HH (RFC 3986 2.1). A set that implies form encoding
 * ("whatwg-form") implies URIX_PLUS. Flags: URIX_PLUS, URIX_LOWER, URIX_KEEP_ESCAPES.
 * Never fails except with URIX_E_NO_SPACE, URIX_E_INVALID_ARGUMENT. */
URIX_API urix_error urix_encode(const char* in, size_t in_len, const urix_set* set,
                                unsigned flags, char* out, size_t* out_len);

/** Percent-decodes in[0, in_len): "%HH" becomes its byte. A '%' without two hex digits is
 * URIX_E_INCOMPLETE_ESCAPE or URIX_E_BAD_ESCAPE_HEX at that '%', unless URIX_LENIENT copies
 * it. Flags: URIX_PLUS, URIX_LENIENT. The output is never longer than the input, and `out` may
 * be `in` (in-place decoding); no other overlap is allowed. */
URIX_API urix_error urix_decode(const char* in, size_t in_len, unsigned flags, char* out,
                                size_t* out_len);

/** Checks that in[0, in_len) is a valid encoded form for `set` (NULL: "unreserved"): every
 * byte in the set, or part of a well-formed "%HH" (a form-encoding set allows '+' too).
 * URIX_E_DISALLOWED_CHAR or a bad escape at the first offending byte otherwise. No flags. */
URIX_API urix_error urix_check(const char* in, size_t in_len, const urix_set* set,
                               unsigned flags);

/** Where a component is in the parsed input: offset and length in bytes, both -1 when the
 * component is absent (a present but empty one has length 0). */
typedef struct urix_range {
  ptrdiff_t offset;
  ptrdiff_t length;
} urix_range;

/** The kind of host (RFC 3986 3.2.2). */
enum urix_host_type {
  URIX_HOST_NONE = 0, /**< no authority */
  URIX_HOST_REG_NAME, /**< a registered name, possibly empty */
  URIX_HOST_IPV4,     /**< an IPv4address */
  URIX_HOST_IPV6,     /**< "[" IPv6address "]" */
  URIX_HOST_IPVFUTURE /**< "[" IPvFuture "]" */
};

/** The components of a URI reference, as written (still encoded): ranges into the input. */
typedef struct urix_components {
  urix_range scheme;    /**< without the ':' */
  urix_range authority; /**< between "//" and the path */
  urix_range userinfo;  /**< without the '@' */
  urix_range host;      /**< an IP literal keeps its brackets */
  urix_range port;      /**< without the ':' */
  urix_range path;      /**< always present, possibly empty */
  urix_range query;     /**< without the '?' */
  urix_range fragment;  /**< without the '#' */
  int host_type;        /**< a urix_host_type */
} urix_components;

/** Parses in[0, in_len) as a URI-reference (RFC 3986 4.1; with URIX_IRI, an IRI-reference,
 * RFC 3987 2.2) into *out. Allocates nothing. Flags: URIX_IRI. */
URIX_API urix_error urix_parse(const char* in, size_t in_len, unsigned flags,
                               urix_components* out);

/** The normal form of a URI reference (RFC 3986 6.2.2, 6.2.3), as `urix normalize` writes
 * it; the parser's error for a malformed one. Flags: URIX_IRI. */
URIX_API urix_error urix_normalize(const char* in, size_t in_len, unsigned flags, char* out,
                                   size_t* out_len);

/** `ref` resolved against `base` (RFC 3986 5.2, strict), as `urix resolve` writes it. Errors:
 * the parser's error for `base` (URIX_E_MISSING_SCHEME at 0 when it has no scheme), then for
 * `ref`; parse each with urix_parse to tell which. Flags: URIX_IRI. */
URIX_API urix_error urix_resolve(const char* base, size_t base_len, const char* ref,
                                 size_t ref_len, unsigned flags, char* out, size_t* out_len);

/** An IRI converted to a URI (RFC 3987 3.1; the host through IDNA ToASCII), as `urix to-uri`
 * writes it. URIX_E_UNSAFE_HOST when IDNA mapping puts a URI delimiter in the host (U+FF0F
 * FULLWIDTH SOLIDUS maps to '/'). Flags: URIX_LENIENT. URIX_E_NOT_SUPPORTED without IDNA. */
URIX_API urix_error urix_to_uri(const char* in, size_t in_len, unsigned flags, char* out,
                                size_t* out_len);

/** A URI converted to an IRI for display (RFC 3987 3.2; SPEC 7's safe display), as
 * `urix to-iri` writes it. Flags: URIX_UNICODE_HOSTS_ALL. URIX_E_NOT_SUPPORTED without IDNA. */
URIX_API urix_error urix_to_iri(const char* in, size_t in_len, unsigned flags, char* out,
                                size_t* out_len);

/** The stable name of an error code ("incomplete_escape", "no_space", "out_of_memory", ...;
 * "ok" for 0), as `urix --errors=json` and the C++ urix::name give it; "unknown" for a value
 * that is no code. Never NULL. */
URIX_API const char* urix_errc_name(int code);

/** A short human-readable meaning of an error code (may be reworded between versions). Never
 * NULL. */
URIX_API const char* urix_errc_message(int code);

/** The shortest reference that resolves against `base` to `target` (the inverse of resolve,
 * in normal form), as `urix relativize` writes it. Errors: the parser's for `base`, then for
 * `target` (URIX_E_MISSING_SCHEME at 0 for either without a scheme). Flags: URIX_IRI. */
URIX_API urix_error urix_relativize(const char* base, size_t base_len, const char* target,
                                    size_t target_len, unsigned flags, char* out, size_t* out_len);

/** The file: URI of an absolute path (RFC 8089), as `urix from-path` writes it: POSIX bytes,
 * or with URIX_WINDOWS a drive-letter or UNC path. Flags: URIX_WINDOWS. */
URIX_API urix_error urix_path_to_uri(const char* in, size_t in_len, unsigned flags, char* out,
                                     size_t* out_len);

/** The path a file: URI names (RFC 8089), as `urix to-path` writes it; URIX_E_NUL_IN_PATH,
 * URIX_E_SLASH_IN_SEGMENT, ... where it names none. Flags: URIX_WINDOWS. */
URIX_API urix_error urix_uri_to_path(const char* in, size_t in_len, unsigned flags, char* out,
                                     size_t* out_len);

/** A data: URL's MIME type, serialized (Fetch's data: URL processor; `urix data`). Flags: none. */
URIX_API urix_error urix_data_url_mime_type(const char* in, size_t in_len, unsigned flags,
                                            char* out, size_t* out_len);

/** A data: URL's body bytes (`urix data --body`). Flags: none. */
URIX_API urix_error urix_data_url_body(const char* in, size_t in_len, unsigned flags, char* out,
                                       size_t* out_len);

/** A Public Suffix List, read by urix_psl_parse; freed by urix_psl_free. */
typedef struct urix_psl urix_psl;

/** Reads a Public Suffix List's text (e.g. Debian's
 * /usr/share/publicsuffix/public_suffix_list.dat) into *out (NULL on failure). Errors: the
 * list's (URIX_E_INVALID_UTF8, an IDNA error of a rule) at a byte offset into `text`;
 * URIX_E_NOT_SUPPORTED without IDNA. */
URIX_API urix_error urix_psl_parse(const char* text, size_t text_len, urix_psl** out);

/** Frees a list from urix_psl_parse; NULL is allowed. */
URIX_API void urix_psl_free(urix_psl* psl);

/** The registrable domain of `host` by `psl` (`urix get '{site}'`), empty (*out_len 0) when it
 * has none: an IP address, a public suffix. Errors: a non-ASCII host that IDNA rejects. Flags:
 * none. */
URIX_API urix_error urix_registrable_domain(const urix_psl* psl, const char* host, size_t host_len,
                                            unsigned flags, char* out, size_t* out_len);
/* ---- WHATWG URLs (SPEC 12; the C++ urix/url.h) ----------------------------------------- */

/** A URL as the WHATWG URL Standard parses it. Owned by the caller: free it with
 * urix_url_free. Not thread-safe to change (urix_url_set) while another thread reads it. */
typedef struct urix_url urix_url;

/** The JavaScript URL's attributes, for urix_url_get and urix_url_set. */
enum urix_url_attribute {
  URIX_URL_HREF = 0,
  URIX_URL_ORIGIN, /**< read-only */
  URIX_URL_PROTOCOL,
  URIX_URL_USERNAME,
  URIX_URL_PASSWORD,
  URIX_URL_HOST,
  URIX_URL_HOSTNAME,
  URIX_URL_PORT,
  URIX_URL_PATHNAME,
  URIX_URL_SEARCH,
  URIX_URL_HASH
};

/** Parses in[0, in_len) with the URL Standard's basic URL parser against `base` (NULL for
 * none) into a new URL, *out (NULL on failure). URIX_E_INVALID_URL at the byte offset of the
 * validation error that failed it; URIX_E_NOT_SUPPORTED without IDNA. No flags. */
URIX_API urix_error urix_url_parse(const char* in, size_t in_len, const urix_url* base,
                                   unsigned flags, urix_url** out);

/** Frees a URL from urix_url_parse (NULL is allowed). */
URIX_API void urix_url_free(urix_url* url);

/** Attribute `attribute` (a urix_url_attribute) of `url`, as JavaScript's URL gives it
 * ("https:", "example.com:8080", "?q", ...; "" when absent), into out[0, *out_len). */
URIX_API urix_error urix_url_get(const urix_url* url, int attribute, char* out,
                                 size_t* out_len);

/** Runs the URL's setter for `attribute` with value[0, value_len) (the URL API's setters,
 * with the standard's state overrides). URIX_E_INVALID_URL when the standard rejects the
 * value: the URL is then unchanged. URIX_E_INVALID_ARGUMENT for URIX_URL_ORIGIN. */
URIX_API urix_error urix_url_set(urix_url* url, int attribute, const char* value,
                                 size_t value_len);
/* ---- URI Templates (RFC 6570; urix/template.h) ------------------------------------------ */

/** A parsed URI Template, from urix_template_parse; free it with urix_template_free. */
typedef struct urix_template urix_template;

/** Parses the template in[0, in_len) (RFC 6570 section 2) into a new `*out` (NULL on error):
 * URIX_E_UNCLOSED_EXPRESSION, URIX_E_BAD_OPERATOR, URIX_E_BAD_VARNAME, URIX_E_BAD_PREFIX,
 * URIX_E_DISALLOWED_CHAR, a bad escape or URIX_E_INVALID_UTF8 at the offending byte. */
URIX_API urix_error urix_template_parse(const char* in, size_t in_len, urix_template** out);

/** Expands `t` (RFC 6570 section 3) with the variables in vars_json[0, vars_len): one JSON
 * object whose members are strings, null (undefined), arrays of strings (lists) and objects
 * of strings (associative arrays, in order); numbers, true and false stand for their text.
 * URIX_E_BAD_JSON at the offending byte of vars_json otherwise. Output as urix_encode's. */
URIX_API urix_error urix_template_expand(const urix_template* t, const char* vars_json,
                                         size_t vars_len, char* out, size_t* out_len);

/** Frees a template from urix_template_parse (NULL is allowed and does nothing). */
URIX_API void urix_template_free(urix_template* t);

/** Bytes: `size` of them at `data`, followed by a NUL that `size` does not count (the bytes
 * may hold NUL themselves: a decoded "%00"). */
typedef struct urix_bytes {
  const char* data;
  size_t size;
} urix_bytes;

/** The kind of a matched variable's value (RFC 6570 2.3). */
enum urix_template_kind {
  URIX_TEMPLATE_STRING = 1, /**< one string */
  URIX_TEMPLATE_LIST = 2,   /**< a list of strings */
  URIX_TEMPLATE_PAIRS = 3   /**< an associative array: (key, value) pairs, in order */
};

/** One variable read back by urix_template_match: its name and its value as `count`
 * strings, decoded: a string is one, a list its items, an associative array its keys and
 * values in turn (key, value, key, value, ...). */
typedef struct urix_template_var {
  urix_bytes name;
  int kind;                 /**< a urix_template_kind */
  size_t count;             /**< strings in values: 1, the items, or twice the pairs */
  const urix_bytes* values; /**< values[0, count) */
} urix_template_var;

/** The variables urix_template_match read, vars[0, count) in the order of their names'
 * bytes; a variable the URI leaves undefined is not there. One block, owned by the caller:
 * free it with urix_template_vars_free.
 *
 *   for (size_t i = 0; i < m->count; ++i)
 *     for (size_t j = 0; j < m->vars[i].count; ++j)
 *       printf("%s[%zu] = %s\n", m->vars[i].name.data, j, m->vars[i].values[j].data);
 */
typedef struct urix_template_vars {
  size_t count;
  const urix_template_var* vars;
} urix_template_vars;

/** The variables that expand `t` to uri[0, uri_len) (RFC 6570 read backwards; which templates
 * can be matched and how values read back: docs/template.md), decoded, into a new `*out`
 * (NULL on error). Errors:
 *   URIX_E_NOT_MATCHABLE    the template has no unique inverse; the offset is in the
 *                           template's text, at the expression that makes it ambiguous
 *   URIX_E_NO_MATCH         uri is not an expansion of `t`: the offset in uri where it
 *                           stops being one
 *   URIX_E_AMBIGUOUS_MATCH  an expression's text in uri reads in more than one way (an
 *                           unnamed expression of several variables not all there), at it */
URIX_API urix_error urix_template_match(const urix_template* t, const char* uri, size_t uri_len,
                                        urix_template_vars** out);

/** Frees variables from urix_template_match (NULL is allowed and does nothing). */
URIX_API void urix_template_vars_free(urix_template_vars* vars);

#ifdef __cplusplus
}
#endif

#endif /* URIX_C_H */
