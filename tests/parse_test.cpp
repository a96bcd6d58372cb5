// SPDX-License-Identifier: Apache-2.0 OR MIT
// The parser's two readings (src/uri/parse.h): the one-pass read of the common shape must give
// exactly what the full grammar gives, components and errors, on real URLs, on generated and
// mutated references and on every short string over the bytes that decide the grammar.
#include "../src/uri/parse.h"

#include <gtest/gtest.h>
#include <string>
#include <vector>

#include "test_util.h"
#include "uri_gen.h"

namespace {

using urix::syntax;

std::string show(const urix::result<urix::uri_view>& r) {
  if (!r)
    return "error " + std::string(urix::name(r.error().code)) + " at " +
           std::to_string(r.error().offset);
  const auto part = [](const char* name, std::optional<std::string_view> v) {
    return v ? std::string(name) + "=[" + std::string(*v) + "] " : std::string();
  };
  const urix::uri_view& u = *r;
  return part("scheme", u.scheme) + part("authority", u.authority) + part("userinfo", u.userinfo) +
         part("host", u.host) + part("port", u.port) + part("path", u.path) +
         part("query", u.query) + part("fragment", u.fragment) +
         "host_kind=" + std::string(urix::to_string(u.host_kind));
}

// Both readings, both syntaxes, with and without a required scheme.
void expect_same(std::string_view in) {
  for (const syntax g : {syntax::uri, syntax::iri}) {
    for (const bool require_scheme : {false, true}) {
      const std::string fast = show(urix::detail::parse(in, g, require_scheme));
      const std::string full = show(urix::detail::parse_by_grammar(in, g, require_scheme));
      ASSERT_EQ(fast, full) << "input: " << urix_test::show(in)
                            << (g == syntax::iri ? " (IRI)" : "")
                            << (require_scheme ? " (URI)" : "");
      // The facts noted on the way are the ones a search of the text finds.
      urix::detail::text_facts noted;
      const auto u = urix::detail::parse(in, g, require_scheme, noted);
      ASSERT_EQ(show(u), full);
      if (u) {
        const urix::detail::text_facts found = urix::detail::find_text_facts(in, *u);
        ASSERT_EQ(noted.has_escape, found.has_escape) << urix_test::show(in);
        ASSERT_EQ(noted.has_capital_in_scheme_or_host, found.has_capital_in_scheme_or_host)
            << urix_test::show(in);
      }
    }
  }
}

TEST(ParseCommonShape, RealUrls) {
  const std::vector<std::string> lines = urix_test::real_urls();
  for (const std::string& line : lines) expect_same(line);
  EXPECT_GT(lines.size(), 90000U);
}

TEST(ParseCommonShape, GeneratedAndMutatedReferences) {
  urix_test::uri_gen gen(20261126);
  for (int i = 0; i < 20000; ++i) {
    const std::string s = gen.uri_reference();
    expect_same(s);
    expect_same(gen.mutate(s));
    expect_same(gen.mutate(gen.mutate(s)));
  }
}

// Every string of up to 5 bytes over the delimiters, the escape and a letter, a digit and a
// byte >= 0x80: each way one component can end and the next begin (about 400,000 strings).
TEST(ParseCommonShape, EveryShortString) {
  const std::string alphabet = ":/?#@[]%a1.\xC3";
  std::string s;
  const auto all = [&](auto&& self, std::size_t left) -> void {
    expect_same(s);
    if (left == 0) return;
    for (char c : alphabet) {
      s.push_back(c);
      self(self, left - 1);
      s.pop_back();
    }
  };
  all(all, 5);
}

TEST(ParseCommonShape, Shapes) {
  // Each branch of the one-pass reading, and each way out of it.
  for (const char* in : {"",
                         "http://a",
                         "http://a/b?c#d",
                         "HTTP://user@host:8080/p",
                         "http://1.2.3.4/",
                         "http://1.2.3.4.5/",
                         "http://256.1.1.1/",
                         "//host",
                         "/a:b",
                         "a/b:c",
                         "a:b",
                         "1a:b",
                         "a_b:c",
                         "?x:y",
                         "#z",
                         "http://u:p@h/",
                         "http://a@b@c/",
                         "http://h:80:90/",
                         "http://[::1]:80/",
                         "http://h/%41%zz",
                         "http://h/%4",
                         "http://%41/",
                         "http://h:8a/",
                         "http://h/a b",
                         "http://h/é",
                         "mailto:a@b",
                         "urn:isbn:0451450523",
                         "foo://h#a#b",
                         "http://h?a?b/c",
                         "http:",
                         "http://",
                         "http://:80",
                         "//@",
                         "./a:b",
                         // Capitals where they are noted (scheme, host) and where not
                         // (userinfo, path, query, fragment, text that is not a scheme).
                         "A:b",
                         "hTTp://a",
                         "h+T.1-p://a",
                         "http://wWw.A.com/",
                         "http://User@host/",
                         "http://User@Host/",
                         "http://u%41@h%41Z/",
                         "http://a/P%41th?Q#F",
                         "Ab/c",
                         "Ab%41:c",
                         "//Ab:80",
                         "//1.2.3.A/"})
    expect_same(in);
}

}  // namespace
