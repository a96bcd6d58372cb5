// SPDX-License-Identifier: Apache-2.0 OR MIT
// tests/iri_test.cpp: IRI -> URI (RFC 3987 section 3.1) and URI -> IRI (section 3.2).
#include "urix/iri.h"

#include <gtest/gtest.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "test_util.h"
#include "urix/uri.h"

namespace {

using urix::errc;
using urix::error;
using urix_test::show;

std::string value_of(const urix::result<std::string>& r) {
  if (r) return *r;
  std::ostringstream s;
  s << "<error " << r.error() << ">";
  return s.str();
}

template <class T>
error error_of(const urix::result<T>& r) {
  return r ? error{errc{}, std::string::npos} : r.error();
}

// NFC through ICU directly (the reference the round trip is stated against).
std::string nfc(std::string_view s) {
  UErrorCode st = U_ZERO_ERROR;
  const UNormalizer2* n = unorm2_getNFCInstance(&st);
  std::vector<UChar> u16(s.size() + 1), out(s.size() * 3 + 1);
  int32_t len = 0;
  u_strFromUTF8(u16.data(), static_cast<int32_t>(u16.size()), &len, s.data(),
                static_cast<int32_t>(s.size()), &st);
  const int32_t m = unorm2_normalize(n, u16.data(), len, out.data(), static_cast<int32_t>(out.size()), &st);
  std::string r(static_cast<std::size_t>(m) * 3, '\0');
  int32_t rl = 0;
  u_strToUTF8(r.data(), static_cast<int32_t>(r.size()), &rl, out.data(), m, &st);
  EXPECT_TRUE(U_SUCCESS(st));
  r.resize(static_cast<std::size_t>(rl));
  return r;
}

// RFC 3986 4.1: what iri_to_uri returns must be a URI reference: ASCII, and it parses.
void expect_uri(const std::string& s) {
  for (char c : s) ASSERT_LT(static_cast<unsigned char>(c), 0x80) << show(s);
  auto p = urix::parse_uri_reference(s);
  EXPECT_TRUE(p) << show(s) << " does not parse as a URI reference: " << p.error();
}

// "\u4F8B\u3048" and "\u5F15\u304D\u51FA\u3057" (UTF-8): SPEC section 7's seed example.
const std::string reibun = "\xE4\xBE\x8B\xE3\x81\x88";
const std::string rlo = "\xE2\x80\xAE";  // U+202E RIGHT-TO-LEFT OVERRIDE
const std::string lrm = "\xE2\x80\x8E";  // U+200E LEFT-TO-RIGHT MARK
const std::string hikidashi = "\xE5\xBC\x95\xE3\x81\x8D\xE5\x87\xBA\xE3\x81\x97";

TEST(Iri, SeedExampleBothWays) {
  const std::string iri = "http://" + reibun + ".jp/" + hikidashi;
  const std::string uri = "http://xn--r8jz45g.jp/%E5%BC%95%E3%81%8D%E5%87%BA%E3%81%97";
  EXPECT_EQ(value_of(urix::iri_to_uri(iri)), uri);
  EXPECT_EQ(value_of(urix::uri_to_iri(uri)), iri);
  expect_uri(uri);
}

// ---- RFC 3987's own examples (rfc/rfc3987_examples.json) -----------------------------------

TEST(Iri, Rfc3987Section31Examples) {
  const auto data = urix_test::load_json("rfc/rfc3987_examples.json");
  int n = 0;
  for (const auto& c : data.at("iri_to_uri").at("cases")) {
    const auto iri = c.at("iri").get<std::string>();
    // urix converts a reg-name with ToASCII (SPEC section 7), RFC 3987's alternative form.
    const auto want = c.value("uri_with_idna", c.at("uri").get<std::string>());
    SCOPED_TRACE(c.at("section").get<std::string>() + " " + show(iri));
    const auto got = urix::iri_to_uri(iri);
    EXPECT_EQ(value_of(got), want);
    if (got) expect_uri(*got);
    ++n;
  }
  EXPECT_EQ(n, 4);
  std::cout << "[ conformance ] RFC 3987 3.1 examples: " << n << " cases\n";
}

TEST(Iri, Rfc3987Section32Examples) {
  const auto data = urix_test::load_json("rfc/rfc3987_examples.json");
  int n = 0;
  for (const auto& c : data.at("uri_to_iri").at("cases")) {
    const auto uri = c.at("uri").get<std::string>();
    const auto want = c.value("iri_with_idna", c.at("iri").get<std::string>());
    SCOPED_TRACE(c.at("section").get<std::string>() + " " + show(uri));
    EXPECT_EQ(value_of(urix::uri_to_iri(uri)), want);
    // Without IDNA decoding the host stays as it is: the file's plain `iri` column.
    EXPECT_EQ(value_of(urix::uri_to_iri(uri, {.decode_idna = false})), c.at("iri").get<std::string>());
    ++n;
  }
  EXPECT_EQ(n, 4);
}

// RFC 3987 5.3.2.2: NFC and non-NFC forms are different IRIs; only 3.1 step 1a (text from a
// non-Unicode source, option `nfc`) normalizes.
TEST(Iri, Rfc3987NfcPair) {
  const auto data = urix_test::load_json("rfc/rfc3987_examples.json");
  for (const auto& c : data.at("nfc").at("cases")) {
    const auto composed = c.at("nfc").get<std::string>();
    const auto decomposed = c.at("not_nfc").get<std::string>();
    ASSERT_NE(composed, decomposed);
    ASSERT_EQ(nfc(decomposed), composed);
    EXPECT_NE(value_of(urix::iri_to_uri(composed)), value_of(urix::iri_to_uri(decomposed)));
    EXPECT_EQ(value_of(urix::iri_to_uri(decomposed, {.nfc = true})), value_of(urix::iri_to_uri(composed)));
    EXPECT_EQ(value_of(urix::uri_to_iri(value_of(urix::iri_to_uri(decomposed, {.nfc = true})))), composed);
  }
}

// RFC 3987 5.3.3: an IDN and its ACE form are the same host after conversion.
TEST(Iri, Rfc3987IdnEquivalence) {
  const auto data = urix_test::load_json("rfc/rfc3987_examples.json");
  for (const auto& c : data.at("equivalence").at("cases")) {
    if (c.at("kind").get<std::string>().find("IDN") == std::string::npos) continue;
    const auto& iris = c.at("iris");
    const auto first = value_of(urix::iri_to_uri(iris.at(0).get<std::string>()));
    for (const auto& i : iris) EXPECT_EQ(value_of(urix::iri_to_uri(i.get<std::string>())), first);
  }
}

// ---- IRI -> URI, rule by rule (RFC 3987 3.1) -------------------------------------------------

TEST(IriToUri, AsciiIsCopied) {
  for (const char* s : {"http://Example.COM/a%2fb?q=%41#f", "mailto:a@b", "//h/p", "rel/path", "",
                        "http://[::1]:80/", "urn:x:y", "http://a/%C3%BC"}) {
    EXPECT_EQ(value_of(urix::iri_to_uri(s)), s);
  }
}

// The append forms give what the string forms give, after what `out` held; on an error
// (before anything is written, or in the host after the userinfo was) `out` is unchanged.
TEST(IriToUri, AppendFormsAppendOrLeaveTheStringAlone) {
  for (const std::string& in : {std::string("http://a/b"), "http://\xC3\xBC@" + reibun + ".jp/\xC3\xBC",
                                std::string("http://xn--r8jz45g.jp/%E5%BC%95"), std::string("")}) {
    SCOPED_TRACE(show(in));
    std::string out = "kept|";
    ASSERT_TRUE(urix::iri_to_uri_append(out, in));
    EXPECT_EQ(out, "kept|" + value_of(urix::iri_to_uri(in)));
    out = "kept|";
    ASSERT_TRUE(urix::uri_to_iri_append(out, in));
    EXPECT_EQ(out, "kept|" + value_of(urix::uri_to_iri(in)));
  }
  for (const std::string& in : {std::string("http://u:p@a\xEF\xBC\x8F" "b.com/"), std::string("a b"),
                                std::string("http://a/\xFF")}) {
    SCOPED_TRACE(show(in));
    std::string out = "kept|";
    EXPECT_EQ(error_of(urix::iri_to_uri_append(out, in)), error_of(urix::iri_to_uri(in)));
    EXPECT_EQ(out, "kept|");
  }
  for (const std::string& in : {std::string("a b"), std::string("http://a/\xFF")}) {
    SCOPED_TRACE(show(in));
    std::string out = "kept|";
    EXPECT_EQ(error_of(urix::uri_to_iri_append(out, in)), error_of(urix::uri_to_iri(in)));
    EXPECT_EQ(out, "kept|");
  }
}

TEST(IriToUri, EachComponentByItsRule) {
  // userinfo, path, query, fragment: UTF-8 bytes, uppercase %HH; the host: ToASCII.
  EXPECT_EQ(value_of(urix::iri_to_uri("http://\xC3\xBC:p@" + reibun + ".jp:8080/\xC3\xBC?\xC3\xBC=1#\xC3\xBC")),
            "http://%C3%BC:p@xn--r8jz45g.jp:8080/%C3%BC?%C3%BC=1#%C3%BC");
  // IP literals and IPv4 are never IDNA-processed.
  EXPECT_EQ(value_of(urix::iri_to_uri("http://[v7.x]/\xC3\xBC")), "http://[v7.x]/%C3%BC");
  EXPECT_EQ(value_of(urix::iri_to_uri("http://192.0.2.1/\xC3\xBC")), "http://192.0.2.1/%C3%BC");
  // An IDN in the query is data, not a host (RFC 3987 3.1 example 2).
  EXPECT_EQ(value_of(urix::iri_to_uri("http://a/?u=" + reibun + ".jp")), "http://a/?u=%E4%BE%8B%E3%81%88.jp");
  // UTS #46 maps the host: case, width, U+3002 as a dot.
  EXPECT_EQ(value_of(urix::iri_to_uri("http://" + reibun + "\xE3\x80\x82JP/")), "http://xn--r8jz45g.jp/");
  // A fully qualified name keeps its root '.' (RFC 3986 3.2.2).
  EXPECT_EQ(value_of(urix::iri_to_uri("http://" + reibun + ".jp./")), "http://xn--r8jz45g.jp./");
  // Escapes in a non-ASCII host are decoded before IDNA.
  EXPECT_EQ(value_of(urix::iri_to_uri("http://%E4%BE%8B" + std::string("\xE3\x81\x88") + ".jp/")),
            "http://xn--r8jz45g.jp/");
  // iprivate is allowed in the query (RFC 3987 2.2) and encoded like the rest.
  EXPECT_EQ(value_of(urix::iri_to_uri("http://a/?\xEE\x80\x80")), "http://a/?%EE%80%80");
}

// Characters an IRI may not hold (RFC 3987 2.2): errors with offsets, or encoded with lenient.
TEST(IriToUri, DisallowedCharacters) {
  struct bad {
    std::string in;
    error e;
    std::string lenient;
  };
  const std::vector<bad> cases = {
      {"http://a/b c", {errc::disallowed_char, 10}, "http://a/b%20c"},
      {"http://a/<x>", {errc::disallowed_char, 9}, "http://a/%3Cx%3E"},
      {"http://a/\"{|}\\^`", {errc::disallowed_char, 9}, "http://a/%22%7B%7C%7D%5C%5E%60"},
      {"http://a/100%", {errc::incomplete_escape, 12}, "http://a/100%25"},
      {"http://a/%zz", {errc::bad_escape_hex, 9}, "http://a/%25zz"},
      {"http://a/#f#g", {errc::disallowed_char, 11}, "http://a/#f%23g"},
      {"http://a/[x]", {errc::disallowed_char, 9}, "http://a/%5Bx%5D"},
      // U+FFFE (noncharacter) is not ucschar; U+E000 (iprivate) only in the query.
      {"http://a/\xEF\xBF\xBE", {errc::disallowed_char, 9}, "http://a/%EF%BF%BE"},
      {"http://a/\xEE\x80\x80", {errc::disallowed_char, 9}, "http://a/%EE%80%80"},
      {"http://a/\x01", {errc::disallowed_char, 9}, "http://a/%01"},
      // RFC 3987 4.1: no bidi formatting characters (RLO, LRM, ALM), though ucschar has them.
      {"http://a/b" + rlo + "c", {errc::disallowed_char, 10}, "http://a/b%E2%80%AEc"},
      {"http://a/?" + lrm, {errc::disallowed_char, 10}, "http://a/?%E2%80%8E"},
      {"http://a/#x\xD8\x9C", {errc::disallowed_char, 11}, "http://a/#x%D8%9C"},
  };
  for (const bad& b : cases) {
    SCOPED_TRACE(show(b.in));
    EXPECT_EQ(error_of(urix::iri_to_uri(b.in)), b.e);
    const auto l = urix::iri_to_uri(b.in, {.lenient = true});
    EXPECT_EQ(value_of(l), b.lenient);
    if (l) expect_uri(*l);
  }
  // Linear time: many misplaced '#', '[' or ']' and iprivate characters are escaped in one
  // pass, not one parse each (which also gave up after 4096).
  const std::string hashes(5000, '#');
  EXPECT_EQ(value_of(urix::iri_to_uri("http://a/#x" + hashes, {.lenient = true})).size(),
            std::string("http://a/#x").size() + 3 * hashes.size());
  const std::string brackets(5000, '[');
  EXPECT_EQ(value_of(urix::iri_to_uri("x:" + brackets + "]", {.lenient = true})).size(),
            std::string("x:").size() + 3 * (brackets.size() + 1));
  std::string iprivate;
  for (int k = 0; k < 5000; ++k) iprivate += "\xEE\x80\x80";  // U+E000
  const auto fixed = urix::iri_to_uri("http://a/" + iprivate + "?" + iprivate, {.lenient = true});
  EXPECT_EQ(value_of(fixed).size(), std::string("http://a/?").size() + 9 * 5000 + 9 * 5000);
  // Where the grammar has a place for them, they stay: an IP literal, iprivate in the query.
  EXPECT_EQ(value_of(urix::iri_to_uri("http://u%5B@[::1]/[?\xEE\x80\x80#[", {.lenient = true})),
            "http://u%5B@[::1]/%5B?%EE%80%80#%5B");
  EXPECT_EQ(value_of(urix::iri_to_uri("http://u[@[::1]/", {.lenient = true})),
            "http://u%5B@[::1]/");
  // Lenient never applies to the host, and never to invalid UTF-8.
  EXPECT_EQ(error_of(urix::iri_to_uri("http://a b/", {.lenient = true})), (error{errc::disallowed_char, 8}));
  EXPECT_EQ(error_of(urix::iri_to_uri("http://a<b/", {.lenient = true})), (error{errc::disallowed_char, 8}));
  EXPECT_EQ(error_of(urix::iri_to_uri("http://a" + lrm + "b/", {.lenient = true})),
            (error{errc::disallowed_char, 8}));
  EXPECT_EQ(error_of(urix::iri_to_uri("http://a b" + reibun + "/", {.lenient = true})),
            (error{errc::disallowed_char, 8}));
  EXPECT_EQ(error_of(urix::iri_to_uri("http://a/\xC3", {.lenient = true})), (error{errc::invalid_utf8, 9}));
}

TEST(IriToUri, InvalidUtf8) {
  EXPECT_EQ(error_of(urix::iri_to_uri("http://a/b\xE4\xBE")), (error{errc::invalid_utf8, 10}));
  EXPECT_EQ(error_of(urix::iri_to_uri("http://\xFF/")), (error{errc::invalid_utf8, 7}));
}

// IDNA errors carry offsets into the whole IRI (UTS #46 4.1, 4.2).
TEST(IriToUri, HostErrors) {
  const std::string l64(64, 'a');
  EXPECT_EQ(error_of(urix::iri_to_uri("http://" + reibun + "." + l64 + ".jp/")),
            (error{errc::label_too_long, 14}));
  std::string longname;
  for (int i = 0; i < 4; ++i) longname += std::string(63, 'a') + ".";
  EXPECT_EQ(error_of(urix::iri_to_uri("http://" + longname + reibun + "/")).code, errc::domain_too_long);
  EXPECT_EQ(error_of(urix::iri_to_uri("http://" + reibun + ".xn--zz/")), (error{errc::bad_punycode, 14}));
  // U+0378 is unassigned: disallowed, at its own first byte.
  EXPECT_EQ(error_of(urix::iri_to_uri("http://" + reibun + ".a\xCD\xB8/")),
            (error{errc::disallowed_code_point, 15}));
  // Bidi rule (RFC 5893): a Hebrew letter after a Latin one in the same label.
  EXPECT_EQ(error_of(urix::iri_to_uri("http://a\xD7\x90.com/")).code, errc::idna_error);
}

// CVE-2019-9636 class: IDNA mapping must not smuggle a delimiter into the host.
TEST(IriToUri, UnsafeHost) {
  struct bad {
    std::string in;
    std::size_t offset;
  };
  for (const bad& b : {bad{"http://a\xEF\xBC\x8F" "b.com/", 8},           // U+FF0F FULLWIDTH SOLIDUS -> '/'
                       bad{"http://x\xE2\x84\x80.com/", 8},               // U+2100 ACCOUNT OF -> "a/c"
                       bad{"http://" + reibun + "\xEF\xBC\x9F" "x/", 13}, // U+FF1F -> '?'
                       bad{"http://" + reibun + "\xEF\xBC\x83" "x/", 13}, // U+FF03 -> '#'
                       bad{"http://" + reibun + "\xEF\xBC\xA0" "x/", 13}, // U+FF20 -> '@'
                       bad{"http://" + reibun + "\xEF\xBC\x9A" "80/", 13},  // U+FF1A -> ':'
                       bad{"http://" + reibun + "%2Fx/", 13}}) {          // an escaped '/'
    SCOPED_TRACE(show(b.in));
    EXPECT_EQ(error_of(urix::iri_to_uri(b.in)), (error{errc::unsafe_host, b.offset}));
    EXPECT_EQ(error_of(urix::iri_to_uri(b.in, {.lenient = true})).code, errc::unsafe_host);
  }
  // An escaped space is no delimiter, but no host character either.
  EXPECT_EQ(error_of(urix::iri_to_uri("http://" + reibun + "%20x/")), (error{errc::disallowed_char, 13}));
}

// ---- URI -> IRI (RFC 3987 3.2) -----------------------------------------------------------------

TEST(UriToIri, DecodesOnlyWhatIsSafe) {
  struct c {
    const char* in;
    const char* out;
  };
  for (const c& t : {
           c{"http://a/%C3%BC", "http://a/\xC3\xBC"},
           c{"http://a/%c3%bc", "http://a/\xC3\xBC"},                  // either hex case
           c{"http://a/%20%2F%2f%41", "http://a/%20%2F%2f%41"},       // ASCII escapes stay as written
           c{"http://a/%FC", "http://a/%FC"},                          // not UTF-8
           c{"http://a/%c3", "http://a/%C3"},                          // truncated UTF-8, re-encoded upper
           c{"http://a/%C3%28", "http://a/%C3%28"},                   // bad continuation
           c{"http://a/%ED%A0%80", "http://a/%ED%A0%80"},             // a surrogate
           c{"http://a/%C0%AF", "http://a/%C0%AF"},                   // overlong '/'
           c{"http://a/%EF%BF%BE", "http://a/%EF%BF%BE"},             // U+FFFE, not ucschar
           c{"http://a/%C2%85", "http://a/%C2%85"},                   // U+0085 (C1), not ucschar
           c{"http://a/%EE%80%80?%EE%80%80", "http://a/%EE%80%80?\xEE\x80\x80"},  // iprivate: query only
           c{"http://%C3%BC@a/", "http://\xC3\xBC@a/"},               // userinfo
           c{"http://a/#%C3%BC", "http://a/#\xC3\xBC"},               // fragment
           c{"http://%C3%BC.com/", "http://\xC3\xBC.com/"},           // a host too (HostEscapes)
           c{"http://a/\xC3\xBC%C3%BC", "http://a/\xC3\xBC\xC3\xBC"},  // input already holding Unicode
       }) {
    EXPECT_EQ(value_of(urix::uri_to_iri(t.in)), t.out) << t.in;
  }
}

// RFC 3987 4.1: bidi formatting characters are never shown, whatever the component.
TEST(UriToIri, BidiFormattingStaysEncoded) {
  const char32_t bidi[] = {0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E,
                           0x2066, 0x2067, 0x2068, 0x2069};
  for (char32_t cp : bidi) {
    EXPECT_TRUE(urix::is_bidi_format(cp));
    std::string utf8;
    if (cp < 0x800) {
      utf8 += static_cast<char>(0xC0 | (cp >> 6));
    } else {
      utf8 += static_cast<char>(0xE0 | (cp >> 12));
      utf8 += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    }
    utf8 += static_cast<char>(0x80 | (cp & 0x3F));
    const std::string escaped = urix::encode(utf8, urix::sets::unreserved);
    for (const std::string& uri : {"http://a/" + escaped, "http://a/?" + escaped, "http://a/#" + escaped}) {
      EXPECT_EQ(value_of(urix::uri_to_iri(uri)), uri);
    }
  }
  EXPECT_FALSE(urix::is_bidi_format(0x05D0));
}

// RFC 3987 section 8: white space and invisible characters would let a shown IRI pass for
// another; they stay encoded (NBSP, ZWSP, ZWJ, IDEOGRAPHIC SPACE, BOM, a Hangul filler).
TEST(UriToIri, InvisibleAndSpaceStayEncoded) {
  for (const char* e : {"%C2%A0", "%E2%80%8B", "%E2%80%8D", "%E3%80%80", "%EF%BB%BF", "%E3%85%A4",
                        "%E2%80%A8", "%E2%81%A0"}) {
    const std::string uri = std::string("http://a/x") + e + "y";
    EXPECT_EQ(value_of(urix::uri_to_iri(uri)), uri);
  }
  // Their visible neighbours are decoded: U+00A1, U+2010 (hyphen).
  EXPECT_EQ(value_of(urix::uri_to_iri("http://a/%C2%A1%E2%80%90")), "http://a/\xC2\xA1\xE2\x80\x90");
}

TEST(UriToIri, IdnaLabels) {
  // Case of the other labels is kept; only xn-- labels change.
  EXPECT_EQ(value_of(urix::uri_to_iri("http://WWW.xn--r8jz45g.JP/")), "http://WWW." + reibun + ".JP/");
  EXPECT_EQ(value_of(urix::uri_to_iri("http://XN--R8JZ45G.jp/")), "http://" + reibun + ".jp/");
  // Not valid IDNA: left alone. "xn--a" decodes to U+0080 (disallowed); "xn--zz" does not decode;
  // "xn--0ca24w" is a\u0300 + Hebrew alef, which breaks the Bidi rule.
  for (const char* s : {"http://xn--a.com/", "http://xn--zz.com/", "http://xn--0ca24w.com/",
                        "http://xn--.com/"}) {
    EXPECT_EQ(value_of(urix::uri_to_iri(s)), s);
  }
  // An IP literal is never touched.
  EXPECT_EQ(value_of(urix::uri_to_iri("http://[::1]/%C3%BC")), "http://[::1]/\xC3\xBC");
}

// RFC 3987 3.2 decodes a host's escapes too; urix shows the host in Unicode only when it is
// valid IDNA in the form IDNA maps to itself (iri.h, docs/iri.md), so that what is shown is
// what a resolver looks up.
TEST(UriToIri, HostEscapes) {
  struct c {
    std::string in;
    std::string out;
  };
  for (const c& t : {
           c{"http://%C3%A9.com/%C3%A9", "http://\xC3\xA9.com/\xC3\xA9"},
           c{"http://Example.%C3%A9/", "http://Example.\xC3\xA9/"},  // ASCII labels keep their case
           c{"http://xn--r8jz45g.%C3%A9/", "http://" + reibun + ".\xC3\xA9/"},
           // IDNA maps these to something else: U+FF0F to '/', U+00C9 to U+00E9, fullwidth
           // 'A' to 'a', U+3002 to '.'; the host stays as written.
           c{"http://a%EF%BC%8Fb.com/", "http://a%EF%BC%8Fb.com/"},
           c{"http://%C3%89.com/", "http://%C3%89.com/"},
           c{"http://%EF%BC%A1.com/", "http://%EF%BC%A1.com/"},
           c{"http://%C3%A9%E3%80%82com/", "http://%C3%A9%E3%80%82com/"},
           // An escape that stays (ASCII, not UTF-8) leaves the whole host as written.
           c{"http://%C3%A9%2Ecom/", "http://%C3%A9%2Ecom/"},
           c{"http://%C3%A9.%FC/", "http://%C3%A9.%FC/"},
           // Not valid IDNA: a label of 64 bytes once converted, a bidi formatting character.
           c{"http://" + std::string(60, 'a') + "%C3%A9.com/",
             "http://" + std::string(60, 'a') + "%C3%A9.com/"},
           c{"http://a%E2%80%AE.com/", "http://a%E2%80%AE.com/"},
       }) {
    EXPECT_EQ(value_of(urix::uri_to_iri(t.in)), t.out) << t.in;
  }
  EXPECT_EQ(value_of(urix::uri_to_iri("http://%C3%A9.com/", {.decode_idna = false})),
            "http://%C3%A9.com/");
  // The root's '.' of a fully qualified name (RFC 3986 3.2.2) is set aside, as iri_to_uri does.
  EXPECT_EQ(value_of(urix::uri_to_iri("http://xn--r8jz45g.jp./")), "http://" + reibun + ".jp./");
  EXPECT_EQ(value_of(urix::uri_to_iri("http://%C3%A9.com./")), "http://\xC3\xA9.com./");
  EXPECT_EQ(value_of(urix::iri_to_uri("http://" + reibun + ".jp./")), "http://xn--r8jz45g.jp./");
  // The shown host converts back to the same host in its IDNA form.
  EXPECT_EQ(value_of(urix::iri_to_uri(value_of(urix::uri_to_iri("http://%C3%A9.com/")))),
            "http://xn--9ca.com/");
}

// A host whose escapes decode to a label IDNA rejects keeps its escapes
// (SPEC 7), here 128 x U+00FC, whose xn-- form is far over 63 bytes: decoded, to-uri of the
// result would fail, and the host would no longer be a name a resolver can look up.
TEST(UriToIri, HostEscapesOfInvalidLabelStay) {
  std::string escaped;
  for (int k = 0; k < 128; ++k) escaped += "%C3%BC";
  const std::string uri = "http://" + escaped + ".com/%C3%BC";
  EXPECT_EQ(value_of(urix::uri_to_iri(uri)), "http://" + escaped + ".com/\xC3\xBC");
  EXPECT_EQ(value_of(urix::uri_to_iri(uri, {.unicode_hosts = urix::host_display::all})),
            "http://" + escaped + ".com/\xC3\xBC");
  EXPECT_TRUE(urix::iri_to_uri(value_of(urix::uri_to_iri(uri))));
}

// SPEC 7, "Safe display": a label is shown in Unicode only when it passes the UTS #39 checks
// (urix::is_safe_to_display); otherwise it stays as written. Each Unicode host below goes
// through iri_to_uri first, so the xn-- forms are IDNA's own.
TEST(UriToIri, SafeDisplay) {
  const auto round_trip = [](const std::string& iri, urix::host_display d) {
    return value_of(urix::uri_to_iri(value_of(urix::iri_to_uri(iri)), {.unicode_hosts = d}));
  };
  const auto safe = urix::host_display::safe;
  const auto all = urix::host_display::all;
  // Shown: one script per label, or Latin with Han/Kana (SPEC 7's examples).
  for (const std::string iri : {
           "http://\u4F8B\u3048.jp/",
           "http://b\u00FCcher.de/",
           "http://\u03C0\u03B1\u03C1\u03AC\u03B4\u03B5\u03B9\u03B3\u03BC\u03B1."
           "\u03B4\u03BF\u03BA\u03B9\u03BC\u03AE/",  // Greek, "example.test"
           "http://\u4E2D\u56FD.cn/",
           "http://\u043C\u043E\u0441\u043A\u0432\u0430.\u0440\u0444/",  // Cyrillic, Moscow
           "http://\uD55C\uAD6D.kr/",
           "http://\u0645\u0635\u0631.eg/",
           "http://fa\u00DF.de/",
           "http://abc\u65E5\u672C.jp/",                                         // Latin + Han
       }) {
    SCOPED_TRACE(show(iri));
    EXPECT_EQ(round_trip(iri, safe), iri);
    EXPECT_EQ(round_trip(iri, all), iri);
  }
  // Kept in xn-- form: look-alikes of Latin labels and of URL delimiters.
  for (const std::string iri : {
           "http://\u0430pple.com/",        // Cyrillic a + Latin: xn--pple-43d.com
           "http://p\u0430yp\u0430l.com/",  // Latin + Cyrillic in one label
           "http://\u03BFpen.com/",         // Greek omicron + Latin
           "http://\u0430\u0440\u0440\u04CF\u0435.com/",  // all Cyrillic, looks like "appie"
           "http://\u0435\u0445.com/",      // all Cyrillic "ex"
           "http://\u03BD\u03BF.com/",      // all Greek "vo"
           "http://g\u0131thub.com/",       // dotless i: "github"
           "http://google.com\u2044login.evil.com/",  // U+2044 FRACTION SLASH
           "http://google.com\u2215login.evil.com/",  // U+2215 DIVISION SLASH
           "http://google.com\u29F8login.evil.com/",  // U+29F8 BIG SOLIDUS
           "http://google.com\u2571login.evil.com/",  // U+2571 BOX DRAWINGS LIGHT DIAGONAL
           "http://\u0645\u0660\u0635\u0631.eg/",  // U+0660 ARABIC-INDIC DIGIT ZERO looks like '.'
           "http://\U0001F600.com/",        // emoji: not Identifier_Status=Allowed
       }) {
    SCOPED_TRACE(show(iri));
    const std::string uri = value_of(urix::iri_to_uri(iri));
    ASSERT_NE(uri.find("xn--"), std::string::npos) << uri;
    EXPECT_EQ(value_of(urix::uri_to_iri(uri)), uri);
    EXPECT_EQ(round_trip(iri, all), iri);  // --unicode-hosts=all shows it
  }
  EXPECT_EQ(value_of(urix::uri_to_iri("http://google.xn--comlogin-g03d.evil.com/")),
            "http://google.xn--comlogin-g03d.evil.com/");
  EXPECT_EQ(value_of(urix::uri_to_iri("http://xn--pple-43d.com/")), "http://xn--pple-43d.com/");
  // U+FF0F FULLWIDTH SOLIDUS maps to '/': never a valid label, shown in neither mode.
  const std::string fullwidth = "xn--" + value_of(urix::punycode_encode("a\uFF0Fb")) + ".com";
  EXPECT_EQ(value_of(urix::uri_to_iri("http://" + fullwidth + "/", {.unicode_hosts = all})),
            "http://" + fullwidth + "/");
  // Label by label, as Chromium and Firefox decide; a root '.' and a port stay.
  EXPECT_EQ(value_of(urix::uri_to_iri("http://xn--pple-43d.xn--bcher-kva.de.:8080/")),
            "http://xn--pple-43d.b\u00FCcher.de.:8080/");
  // An escaped label that is not safe stays escaped (as written), and is shown with `all`.
  EXPECT_EQ(value_of(urix::uri_to_iri("http://%D0%B0pple.%C3%A9.com/")),
            "http://%D0%B0pple.\u00E9.com/");
  EXPECT_EQ(value_of(urix::uri_to_iri("http://%D0%B0pple.com/", {.unicode_hosts = all})),
            "http://\u0430pple.com/");
  // A label the input already writes in Unicode is held to the same rule: shown in its xn--
  // form, or percent-encoded when it has none (not valid IDNA, or not in IDNA-mapped form).
  EXPECT_EQ(value_of(urix::uri_to_iri("http://\u0430pple.b\u00FCcher.de/")),
            "http://xn--pple-43d.b\u00FCcher.de/");
  EXPECT_EQ(value_of(urix::uri_to_iri("http://a\uFF0Fb.com/")), "http://a%EF%BC%8Fb.com/");
  EXPECT_EQ(value_of(urix::uri_to_iri("http://\u0410PPLE.com/")), "http://%D0%90PPLE.com/");
  EXPECT_EQ(value_of(urix::uri_to_iri("http://\u0430pple.com/", {.unicode_hosts = all})),
            "http://\u0430pple.com/");
  EXPECT_EQ(value_of(urix::uri_to_iri("http://\u0430pple.com/", {.decode_idna = false})),
            "http://\u0430pple.com/");
  // The check itself.
  EXPECT_TRUE(urix::is_safe_to_display("example"));
  EXPECT_TRUE(urix::is_safe_to_display("b\u00FCcher"));
  EXPECT_TRUE(urix::is_safe_to_display("m\u00FCller-1"));
  EXPECT_FALSE(urix::is_safe_to_display("\u0430pple"));
  EXPECT_FALSE(urix::is_safe_to_display("com\u2044login"));
  EXPECT_FALSE(urix::is_safe_to_display("a\uFF0Fb"));
  EXPECT_FALSE(urix::is_safe_to_display("\xC3"));
}

TEST(UriToIri, Errors) {
  EXPECT_EQ(error_of(urix::uri_to_iri("http://a/\xFF")), (error{errc::invalid_utf8, 9}));
  EXPECT_EQ(error_of(urix::uri_to_iri("http://a/%zz")), (error{errc::bad_escape_hex, 9}));
  EXPECT_EQ(error_of(urix::uri_to_iri("http://a/b c")), (error{errc::disallowed_char, 10}));
}

// ---- ucschar / iprivate against the shared transcription of RFC 3987 2.2 ---------------------

// Every code point against the ranges of RFC 3987 2.2, as transcribed in rfc/charsets.json.
TEST(Iri, UcscharAndIprivateRanges) {
  const auto data = urix_test::load_json("rfc/charsets.json").at("rfc3987_ranges");
  auto ranges = [&](const char* name) {
    std::vector<std::pair<char32_t, char32_t>> r;
    for (const auto& item : data.at(name)) {
      const auto text = item.get<std::string>();
      const auto dash = text.find('-');
      r.emplace_back(static_cast<char32_t>(std::stoul(text.substr(0, dash), nullptr, 16)),
                     static_cast<char32_t>(std::stoul(text.substr(dash + 1), nullptr, 16)));
    }
    return r;
  };
  const auto ucschar = ranges("ucschar");
  const auto iprivate = ranges("iprivate");
  ASSERT_EQ(ucschar.size(), 17u);
  ASSERT_EQ(iprivate.size(), 3u);
  auto in = [](const std::vector<std::pair<char32_t, char32_t>>& r, char32_t c) {
    for (auto [lo, hi] : r) {
      if (c >= lo && c <= hi) return true;
    }
    return false;
  };
  for (char32_t c = 0; c <= 0x10FFFF; ++c) {
    ASSERT_EQ(urix::is_ucschar(c), in(ucschar, c)) << std::hex << static_cast<unsigned>(c);
    ASSERT_EQ(urix::is_iprivate(c), in(iprivate, c)) << std::hex << static_cast<unsigned>(c);
  }
}

// ---- Round trips over real text -----------------------------------------------------------------

std::vector<std::string> words_of(const std::string& file, std::size_t max) {
  std::ifstream in(std::string(URIX_TESTDATA) + "/corpora/multilingual/" + file, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + file);
  // Text without spaces (Chinese, emoji) is cut into pieces of 4 code points.
  std::vector<std::string> tokens;
  for (std::string w; in >> w && tokens.size() < max;) {
    std::size_t start = 0, count = 0;
    for (std::size_t i = 0; i <= w.size(); ++i) {
      if (i == w.size() || (static_cast<unsigned char>(w[i]) & 0xC0) != 0x80) {
        if (i == w.size() || ++count > 4) {
          tokens.push_back(w.substr(start, i - start));
          start = i;
          count = 1;
        }
      }
    }
  }
  std::vector<std::string> words;
  for (const std::string& w : tokens) {
    // Keep words whose ASCII is path-safe: the corpus is prose, with '?' and the like.
    bool ok = true;
    for (char c : w) {
      const auto b = static_cast<unsigned char>(c);
      ok = ok && (b >= 0x80 || urix::sets::pchar.contains(c));
    }
    // ...and without the characters uri_to_iri keeps encoded on purpose (tested above).
    for (const char* hidden : {"\xC2\xA0", "\xE2\x80\x8B", "\xE2\x80\x8C", "\xE2\x80\x8D",
                               "\xE2\x80\x8E", "\xE2\x80\x8F", "\xE3\x80\x80", "\xEF\xBB\xBF"}) {
      ok = ok && w.find(hidden) == std::string::npos;
    }
    if (ok) words.push_back(w);
  }
  return words;
}

// to-iri(to-uri(x)) == NFC(x) for valid IRIs, and to-uri output always parses as a URI.
TEST(IriRoundTrip, MultilingualCorpus) {
  int checked = 0;
  for (const char* f : {"Arabic-Lipsum.utf8.txt", "Chinese-Lipsum.utf8.txt", "Emoji-Lipsum.utf8.txt",
                        "Hebrew-Lipsum.utf8.txt", "Hindi-Lipsum.utf8.txt", "Japanese-Lipsum.utf8.txt",
                        "Korean-Lipsum.utf8.txt", "Latin-Lipsum.utf8.txt", "Russian-Lipsum.utf8.txt"}) {
    const auto words = words_of(f, 150);
    ASSERT_GT(words.size(), 20u) << f;
    for (std::size_t i = 0; i + 2 < words.size(); i += 3) {
      const std::string iri = "https://example.org/" + words[i] + "/" + words[i + 1] + "?q=" +
                              words[i + 2] + "#" + words[i];
      SCOPED_TRACE(std::string(f) + " " + show(iri));
      const auto uri = urix::iri_to_uri(iri, {.nfc = true});
      ASSERT_TRUE(uri) << uri.error();
      expect_uri(*uri);
      EXPECT_EQ(value_of(urix::uri_to_iri(*uri)), nfc(iri));
      ++checked;
    }
    // Hosts: a word's IDNA-mapped form is a host that round-trips exactly with every label
    // shown; by default (safe display) exactly when it passes the spoof checks, else the host
    // stays in its xn-- form.
    int hosts = 0;
    int safe = 0;
    for (const std::string& w : words) {
      auto mapped = urix::domain_to_unicode(w);
      if (!mapped || !urix::domain_to_ascii(*mapped) || mapped->find('.') != std::string::npos) continue;
      const std::string iri = "http://" + *mapped + ".example/" + w;
      const auto uri = urix::iri_to_uri(iri);
      ASSERT_TRUE(uri) << show(iri) << " " << uri.error();
      expect_uri(*uri);
      EXPECT_EQ(value_of(urix::uri_to_iri(*uri, {.unicode_hosts = urix::host_display::all})), iri);
      const bool shown = urix::is_safe_to_display(*mapped);
      const std::string path = uri->substr(uri->find(".example/"));
      const std::string kept = "http://" + *urix::domain_to_ascii(*mapped) +
                               value_of(urix::uri_to_iri(path));
      EXPECT_EQ(value_of(urix::uri_to_iri(*uri)), shown ? iri : kept);
      safe += shown ? 1 : 0;
      ++hosts;
      ++checked;
    }
    std::cout << "[ safe display ] " << f << ": " << safe << " of " << hosts
              << " hosts in Unicode\n";
    if (std::string_view(f) != "Emoji-Lipsum.utf8.txt") {
      EXPECT_GT(safe, 0) << f;
    }
  }
  std::cout << "[ round trip ] " << checked << " IRIs from corpora/multilingual: to_iri(to_uri(x)) == NFC(x)\n";
}

// Linear time in labels, escapes and characters: tests/growth (instructions counted, not time).

}  // namespace
