// SPDX-License-Identifier: Apache-2.0 OR MIT
// growth_driver --measure N SHAPE...: runs each shape's library call on inputs of 0, N and 8N
// repeated pieces, each through growth_measured_call, for growth_tests.py, which has callgrind
// count the instructions inside each call; prints, per call, the shape, the pieces and the peak
// of the bytes live through operator new during it (the memory a quadratic copy would show).
// growth_driver --list: the shapes, one per line.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "urix/idna.h"
#include "urix/iri.h"
#include "urix/url.h"
#include "urix/utf8.h"

namespace {

// ---- Memory: every operator new and delete counted -----------------------------------------

std::size_t live_bytes = 0;
std::size_t peak_bytes = 0;

// The size is kept in front of each block, so that delete knows what it frees.
constexpr std::size_t header = alignof(std::max_align_t);

void* counted_new(std::size_t n) {
  auto* p = static_cast<char*>(std::malloc(n + header));
  if (p == nullptr) throw std::bad_alloc();
  std::memcpy(p, &n, sizeof n);
  live_bytes += n;
  peak_bytes = std::max(peak_bytes, live_bytes);
  return p + header;
}

void counted_delete(void* q) noexcept {
  if (q == nullptr) return;
  char* p = static_cast<char*>(q) - header;
  std::size_t n;
  std::memcpy(&n, p, sizeof n);
  live_bytes -= n;
  std::free(p);
}

}  // namespace

void* operator new(std::size_t n) { return counted_new(n); }
void* operator new[](std::size_t n) { return counted_new(n); }
void operator delete(void* p) noexcept { counted_delete(p); }
void operator delete[](void* p) noexcept { counted_delete(p); }
void operator delete(void* p, std::size_t) noexcept { counted_delete(p); }
void operator delete[](void* p, std::size_t) noexcept { counted_delete(p); }

namespace {

enum class call {
  to_iri, to_uri, domain_to_ascii, domain_to_unicode,
  // The URL Standard (urix/url.h). The input is the grown string unless said otherwise.
  parse_url,            // parse_url(input)
  parse_url_errors,     // parse_url(input, nullptr, errors): every validation error kept
  can_parse_url,        // can_parse_url(input)
  parse_against_base,   // parse_url(input, base_url): a relative input
  base_grows,           // parse_url("../x?y#z", base): the grown string is the base
  against_grown_base,   // the grown string (without `then`) is the base, `then` n times the input
  set_pathname,         // base_url, then set_pathname(input); likewise the three below
  set_search,
  set_host,
  set_hash,
  set_search_long_url,  // the grown string parsed, then set_search("?a=b"): the href rebuilt
  set_host_long_url,    // likewise set_host("example.org")
  set_pathname_long_url,  // likewise set_pathname("/x")
  params_parse,         // url_search_params(input)
  params_serialize,     // url_search_params(input).to_string()
  params_sort,          // url_search_params(input).sort()
  params_remove,        // url_search_params(input).remove("k")
  params_set,           // url_search_params(input).set("k", "v"): removes every other "k"
};

constexpr std::string_view base_url = "http://example.com/a/b/c?q#f";

struct shape {
  const char* name;
  call what;
  std::string_view head, piece, tail;
  std::string_view then = {};  // repeated as often as `piece`, after it
};

// Many labels once made ICU move the rest of the domain for every label it rewrote (to-iri of
// "xn--tda." x 400,000 took 28 s); without VerifyDnsLength nothing fails early, so the IDNA
// work itself must be linear, the Bidi rule (a right-to-left label, U+05D0) included. The
// other shapes (path escapes, long labels, long IP literals) are linear and kept so; a long
// label of distinct letters is Punycode's worst case (RFC 3492's loop is quadratic there).
//
// The URL shapes ("url ...") grow each thing the URL Standard's parser loops over: the input's
// length, labels, dot segments (plain and escaped; alone, and as many '..' as there are
// segments before them, each removing one), slashes and backslashes, escapes (valid
// and not), tabs and newlines (removed before parsing), IPv4-like and IPv6 hosts, userinfo
// with many '@', ports, queries and fragments, a base with a long path, the setters' values,
// and application/x-www-form-urlencoded lists. In a piece, '@@' stands for 8 hex digits that
// differ from piece to piece in no order (a scrambled counter), for sort.
constexpr shape shapes[] = {
    {"to-iri xn--tda.", call::to_iri, "http://", "xn--tda.", "com/"},
    {"to-iri %C3%BC.", call::to_iri, "http://", "%C3%BC.", "com/"},
    {"to-uri \u00FC.", call::to_uri, "http://", "\u00FC.", "com/"},
    {"domain_to_ascii \u00FC.", call::domain_to_ascii, "", "\u00FC.", "com"},
    {"domain_to_ascii \u05D0.", call::domain_to_ascii, "", "\u05D0.", "com"},
    {"domain_to_unicode xn--tda.", call::domain_to_unicode, "", "xn--tda.", "com"},
    {"to-iri path escapes", call::to_iri, "http://a/", "%C3%BC/", ""},
    {"to-uri path", call::to_uri, "http://a/", "\u00FC/", ""},
    {"to-iri long xn-- label", call::to_iri, "http://xn--", "tda", "/"},
    {"to-iri long escaped label", call::to_iri, "http://", "%C3%BC", ".com/"},
    {"to-uri long label", call::to_uri, "http://", "\u00FC", ".com/"},
    {"domain_to_ascii long label, all letters distinct", call::domain_to_ascii, "", "##", ".com"},
    {"to-iri IPv6-like", call::to_iri, "http://[", "1:", "]/"},

    {"url parse long path", call::parse_url, "https://example.com/", "abcdefgh", ""},
    {"url parse segments", call::parse_url, "https://example.com", "/a", ""},
    {"url parse labels", call::parse_url, "http://", "a.", "com/"},
    {"url parse upper-case labels", call::parse_url, "http://", "A.", "com/"},
    {"url parse \u00FC labels", call::parse_url, "http://", "\u00FC.", "com/"},
    {"url parse xn-- labels", call::parse_url, "http://", "xn--tda.", "com/"},
    {"url parse long label", call::parse_url, "http://", "a", ".com/"},
    {"url parse long label, all letters distinct", call::parse_url, "http://", "##", ".com/"},
    {"url parse escaped host", call::parse_url, "http://", "%41", ".com/"},
    {"url parse ./ segments", call::parse_url, "http://a/", "./", "x"},
    {"url parse ../ segments", call::parse_url, "http://a/b/", "../", "x"},
    {"url parse a/../ pairs", call::parse_url, "http://a/", "a/../", "x"},
    {"url parse %2e%2e/ segments", call::parse_url, "http://a/", "%2e%2e/", "x"},
    {"url parse .%2E/ segments", call::parse_url, "http://a/", "b/.%2E/", "x"},
    {"url parse file ../ segments", call::parse_url, "file:///C:/", "../", "x"},
    {"url parse segments, then as many ../", call::parse_url, "http://a/", "s/", "x", "../"},
    {"url parse segments, then as many %2E%2E/", call::parse_url, "http://a/", "s/", "x", "%2E%2E/"},
    {"url parse file segments, then as many ../", call::parse_url, "file:///C:/", "s/", "x", "../"},
    {"url parse non-special ../", call::parse_url, "foo://h/", "a/../", "x"},
    {"url parse slashes", call::parse_url, "http://a/", "/", "x"},
    {"url parse slashes after scheme", call::parse_url, "http:", "/", "a/x"},
    {"url parse backslashes", call::parse_url, "http://a", "\\", "x"},
    {"url parse backslashes non-special", call::parse_url, "foo://a/", "\\", "x"},
    {"url parse escapes", call::parse_url, "http://a/", "%41", ""},
    {"url parse bad escapes", call::parse_url, "http://a/", "%zz", ""},
    {"url parse characters to escape", call::parse_url, "http://a/", " \"<>`{}", ""},
    {"url parse tabs and newlines", call::parse_url, "http://a/", "b\t\n", ""},
    {"url parse leading spaces", call::parse_url, "", " ", "http://a/"},
    {"url parse IPv4-like parts", call::parse_url, "http://", "1.", "2/"},
    {"url parse IPv4 leading zeros", call::parse_url, "http://", "0", "1.2.3.4/"},
    {"url parse IPv4 long hex", call::parse_url, "http://0x", "f", "/"},
    {"url parse IPv6 pieces", call::parse_url, "http://[", "1:", ":1]/"},
    {"url parse IPv6 long piece", call::parse_url, "http://[::", "0", "1]/"},
    {"url parse many @", call::parse_url, "http://", "u@", "a/"},
    {"url parse long userinfo", call::parse_url, "http://", "u:p", "@a/"},
    {"url parse port leading zeros", call::parse_url, "http://a:", "0", "80/"},
    {"url parse long query", call::parse_url, "http://a/?", "q=1&", ""},
    {"url parse query to escape", call::parse_url, "http://a/?", "\"'", ""},
    {"url parse long fragment", call::parse_url, "http://a/#", "f`", ""},
    {"url parse opaque path", call::parse_url, "mailto:", "a ", ""},
    {"url parse long scheme", call::parse_url, "a", "a", ":b"},
    {"url parse file slashes", call::parse_url, "file:", "/", "C:/x"},
    {"url parse file backslashes", call::parse_url, "file:", "\\", "C:\\x"},
    {"url errors kept: bad escapes", call::parse_url_errors, "http://a/", "%zz", ""},
    {"url errors kept: backslashes", call::parse_url_errors, "http://a", "\\", "x"},
    {"url errors kept: tabs", call::parse_url_errors, "http://a/", "b\t", ""},
    {"url errors kept: tabs and bad escapes", call::parse_url_errors, "http://a/", "%zz\t", ""},
    {"url errors kept: bad UTF-8 and bad escapes", call::parse_url_errors, "http://a/", "\xC3%zz", ""},
    {"url can_parse long path", call::can_parse_url, "https://example.com/", "a/./", ""},
    {"url can_parse labels", call::can_parse_url, "http://", "a.", "com/"},
    {"url relative ../ against a base", call::parse_against_base, "", "../", "x"},
    {"url relative path against a base", call::parse_against_base, "", "a/", "x"},
    {"url base with a long path", call::base_grows, "http://a/", "segment/", ""},
    {"url as many ../ as the base has segments", call::against_grown_base, "http://a/", "s/", "", "../"},
    {"url set_pathname segments", call::set_pathname, "", "a/", ""},
    {"url set_pathname ../", call::set_pathname, "", "../", "x"},
    {"url set_pathname segments, then as many ../", call::set_pathname, "", "s/", "x", "../"},
    {"url set_pathname escapes", call::set_pathname, "", "%41 ", ""},
    {"url set_search", call::set_search, "?", "q=1&", ""},
    {"url set_host labels", call::set_host, "", "a.", "com"},
    {"url set_hash", call::set_hash, "#", "f ", ""},
    {"url set_search on a long URL", call::set_search_long_url, "http://a/", "segment/", ""},
    {"url set_host on a long URL", call::set_host_long_url, "http://a/", "segment/", "?q#f"},
    {"url set_pathname on a long query", call::set_pathname_long_url, "http://a/p?", "q=1&", "#f"},
    {"url search_params parse", call::params_parse, "?", "k=v&", ""},
    {"url search_params parse escapes", call::params_parse, "k=", "%41+", ""},
    {"url search_params empty pairs", call::params_parse, "", "&", "k=v"},
    {"url search_params serialize", call::params_serialize, "", "k=v \u00FC&", ""},
    {"url search_params sort", call::params_sort, "", "k@@=v&", ""},
    {"url search_params remove", call::params_remove, "", "k=v&j&", ""},
    {"url search_params set", call::params_set, "", "k=v&j&", ""},
};

// The k-th of 32,164 letters that map to themselves under UTS #46: the CJK unified ideographs
// U+4E00-U+9FFF, then the Hangul syllables U+AC00-U+D7A3.
char32_t distinct_letter(long k) {
  const auto i = static_cast<char32_t>(k);
  return i < 0x5200 ? 0x4E00 + i : 0xAC00 + (i - 0x5200);
}

// The grown string: head, n pieces, n times `then`, tail; "@@" in the piece becomes 8 hex
// digits of a scrambled counter (an odd multiplier modulo 2^32 gives every piece its own),
// "##" a letter of its own (distinct_letter; n is at most 32,164).
std::string grown(const shape& s, long n) {
  std::string in(s.head);
  const std::size_t hole = s.piece.find("@@");
  const std::size_t letter = s.piece.find("##");
  for (long k = 0; k < n; ++k) {
    if (hole != std::string_view::npos) {
      char digits[9];
      std::snprintf(digits, sizeof digits, "%08x", static_cast<unsigned>(k) * 2654435761u);
      in.append(s.piece.substr(0, hole)).append(digits).append(s.piece.substr(hole + 2));
    } else if (letter != std::string_view::npos) {
      in.append(s.piece.substr(0, letter));
      urix::append_utf8(in, distinct_letter(k));
      in.append(s.piece.substr(letter + 2));
    } else {
      in.append(s.piece);
    }
  }
  for (long k = 0; k < n; ++k) in.append(s.then);
  in.append(s.tail);
  return in;
}

urix::url must_parse(std::string_view in, const urix::url* base = nullptr) {
  auto u = urix::parse_url(in, base);
  if (!u) {
    std::fprintf(stderr, "growth_driver: %.60s... does not parse\n", std::string(in).c_str());
    std::exit(2);
  }
  return *std::move(u);
}

// What a call reads: the grown string, and for against_grown_base the input parsed against it.
struct inputs {
  std::string in, reference;
};

inputs make_inputs(const shape& s, long n) {
  if (s.what != call::against_grown_base) return {grown(s, n), {}};
  shape base = s;
  base.then = {};
  std::string reference;
  for (long k = 0; k < n; ++k) reference.append(s.then);
  return {grown(base, n), reference};
}

void run(const shape& s, const inputs& args) {
  const std::string& in = args.in;
  switch (s.what) {
    case call::to_iri: static_cast<void>(urix::uri_to_iri(in)); break;
    case call::to_uri: static_cast<void>(urix::iri_to_uri(in)); break;
    case call::domain_to_ascii:
      static_cast<void>(urix::domain_to_ascii(in, urix::idna_options::url_standard()));
      break;
    case call::domain_to_unicode: static_cast<void>(urix::domain_to_unicode(in)); break;
    case call::parse_url: static_cast<void>(urix::parse_url(in)); break;
    case call::parse_url_errors: {
      std::vector<urix::url_validation_error> errors;
      static_cast<void>(urix::parse_url(in, nullptr, errors));
      break;
    }
    case call::can_parse_url: static_cast<void>(urix::can_parse_url(in)); break;
    case call::parse_against_base: {
      const urix::url base = must_parse(base_url);
      static_cast<void>(urix::parse_url(in, &base));
      break;
    }
    case call::base_grows: {
      const urix::url base = must_parse(in);
      static_cast<void>(urix::parse_url("../x?y#z", &base));
      break;
    }
    case call::set_pathname: must_parse(base_url).set_pathname(in); break;
    case call::set_search: must_parse(base_url).set_search(in); break;
    case call::set_host: must_parse(base_url).set_host(in); break;
    case call::set_hash: must_parse(base_url).set_hash(in); break;
    case call::against_grown_base: {
      const urix::url base = must_parse(in);
      static_cast<void>(urix::parse_url(args.reference, &base));
      break;
    }
    case call::set_search_long_url: must_parse(in).set_search("?a=b"); break;
    case call::set_host_long_url: must_parse(in).set_host("example.org"); break;
    case call::set_pathname_long_url: must_parse(in).set_pathname("/x"); break;
    case call::params_parse: static_cast<void>(urix::url_search_params(in)); break;
    case call::params_serialize: static_cast<void>(urix::url_search_params(in).to_string()); break;
    case call::params_sort: urix::url_search_params(in).sort(); break;
    case call::params_remove: urix::url_search_params(in).remove("k"); break;
    case call::params_set: urix::url_search_params(in).set("k", "v"); break;
  }
}

}  // namespace

// One measured call: growth_tests.py has callgrind count the instructions inside it
// (--toggle-collect) and write them out after each (--dump-after). Not inlined, and with C
// linkage, so that callgrind finds it by this name.
extern "C" [[gnu::noinline]] void growth_measured_call(const shape* s, const inputs* args) {
  run(*s, *args);
}

int main(int argc, char** argv) {
  if (argc == 2 && std::strcmp(argv[1], "--list") == 0) {
    for (const shape& s : shapes) std::printf("%s\n", s.name);
    return 0;
  }
  if (argc < 4 || std::strcmp(argv[1], "--measure") != 0) {
    std::fprintf(stderr, "usage: growth_driver --measure N SHAPE... | --list\n");
    return 2;
  }
  const long n = std::strtol(argv[2], nullptr, 10);
  for (int a = 3; a < argc; ++a) {
    const shape* s = std::find_if(std::begin(shapes), std::end(shapes),
                                  [&](const shape& x) { return std::strcmp(x.name, argv[a]) == 0; });
    if (s == std::end(shapes)) {
      std::fprintf(stderr, "growth_driver: no shape '%s'\n", argv[a]);
      return 2;
    }
    for (long pieces : {0L, n, 8 * n}) {
      // On a thread of its own: what the library keeps per thread (its working strings)
      // starts afresh, whatever ran before. A first call of one piece, not measured, makes
      // the set-up (ICU's data, say) and leaves those strings as one call makes them.
      std::thread([&] {
        run(*s, make_inputs(*s, 1));
        const inputs args = make_inputs(*s, pieces);
        const std::size_t before = live_bytes;
        peak_bytes = live_bytes;
        growth_measured_call(s, &args);
        std::printf("%s\t%ld\t%zu\n", s->name, pieces, peak_bytes - before);
      }).join();
    }
  }
  return 0;
}
