// SPDX-License-Identifier: Apache-2.0 OR MIT
// Security properties of urix's percent codec and URI layer: each test backs one section of
// docs/security.md, and says which rule it rests on.
#include <gtest/gtest.h>
#include <string>
#include <vector>

#include "urix/idna.h"
#include "urix/iri.h"
#include "urix/normalize.h"
#include "urix/pct.h"
#include "urix/sets.h"
#include "urix/uri.h"
#include "urix/utf8.h"

namespace {

using namespace std::string_literals;

// ---- 1. Double decoding (RFC 3986 2.4: "must not ... decode the same string more than once")

TEST(DoubleDecoding, OneDecodeUndoesOneEncode) {
  // "%252e%252e%252f" is "../" encoded twice; one decode yields the once-encoded text.
  auto once = urix::decode("%252e%252e%252f");
  ASSERT_TRUE(once);
  EXPECT_EQ(*once, "%2e%2e%2f");
  EXPECT_NE(*once, "../");
  // Only a second, separate decode (the bug this section warns about) reaches "../".
  EXPECT_EQ(*urix::decode(*once), "../");
}

TEST(DoubleDecoding, DecodeNeverRescansItsOutput) {
  // For every byte b: decoding the twice-encoded form gives the once-encoded form, never b
  // (unless b is unreserved, which encoding leaves alone). A decoder that looked at its own
  // output again would fail this for every b.
  for (int b = 0; b < 256; ++b) {
    const std::string byte(1, static_cast<char>(b));
    const std::string once = urix::encode(byte, urix::sets::unreserved);
    const std::string twice = urix::encode(once, urix::sets::unreserved);
    auto decoded = urix::decode(twice);
    ASSERT_TRUE(decoded) << "byte " << b;
    EXPECT_EQ(*decoded, once) << "byte " << b;
  }
  EXPECT_EQ(*urix::decode("%2525"), "%25");
}

TEST(DoubleDecoding, KeepEscapesDoesNotEncodeTwice) {
  // SPEC 3 --keep-escapes: already-encoded text is not encoded again.
  EXPECT_EQ(urix::encode("%2e%2e%2f", urix::sets::path, {.keep_escapes = true}), "%2e%2e%2f");
  EXPECT_EQ(urix::encode("%2e%2e%2f", urix::sets::path), "%252e%252e%252f");
}

TEST(DoubleDecoding, NormalizationDecodesOnlyUnreservedEscapes) {
  // RFC 3986 6.2.2.2: "%25" is the escape of '%', which is not unreserved: it stays, so
  // "%252e" never becomes "%2e" (and then ".") however often it is normalized.
  EXPECT_EQ(*urix::normalize_escapes("%252e%252E"), "%252e%252E");
  EXPECT_EQ(*urix::normalize("http://h/a/%252e%252e/b"), "http://h/a/%252e%252e/b");
  auto u = urix::parse_uri_reference("/a/%252e%252e/b");
  ASSERT_TRUE(u);
  std::vector<std::string> segments;
  for (auto s : u->segments()) segments.push_back(s.decode());
  EXPECT_EQ(segments, (std::vector<std::string>{"a", "%2e%2e", "b"}));
}

TEST(DoubleDecoding, EncodedDotsAreDotSegmentsToNormalization) {
  // RFC 3986 6.2.2.2 then 6.2.2.3: "%2E" is the unreserved '.', so "%2E%2E" is a ".." segment
  // and is removed like one. A filter that looks for a literal "/../" misses it; comparing
  // normalized forms does not.
  EXPECT_EQ(*urix::normalize("http://h/a/%2E%2E/b"), "http://h/b");
  EXPECT_TRUE(*urix::equal("http://h/a/%2e%2e/b", "http://h/b"));
}

// ---- 2. Decoded NUL, CR, LF (RFC 3986 2.1 lets "%HH" name any octet, 7.3 warns about them)

TEST(DecodedControls, DecodedFaithfully) {
  auto d = urix::decode("a%00b%0D%0Ac");
  ASSERT_TRUE(d);
  EXPECT_EQ(*d, "a\0b\r\nc"s);
  EXPECT_EQ(d->size(), 6U);
  EXPECT_EQ(*urix::decode("x%0D%0ASet-Cookie:%20a=b"), "x\r\nSet-Cookie: a=b");
}

TEST(DecodedControls, CheckAcceptsTheirEscapesSoCheckTheDecodedBytes) {
  // check() validates syntax: "%00" is a well-formed escape in every set.
  EXPECT_TRUE(urix::check("a%00b%0D%0A", urix::sets::path));
  // What protects a caller is a set test on the decoded bytes: clean_prefix with a set that
  // lacks the controls stops at the first one, and encode() writes them back as escapes.
  const std::string decoded = *urix::decode("a%00b%0D%0A");
  EXPECT_EQ(urix::clean_prefix(decoded, urix::sets::whatwg::printable), 1U);
  EXPECT_EQ(urix::encode(decoded, urix::sets::whatwg::printable), "a%00b%0D%0A");
  // UTF-8 validation is no defence: NUL, CR and LF are well-formed UTF-8.
  EXPECT_TRUE(urix::validate_utf8("\0\r\n"s));
}

TEST(DecodedControls, EveryControlByteRoundTripsAndIsFlagged) {
  // All C0 controls and DEL: decoded exactly, and outside the printable set.
  for (int b = 0; b < 0x80; ++b) {
    if (b >= 0x20 && b < 0x7F) continue;
    const std::string byte(1, static_cast<char>(b));
    EXPECT_EQ(*urix::decode(urix::encode(byte, urix::sets::unreserved)), byte) << b;
    EXPECT_EQ(urix::clean_prefix(byte, urix::sets::whatwg::printable), 0U) << b;
  }
}

TEST(DecodedControls, RawControlsAreRejectedByTheParser) {
  // RFC 3986 Appendix A: no component may hold a raw control; the error names the byte.
  auto r = urix::parse_uri_reference("http://h/a\r\nb");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error(), (urix::error{urix::errc::disallowed_char, 10}));
  EXPECT_TRUE(urix::parse_uri_reference("http://h/a%0D%0Ab"));
}

// ---- 3. "%2F" in a path (RFC 3986 2.2: a reserved character's escape is data, not a delimiter)

TEST(EncodedSlash, StaysInsideItsSegment) {
  auto u = urix::parse_uri_reference("/files/a%2F..%2Fetc/passwd");
  ASSERT_TRUE(u);
  std::vector<std::string> segments;
  for (auto s : u->segments()) segments.push_back(s.decode());
  EXPECT_EQ(segments, (std::vector<std::string>{"files", "a/../etc", "passwd"}));
  // Decoding the whole path first would have made three segments out of the second one.
  EXPECT_EQ(*urix::decode(u->path), "/files/a/../etc/passwd");
}

TEST(EncodedSlash, NormalizationKeepsItAndDoesNotTreatItAsADelimiter) {
  // 6.2.2.2 decodes only unreserved escapes; "a%2Fb" is one segment that ".." removes whole.
  EXPECT_EQ(*urix::normalize_escapes("/a%2fb"), "/a%2Fb");
  EXPECT_EQ(*urix::normalize("http://h/a%2Fb/../c"), "http://h/c");
  EXPECT_FALSE(*urix::equal("http://h/a%2Fb", "http://h/a/b"));
}

TEST(EncodedSlash, EncodingASegmentEscapesTheSlash) {
  // A segment's set (pchar, RFC 3986 3.3) lacks '/': data holding '/' cannot add a segment.
  EXPECT_EQ(urix::encode("../etc", urix::sets::segment), "..%2Fetc");
  EXPECT_EQ(urix::encode("a/b", urix::sets::path), "a/b");
}

// ---- 4. IDNA mapping to delimiters (UTS #46 section 4 mapping; RFC 3987 3.1; CVE-2019-9636)

TEST(IdnaDelimiters, MappingCanProduceADelimiter) {
  // Why the IRI layer must check: with the URL Standard's flags (no STD3 rules) UTS #46 maps
  // U+FF0F FULLWIDTH SOLIDUS to '/', a character no host may hold.
  auto mapped = urix::domain_to_ascii(
      "a\xEF\xBC\x8F"
      "b.com",
      urix::idna_options::url_standard());
  ASSERT_TRUE(mapped);
  EXPECT_EQ(*mapped, "a/b.com");
}

TEST(IdnaDelimiters, IriToUriRejectsAHostThatMapsToADelimiter) {
  // U+FF0F -> '/', U+FF03 -> '#', U+2100 ACCOUNT OF -> "a/c", U+FF1F -> '?', U+FF20 -> '@':
  // each would move the host's end. errc::unsafe_host, at the host (offset 7).
  for (const char* host : {"a\xEF\xBC\x8F"
                           "b.com",
                           "a\xEF\xBC\x83"
                           "b.com",
                           "\xE2\x84\x80"
                           ".com",
                           "a\xEF\xBC\x9F"
                           "b.com",
                           "a\xEF\xBC\xA0"
                           "b.com"}) {
    const std::string iri = "http://"s + host + "/x";
    auto r = urix::iri_to_uri(iri);
    ASSERT_FALSE(r) << iri << " -> " << *r;
    EXPECT_EQ(r.error().code, urix::errc::unsafe_host) << iri;
    EXPECT_GE(r.error().offset, 7U) << iri;
    EXPECT_LT(r.error().offset, iri.size()) << iri;
  }
}

TEST(IdnaDelimiters, EncodedHostCannotSmuggleADelimiterEither) {
  // A host that goes through IDNA (it holds non-ASCII text) is percent-decoded first; an escape
  // that decodes to a delimiter, or to a character that maps to one, is rejected too.
  for (const char* iri : {"http://\xE4\xBE\x8B%EF%BC%8Fb.com/x", "http://\xE4\xBE\x8B%2Fb.com/x"}) {
    auto r = urix::iri_to_uri(iri);
    ASSERT_FALSE(r) << iri << " -> " << *r;
    EXPECT_EQ(r.error().code, urix::errc::unsafe_host) << iri;
  }
  // An all-ASCII host is already a URI host (RFC 3986 reg-name may hold escapes) and is copied
  // as it is; the way back never decodes host escapes into text a user would read as a host.
  EXPECT_EQ(*urix::iri_to_uri("http://a%EF%BC%8Fb.com/x"), "http://a%EF%BC%8Fb.com/x");
  EXPECT_EQ(*urix::uri_to_iri("http://a%EF%BC%8Fb.com/x"), "http://a%EF%BC%8Fb.com/x");
}

TEST(IdnaDelimiters, HarmlessMappingStillWorks) {
  // RFC 3987 3.1's own example: the host becomes its A-label, nothing else changes.
  auto r = urix::iri_to_uri("http://\xE4\xBE\x8B\xE3\x81\x88.jp/");
  ASSERT_TRUE(r);
  EXPECT_EQ(*r, "http://xn--r8jz45g.jp/");
}

}  // namespace
