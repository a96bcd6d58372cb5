// SPDX-License-Identifier: Apache-2.0 OR MIT
// growth_driver SHAPE N: runs one library call once on an input of N repeated pieces, for
// growth_tests.py, which counts the instructions it executes under callgrind at N and 8N.
// growth_driver --list: the shapes, one per line.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include "urix/idna.h"
#include "urix/iri.h"

namespace {

enum class call { to_iri, to_uri, domain_to_ascii, domain_to_unicode };

struct shape {
  const char* name;
  call what;
  std::string_view head, piece, tail;
};

// Many labels once made ICU move the rest of the domain for every label it rewrote (to-iri of
// "xn--tda." x 400,000 took 28 s); without VerifyDnsLength nothing fails early, so the IDNA
// work itself must be linear, the Bidi rule (a right-to-left label, U+05D0) included. The
// other shapes (path escapes, long labels, long IP literals) are linear and kept so.
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
    {"to-iri IPv6-like", call::to_iri, "http://[", "1:", "]/"},
};

void run(const shape& s, long n) {
  std::string in(s.head);
  for (long k = 0; k < n; ++k) in.append(s.piece);
  in.append(s.tail);
  switch (s.what) {
    case call::to_iri: static_cast<void>(urix::uri_to_iri(in)); break;
    case call::to_uri: static_cast<void>(urix::iri_to_uri(in)); break;
    case call::domain_to_ascii:
      static_cast<void>(urix::domain_to_ascii(in, urix::idna_options::url_standard()));
      break;
    case call::domain_to_unicode: static_cast<void>(urix::domain_to_unicode(in)); break;
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 2 && std::strcmp(argv[1], "--list") == 0) {
    for (const shape& s : shapes) std::printf("%s\n", s.name);
    return 0;
  }
  if (argc != 3) {
    std::fprintf(stderr, "usage: growth_driver SHAPE N | --list\n");
    return 2;
  }
  for (const shape& s : shapes) {
    if (std::strcmp(s.name, argv[1]) != 0) continue;
    run(s, std::strtol(argv[2], nullptr, 10));
    return 0;
  }
  std::fprintf(stderr, "growth_driver: no shape '%s'\n", argv[1]);
  return 2;
}
